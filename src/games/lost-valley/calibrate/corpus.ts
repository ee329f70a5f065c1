/**
 * The corpus the analytic score is fitted on (calibrate/score-model.ts): seeded landscapes over
 * every setting of the options, each played by both kinds of player the project has for Lost
 * Valley (the greedy bots of rules/bots.ts and the planner of rules/planner.ts) under the
 * playtest's own seeds, so a map's measured gold is what `--playtest` reports for it. Offline
 * only: nothing here runs when a map is scored.
 */
import { buildMap } from '../../../core/maps.ts';
import { lostValley } from '../index.ts';
import type { LostValleyOptions } from '../model.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { makeBot } from '../rules/bots.ts';
import { nuggets } from '../rules/engine.ts';
import { plannerBot } from '../rules/planner-bot.ts';
import { playGame } from '../rules/playtest.ts';
import { STEER_GOLD as GOLD, STEER_ICE as ICE, STEER_RIVER as RIVER } from '../setting.ts';
import { buildTable } from '../rules/table.ts';

export { STEER_GOLD as GOLD, STEER_ICE as ICE, STEER_RIVER as RIVER } from '../setting.ts';
export const PLAYERS = [2, 3, 4] as const;

export interface CorpusEntry {
  seed: string;
  options: Required<Pick<LostValleyOptions, 'players' | 'gold' | 'ice' | 'river'>>;
  games: number;
}

export interface Measured extends CorpusEntry {
  /** Gold per prospector, mean over `games` games of each kind. */
  greedy: number;
  planner: number;
  /** Means over the even and the odd games (split halves, for each target's own noise). */
  greedyHalves: [number, number];
  plannerHalves: [number, number];
}

export type Setting = CorpusEntry['options'];

/** Every setting of the options the grid covers: players × gold × ice × river. */
export function settings(): Setting[] {
  const out: Setting[] = [];
  for (const players of PLAYERS)
    for (const gold of GOLD) for (const ice of ICE) for (const river of RIVER) out.push({ players, gold, ice, river });
  return out;
}

export const settingKey = (s: Setting) => `${s.players}-${s.gold}-${s.ice}-${s.river}`;

/**
 * The three sets: `fit` (every setting, `perSetting` landscapes, `fitGames` games of each kind),
 * `settings` (every setting again on other seeds, fewer games: how the options rank), and `heldOut`
 * (landscapes over every option value and the defaults, `heldGames` games of each kind).
 */
export function corpusPlan(
  sizes = { perSetting: 24, fitGames: 12, settingLandscapes: 3, settingGames: 8, heldPerTable: 80, heldGames: 50 },
) {
  const grid = settings();
  const fit: CorpusEntry[] = grid.flatMap((s) =>
    Array.from({ length: sizes.perSetting }, (_, k) => ({ seed: `lv-fit-${settingKey(s)}-${k}`, options: s, games: sizes.fitGames })),
  );
  const bySetting: CorpusEntry[] = grid.flatMap((s) =>
    Array.from({ length: sizes.settingLandscapes }, (_, k) => ({
      seed: `lv-setting-${settingKey(s)}-${k}`,
      options: s,
      games: sizes.settingGames,
    })),
  );
  const heldOut: CorpusEntry[] = PLAYERS.flatMap((players) =>
    Array.from({ length: sizes.heldPerTable }, (_, i): CorpusEntry => {
      // A quarter are default landscapes; the rest walk every value of every option (river 3–12).
      const options: Setting =
        i % 4 === 3
          ? { players, gold: 'scattered', ice: 'normal', river: 12 }
          : { players, gold: GOLD[i % 3]!, ice: ICE[Math.floor(i / 3) % 3]!, river: 3 + ((i * 7) % 10) };
      return { seed: `lv-held-${players}-${i}`, options, games: sizes.heldGames };
    }),
  );
  return { fit, settings: bySetting, heldOut };
}

export const mapOf = (e: Pick<CorpusEntry, 'seed' | 'options'>) => buildMap(lostValley, e.seed, e.options);

/** Plays one entry's games (the playtest's seeds for each kind) and returns its measured gold. */
export function measure(e: CorpusEntry): Measured {
  const map = mapOf(e);
  const table = buildTable(map);
  const races = (label: string, bot: () => Parameters<typeof playGame>[1]) =>
    Array.from({ length: e.games }, (_, g) => {
      const state = playGame(table, bot(), `${label}\u001f${map.digest ?? 'map'}\u001f${g}`);
      return state.players.map(nuggets).reduce((a, b) => a + b, 0) / state.players.length;
    });
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const halves = (xs: number[]): [number, number] => [mean(xs.filter((_, g) => g % 2 === 0)), mean(xs.filter((_, g) => g % 2 === 1))];
  const greedy = races('lost-valley-playtest', () => makeBot(BOT_WEIGHTS));
  const planner = races('lost-valley-planner-playtest', plannerBot);
  return { ...e, greedy: mean(greedy), planner: mean(planner), greedyHalves: halves(greedy), plannerHalves: halves(planner) };
}
