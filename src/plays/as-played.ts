/**
 * Difficulty as played: each map's bot-calibrated prediction is the prior, people's reports the
 * observations. For one game and table size, a report's measure (rounds, gold, VP) is modelled as
 *
 *   y = x + c + d·(x − x̄) + u_map + e_report,   u ~ N(0, τ²), e ~ N(0, σ²)
 *
 * with x the bots' predicted measure of the map: a linear map from the bots' view to the tables'
 * (a = c − d·x̄, b = 1 + d), a per-map effect and a per-report error. σ² is the pooled
 * within-map variance (one-way ANOVA); (c, d) and τ² are fitted on the maps' means by the
 * method-of-moments random-effects meta-regression (DerSimonian & Laird 1986; Raudenbush 2009),
 * with a weak normal prior on (c, d) centred on the bots' own mapping (c = d = 0) so that a few
 * maps cannot swing it; each map's true mean is then the empirical-Bayes posterior (Efron &
 * Morris 1975; Morris 1983): its reports' mean shrunk towards the fitted mapping by
 * B = V / (V + σ²/n). Pure and deterministic: maps are taken in key order.
 *
 * Robust to wild reports: every "mean" above is a Huber M-estimate, so a report far from its
 * map's other reports (in σ) pulls no harder than one k σ out, and the reports one key sent about
 * one map are weighed again together, so one key cannot drag a map by sending many reports at the
 * edge of what is allowed. σ is the matching weighted scale (docs/plays.md, "Wild reports").
 */
import type { PlaysTable } from '../core/plays.ts';
import { mean } from '../core/stats.ts';

export interface MapReports {
  key: string;
  /** The bots' prediction of the measure on this map. */
  prior: number;
  values: readonly number[];
  /** Who sent each value (a writer key's name), when known: a key's reports are weighed together too. */
  writers?: ReadonlyArray<string | undefined>;
  /** Each value's weight before any other, for how far past the edge of bot play it lies (core/plays.ts edgeWeight). */
  edge?: readonly number[];
}

/**
 * Huber's tuning constant in σ for one report: within it a report weighs fully, beyond it its pull
 * on the map stays that of a report k σ out (its weight k/|z|). 1.0 keeps about 90% of the mean's
 * efficiency on normal tables.
 */
export const REPORT_K = 1;
/**
 * Beyond these distances (in σ) from its map's pilot location a report's weight fades smoothly
 * to nothing: a normal table lands past the first one report in 22 and past the second one in 370;
 * a report at the service's floor on an ordinary map lies about there (docs/plays.md, "Wild reports").
 */
export const FADE_FROM = 2;
export const FADE_TO = 3;
/**
 * Huber's constant for a key's reports on one map taken together (their z summed over √n): an
 * honest club's scatter stays within 2, one key's many reports at an edge add up far beyond.
 */
export const KEY_K = 2;
/** A report weighing at least this is plausible, ranked on a leaderboard: about |z| ≤ 2.4 alone. */
export const PLAUSIBLE_WEIGHT = 0.25;

/** Huber's weight of a residual `z` (in σ) at tuning constant `k`. */
export function huber(z: number, k: number): number {
  return Math.abs(z) <= k ? 1 : k / Math.abs(z);
}

/** 1 up to FADE_FROM, 0 from FADE_TO, a half cosine between: continuous, so no report's weight jumps. */
function fade(z: number): number {
  const a = Math.abs(z);
  if (a <= FADE_FROM) return 1;
  if (a >= FADE_TO) return 0;
  return (1 + Math.cos((Math.PI * (a - FADE_FROM)) / (FADE_TO - FADE_FROM))) / 2;
}

/** One report's own weight at residual `z`: Huber's, faded out far away. */
const own = (z: number) => huber(z, REPORT_K) * fade(z);

/**
 * E[w z²] / E[w] for z ~ N(0, 1) under a report's own weight: a weighted residual variance
 * divided by it is unbiased for σ² when the reports are normal (midpoint rule, fixed grid).
 */
const CONSISTENCY = (() => {
  let wz2 = 0;
  let w = 0;
  for (let i = 0; i < 10000; i++) {
    const z = -FADE_TO + ((i + 0.5) * 2 * FADE_TO) / 10000;
    const phi = Math.exp((-z * z) / 2);
    wz2 += own(z) * z * z * phi;
    w += own(z) * phi;
  }
  return wz2 / w;
})();

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
};

/** Each key's weight, for the reports of keys that sent more than one: Huber's on their z summed over √n. */
function keyWeights(z: readonly number[], writers: MapReports['writers']): number[] {
  const byKey = new Map<string, number[]>();
  writers?.forEach((w, i) => {
    if (w === undefined) return;
    const list = byKey.get(w) ?? [];
    list.push(i);
    byKey.set(w, list);
  });
  const out = new Array<number>(z.length).fill(1);
  for (const list of byKey.values()) {
    if (list.length < 2) continue;
    const zKey = list.reduce((a, i) => a + z[i]!, 0) / Math.sqrt(list.length);
    for (const i of list) out[i] = huber(zKey, KEY_K);
  }
  return out;
}

/** The weighted posterior location: reports at `weights` and σ, the prior at its precision (0: none). */
function weighted(
  values: readonly number[],
  weights: readonly number[],
  sigma: number,
  prior: number,
  priorPrecision: number,
  fallback: number,
) {
  const sw = weights.reduce((a, w) => a + w, 0);
  const swy = weights.reduce((a, w, i) => a + w * values[i]!, 0);
  const precision = priorPrecision + sw / sigma ** 2;
  return precision > 0 ? (prior * priorPrecision + swy / sigma ** 2) / precision : fallback;
}

/**
 * The robust location of one map's reports and their weights, towards `prior` at precision
 * `priorPrecision` (0: the map's reports alone). First a pilot: Huber's M-estimate (unique, so
 * reweighting from the median finds it, each report's pull bounded). Then each report's weight
 * about the pilot, once: Huber's, faded out between FADE_FROM and FADE_TO σ, times its key's;
 * the location is the weighted mean at those weights. One step, not iterated to a fixed point:
 * a far report's weight cannot cascade into cutting the reports on the other side.
 */
function locate(
  values: readonly number[],
  writers: MapReports['writers'],
  sigma: number,
  prior: number,
  priorPrecision: number,
  edge?: readonly number[],
) {
  const start = median(values);
  let pilot = weighted(
    values,
    values.map(() => 1),
    sigma,
    prior,
    priorPrecision,
    start,
  );
  pilot = priorPrecision > 0 ? pilot : start;
  for (let step = 0; step < 200; step++) {
    const w = values.map((v, i) => huber((v - pilot) / sigma, REPORT_K) * (edge?.[i] ?? 1));
    const next = weighted(values, w, sigma, prior, priorPrecision, start);
    const done = Math.abs(next - pilot) < 1e-9;
    pilot = next;
    if (done) break;
  }
  const z = values.map((v) => (v - pilot) / sigma);
  const keys = keyWeights(z, writers);
  const weights = z.map((x, i) => own(x) * keys[i]! * (edge?.[i] ?? 1));
  // Every report faded out: nothing but the prior (or, without one, the pilot) is left.
  const mu = weighted(values, weights, sigma, prior, priorPrecision, pilot);
  return { mu, weights, n: weights.reduce((a, w) => a + w, 0) };
}

export interface AsPlayedFit extends Required<PlaysTable> {
  /** Centre of the maps' predictions, and the covariance of (c, d) about it. */
  centre: number;
  cov: readonly [number, number, number];
}

export interface AsPlayedDefaults {
  /** What to assume before there are reports: typical spread of a map's effect and of one report. */
  tau: number;
  sigma: number;
}

/** Solves [[p, q], [q, r]] · z = [s, t]. */
function solve2(p: number, q: number, r: number, s: number, t: number): { z: [number, number]; inv: [number, number, number] } {
  const det = p * r - q * q;
  const inv: [number, number, number] = [r / det, -q / det, p / det];
  return { z: [inv[0] * s + inv[1] * t, inv[1] * s + inv[2] * t], inv };
}

/** At least this many maps with reports before τ is estimated, and this many spare reports for σ. */
const MIN_MAPS_FOR_TAU = 3;
const MIN_DF_FOR_SIGMA = 2;

export function fitAsPlayed(input: readonly MapReports[], defaults: AsPlayedDefaults): AsPlayedFit {
  const maps = input.filter((m) => m.values.length > 0).sort((p, q) => (p.key < q.key ? -1 : p.key > q.key ? 1 : 0));
  const k = maps.length;
  const n = maps.reduce((a, m) => a + m.values.length, 0);
  const sigmaFitted = n - k >= MIN_DF_FOR_SIGMA;
  // σ from the within-map spread, made robust in turns: locations and weights at the last σ, then
  // σ² as the weighted residual variance (consistent at the normal); the plain ANOVA to start.
  let sigma2 = defaults.sigma ** 2;
  if (sigmaFitted) {
    let ssw = 0;
    maps.forEach((m) => {
      const avg = mean(m.values);
      for (const v of m.values) ssw += (v - avg) ** 2;
    });
    sigma2 = Math.max(ssw / (n - k), 1e-6);
    for (let turn = 0; turn < 8; turn++) {
      let swr = 0;
      let df = 0;
      for (const m of maps) {
        const at = locate(m.values, m.writers, Math.sqrt(sigma2), 0, 0, m.edge);
        swr += at.weights.reduce((a, w, i) => a + w * (m.values[i]! - at.mu) ** 2, 0);
        df += at.n * (1 - 1 / m.values.length);
      }
      if (df <= 0 || swr <= 0) break;
      sigma2 = Math.max(swr / df / CONSISTENCY, 1e-6);
    }
  }
  // A few reports that happen to agree say little about how far tables spread: σ is never taken
  // below half the default (half a band's width), or one table a round off would count as wild.
  sigma2 = Math.max(sigma2, (defaults.sigma / 2) ** 2);
  const located = maps.map((m) => locate(m.values, m.writers, Math.sqrt(sigma2), 0, 0, m.edge));
  const means = located.map((l) => l.mu);
  const centre = k > 0 ? mean(maps.map((m) => m.prior)) : 0;
  // The prior on (c, d): c (the tables' overall offset) about one map spread, d (the slope's change) ±0.5.
  const priorC = 1 / defaults.tau ** 2;
  const priorD = 1 / 0.5 ** 2;

  /** Weighted least squares of (mean − prior) on (1, prior − centre), with the prior's precision added. */
  const regress = (weights: readonly number[], withPrior: boolean) => {
    let p = withPrior ? priorC : 0;
    let q = 0;
    let r = withPrior ? priorD : 0;
    let s = 0;
    let t = 0;
    maps.forEach((m, i) => {
      const w = weights[i]!;
      const dx = m.prior - centre;
      const dy = means[i]! - m.prior;
      p += w;
      q += w * dx;
      r += w * dx * dx;
      s += w * dy;
      t += w * dx * dy;
    });
    if (!withPrior && r * p - q * q <= 1e-12) return undefined;
    return solve2(p, q, r, s, t);
  };

  // A map whose reports were all rejected says nothing: its weight goes to zero, not to infinity.
  const within = located.map((l) => sigma2 / Math.max(l.n, 1e-6));
  let tau2 = defaults.tau ** 2;
  const tauFitted = k >= MIN_MAPS_FOR_TAU;
  if (tauFitted) {
    const w = within.map((v) => 1 / v);
    const fixed = regress(w, false);
    if (fixed) {
      // Cochran's Q about the fixed-effect fit, and its expectation's slope in τ² (DerSimonian–Laird).
      let Q = 0;
      let sw = 0;
      let trace = 0;
      const [ip, iq, ir] = fixed.inv;
      maps.forEach((m, i) => {
        const dx = m.prior - centre;
        const resid = means[i]! - m.prior - fixed.z[0] - fixed.z[1] * dx;
        Q += w[i]! * resid * resid;
        sw += w[i]!;
        // tr((X'WX)⁻¹ X'W²X): each map's w² times x'(X'WX)⁻¹x.
        trace += w[i]! ** 2 * (ip + 2 * iq * dx + ir * dx * dx);
      });
      tau2 = Math.max(0, (Q - (k - 2)) / (sw - trace));
    }
  }
  const final = regress(
    within.map((v) => 1 / (v + tau2)),
    true,
  )!;
  const [c, d] = final.z;
  return {
    a: c - d * centre,
    b: 1 + d,
    tau: Math.sqrt(tau2),
    sigma: Math.sqrt(sigma2),
    maps: k,
    reports: n,
    fitted: { tau: tauFitted, sigma: sigmaFitted },
    centre,
    cov: final.inv,
  };
}

/** The fitted mapping's prediction for a map, and its variance from the uncertainty in (c, d). */
function mapping(fit: AsPlayedFit, prior: number): { mean: number; variance: number } {
  // With no maps fitted yet there is no centre: the slope's prior says nothing about one map.
  const dx = fit.maps > 0 ? prior - fit.centre : 0;
  const [vc, cd, vd] = fit.cov;
  return { mean: fit.a + fit.b * prior, variance: vc + 2 * cd * dx + vd * dx * dx };
}

/**
 * A map's true mean measure given its reports: the mapping of its bot prediction shrunk towards
 * its reports' robust location (and the spread of that belief), each report weighed as far as it
 * agrees with the rest and with the prior. No reports: the mapping alone, with the whole spread of
 * maps about it. `weights` are the reports' final weights, in order: below PLAUSIBLE_WEIGHT a
 * report is wild.
 */
export function asPlayed(
  fit: AsPlayedFit,
  prior: number,
  values: readonly number[],
  writers?: MapReports['writers'],
  edge?: MapReports['edge'],
): { mean: number; sd: number; shrinkage: number; weights: number[] } {
  const m = mapping(fit, prior);
  const v0 = fit.tau ** 2 + m.variance;
  if (values.length === 0) return { mean: m.mean, sd: Math.sqrt(v0), shrinkage: 0, weights: [] };
  const at = locate(values, writers, fit.sigma, m.mean, 1 / v0, edge);
  const precision = 1 / v0 + at.n / fit.sigma ** 2;
  return { mean: at.mu, sd: Math.sqrt(1 / precision), shrinkage: at.n / fit.sigma ** 2 / precision, weights: at.weights };
}

/** Whether a report of that weight is plausible (not weighed down as wild): what a leaderboard ranks. */
export const plausible = (weight: number) => weight >= PLAUSIBLE_WEIGHT;
