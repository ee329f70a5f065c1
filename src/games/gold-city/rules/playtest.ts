import { playToEnd, type TurnRules } from '../../../core/play/play.ts';
import type { GoldCityMap } from '../model.ts';
import { applyAction, winners, type Action } from './engine.ts';
import { effortToFinish, templeFields } from './potential.ts';
import { newGame, type GameState } from './state.ts';
import { prepareTable, type Table } from './table.ts';
import { BOTS, type Bot, type BotContext } from './bots.ts';
import { samplerBot } from './sampler.ts';

/** Every bot a playtest can seat by name: the two kinds the difficulty is calibrated on, and the baseline. */
const SEATABLE: Readonly<Record<string, Bot>> = { ...BOTS, sampler: samplerBot };

/** A game that has not ended by then is stopped and counted as unfinished. */
export const MAX_ROUNDS = 100;

export interface GameResult {
  rounds: number;
  finished: boolean;
  winners: number[];
}

/** Gold City's turns on a course: a bot's turn ends with its own `end`, so none is added. */
export function turnRules(table: Table): TurnRules<GameState, Action> {
  return { apply: (state, action) => applyAction(state, table, action), seat: (state) => state.seat, round: (state) => state.round, over: (state) => state.over };
}

export function playGame(table: Table, bots: readonly Bot[], seed: string, potential = effortToFinish(table)): GameResult & { state: GameState } {
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

/**
 * N seeded games on one map; the same map, bots and N give the same figures. By default one
 * planner (or one bot of `kind`) per player the map was made for (four for a course typed in by hand).
 */
export function playtest(map: GoldCityMap, { games = 20, bots, kind = 'planner' }: { games?: number; bots?: string[]; kind?: string } = {}): Playtest {
  bots ??= Array.from({ length: map.options?.players ?? 4 }, () => kind);
  const table = prepareTable(map);
  const potential = effortToFinish(table);
  const players = bots.map((b) => SEATABLE[b] ?? (() => { throw new RangeError(`unknown bot ${b}`); })());
  const rounds: number[] = [];
  const wins = new Array<number>(players.length).fill(0);
  let unfinished = 0;
  for (let g = 0; g < games; g++) {
    const r = playGame(table, players, `${map.digest ?? 'map'}/${g}`, potential);
    // A stalled game (bots walled in by each other or by a sold-out market) is reported apart;
    // it counts at the round cap, which is what a table would feel.
    rounds.push(r.rounds);
    if (!r.finished) unfinished++;
    for (const w of r.winners) wins[w] = (wins[w] as number) + 1 / r.winners.length;
  }
  const mean = rounds.reduce((a, b) => a + b, 0) / games;
  const sd = Math.sqrt(rounds.reduce((a, b) => a + (b - mean) ** 2, 0) / games);
  // The mean is left whole: the calibration fits read it; the spread and the shares are for people.
  return { games, bots, meanRounds: mean, sdRounds: Math.round(sd * 100) / 100, winRate: wins.map((w) => Math.round((1000 * w) / games) / 10), unfinished };
}
