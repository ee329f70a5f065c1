import { frozenTuning } from '../../../core/play/tuning.ts';

/**
 * Every tuning number of the Lost Valley bots, in one frozen table. Worth is in gold nuggets
 * ("doing this is worth about this much gold"); change a number and the difficulty model was
 * fitted on other bots, so rerun src/games/lost-valley/calibrate/difficulty.ts.
 */
export const BOT_WEIGHTS = frozenTuning({
  /** What a face-down gold marker is expected to hold (the supply's mean). */
  expected: { rivergold: 1.37, mountaingold: 3.51 },
  /** Raw materials a bot likes to carry before it stops fishing or cutting. */
  want: { food: 2, timber: 2 },
  /** Worth of a food or a timber it lacks, in nuggets. */
  food: 1.2,
  timber: 1.0,
  /** A canal or a mine is worth this share of the gold it opens up. */
  opens: 0.45,
  /** Gold that needs work first counts for this share when choosing where to walk. */
  needsWork: 0.55,
  /** Gold it cannot pay to mine yet (no food, no timber) counts for this share. */
  unpaid: 0.25,
  /** Worth of exploring an intersection, before the ice is in the game. */
  explore: 2.5,
  /** Rounds after which exploring is worth twice as much. */
  exploreRounds: 12,
  /** Worth of an event marker (a ware or a special ware). */
  event: 1.1,
  /** Raw materials it keeps back before it spends two on an event. */
  eventReserve: 2,
  /** Worth of one movement turn saved, for a horse or boat bought now. */
  wares: ['horse', 'sieve', 'boat'] as const,
  /** Nuggets it keeps after a purchase, and the least rounds still to play for a ware to pay. */
  shop: { keep: 3, minRoundsLeft: 5, worth: 2.5 },
  /** Walking back to announce the end needs this lead in nuggets. */
  announceLead: 0,
  /** An action this good is done before moving, not after. */
  actFirst: 1.0,
  /** A second action bought with whiskey must be worth this much. */
  whiskeyAction: 2.5,
  /** Half-turns of walk left at which whiskey buys a second move (once the ice runs). */
  whiskeyMove: 2,
  /** A new goal must beat the one it heads for by this factor before it turns round. */
  keepGoal: 1.6,
  /** A hunt's worth is discounted by what a lost fight costs. */
  huntRisk: 0.6,
});

export type BotWeights = typeof BOT_WEIGHTS;
