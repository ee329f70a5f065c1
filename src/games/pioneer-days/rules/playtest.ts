import { playToEnd, type TurnRules } from '../../../core/play/play.ts';
import { meanOverGames, playSeries, type PlaytestGame } from '../../../core/play/playtest.ts';
import { mean, round2, sd } from '../../../core/stats.ts';
import { Rng } from '../../../core/rng.ts';
import { DAYS, type PioneerDaysMap } from '../model.ts';
import { baseline, planner, settler, type Bot } from './bots.ts';
import { applyAction, finalScores, winners, type Action, type FinalScore } from './engine.ts';
import { newGame, seatToMove, buildTable, type GameState, type Trail } from './state.ts';

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
  return {
    apply: (state, action) => applyAction(state, trail, action),
    seat: (state) => seatToMove(state, trail),
    round: (state) => state.week * DAYS + state.day + 1,
    over: (state) => state.over,
  };
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

/** Pioneer Days at the playtest: a trail, seeded noise in the bots' choices, the most VP winning. */
const PIONEER_DAYS: PlaytestGame<PioneerDaysMap, Trail, Bot, GameResult, { vps: number[]; disasters: string[]; unmet: number }> = {
  kinds: { settler: () => settler, baseline: () => baseline, planner: () => planner },
  table: buildTable,
  seats: (_, trail) => trail.players,
  label: (map) => `${map.digest ?? 'trail'}/`,
  play: playGame,
  winners: (r) => r.winners,
  read: (r) => ({ vps: r.scores.map((s) => s.vp), disasters: r.state.disasters.map((d) => d.disaster), unmet: r.state.unmetNeeds }),
};

export function playtest(
  map: PioneerDaysMap,
  { games = 8, bots, kind }: { games?: number; bots?: string[]; kind?: string } = {},
): Playtest {
  const series = playSeries(PIONEER_DAYS, map, { games, seats: bots, kind });
  const vps = series.games.flatMap((r) => r.vps);
  const perGame = (value: (r: (typeof series.games)[number]) => number) => round2(meanOverGames(series.games, value));
  const disasters: Record<string, number> = {};
  for (const r of series.games) for (const d of r.disasters) disasters[d] = (disasters[d] ?? 0) + 1 / games;
  return {
    games,
    bots: series.seats,
    meanVp: round2(mean(vps)),
    sdVp: round2(sd(vps)),
    meanWinningVp: perGame((r) => Math.max(...r.vps)),
    meanDisasters: perGame((r) => r.disasters.length),
    disasters: Object.fromEntries(
      Object.entries(disasters)
        .sort()
        .map(([k, v]) => [k, round2(v)]),
    ),
    meanUnmet: perGame((r) => r.unmet / series.seats.length),
    winRate: series.shares.map((w) => Math.round(w * 1000) / 10),
    // More bots than the trail has seats: the spare ones sit out, at 0.
    meanVpBySeat: series.seats.map((_, i) => perGame((r) => r.vps[i] ?? 0)),
  };
}
