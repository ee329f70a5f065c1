/**
 * A third and a fourth kind of solo Pioneer Days player, far stronger than the two the score is
 * fitted on, to ask which of the two ranks trails the way strong players do where they part
 * (docs/studies/pioneer-days-and-gold-city-difficulty.md, first-game trails). Each is a flat Monte-Carlo
 * search: every legal turn (face changes and wagon buys included) is tried on a copy of the game
 * through the engine and finished K times by seeded settlers, or by seeded lookahead planners; the
 * turn with the best mean final VP for the seat to move is played (a Monte-Carlo player at every
 * seat). On N fitting trails (`pd-cal-*`) of one table size and deal it plays G games of each
 * Monte-Carlo kind, 12 settler and 8 planner games, scores the trail, and prints the Spearman
 * matrix of the mean VP per player.
 *   DEAL=first N=60 npx tsx docs/studies/code/pioneer-days-monte-carlo.ts   (and DEAL=standard beside it;
 *   solo, about 5 minutes each on a quiet core)
 *   PLAYERS=2 POLICIES=settler DEAL=first …   (two seats, settler rollouts only: about 6 minutes)
 *   PLAYERS=3 POLICIES=settler DEAL=first N=40 …   (three seats: 8-15 s a game, half an hour or more)
 * Beside the Spearman matrix it prints each kind's split-half reliability (even against odd
 * games, stepped up by Spearman-Brown) and its VP a player by scoring line.
 * Writes nothing; every game is seeded, so a rerun prints the same figures.
 */
import { buildMap } from '../../../src/core/maps.ts';
import { Rng } from '../../../src/core/rng.ts';
import { spearman } from '../../../src/core/stats.ts';
import { pioneerDays } from '../../../src/games/pioneer-days/index.ts';
import { BOTS, settler } from '../../../src/games/pioneer-days/rules/bots.ts';
import { applyAction, finalScores, type Action } from '../../../src/games/pioneer-days/rules/engine.ts';
import { legalTurns, planTurn } from '../../../src/games/pioneer-days/rules/planner.ts';
import { playGame } from '../../../src/games/pioneer-days/rules/playtest.ts';
import { round, stepUp } from '../../../src/core/fit.ts';
import { corpusIndex, corpusTrail } from '../../../src/games/pioneer-days/calibrate/corpus.ts';
import {
  changeCost,
  cloneState,
  newGame,
  seatToMove,
  buildTable,
  type GameState,
  type Trail,
} from '../../../src/games/pioneer-days/rules/state.ts';

const N = Number(process.env.N ?? 60);
const PLAYERS = Number(process.env.PLAYERS ?? 1);
const POLICIES = (process.env.POLICIES ?? 'settler,planner').split(',') as Policy[];
const FIRST_GAME = (process.env.DEAL ?? 'first') === 'first';
/** Games per trail and rollouts per candidate turn, per rollout policy (planner rollouts cost about 4x). */
const SEARCH = { settler: { games: 4, rollouts: 4 }, planner: { games: 3, rollouts: 3 } } as const;
type Policy = keyof typeof SEARCH;

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;

const move = (policy: Policy, state: GameState, trail: Trail, rng: Rng): Action => {
  if (policy === 'planner') return planTurn(state, trail, rng);
  const seat = seatToMove(state, trail);
  return settler.turn(state, { trail, rngs: state.players.map(() => rng) }, seat).next().value as Action;
};

/** The game finished by `policy` at every seat: the final VP of `seat`. */
function finish(policy: Policy, from: GameState, trail: Trail, rng: Rng, seat: number): number {
  const state = cloneState(from);
  while (!state.over) applyAction(state, trail, move(policy, state, trail, rng));
  return finalScores(state)[seat]!.vp;
}

/** The final position of one game with a Monte-Carlo player at every seat. */
function monteCarloGame(policy: Policy, trail: Trail, seed: string): GameState {
  const rng = Rng.fromSeed(seed);
  const state = newGame(trail);
  let turn = 0;
  while (!state.over) {
    const seat = seatToMove(state, trail);
    const p = state.players[seat]!;
    let best: Action | undefined;
    let bestValue = -Infinity;
    for (const die of legalTurns(state, p, changeCost(p))) {
      for (const buy of [[], ['small'], ['large']] as const) {
        const action: Action = buy.length ? { ...die, buy: [...buy] } : die;
        const next = cloneState(state);
        try {
          applyAction(next, trail, action);
        } catch {
          continue; // a wagon the silver does not cover
        }
        let value = 0;
        for (let k = 0; k < SEARCH[policy].rollouts; k++) value += finish(policy, next, trail, rng.fork(`turn-${turn}/rollout-${k}`), seat);
        if (value > bestValue) {
          bestValue = value;
          best = action;
        }
      }
    }
    applyAction(state, trail, best!);
    turn++;
  }
  return state;
}

/** Where a game's VP came from, per player: the lines of the rules' scoring, and the townsfolk kept to the end. */
const SOURCES = ['cattle at towns', 'favours', 'gold', 'townsfolk', 'damage', 'townsfolk kept'] as const;
function sources(state: GameState): number[] {
  const scores = finalScores(state);
  const per = (f: (i: number) => number) => mean(scores.map((_, i) => f(i)));
  return [
    per((i) => scores[i]!.cattleAtTowns),
    per((i) => 2 * scores[i]!.favours + scores[i]!.mostFavours),
    per((i) => scores[i]!.gold),
    per((i) => scores[i]!.townsfolk),
    per((i) => -2 * scores[i]!.damage),
    per((i) => state.players[i]!.townsfolk.length),
  ];
}
const playerMean = (state: GameState) => mean(finalScores(state).map((s) => s.vp));

const columns: Record<string, number[]> = {
  difficultyVp: [],
  settler: [],
  planner: [],
  ...Object.fromEntries(POLICIES.map((p) => [`mc-${p}`, []])),
};
/** Per kind: each trail's mean VP over its even-numbered and its odd-numbered games, and every game's sources. */
const halves: Record<string, [number[], number[]]> = {};
const bySource: Record<string, number[][]> = {};
const record = (kind: string, games: readonly GameState[]) => {
  const h = (halves[kind] ??= [[], []]);
  for (const parity of [0, 1]) h[parity]!.push(mean(games.filter((_, g) => g % 2 === parity).map(playerMean)));
  (bySource[kind] ??= []).push(...games.map(sources));
  return games;
};
for (let k = 0, found = 0; found < N; k++) {
  const i = corpusIndex(PLAYERS, k);
  if (corpusTrail(i).firstGame !== FIRST_GAME) continue;
  found++;
  const map = buildMap(pioneerDays, `pd-cal-${i}`, { players: PLAYERS, firstGame: FIRST_GAME });
  const trail = buildTable(map);
  columns.difficultyVp!.push(pioneerDays.score(map).predictedVp);
  // The reference kinds' games are playtest()'s own (same seeds; its mean is rounded the same way).
  for (const [kind, games] of [
    ['settler', 12],
    ['planner', 8],
  ] as const) {
    const bots = Array.from({ length: PLAYERS }, () => BOTS[kind]!);
    const states = record(
      kind,
      Array.from({ length: games }, (_, g) => playGame(trail, bots, `${map.digest}/${g}`).state),
    );
    columns[kind]!.push(round(mean(states.map(playerMean)), 2));
  }
  for (const policy of POLICIES) {
    const states = record(
      `mc-${policy}`,
      Array.from({ length: SEARCH[policy].games }, (_, g) => monteCarloGame(policy, trail, `${map.digest}/monte-carlo-${policy}/${g}`)),
    );
    columns[`mc-${policy}`]!.push(mean(states.map(playerMean)));
  }
  if (found % 10 === 0) process.stderr.write(`${found}/${N}\n`);
}
const names = Object.keys(columns);
console.log(
  `${PLAYERS} player${PLAYERS === 1 ? '' : 's'}, ${FIRST_GAME ? 'first-game' : 'standard'} trails: ${N}; mean VP ${names
    .filter((n) => n !== 'difficultyVp')
    .map((n) => `${n} ${mean(columns[n]!).toFixed(1)}`)
    .join(', ')}`,
);
console.log(`Spearman\t${names.join('\t')}`);
for (const a of names) console.log(`${a}\t${names.map((b) => spearman(columns[a]!, columns[b]!).toFixed(2)).join('\t')}`);
// How far each kind repeats its own ranking: the halves' Spearman, stepped up to all the games (Spearman–Brown).
const splitHalf = (kind: string) => {
  return `${kind} ${stepUp(spearman(...halves[kind]!)).toFixed(2)}`;
};
console.log(`split-half (Spearman-Brown)\t${Object.keys(halves).map(splitHalf).join('\t')}`);
console.log(`VP a player by source\t${SOURCES.join('\t')}`);
for (const [kind, rows] of Object.entries(bySource))
  console.log(`${kind}\t${SOURCES.map((_, c) => mean(rows.map((r) => r[c]!)).toFixed(1)).join('\t')}`);
