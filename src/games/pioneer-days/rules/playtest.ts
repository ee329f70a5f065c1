import { playToEnd, type TurnRules } from '../../../core/play/play.ts';
import { Rng } from '../../../core/rng.ts';
import { DAYS, type PioneerDaysMap } from '../model.ts';
import { BOTS, type Bot } from './bots.ts';
import { applyAction, finalScores, winners, type Action, type FinalScore } from './engine.ts';
import { newGame, seatToMove, trailOf, type GameState, type Trail } from './state.ts';

export interface GameResult {
  state: GameState;
  scores: FinalScore[];
  winners: number[];
  actions: Action[];
}

/**
 * One game on the trail: the bots choose, the engine applies. With no seed the bots play without
 * noise, so the game is a pure function of the trail (the score's reference game).
 */
export function playGame(trail: Trail, bots: readonly Bot[], seed?: string): GameResult {
  const rngs = bots.map((_, i) => (seed === undefined ? undefined : Rng.fromSeed(seed).fork(`seat-${i}`)));
  const actions: Action[] = [];
  const state = playToEnd(turnRules(trail), newGame(trail), bots, { trail, rngs }, { actionsPerTurn: 1 }, (action) => actions.push(action));
  return { state, scores: finalScores(state), winners: winners(state), actions };
}

/** Pioneer Days' turns on a trail: one die a turn; a round is a day, counted over the weeks. */
function turnRules(trail: Trail): TurnRules<GameState, Action> {
  return { apply: (state, action) => applyAction(state, trail, action), seat: (state) => seatToMove(state, trail), round: (state) => state.week * DAYS + state.day + 1, over: (state) => state.over };
}

/** Replays recorded actions on the trail: the same trail and actions give the same game. */
export function replay(trail: Trail, actions: readonly Action[]): GameState {
  const state = newGame(trail);
  for (const a of actions) applyAction(state, trail, a);
  return state;
}

export interface Playtest {
  games: number;
  bots: string[];
  meanVp: number;
  sdVp: number;
  meanWinningVp: number;
  /** Disasters per game, and how often each struck. */
  meanDisasters: number;
  disasters: Record<string, number>;
  /** Town cards left unsatisfied per player per game (of 9). */
  meanUnmet: number;
  /** Percentage (0–100, to 0.1) of games each seat won, ties shared: the unit of every share of wins goldmaps reports. */
  winRate: number[];
  meanVpBySeat: number[];
}

export function playtest(map: PioneerDaysMap, { games = 8, bots, kind = 'settler' }: { games?: number; bots?: string[]; kind?: string } = {}): Playtest {
  const trail = trailOf(map);
  bots ??= Array.from({ length: trail.players }, () => kind);
  const players = bots.map((b) => BOTS[b] ?? (() => { throw new RangeError(`unknown bot ${b}`); })());
  const vps: number[] = [];
  const wins = new Array<number>(players.length).fill(0);
  const bySeat = new Array<number>(players.length).fill(0);
  const disasters: Record<string, number> = {};
  let winning = 0;
  let struck = 0;
  let unmet = 0;
  for (let g = 0; g < games; g++) {
    const r = playGame(trail, players, `${map.digest ?? 'trail'}/${g}`);
    r.scores.forEach((s, i) => {
      vps.push(s.vp);
      bySeat[i]! += s.vp / games;
    });
    winning += Math.max(...r.scores.map((s) => s.vp)) / games;
    for (const w of r.winners) wins[w]! += 1 / r.winners.length / games;
    for (const d of r.state.disasters) disasters[d.disaster] = (disasters[d.disaster] ?? 0) + 1 / games;
    struck += r.state.disasters.length / games;
    unmet += r.state.unmetNeeds / players.length / games;
  }
  const mean = vps.reduce((a, v) => a + v, 0) / vps.length;
  const sd = Math.sqrt(vps.reduce((a, v) => a + (v - mean) ** 2, 0) / vps.length);
  const r2 = (x: number) => Math.round(x * 100) / 100;
  return {
    games,
    bots,
    meanVp: r2(mean),
    sdVp: r2(sd),
    meanWinningVp: r2(winning),
    meanDisasters: r2(struck),
    disasters: Object.fromEntries(Object.entries(disasters).sort().map(([k, v]) => [k, r2(v)])),
    meanUnmet: r2(unmet),
    winRate: wins.map((w) => Math.round(w * 1000) / 10),
    meanVpBySeat: bySeat.map(r2),
  };
}
