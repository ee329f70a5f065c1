/** The fitting the calibration scripts share: least squares, held-out agreement, feature ranges, rounding, reliability. */
import { leastSquares, pearson, ranks, round, spearman } from './stats.ts';

export interface Sample {
  x: number[];
  y: number;
}

// The calibration scripts import it from here with the rest of their fitting.
export { round };

/** A split-half correlation stepped up to the whole series (Spearman–Brown). */
export const stepUp = (halves: number) => (2 * halves) / (1 + halves);

/** How far apart two rankings of the same items put each one (ties share their mean rank). */
export function rankGap(a: readonly number[], b: readonly number[]): number[] {
  const rb = ranks(b);
  return ranks(a).map((v, i) => Math.abs(v - rb[i]!));
}

/** The value at quantile q of an ascending list. */
export const quantile = (sorted: readonly number[], q: number) => sorted[Math.floor(q * sorted.length)]!;

export function fitLinear(samples: readonly Sample[]) {
  const [intercept, ...coefficients] = leastSquares(
    samples.map((s) => s.x),
    samples.map((s) => s.y),
  );
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

/** Each feature's range over the fitted samples: beyond it the model extrapolates, and scores say so. */
export function featureRanges(names: readonly string[], samples: readonly Sample[]): Record<string, [number, number]> {
  return Object.fromEntries(
    names.map((name, k) => [
      name,
      [round(Math.min(...samples.map((s) => s.x[k]!)), 3), round(Math.max(...samples.map((s) => s.x[k]!)), 3)],
    ]),
  );
}

/** Held-out Spearman within each table size: a difficulty scale is read within one. */
export function spearmanByPlayers(held: ReadonlyArray<Sample & { players: number }>, predicted: readonly number[]): Record<string, number> {
  return Object.fromEntries(
    [2, 3, 4].map((players) => {
      const group = held.map((s, i) => ({ s, p: predicted[i]! })).filter(({ s }) => s.players === players);
      return [
        players,
        round(
          spearman(
            group.map((g) => g.p),
            group.map((g) => g.s.y),
          ),
          3,
        ),
      ];
    }),
  );
}
