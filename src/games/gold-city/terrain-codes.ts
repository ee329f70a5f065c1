import type { Terrain } from './model.ts';

/**
 * Terrain as small integers, for the typed-array boards of generation: a space's ground is one
 * byte, and a test for it is an integer comparison rather than a string one.
 */
export const T = {
  jungle: 0,
  water: 1,
  village: 2,
  rubble: 3,
  basecamp: 4,
  mountain: 5,
  start: 6,
  finish: 7,
  torch: 8,
} as const satisfies Record<Terrain, number>;

/** Terrain names by code. */
export const TERRAIN_NAMES: readonly Terrain[] = (Object.keys(T) as Terrain[]).sort((a, b) => T[a] - T[b]);

/** Every ground but mountain can be stood on (model.ts `isEnterable`, by code). */
export const enterable = (code: number): boolean => code !== T.mountain;
