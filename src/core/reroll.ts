import type { AnyGameModule, Band, MapDocumentBase, ScoreBase } from './game-module.ts';
import { BAND_RANGES } from './difficulty.ts';
import { InputError, normaliseOptions, withScore } from './maps.ts';
import { SEED_MAX_LENGTH, normaliseSeed } from './seed.ts';

export type Target = { band: Band } | { min: number; max: number };

/** How far a difficulty lies outside the target: 0 is a hit. */
export function missBy(difficulty: number, target: Target): number {
  const [lo, hi] = 'band' in target ? BAND_RANGES[target.band] : [target.min, target.max];
  return difficulty < lo ? lo - difficulty : difficulty > hi ? difficulty - hi : 0;
}

export interface RerollResult {
  hit: boolean;
  /** The seed of the answer: `seed/k` for the k-th attempt. */
  seed: string;
  attempts: number;
  map: MapDocumentBase & { score: ScoreBase };
}

/**
 * Tries seed/1, seed/2, … in order and returns the first map whose score meets the target, or
 * the nearest candidate (earliest on ties) after `maxAttempts`. The same request always gives
 * the same answer; `shouldStop` may end the search early (a time budget), which callers must
 * report as a failure, never as a different answer.
 */
interface Search {
  game: AnyGameModule & { score: NonNullable<AnyGameModule['score']> };
  seed: string;
  options: Record<string, unknown>;
  target: Target;
  maxAttempts: number;
}

function prepare(game: AnyGameModule, request: { seed: string; options?: unknown; target: Target; maxAttempts: number }): Search {
  if (!game.score) throw new InputError([{ field: 'game', message: `${game.id} has no scorer to reroll against` }]);
  const base = normaliseSeed(request.seed);
  if (!base.ok) throw new InputError([{ field: 'seed', message: base.message.replace(/^seed: /, '') }]);
  if ([...base.seed].length + 1 + String(request.maxAttempts).length > SEED_MAX_LENGTH) {
    throw new InputError([{ field: 'seed', message: `must leave room for "/${request.maxAttempts}" within ${SEED_MAX_LENGTH} characters` }]);
  }
  if ('min' in request.target && request.target.min > request.target.max) throw new InputError([{ field: 'target.min', message: 'must not exceed target.max' }]);
  return { game: game as Search['game'], seed: base.seed, options: normaliseOptions(game, request.options), target: request.target, maxAttempts: request.maxAttempts };
}

/** The k-th attempt: `seed/k`, built and scored. */
function attempt(search: Search, k: number): { miss: number; result: RerollResult } {
  const seed = `${search.seed}/${k}`;
  const map = withScore(search.game, search.game.generate(seed, search.options)) as MapDocumentBase & { score: ScoreBase };
  return { miss: missBy(map.score.difficulty, search.target), result: { hit: false, seed, attempts: k, map } };
}

/** Keeps the nearest miss (the earliest on ties) and reports a hit at once. */
class Nearest {
  best: { miss: number; result: RerollResult } | undefined;

  offer(a: { miss: number; result: RerollResult }): RerollResult | undefined {
    if (a.miss === 0) return { ...a.result, hit: true };
    if (!this.best || a.miss < this.best.miss) this.best = a;
    return undefined;
  }

  answer(maxAttempts: number): RerollResult | undefined {
    return this.best ? { ...this.best.result, attempts: maxAttempts } : undefined;
  }
}

/**
 * Tries seed/1, seed/2, … in order and returns the first map whose score meets the target, or
 * the nearest candidate (earliest on ties) after `maxAttempts`. The same request always gives
 * the same answer; `shouldStop` may end the search early (a time budget), which callers must
 * report as a failure, never as a different answer.
 */
export function reroll(
  game: AnyGameModule,
  request: { seed: string; options?: unknown; target: Target; maxAttempts: number },
  shouldStop: () => boolean = () => false,
): RerollResult | undefined {
  const search = prepare(game, request);
  const nearest = new Nearest();
  for (let k = 1; k <= search.maxAttempts; k++) {
    if (shouldStop()) return undefined;
    const hit = nearest.offer(attempt(search, k));
    if (hit) return hit;
  }
  return nearest.answer(search.maxAttempts);
}

/** Attempts between yields: a reroll never holds the event loop for more than a few ms. */
const SLICE = 8;

/** The same search, yielding to the event loop between slices so a server stays responsive. */
export async function rerollAsync(
  game: AnyGameModule,
  request: { seed: string; options?: unknown; target: Target; maxAttempts: number },
  shouldStop: () => boolean = () => false,
): Promise<RerollResult | undefined> {
  const search = prepare(game, request);
  const nearest = new Nearest();
  for (let k = 1; k <= search.maxAttempts; k++) {
    if (k % SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    if (shouldStop()) return undefined;
    const hit = nearest.offer(attempt(search, k));
    if (hit) return hit;
  }
  return nearest.answer(search.maxAttempts);
}
