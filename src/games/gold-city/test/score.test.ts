import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMap, checkMap } from '../../../core/maps.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap } from '../model.ts';
import { BANDS, bandOf } from '../../../core/difficulty.ts';
import { course } from './course-builder.ts';
import { goldCityOptions, seedString } from './arbitraries.ts';

describe('Gold City score', () => {
  it('is a pure 0–100 difficulty with a band, fairness and the metrics it came from', () => {
    fc.assert(
      fc.property(seedString, goldCityOptions, (seed, options) => {
        const map = buildMap(goldCity, seed, options) as GoldCityMap;
        const s = goldCity.score(map);
        expect(s.difficulty).toBeGreaterThanOrEqual(0);
        expect(s.difficulty).toBeLessThanOrEqual(100);
        expect(s.band).toBe(bandOf(s.difficulty));
        expect(s.metrics.starts).toHaveLength(4);
        expect(s.fairness.spread).toBeGreaterThanOrEqual(0);
        expect(goldCity.score(structuredClone(map))).toEqual(s);
      }),
      { numRuns: 300, seed: 5 },
    );
    expect(BANDS).toEqual(['easy', 'medium', 'hard', 'expert']);
  });

  it('scores a course typed in by hand: no seed, digest or caves, extra fields', () => {
    const hand = course(['S1 J1 J2 W1 V2 J1 F', 'S2 J1 M M R1 J2 F', 'S3 J2 J1 W2 W1 J1 F', 'S4 M J1 B1 J1 J3 F'], { pieceOf: (q) => (q === 0 ? 0 : q === 6 ? 2 : 1) });
    (hand as Record<string, unknown>).printedName = 'Kitchen table course';
    const checked = checkMap(goldCity, hand);
    expect(checked.ok && checked.problems).toEqual([]);
    const s = goldCity.score(hand);
    expect(s.metrics.starts.map((m) => m.start)).toEqual([1, 2, 3, 4]);
    expect(s.metrics.starts.every((m) => m.steps === 6)).toBe(true);
  });
});
