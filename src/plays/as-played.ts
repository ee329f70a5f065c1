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
 */
import type { PlaysTable } from '../core/plays.ts';
import { mean } from '../core/stats.ts';

export interface MapReports {
  key: string;
  /** The bots' prediction of the measure on this map. */
  prior: number;
  values: readonly number[];
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
  const means = maps.map((m) => mean(m.values));
  let ssw = 0;
  maps.forEach((m, i) => m.values.forEach((v) => (ssw += (v - means[i]!) ** 2)));
  const sigmaFitted = n - k >= MIN_DF_FOR_SIGMA;
  const sigma2 = sigmaFitted ? Math.max(ssw / (n - k), 1e-6) : defaults.sigma ** 2;
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

  const within = maps.map((m) => sigma2 / m.values.length);
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
 * its reports' mean (and the spread of that belief). No reports: the mapping alone, with the
 * whole spread of maps about it.
 */
export function asPlayed(fit: AsPlayedFit, prior: number, values: readonly number[]): { mean: number; sd: number; shrinkage: number } {
  const m = mapping(fit, prior);
  const v0 = fit.tau ** 2 + m.variance;
  if (values.length === 0) return { mean: m.mean, sd: Math.sqrt(v0), shrinkage: 0 };
  const noise = fit.sigma ** 2 / values.length;
  const weight = v0 / (v0 + noise);
  return { mean: m.mean + weight * (mean(values) - m.mean), sd: Math.sqrt((v0 * noise) / (v0 + noise)), shrinkage: weight };
}
