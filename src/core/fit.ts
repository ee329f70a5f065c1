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

/** The blend weights tried between two kinds of player: the first kind's share, 0.2 to 0.8. */
export const BLEND_WEIGHTS = [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8];

/**
 * The weight w of a blend w·first + (1 − w)·second of two kinds' out-of-fold predictions whose
 * smaller Spearman against the two kinds' outcomes is largest (ties keep the earlier weight,
 * starting from an even blend), with both Spearmans at that weight: a difficulty that holds for
 * both kinds rather than the one it fits best.
 */
export function blendForBoth(
  outOfFold: ReadonlyArray<{ first: number; second: number }>,
  outcomes: { first: readonly number[]; second: readonly number[] },
  weights: readonly number[] = BLEND_WEIGHTS,
): { weight: number; first: number; second: number } {
  const at = (w: number) => {
    const predicted = outOfFold.map((o) => w * o.first + (1 - w) * o.second);
    return { first: spearman(predicted, outcomes.first), second: spearman(predicted, outcomes.second) };
  };
  const worst = (w: number) => Math.min(at(w).first, at(w).second);
  const weight = weights.reduce((best, w) => (worst(w) > worst(best) + 1e-12 ? w : best), 0.5);
  return { weight, ...at(weight) };
}

/**
 * Ridge least squares on standardised features (`lambda` times the rows, as `leastSquares` takes
 * it), returned on the raw features. A feature that never varies gets no weight.
 */
export function ridgeFit(
  rows: readonly (readonly number[])[],
  y: readonly number[],
  lambda: number,
): { coefficients: number[]; intercept: number } {
  const k = rows[0]!.length;
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const mu = Array.from({ length: k }, (_, j) => mean(rows.map((r) => r[j]!)));
  const sd = Array.from({ length: k }, (_, j) => Math.sqrt(mean(rows.map((r) => (r[j]! - mu[j]!) ** 2))) || 1);
  const z = rows.map((r) => r.map((v, j) => (v - mu[j]!) / sd[j]!));
  const [b0, ...b] = leastSquares(z, y, lambda);
  const coefficients = b.map((c, j) => c / sd[j]!);
  const intercept = b0! - coefficients.reduce((a, c, j) => a + c * mu[j]!, 0);
  return { coefficients, intercept };
}

/** The ridge of `lambdas` with the least out-of-fold squared error over 5 folds (by index), and that error summed. */
export function crossValidatedRidge(
  rows: readonly (readonly number[])[],
  y: readonly number[],
  lambdas: readonly number[],
): { lambda: number; error: number } {
  let best = { lambda: lambdas[0]!, error: Infinity };
  for (const lambda of lambdas) {
    let error = 0;
    for (let fold = 0; fold < 5; fold++) {
      const train = rows.flatMap((_, i) => (i % 5 !== fold ? [i] : []));
      const head = ridgeFit(
        train.map((i) => rows[i]!),
        train.map((i) => y[i]!),
        lambda,
      );
      let foldError = 0;
      for (let i = fold; i < rows.length; i += 5)
        foldError += (head.intercept + rows[i]!.reduce((a, v, j) => a + v * head.coefficients[j]!, 0) - y[i]!) ** 2;
      error += foldError;
    }
    if (error < best.error - 1e-9) best = { lambda, error };
  }
  return best;
}
