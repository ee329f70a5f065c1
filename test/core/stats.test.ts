import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leastDifference, mean, round, round1, round2, sd, sum } from '../../src/core/stats.ts';

// Integers keep sums exact, so a property can state an identity without a tolerance.
const whole = fc.integer({ min: -1e6, max: 1e6 });
const values = fc.array(whole, { minLength: 1, maxLength: 40 });

describe('mean and sd', () => {
  it('give the values the copies they replace gave', () => {
    expect(sum([1, 2, 3, 4])).toBe(10);
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    // Population sd: 2 for this classic set (a sample sd, over n − 1, would be 2.138…).
    expect(sd([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
    expect(sd([7])).toBe(0);
    expect(mean([0.1, 0.2])).toBe((0.1 + 0.2) / 2);
  });

  it('have no mean or spread of nothing', () => {
    expect(mean([])).toBeNaN();
    expect(sd([])).toBeNaN();
    expect(sum([])).toBe(0);
  });

  it('mean lies between the least and the greatest value, and follows a shift', () => {
    fc.assert(
      fc.property(values, whole, (xs, shift) => {
        const m = mean(xs);
        expect(m).toBeGreaterThanOrEqual(Math.min(...xs));
        expect(m).toBeLessThanOrEqual(Math.max(...xs));
        expect(mean(xs.map((x) => x + shift))).toBeCloseTo(m + shift, 6);
      }),
    );
  });

  it('sd is 0 for equal values, unchanged by a shift, scaled by a factor, and is √(mean of squares − square of mean)', () => {
    fc.assert(
      fc.property(values, whole, fc.integer({ min: -50, max: 50 }), (xs, shift, k) => {
        const s = sd(xs);
        expect(sd(xs.map(() => xs[0]!))).toBe(0);
        expect(sd(xs.map((x) => x + shift))).toBeCloseTo(s, 4);
        expect(sd(xs.map((x) => k * x))).toBeCloseTo(Math.abs(k) * s, 3);
        expect(s ** 2).toBeCloseTo(mean(xs.map((x) => x * x)) - mean(xs) ** 2, -2);
      }),
    );
  });
});

describe('round', () => {
  it('rounds halves up, as Math.round does, to the places asked', () => {
    expect(round2(1.005)).toBe(1); // 1.005 is 1.00499… in binary: the same as the copies gave
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-0.125)).toBe(-0.12);
    expect(round1(0.25)).toBe(0.3);
    expect(round1(-0.25)).toBe(-0.2);
    expect(round(1234.5678, 3)).toBe(1234.568);
    expect(round(2.5, 0)).toBe(3);
  });

  it('round2 and round1 are Math.round(x · 100) / 100 and Math.round(x · 10) / 10 to the bit', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e9, max: 1e9 }), (x) => {
        expect(Object.is(round2(x), Math.round(x * 100) / 100)).toBe(true);
        expect(Object.is(round1(x), Math.round(x * 10) / 10)).toBe(true);
        expect(Math.abs(round(x, 2) - x)).toBeLessThanOrEqual(0.005 + 1e-6);
      }),
    );
  });
});

describe('leastDifference', () => {
  it('is what a two-sided 95% test between two means tells apart, shrinking as the square root of the draws', () => {
    // One game's spread of 5 over 50 games a side: 1.96 · √2 · 5 / √50 = 1.96.
    expect(leastDifference(5, 50)).toBeCloseTo(1.96, 10);
    expect(leastDifference(5, 200)).toBeCloseTo(leastDifference(5, 50) / 2, 10);
  });
});
