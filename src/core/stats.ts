/** Ranks from 1, ties sharing the mean of the ranks they span. */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v || a.i - b.i);
  const out = new Array<number>(values.length);
  for (let k = 0; k < order.length; ) {
    let end = k;
    while (end + 1 < order.length && order[end + 1]!.v === order[k]!.v) end++;
    const rank = (k + end) / 2 + 1;
    for (let m = k; m <= end; m++) out[order[m]!.i] = rank;
    k = end + 1;
  }
  return out;
}

export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** NaN for no values: there is no mean to report, and a 0 would read as a measurement. */
export function mean(values: readonly number[]): number {
  return sum(values) / values.length;
}

/**
 * Population standard deviation (divides by n): the spread of the games played, not an estimate
 * of a wider population's, which is what every report that gives one means by it.
 */
export function sd(values: readonly number[]): number {
  const m = mean(values);
  return Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / values.length);
}

/** `places` decimals, halves rounded up (Math.round): every report has rounded so, and tests pin its numbers. */
export const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
export const round2 = (x: number) => round(x, 2);
export const round1 = (x: number) => round(x, 1);

export function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx;
    const dy = (y[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * The least difference between two means of `n` draws each, of spread `sd`, that a two-sided test
 * at 95% tells apart: 1.96 · √2 · sd / √n.
 */
export function leastDifference(sd: number, n: number): number {
  return (1.96 * Math.SQRT2 * sd) / Math.sqrt(n);
}

export function spearman(x: readonly number[], y: readonly number[]): number {
  return pearson(ranks(x), ranks(y));
}

/**
 * Ordinary least squares with an intercept (a whisker of ridge keeps collinear features
 * solvable): returns [intercept, ...coefficients].
 */
export function leastSquares(rows: readonly (readonly number[])[], y: readonly number[], ridge = 1e-6): number[] {
  const k = (rows[0]?.length ?? 0) + 1;
  const a = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0));
  rows.forEach((row, r) => {
    const x = [1, ...row];
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) a[i]![j]! += (x[i] as number) * (x[j] as number);
      a[i]![k]! += (x[i] as number) * (y[r] as number);
    }
  });
  for (let i = 1; i < k; i++) a[i]![i]! += ridge * rows.length;
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = 0; r < k; r++) {
      if (r === col) continue;
      const f = a[r]![col]! / a[col]![col]!;
      for (let c = col; c <= k; c++) a[r]![c]! -= f * a[col]![c]!;
    }
  }
  return a.map((row, i) => row[k]! / row[i]!);
}
