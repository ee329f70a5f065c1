/** The fitting both calibration scripts share: least squares, held-out agreement, rounding. */
import { leastSquares, pearson, spearman } from '../src/core/stats.ts';

export interface Sample {
  x: number[];
  y: number;
}

export const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The value at quantile q of an ascending list. */
export const quantile = (sorted: readonly number[], q: number) => sorted[Math.floor(q * sorted.length)]!;

export function fitLinear(samples: readonly Sample[]) {
  const [intercept, ...coefficients] = leastSquares(samples.map((s) => s.x), samples.map((s) => s.y));
  const predict = (x: readonly number[]) => intercept! + x.reduce((sum, v, k) => sum + v * (coefficients[k] as number), 0);
  return {
    predict,
    /** The model as the fixture stores it: six decimals are far below any feature's noise. */
    stored: { coefficients: coefficients.map((c) => round(c, 6)), intercept: round(intercept!, 6) },
  };
}

/** How well predictions rank and track the held-out outcomes. */
export function agreement(predicted: readonly number[], actual: readonly number[]) {
  return { spearmanHeldOut: round(spearman(predicted, actual), 3), pearsonHeldOut: round(pearson(predicted, actual), 3) };
}
