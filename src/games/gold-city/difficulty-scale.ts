import type { Scale } from '../../core/difficulty.ts';

/**
 * What the bands mean at the table: predicted rounds to finish (one competent player per seat)
 * at difficulty 0, 25 (medium from here), 50 (hard), 75 (expert) and 100, per table size. Three
 * and four players race about equally long (the market is shared, the course is not); two
 * players run two pawns each and take longer. The edges are set so that the rulebook's rated
 * courses land in their bands (fixtures/rulebook, a test) and each tier makes its own band on
 * most seeds (docs/difficulty.md, "Difficulty you can ask for").
 */
export const ROUNDS_SCALE: Readonly<Record<2 | 3 | 4, Scale>> = Object.freeze({
  2: [19, 26.1, 32, 42, 54],
  3: [12.5, 17.8, 22.3, 30.4, 39],
  4: [12, 17.2, 21.3, 29.5, 38],
});

/** Strongest single card in the catalogue and the hand size bound how far a pawn goes in a turn. */
export const MOST_SPACES_PER_CARD = 6;

/**
 * The highest difficulty seen of a course laid from the box, per table size, over 300 random box
 * courses each (every tier, 3–8 pieces, strips on and off): `node --import tsx
 * scripts/measure-box-reach.ts 300 8`, the reach table of docs/gold-city.md. The printed faces
 * are what they are, so a target wholly above this is out of the box's reach.
 */
export const BOX_REACH_MAX: Readonly<Record<number, number>> = Object.freeze({ 2: 73, 3: 71, 4: 69 });

/**
 * The difficulties each tier makes, 10th to 90th percentile over 300 seeds at four players (the
 * scale is per table size, so other sizes are alike): what a reroll steers by when the tier is
 * left open.
 */
export const TIER_REACH: Readonly<Record<'easy' | 'normal' | 'hard' | 'expert', readonly [number, number]>> = Object.freeze({
  easy: [4, 22],
  normal: [26, 52],
  hard: [57, 76],
  expert: [75, 96],
});
