import type { Scale } from '../../core/difficulty.ts';

/**
 * What the bands mean at the table: predicted rounds to finish (one competent player per seat)
 * at difficulty 0, 25 (medium from here), 50 (hard), 75 (expert) and 100, per table size. Three
 * and four players race about equally long (the market is shared, the course is not); two
 * players run two pawns each and take longer. The edges are set so that the rulebook's rated
 * courses land in their bands (src/games/gold-city/data/rulebook, a test) and each tier makes its own band on
 * most seeds (docs/difficulty.md, "Difficulty you can ask for"). Calibration revision 5 predicts
 * a little fewer rounds than revision 4 did; the edges moved with it by the least-squares map
 * from revision 4's predictions to revision 5's over 400 default courses a table size (so a
 * course keeps its band unless the refit itself moved it), rounded to 0.1.
 */
export const ROUNDS_SCALE: Readonly<Record<2 | 3 | 4, Scale>> = Object.freeze({
  2: [19.3, 26.2, 32, 41.7, 53.4],
  3: [12.4, 17.3, 21.5, 29, 36.9],
  4: [12.5, 17.3, 21.1, 28.7, 36.5],
});

/** Strongest single card in the catalogue and the hand size bound how far a pawn goes in a turn. */
export const MOST_SPACES_PER_CARD = 6;

/**
 * The highest difficulty seen of a course laid from the box, per table size, over 300 random box
 * courses each (every tier, 3–8 pieces, strips on and off): `node --import tsx
 * docs/studies/code/measure-box-reach.ts 300 8`, the reach table of docs/gold-city.md; the same under
 * calibration revisions 4 and 5. The printed faces are what they are, so a target wholly above
 * this is out of the box's reach.
 */
export const BOX_REACH_MAX: Readonly<Record<number, number>> = Object.freeze({ 2: 73, 3: 71, 4: 69 });

/**
 * The difficulties each tier makes, 10th to 90th percentile over 300 seeds at four players (the
 * scale is per table size, so other sizes are alike): what a reroll steers by when the tier is
 * left open. Measured on calibration revision 4; revision 5 on seeds 0–299 gives easy 4–24,
 * normal 27–53, hard 58–78, expert 75–98, within the seed sets' own difference (revision 4 on
 * those seeds: 4–23, 27–54, 58–78, 74–97), so the steering was left as it is.
 */
export const TIER_REACH: Readonly<Record<'easy' | 'normal' | 'hard' | 'expert', readonly [number, number]>> = Object.freeze({
  easy: [4, 22],
  normal: [26, 52],
  hard: [57, 76],
  expert: [75, 96],
});
