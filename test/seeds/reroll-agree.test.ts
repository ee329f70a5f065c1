import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missBy, scoreMiss } from '../../src/seeds/reroll.ts';

describe('scoreMiss: how far a score lies outside a target', () => {
  const hard = { band: 'hard' as const };

  it('reads the difficulty alone unless agree is asked', () => {
    expect(scoreMiss({ difficulty: 60, interval: [20, 97] }, hard)).toBe(0);
    expect(scoreMiss({ difficulty: 60, interval: [20, 97] }, hard, false)).toBe(0);
  });

  it('with agree, counts the reading furthest outside: a map one kind reads easy is no hard map', () => {
    expect(scoreMiss({ difficulty: 60, interval: [20, 97] }, hard, true)).toBe(30);
    expect(scoreMiss({ difficulty: 60, interval: [52, 80] }, hard, true)).toBe(6);
    expect(scoreMiss({ difficulty: 60, interval: [52, 63] }, hard, true)).toBe(0);
    // The difficulty is a reading of its own: a scale of means can put it outside both kinds'.
    expect(scoreMiss({ difficulty: 80, interval: [60, 70] }, hard, true)).toBe(6);
  });

  it('with agree and no interval, is the plain miss', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (d, a, b) => {
        const target = { min: Math.min(a, b), max: Math.max(a, b) };
        expect(scoreMiss({ difficulty: d }, target, true)).toBe(missBy(d, target));
      }),
    );
  });

  it('with agree, is zero exactly when the difficulty and both ends of the interval lie in the target', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (d, x, y, a, b) => {
          const target = { min: Math.min(a, b), max: Math.max(a, b) };
          const interval: [number, number] = [Math.min(x, y), Math.max(x, y)];
          const inside = (v: number) => v >= target.min && v <= target.max;
          expect(scoreMiss({ difficulty: d, interval }, target, true) === 0).toBe(inside(d) && inside(interval[0]) && inside(interval[1]));
          expect(scoreMiss({ difficulty: d, interval }, target, true)).toBeGreaterThanOrEqual(
            scoreMiss({ difficulty: d, interval }, target),
          );
        },
      ),
    );
  });
});
