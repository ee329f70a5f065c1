import { playToEnd, type TurnRules } from '../../../core/play/play.ts';
import { meanOverGames, playSeries, type PlaytestGame } from '../../../core/play/playtest.ts';
import { mean, round2 } from '../../../core/stats.ts';
import type { LostValleyMap } from '../model.ts';
import { BOT_WEIGHTS } from './bot-weights.ts';
import { makeBot, type Bot } from './bots.ts';
import { plannerBot } from './planner-bot.ts';
import { applyAction, newGame, nuggets, type Action, type GameState, type Mode } from './engine.ts';
import { buildTable, type Table } from './table.ts';

/** Actions a turn may take at most: a safety stop far above what a turn does. */
export const MAX_ACTIONS_PER_TURN = 12;

/** Lost Valley's turns on a table: a turn its bot left open is ended for it. The engine ends a game that runs past its round limit. */
export function turnRules(table: Table): TurnRules<GameState, Action> {
  return {
    apply: (state, action) => applyAction(state, table, action),
    seat: (state) => state.current,
    round: (state) => state.round,
    over: (state) => state.over !== null,
    endTurn: { type: 'end' },
  };
}

/** One seeded game with `bot` at every seat. */
export function playGame(table: Table, bot: Bot, seed: string): GameState {
  const bots = Array.from({ length: table.players }, () => bot);
  return playToEnd(turnRules(table), newGame(table, seed), bots, table, { actionsPerTurn: MAX_ACTIONS_PER_TURN });
}

export interface Playtest {
  games: number;
  /** The kind of player at every seat. */
  player: keyof typeof LABELS;
  /** Gold nuggets each prospector banked by the end of the game (mean over games and seats). */
  goldPerProspector: number;
  /** The winner's nuggets (mean). */
  winnerGold: number;
  rounds: number;
  /** Rounds after the ice block came into play (mean). */
  iceRounds: number;
  /** The round the last land tile was explored and the ice came into play (mean). */
  iceFrom: number;
  /** Games won per seat (ties shared). */
  winners: number[];
  endedBy: Record<string, number>;
  moves: Record<Mode, number>;
  /** Markers taken from the landscape by kind, over all games. */
  markersTaken: Record<string, number>;
  bought: Record<string, number>;
  hunts: { won: number; lost: number };
  whiskey: number;
}

/** The label each kind of player's games are seeded under. */
const LABELS = { greedy: 'lost-valley-playtest', planner: 'lost-valley-planner-playtest' } as const;

/** Lost Valley at the playtest: one kind at every seat, the most nuggets winning (ties shared). */
const LOST_VALLEY: PlaytestGame<LostValleyMap, Table, Bot, GameState, Pick<GameState, 'round' | 'over' | 'stats'> & { gold: number[] }> = {
  kinds: { greedy: () => makeBot(BOT_WEIGHTS), planner: plannerBot },
  table: buildTable,
  seats: (_, table) => table.players,
  label: (map, [kind]) => `${LABELS[kind as keyof typeof LABELS]}\u001f${map.digest ?? 'map'}\u001f`,
  // Every seat is of one kind, so they share one bot.
  play: (table, bots, seed) => playGame(table, bots[0]!, seed),
  winners: (state) => {
    const gold = state.players.map(nuggets);
    const top = Math.max(...gold);
    return gold.map((g, i) => (g === top ? i : -1)).filter((i) => i >= 0);
  },
  read: ({ round, over, stats, players }) => ({ round, over, stats, gold: players.map(nuggets) }),
};

export function playtest(map: LostValleyMap, { games = 8, player = 'greedy' }: { games?: number; player?: string } = {}): Playtest {
  const series = playSeries(LOST_VALLEY, map, { games, kind: player });
  const perGame = (value: (s: (typeof series.games)[number]) => number) => round2(meanOverGames(series.games, value));
  const out: Playtest = {
    games,
    player: player as keyof typeof LABELS,
    goldPerProspector: perGame((s) => mean(s.gold)),
    winnerGold: perGame((s) => Math.max(...s.gold)),
    rounds: perGame((s) => s.round),
    iceRounds: perGame((s) => (s.stats.iceFrom < 0 ? 0 : s.round - s.stats.iceFrom + 1)),
    iceFrom: perGame((s) => (s.stats.iceFrom < 0 ? s.round : s.stats.iceFrom)),
    winners: series.wins.map(round2),
    endedBy: {},
    moves: { foot: 0, boat: 0, horse: 0 },
    markersTaken: {},
    bought: {},
    hunts: { won: 0, lost: 0 },
    whiskey: 0,
  };
  for (const { over, stats } of series.games) {
    out.endedBy[over!] = (out.endedBy[over!] ?? 0) + 1;
    for (const m of ['foot', 'boat', 'horse'] as const) out.moves[m] += stats.moves[m];
    for (const [k, n] of Object.entries(stats.taken)) out.markersTaken[k] = (out.markersTaken[k] ?? 0) + n;
    for (const [k, n] of Object.entries(stats.bought)) out.bought[k] = (out.bought[k] ?? 0) + n;
    out.hunts.won += stats.hunts.won;
    out.hunts.lost += stats.hunts.lost;
    out.whiskey += stats.whiskey;
  }
  return out;
}
