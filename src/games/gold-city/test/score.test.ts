import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMap, checkMap } from '../../../core/maps.ts';
import { goldCity } from '../index.ts';
import { BAND_RANGES, bandOf } from '../../../core/difficulty.ts';
import { check } from '../../../core/schema.ts';
import { course } from './course-builder.ts';
import { goldCityOptions, seedString } from './arbitraries.ts';

describe('Gold City score', () => {
  it('is a pure 0–100 difficulty with a band, fairness and the metrics it came from', () => {
    fc.assert(
      fc.property(seedString, goldCityOptions, (seed, options) => {
        const map = buildMap(goldCity, seed, options);
        const s = goldCity.score(map);
        expect(s.difficulty).toBeGreaterThanOrEqual(0);
        expect(s.difficulty).toBeLessThanOrEqual(100);
        expect(s.band).toBe(bandOf(s.difficulty));
        expect(s.metrics.starts).toHaveLength(4);
        expect(s.fairness.spread).toBeGreaterThanOrEqual(0);
        expect(goldCity.score(structuredClone(map))).toEqual(s);
        // The band is the one whose range holds the difficulty, and one the map schema names.
        const [low, high] = BAND_RANGES[s.band];
        expect(s.difficulty >= low && s.difficulty <= high, `${s.difficulty} read as ${s.band}`).toBe(true);
        expect(check(goldCity.mapSchema, { ...map, score: s }).ok).toBe(true);
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('reads every difficulty the scale can give in exactly one band, the one whose range holds it', () => {
    for (let d = 0; d <= 100; d++) {
      const holding = Object.entries(BAND_RANGES)
        .filter(([, [low, high]]) => d >= low && d <= high)
        .map(([band]) => band);
      expect(holding, `difficulty ${d}`).toEqual([bandOf(d)]);
    }
  });

  it('scores a course typed in by hand: no seed, digest or caves, extra fields', () => {
    const hand = course(['S1 J1 J2 W1 V2 J1 F', 'S2 J1 M M R1 J2 F', 'S3 J2 J1 W2 W1 J1 F', 'S4 M J1 B1 J1 J3 F'], {
      pieceOf: (q) => (q === 0 ? 0 : q === 6 ? 2 : 1),
    });
    (hand as Record<string, unknown>).printedName = 'Kitchen table course';
    const checked = checkMap(goldCity, hand);
    expect(checked.ok && checked.problems).toEqual([]);
    const s = goldCity.score(hand);
    expect(s.metrics.starts.map((m) => m.start)).toEqual([1, 2, 3, 4]);
    expect(s.metrics.starts.every((m) => m.steps === 6)).toBe(true);
  });
});
