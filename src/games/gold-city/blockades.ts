import type { Rng } from '../../core/rng.ts';
import { MAX_BLOCKADES, PRINTED_BLOCKADES, STRENGTH_RANGE, type Blockade, type Tier } from './model.ts';

/** Harder tiers stiffen the printed blockades; easy ones ask for the weakest card. */
const BLOCKADE_SHIFT: Record<Tier, number> = { easy: -9, normal: 0, hard: 1, expert: 2 };

/**
 * One blockade per seam, at most six: with more seams than blockades the six go to seams
 * chosen by the stream. Requirements are the printed six in seeded order; points are 1–4.
 */
export function layBlockades(rng: Rng, pieceIds: readonly string[], tier: Tier): Blockade[] {
  const seams = pieceIds.length - 1;
  const seamIndices: number[] = [];
  for (let i = 0; i < seams; i++) seamIndices.push(i);
  const chosen = rng
    .shuffle(seamIndices)
    .slice(0, MAX_BLOCKADES)
    .sort((a, b) => a - b);
  const requirements = rng.shuffle(PRINTED_BLOCKADES);
  return chosen.map((seam, i) => {
    const printed = requirements[i % requirements.length] as (typeof PRINTED_BLOCKADES)[number];
    const [lo, hi] = STRENGTH_RANGE[printed.terrain];
    // Keys in code-unit order, as the document wants them.
    return {
      between: [pieceIds[seam] as string, pieceIds[seam + 1] as string],
      id: BLOCKADE_IDS[i] as string,
      points: rng.int(1, 4),
      strength: Math.min(hi, Math.max(lo, printed.strength + BLOCKADE_SHIFT[tier])),
      terrain: printed.terrain,
    };
  });
}

const BLOCKADE_IDS = Array.from({ length: MAX_BLOCKADES }, (_, i) => `b${i + 1}`);
