import { round1, round2 } from './stats.ts';

/** The four difficulty bands, easy to expert. */
export type Band = 'easy' | 'medium' | 'hard' | 'expert';

/**
 * Difficulty, the same for every game: a 0–100 scale cut into four bands, and the calibrated
 * linear model that puts a map on it. A game declares its features and its fitted model (a
 * fixture written by its calibration script); how they turn into a difficulty lives here only.
 */
export const BANDS: readonly Band[] = ['easy', 'medium', 'hard', 'expert'];

/** Inclusive difficulty ranges: the bands tile 0–100 with no gap. */
export const BAND_RANGES: Readonly<Record<Band, readonly [number, number]>> = {
  easy: [0, 24],
  medium: [25, 49],
  hard: [50, 74],
  expert: [75, 100],
};

export function bandOf(difficulty: number): Band {
  for (let k = BANDS.length - 1; k > 0; k--) if (difficulty >= BAND_RANGES[BANDS[k]!][0]) return BANDS[k]!;
  return 'easy';
}

/** A least-squares fit as calibration scripts store it. */
export interface LinearModel {
  version: string;
  features: readonly string[];
  coefficients: readonly number[];
  intercept: number;
}

/** The model's prediction; a feature the game did not report counts as 0. */
export function predict(model: LinearModel, features: Readonly<Record<string, number>>): number {
  let value = model.intercept;
  model.features.forEach((name, k) => (value += (model.coefficients[k] as number) * (features[name] ?? 0)));
  return value;
}

/**
 * A game's scale: the values of its measure (rounds to finish, gold banked, …) at difficulty 0,
 * 25, 50, 75 and 100 — the band edges set where players would draw them, and the ends.
 */
export type Scale = readonly [number, number, number, number, number];

/** `value` on the 0–100 scale, linear between the scale's anchors, rounded and clamped. */
export function difficultyOnScale(value: number, scale: Scale): number {
  const rising = scale[4] > scale[0];
  for (let k = 0; k < 4; k++) {
    const [lo, hi] = [scale[k]!, scale[k + 1]!];
    const inside = rising ? value < hi : value > hi;
    if (inside || k === 3) return Math.max(0, Math.min(100, Math.round(25 * k + (25 * (value - lo)) / (hi - lo))));
  }
  return 0;
}

/** `value` on the 0–100 scale where `easiest` is 0 and `hardest` 100, rounded and clamped. */
export function difficultyBetween(value: number, easiest: number, hardest: number): number {
  return Math.max(0, Math.min(100, Math.round((100 * (value - easiest)) / (hardest - easiest))));
}

// Scores and summaries import their rounding from here; it lives in stats with mean and sd.
export { round1, round2 };

/** Features as a score reports them: two decimals are plenty to read and stable to diff. */
export function reportedFeatures(features: Readonly<Record<string, number>>): Record<string, number> {
  // A plain loop (same keys, same order) rather than entries → map → fromEntries: every score runs it.
  const out: Record<string, number> = {};
  for (const k of Object.keys(features)) out[k] = round2(features[k] as number);
  return out;
}

/** How far the kinds of player a score is calibrated on agree about a map. */
export type Confidence = 'high' | 'medium' | 'low';

/** Difficulty points the kinds' readings may part by before confidence drops a step. */
const DISAGREE_STEP = 10;

/** Within one step of each other the kinds agree (high), within two roughly (medium), else low. */
export function confidenceOf(apart: number): Confidence {
  return apart <= DISAGREE_STEP ? 'high' : apart <= 2 * DISAGREE_STEP ? 'medium' : 'low';
}
