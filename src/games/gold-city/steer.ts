import { BOX_REACH_MAX, TIER_REACH } from './difficulty-scale.ts';
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

/** A box course cannot be made harder than its printed faces: a target wholly above what they reach is out of reach. */
export function goldCityOutOfReach(target: { min: number; max: number }, options: GoldCityOptions): string | undefined {
  if (options.course !== undefined && options.course !== 'none')
    return `options.course builds one printed course: the seed deals only its cave tokens, so its difficulty hardly moves from one seed to the next.`;
  if (options.tiles !== 'box') return undefined;
  const highest = BOX_REACH_MAX[options.players];
  if (highest === undefined || target.min <= highest) return undefined;
  return `Courses from the box reach at most difficulty ${highest} at ${options.players} players (measured over 300 random box courses; docs/gold-city.md#difficulty-and-reroll): the printed faces are not hard enough for ${target.min}–${target.max}.`;
}
