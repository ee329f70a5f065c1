import { TIER_REACH } from './difficulty-scale.ts';
import { templeCalibration } from './temple-score.ts';
import type { GoldCityOptions, Tier } from './model.ts';

/**
 * The tiers worth trying for a difficulty range, best first: those whose usual difficulties
 * overlap it, nearest centre first; else the nearest one. A pinned tier is the caller's: it wins.
 */
export function steerGoldCity(target: { min: number; max: number }, options: GoldCityOptions): Array<Partial<GoldCityOptions>> {
  const mid = (target.min + target.max) / 2;
  // Temple courses sit on their own scale: their tiers reach other difficulties (the caller's temples choice stands).
  const reach = options.temples && templeCalibration ? templeCalibration.tierReach : TIER_REACH;
  const tiers = (Object.keys(TIER_REACH) as Tier[]).map((tier) => {
    const [lo, hi] = reach[tier];
    return { tier, overlaps: lo <= target.max && hi >= target.min, distance: Math.abs((lo + hi) / 2 - mid) };
  });
  tiers.sort((a, b) => a.distance - b.distance);
  const overlapping = tiers.filter((t) => t.overlaps);
  return (overlapping.length > 0 ? overlapping : tiers.slice(0, 1)).map(({ tier }) => ({ tier }));
}
