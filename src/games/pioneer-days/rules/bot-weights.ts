import { frozenTuning } from '../../../core/play/tuning.ts';

/**
 * Every tuning number of the Pioneer Days bots, in one place. The calibration fixture records
 * tuningHash(BOT_WEIGHTS): change a number and the difficulty model must be refitted.
 */
export const BOT_WEIGHTS = frozenTuning({
  /** VP a silver is worth (wagons, face changes and famine are what it buys). */
  silver: 0.4,
  /** Base worth of wood or medicine before any need for it. */
  supply: 0.6,
  /** Expected nuggets on a gold token (the bag's mean is 1.94). */
  gold: 1.9,
  favour: 2.4,
  /** Extra worth of an item the week's towns still need from this player, per favour it earns. */
  needPerFavour: 1.2,
  /** Chance per remaining turn that a triggered card fires. */
  triggerRate: 0.3,
  protect: 2.5,
  spacePerSlot: 1.2,
  changeCostOff: 1.5,
  /** Worth of medicine held against disease while townsfolk outnumber it. */
  diseaseCover: 0.8,
  /** Worth of wood held against a storm while wagons outnumber it. */
  stormCover: 0.5,
  /**
   * Worth lost per item that will not fit in the wagons: above any single item's worth, so the
   * settler takes what it must throw away only when nothing else is on offer. At 0.9 it threw
   * away 8–10 items a solo game; 8 scores most of the values tried (0.9, 4, 8, 20) at every
   * table size (docs/studies/pioneer-days-and-gold-city-difficulty.md).
   */
  overflow: 8,
  /** How much a bot minds leaving a die that sets off a disaster on itself. */
  disasterAversion: 1,
  /** Noise added to each option's worth by seeded bots, so games on one trail differ. */
  noise: 0.6,
  /** A bot buys a wagon when this few spaces are free and the silver is there. */
  wagonWhenFree: 1,
});
