import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapDigest } from '../../../core/canonical.ts';
import { buildMap } from '../../../core/maps.ts';
import { check } from '../../../core/schema.ts';
import { buildBoard } from '../board.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap } from '../model.ts';
import { TEMPLE_RULES, tourSteps } from '../temples.ts';
import { goldCityOptions, seedString } from './arbitraries.ts';

const templeMap = (seed: string, options: Record<string, unknown>) => buildMap(goldCity, seed, { ...options, temples: true });

function tours(map: GoldCityMap) {
  const board = buildBoard(
    map.spaces,
    map.pieces.map((p) => p.id),
  );
  const at = (t: { q: number; r: number }) => board.at.get(t.q, t.r);
  return tourSteps(board, at(map.temples![0]!), at(map.temples![1]!));
}

describe('Golden Temples generation over many seeds', () => {
  it('builds valid, schema-conforming temple maps that rebuild to the same digest (120 seeds)', () => {
    fc.assert(
      fc.property(seedString, goldCityOptions, (seed, options) => {
        const map = templeMap(seed, options);
        expect(goldCity.validate(map)).toEqual([]);
        expect(check(goldCity.mapSchema, map).ok).toBe(true);
        expect(templeMap(seed, options).digest).toBe(map.digest);
        expect(mapDigest(map)).toBe(map.digest);
        expect(map.options!.temples).toBe(true);
      }),
      { numRuns: 120, seed: 11 },
    );
  });

  it('the gem tour is a real detour from every start (≥ 10% more steps) and neither order is obvious', () => {
    let least = Infinity;
    fc.assert(
      fc.property(seedString, goldCityOptions, (seed, options) => {
        const map = templeMap(seed, options);
        expect(map.temples).toHaveLength(2);
        for (const t of tours(map)) {
          const tour = Math.min(t.firstA, t.firstB);
          expect(t.firstA).toBeGreaterThan(0);
          expect(tour).toBeGreaterThanOrEqual(TEMPLE_RULES.MIN_DETOUR * t.direct);
          // The two orders are within ORDER_GAP of each other: the ground and the cards decide.
          expect(Math.abs(t.firstA - t.firstB) / tour).toBeLessThanOrEqual(TEMPLE_RULES.ORDER_GAP + 1e-9);
          least = Math.min(least, tour / t.direct);
        }
      }),
      { numRuns: 200, seed: 12 },
    );
    expect(least).toBeGreaterThanOrEqual(1.1);
  });

  it('every temple map has torch ground with printed-range strengths and guardians on mountains beside open ground', () => {
    fc.assert(
      fc.property(seedString, goldCityOptions, (seed, options) => {
        const map = templeMap(seed, options);
        const torch = map.spaces.filter((s) => s.terrain === 'torch');
        expect(torch.length).toBeGreaterThan(0);
        for (const s of torch) expect(s.strength).toBeGreaterThanOrEqual(1), expect(s.strength).toBeLessThanOrEqual(3);
        expect(map.guardians!.length).toBeGreaterThan(0);
        const at = new Map(map.spaces.map((s) => [`${s.q},${s.r}`, s] as const));
        for (const g of map.guardians!) expect(at.get(`${g.q},${g.r}`)!.terrain).toBe('mountain');
      }),
      { numRuns: 200, seed: 13 },
    );
  });

  it('switching the layer on leaves the course, blockades and caves where they were', () => {
    for (const seed of ['1', '42', 'temples', 'x/y']) {
      const off = buildMap(goldCity, seed, {});
      const on = templeMap(seed, {});
      expect(on.pieces).toEqual(off.pieces);
      expect(on.blockades).toEqual(off.blockades);
      expect(on.caves).toEqual(off.caves);
      // Only jungle turns to torch (and, rarely, one jungle edge space to a guardian's mountain).
      const changed = on.spaces.filter((s, i) => s.terrain !== off.spaces[i]!.terrain);
      for (const s of changed) expect(['torch', 'mountain']).toContain(s.terrain);
      expect(off.temples).toBeUndefined();
      expect(off.options).not.toHaveProperty('temples');
    }
  });
});
