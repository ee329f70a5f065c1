import { scoreModel } from './score.ts';
import type { LostValleyOptions } from './model.ts';

interface Reach {
  ice: LostValleyOptions['ice'];
  river: number;
  gold: LostValleyOptions['gold'];
  /** Difficulty at the 0th, 10th, …, 100th percentile over the calibration's landscapes. */
  deciles: number[];
}

/** The share of a setting's landscapes whose difficulty lies in [min, max], read off its deciles. */
export function hitShare(deciles: readonly number[], min: number, max: number): number {
  // Difficulties are whole numbers: the range covers min − ½ … max + ½.
  const cdf = (v: number) => {
    if (v < deciles[0]!) return 0;
    if (v >= deciles[10]!) return 1;
    let k = 0;
    while (k < 9 && v >= deciles[k + 1]!) k++;
    const [lo, hi] = [deciles[k]!, deciles[k + 1]!];
    return (k + (hi > lo ? (v - lo) / (hi - lo) : 1)) / 10;
  };
  return Math.max(0, cdf(max + 0.5) - cdf(min - 0.5));
}

/** Settings tried in turn: at most this many, each at least this share as likely to hit as the best. */
const MOST = 4;
const NEAR_BEST = 0.6;

/**
 * The settings of `ice`, `river` and `gold` worth trying for a difficulty range at the table size
 * asked for, best first: those most likely to land in the range (measured by the calibration,
 * src/games/lost-valley/data/score-model.json `reach`, scored as scoring does over many landscapes a setting); when none has been seen to, the one whose median
 * lies nearest, among the settings that agree with what the caller pinned (the reroll lays the
 * pinned values over these in any case).
 */
export function steerLostValley(
  target: { min: number; max: number },
  options: LostValleyOptions,
  pinned: readonly string[] = [],
): Array<Partial<LostValleyOptions>> {
  const measured = ((scoreModel.reach ?? {}) as Record<string, Reach[]>)[String(options.players ?? 4)] ?? [];
  // Judge only the settings that agree with what the caller pinned: their reach is what the
  // reroll will meet. A pinned value the calibration never measured leaves every setting in play.
  const agreeing = measured.filter((r) => (['ice', 'river', 'gold'] as const).every((k) => !pinned.includes(k) || r[k] === options[k]));
  const table = agreeing.length > 0 ? agreeing : measured;
  if (table.length === 0) return [];
  const mid = (target.min + target.max) / 2;
  const ranked = table
    .map((r, i) => ({ r, i, share: hitShare(r.deciles, target.min, target.max), distance: Math.abs(r.deciles[5]! - mid) }))
    .sort((a, b) => b.share - a.share || a.distance - b.distance || a.i - b.i);
  const best = ranked[0]!;
  const chosen = best.share > 0 ? ranked.filter((c) => c.share >= NEAR_BEST * best.share).slice(0, MOST) : [best];
  return chosen.map(({ r }) => ({ ice: r.ice, river: r.river, gold: r.gold }));
}
