import { frozenTuning } from '../../../core/play/tuning.ts';

/**
 * Every tuning number of the Gold City bots, in one place. Gains are in the units of the effort
 * field (card plays to the finish, see potential.ts), so a weight reads as "worth this many
 * plays". The calibration fixture records tuningHash(BOT_WEIGHTS): change a weight and the difficulty
 * model was fitted on other bots, so rerun src/games/gold-city/calibrate/difficulty.ts.
 */
export const BOT_WEIGHTS = frozenTuning({
  /** Turns without progress before the planner routes around pawns in its way: one bad hand is not a jam. */
  stuckTurns: 2,
  /** The best play of a turn must gain more than this, so the bot does not churn cards for nothing. */
  minGain: 0.05,
  /** Plays per turn at most: a safety stop, well above what any hand can do. */
  maxPlaysPerTurn: 40,

  /** How much a card is worth keeping (strength + perCost·cost + cards drawn): spend the weakest that does the job. */
  keep: {
    perCost: 0.3,
    /** A cave symbol token: cheap to spend, it never comes round again anyway. */
    symbolToken: 0.5,
  },
  /** What spending a card of some keep-worth costs a play: small, so it only breaks near-ties. */
  spendPerWorth: 0.05,

  /** Paying a symbol blockade on its own (the pawn stays). */
  clearSymbol: {
    /** Each tiebreak point the blockade is worth: claiming it helps win ties. */
    perPoint: 0.2,
    /** A card spent without moving a pawn: clearing alone must beat walking somewhere. */
    standingCost: 0.3,
  },
  /** Clearing a rubble blockade by discarding cards. */
  clearRubble: {
    perCard: 0.4,
    perPoint: 0.2,
  },
  /** Each card discarded to enter rubble. */
  rubblePerCard: 0.3,
  /** Entering a base camp, which removes its cards from the game. */
  basecamp: {
    /** Thinning bots: each starter card removed makes later hands stronger. */
    perChaff: 0.6,
    /** Thinning bots: each bought card removed is a real loss. */
    perGood: 0.8,
    /** Bots that do not thin: every card removed counts as a cost. */
    perCard: 0.5,
  },
  /** Native steps and requirement-ignoring tokens. */
  freeStep: {
    /** Only for ground that would cost more than this in effort: keep free steps for expensive ground. */
    minDrop: 1.6,
    /** What using one up costs. */
    cost: 1.2,
  },
  /** A hand this weak (no card stronger) is swapped with a replace-hand token. */
  replaceHandAtMost: 1,

  /** What the planner would pay to own one more card of a type. */
  purchase: {
    /** Below this value the planner keeps its coins rather than dilute the deck. */
    minValue: 0.8,
    /** Steps of the route ahead whose needs the purchase is weighed against. */
    lookAhead: 14,
    /** Added to the count of needs, so an empty route ahead does not divide by zero and shares stay moderate. */
    needSmoothing: 1,
    /** Symbol cards: a share of strength on top of the route's share; coins also buy, so more. */
    coinExtra: 0.35,
    symbolExtra: 0.1,
    /** A card that pays the strongest step ahead when nothing owned does. */
    unlock: 3,
    /** A joker pays anything, but rarely the strongest step. */
    jokerPerStrength: 0.8,
    drawPerCard: 0.9,
    trashPerCard: 0.4,
    native: 2,
    /** The Transmitter (any other action card). */
    otherAction: 1.2,
    /** A single-use item is spent once. */
    singleUse: 0.6,
    /** Effort left below which a card bought may never come round again. */
    horizon: 12,
    /** Value kept at the very end of the race, and the share that fades with the horizon. */
    lateFloor: 0.3,
    lateShare: 0.7,
  },
});

export type BotWeights = typeof BOT_WEIGHTS;

/**
 * The bots' numbers for the Golden Temples layer only, apart so the base game's weights (and the
 * base calibration that records their hash) stay as they were; the temple calibration fixture
 * records tuningHash(TEMPLE_BOT_WEIGHTS).
 */
export const TEMPLE_BOT_WEIGHTS = frozenTuning({
  /** Keep-worth of a gold coin spent as a step: it also buys, so it goes after a starter card. */
  coinWorth: 2,
});
