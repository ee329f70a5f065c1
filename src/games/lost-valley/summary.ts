import { existsSync } from 'node:fs';
import type { ScoreSummary } from '../../core/game-module.ts';
import { readJson, dataFile } from '../../core/json-file.ts';
import type { LostValleyMap } from './model.ts';
import { scoreModel, type LostValleyScore } from './score.ts';
import { partingKey, settingOf } from './setting.ts';
import type { Playtest } from './rules/playtest.ts';
import { counted, winShareChart } from '../../core/play/words.ts';

const METRIC_LABELS: Record<string, string> = {
  players: 'players',
  riverTiles: 'river tiles',
  iceRounds: 'rounds until the ice reaches the waterfall (expected)',
  goldTotal: 'gold on the board',
  goldReachable: 'gold within reach before the ice',
  meanTurnsToGold: 'turns on foot to gold (gold-weighted mean)',
  canalShare: 'share of river gold that needs a canal (%)',
  danger: 'danger (wolves 1, bears 2, bear cave 1)',
};

/**
 * When the ice arrives in whole rounds (each player's turn once), with the turns that makes:
 * "5.25 rounds" read like a five-round game.
 */
function iceRoundsInWords(rounds: number): string {
  const whole = Math.max(1, Math.round(rounds));
  return `about ${whole} round${whole === 1 ? '' : 's'}`;
}

const STRONG_FIXTURE = dataFile('./data/strong.json', import.meta.url);
/** A far stronger player's games, measured apart from the score (src/games/lost-valley/calibrate/strong.ts). */
const strong: { tables: Record<string, { landscapes: number; spearman: { difficulty: number } }> } | undefined = existsSync(STRONG_FIXTURE)
  ? readJson(STRONG_FIXTURE)
  : undefined;
/** Below this Spearman with a far stronger player's gold, the headline says the band is the bots' reading. */
const STRONG_AGREES = 0.5;

/** What a far stronger player's games say of the score at this table size, where they part from it. */
function strongNote(players: number): string {
  const table = strong?.tables[String(players)];
  if (!table || table.spearman.difficulty >= STRONG_AGREES) return '';
  return ` At ${players} players a far stronger player (a Monte-Carlo search) ranks landscapes unlike this difficulty (Spearman ${table.spearman.difficulty} over ${table.landscapes} landscapes): the band says how goldmaps' bots fare here more than how a strong table will.`;
}

/**
 * How far landscapes of this map's options part for each kind, as measured (the model's
 * `landscapes`: the spread of 24 landscapes' true means against one game's luck): empty for a
 * setting it does not list.
 */
function settingNote(map: LostValleyMap, players: number, score: LostValleyScore): string {
  const row = scoreModel.landscapes?.[String(players)]?.[partingKey(settingOf(map.options))];
  const { greedy, planner } = score.kinds;
  if (!row || !greedy.landscapes || !planner.landscapes) return '';
  const nuggets = (k: 'greedy' | 'planner') => `±${row[k][1]} gold against ±${row[k][2]} a game`;
  if (greedy.landscapes.alike && planner.landscapes.alike)
    return ` Landscapes of these options play alike: measured, they part by less than one game's luck (greedy bots ${nuggets('greedy')}, planners ${nuggets('planner')}), so the options decide the difficulty, not the seed.`;
  const span = (k: 'greedy' | 'planner') => `${score.kinds[k].landscapes!.range[0]}–${score.kinds[k].landscapes!.range[1]}`;
  return ` Landscapes of these options part: the greedy bots find them ${span('greedy')} (${nuggets('greedy')}), the planners ${span('planner')} (${nuggets('planner')}), so the seed moves the difficulty too.`;
}

export function summariseLostValley(map: LostValleyMap, score: LostValleyScore): ScoreSummary {
  const m = score.metrics;
  // Gold by how far it lies: one bar per number of turns on foot, however many sites there are.
  const byTurns = new Map<number, { gold: number; sites: number; canal: number; mine: number }>();
  for (const site of m.sites) {
    if (site.turns < 0) continue;
    const row = byTurns.get(site.turns) ?? { gold: 0, sites: 0, canal: 0, mine: 0 };
    row.gold += site.gold;
    row.sites++;
    if (site.needs === 'canal') row.canal++;
    if (site.needs === 'mine') row.mine++;
    byTurns.set(site.turns, row);
  }
  return {
    headline: `The ice reaches the waterfall ${iceRoundsInWords(m.iceRounds)} after the last land tile is turned up (some ${Math.round(m.iceRounds * m.players)} turns round a table of ${m.players}); ${m.goldReachable} of ${m.goldTotal} gold lies near enough to reach on foot before it does. A prospector banks about ${score.predictedGold} gold by the end of the race. The greedy bots rate it ${score.kinds.greedy.difficulty}, the planners ${score.kinds.planner.difficulty}${score.interval[1] - score.interval[0] > 25 ? ': they disagree, so the difficulty is no more certain than that range' : ''}.${settingNote(map, m.players, score)}${strongNote(m.players)}`,
    // A share is shown in percent, as every share of wins is; the metric stays the model's fraction.
    facts: Object.entries(METRIC_LABELS).map(([key, label]) => ({
      label,
      value: key === 'canalShare' ? Math.round(m.canalShare * 1000) / 10 : (m[key as keyof typeof m] as number),
    })),
    chart: {
      title: `Gold by turns on foot from the trading post (the ice takes ${iceRoundsInWords(m.iceRounds)})`,
      bars: [...byTurns.keys()]
        .sort((a, b) => a - b)
        .map((turns) => {
          const row = byTurns.get(turns)!;
          return {
            label: counted(turns, 'turn'),
            value: row.gold,
            text: `${row.gold} gold · ${counted(row.sites, 'site')}${row.mine ? ` · ${row.mine} to mine` : ''}${row.canal ? ` · ${row.canal} behind a canal` : ''}`,
          };
        }),
    },
  };
}

const ENDINGS: Record<string, string> = { ice: 'the ice', announced: 'an announcement', limit: 'the round limit' };

const KIND_WORDS: Record<Playtest['player'], string> = { greedy: 'greedy bots', planner: 'planners' };

/**
 * Races of one kind of player on the landscape against what the score predicts of that kind.
 * Neither kind draws noise of its own, so one seat often wins nearly every race (one seat took 90% or more
 * of 40 races on 9 / 4 / 3 of 20 landscapes at 2 / 3 / 4 players): the headline says so.
 */
export function summariseLostValleyPlaytest(_map: LostValleyMap, score: LostValleyScore, report: Playtest): ScoreSummary {
  const winPercent = report.winners.map((w) => Math.round((1000 * w) / Math.max(1, report.games)) / 10);
  const ended = Object.entries(report.endedBy)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([how, n]) => `${n} ended by ${ENDINGS[how] ?? how}`)
    .join(', ');
  const other = report.player === 'greedy' ? 'planner' : 'greedy';
  return {
    headline: `${counted(report.games, 'race')} of ${KIND_WORDS[report.player]} on this landscape: a prospector banked ${report.goldPerProspector} gold on average (the score predicts ${score.kinds[report.player].predictedGold} for ${KIND_WORDS[report.player]} and ${score.kinds[other].predictedGold} for ${KIND_WORDS[other]}; the ${score.predictedGold} of the score is their mean), the winner ${report.winnerGold}, over ${report.rounds} rounds; ${ended}. Goldmaps’ bots choose alike in every race: only the dice (the ice, hunts, events) differ, so the shares of the wins say which seat their plan favours on this landscape, not how often a table’s seat would win; the score gives Lost Valley no seat figure.`,
    facts: [
      { label: 'races played', value: report.games },
      { label: 'gold per prospector', value: report.goldPerProspector },
      { label: 'the winner’s gold', value: report.winnerGold },
      { label: 'rounds', value: report.rounds },
      { label: 'round the ice came into play', value: report.iceFrom },
      { label: 'rounds after the ice came into play', value: report.iceRounds },
      ...winPercent.map((w, seat) => ({ label: `seat ${seat + 1}: measured share of wins (%)`, value: w })),
    ],
    chart: winShareChart(winPercent, report.games),
  };
}
