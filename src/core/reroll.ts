import type { AnyGameModule, Band, MapDocumentBase, ScoreBase } from './game-module.ts';
import { InputError, normaliseOptions } from './maps.ts';
import { SEED_MAX_LENGTH, normaliseSeed } from './seed.ts';

export type Target = { band: Band } | { min: number; max: number };

export const BAND_RANGES: Record<Band, [number, number]> = { easy: [0, 24], medium: [25, 49], hard: [50, 74], expert: [75, 100] };

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
export function reroll(
  game: AnyGameModule,
  request: { seed: string; options?: unknown; target: Target; maxAttempts: number },
  shouldStop: () => boolean = () => false,
): RerollResult | undefined {
  if (!game.score) throw new InputError([{ field: 'game', message: `${game.id} has no scorer to reroll against` }]);
  const base = normaliseSeed(request.seed);
  if (!base.ok) throw new InputError([{ field: 'seed', message: base.message.replace(/^seed: /, '') }]);
  if ([...base.seed].length + 1 + String(request.maxAttempts).length > SEED_MAX_LENGTH) {
    throw new InputError([{ field: 'seed', message: `must leave room for "/${request.maxAttempts}" within ${SEED_MAX_LENGTH} characters` }]);
  }
  if ('min' in request.target && request.target.min > request.target.max) throw new InputError([{ field: 'target.min', message: 'must not exceed target.max' }]);
  const options = normaliseOptions(game, request.options);
  let nearest: { miss: number; result: RerollResult } | undefined;
  for (let k = 1; k <= request.maxAttempts; k++) {
    if (shouldStop()) return undefined;
    const seed = `${base.seed}/${k}`;
    const map = game.generate(seed, options) as MapDocumentBase & { score: ScoreBase };
    map.score = game.score(map);
    const miss = missBy(map.score.difficulty, request.target);
    if (miss === 0) return { hit: true, seed, attempts: k, map };
    if (!nearest || miss < nearest.miss) nearest = { miss, result: { hit: false, seed, attempts: k, map } };
  }
  return nearest ? { ...nearest.result, attempts: request.maxAttempts } : undefined;
}
