import { describe, expect, it } from 'vitest';
import { crossValidatedRidge, ridgeFit } from '../../src/core/fit.ts';

// y = 3 + 2·a − 0.5·b exactly; c never varies.
const rows = Array.from({ length: 40 }, (_, i) => [i % 7, (i * 5) % 11, 4]);
const y = rows.map(([a, b]) => 3 + 2 * a! - 0.5 * b!);

describe('ridgeFit', () => {
  it('returns the raw features’ coefficients, and none for a feature that never varies', () => {
    const { coefficients, intercept } = ridgeFit(rows, y, 1e-9);
    expect(coefficients[0]).toBeCloseTo(2, 6);
    expect(coefficients[1]).toBeCloseTo(-0.5, 6);
    expect(coefficients[2]).toBe(0);
    expect(intercept).toBeCloseTo(3, 5);
  });

  it('shrinks the coefficients as the ridge grows', () => {
    expect(Math.abs(ridgeFit(rows, y, 10).coefficients[0]!)).toBeLessThan(Math.abs(ridgeFit(rows, y, 0.01).coefficients[0]!));
  });
});

describe('crossValidatedRidge', () => {
  it('chooses the weakest ridge on an exact relation, and the strongest where the target is noise', () => {
    expect(crossValidatedRidge(rows, y, [10, 0.001, 1]).lambda).toBe(0.001);
    // A target unrelated to the features: shrinking to the mean predicts the held-out folds best.
    const noise = rows.map((_, i) => ((i * 7919) % 13) - 6);
    expect(crossValidatedRidge(rows, noise, [0.001, 100]).lambda).toBe(100);
  });
});
