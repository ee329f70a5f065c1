import { playToEnd, type TurnRules } from '../../../core/play/play.ts';
import { playSeries, type PlaytestGame } from '../../../core/play/playtest.ts';
import { mean, round2, sd } from '../../../core/stats.ts';
import type { GoldCityMap } from '../model.ts';
import { applyAction, winners, type Action } from './engine.ts';
import { effortToFinish, templeFields } from './potential.ts';
import { newGame, type GameState } from './state.ts';
import { buildTable, type Table } from './table.ts';
import { baselineBot, plannerBot, type Bot, type BotContext } from './bots.ts';
import { samplerBot } from './sampler.ts';

/** A game that has not ended by then is stopped and counted as unfinished. */
export const MAX_ROUNDS = 100;

export interface GameResult {
  rounds: number;
  finished: boolean;
  winners: number[];
}

/** Gold City's turns on a course: a bot's turn ends with its own `end`, so none is added. */
export function turnRules(table: Table): TurnRules<GameState, Action> {
  return {
    apply: (state, action) => applyAction(state, table, action),
    seat: (state) => state.seat,
    round: (state) => state.round,
    over: (state) => state.over,
  };
}

export function playGame(
  table: Table,
  bots: readonly Bot[],
  seed: string,
  potential = effortToFinish(table),
): GameResult & { state: GameState } {
  const ctx: BotContext = table.temples.length > 0 ? { table, potential, fields: templeFields(table) } : { table, potential };
  const state = playToEnd(turnRules(table), newGame(table, bots.length, seed), bots, ctx, { rounds: MAX_ROUNDS });
  return { rounds: Math.min(state.round, MAX_ROUNDS), finished: state.over, winners: state.over ? winners(state, table) : [], state };
}

export interface Playtest {
  games: number;
  bots: string[];
  meanRounds: number;
  /** Standard deviation of the rounds, to 0.01 round. */
  sdRounds: number;
  /**
   * Percentage (0–100, to 0.1) of games each seat won, shared wins split: the unit of every share
   * of wins goldmaps reports, as the score's fairness.winRates.
   */
  winRate: number[];
  unfinished: number;
}

/** Gold City at the playtest: the two kinds the difficulty is calibrated on, and the baseline. */
const GOLD_CITY: PlaytestGame<GoldCityMap, { table: Table; potential: Float64Array }, Bot, GameResult, Omit<GameResult, 'winners'>> = {
  kinds: { planner: () => plannerBot, baseline: () => baselineBot, sampler: () => samplerBot },
  table: (map) => {
    const table = buildTable(map);
    return { table, potential: effortToFinish(table) };
  },
  // A course typed in by hand says no number of players: it seats four.
  seats: (map) => map.options?.players ?? 4,
  label: (map) => `${map.digest ?? 'map'}/`,
  play: ({ table, potential }, bots, seed) => playGame(table, bots, seed, potential),
  winners: (r) => r.winners,
  read: ({ rounds, finished }) => ({ rounds, finished }),
};

/**
 * N seeded games on one map; the same map, bots and N give the same figures. By default one
 * planner (or one bot of `kind`) per player the map was made for.
 */
export function playtest(map: GoldCityMap, { games = 20, bots, kind }: { games?: number; bots?: string[]; kind?: string } = {}): Playtest {
  const series = playSeries(GOLD_CITY, map, { games, seats: bots, kind });
  // A stalled game (bots walled in by each other or by a sold-out market) is reported apart;
  // it counts at the round cap, which is what a table would feel.
  const rounds = series.games.map((r) => r.rounds);
  // The mean is left whole: the calibration fits read it; the spread and the shares are for people.
  return {
    games,
    bots: series.seats,
    meanRounds: mean(rounds),
    sdRounds: round2(sd(rounds)),
    winRate: series.wins.map((w) => Math.round((1000 * w) / games) / 10),
    unfinished: series.games.filter((r) => !r.finished).length,
  };
}
