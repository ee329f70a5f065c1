import { courseTitle } from './drawings.ts';
import { GOLD_CITY_CALIBRATION } from './calibration.ts';
import { summariseGoldCity, summariseGoldCityPlaytest } from './summary.ts';
import { goldCityOutOfReach, steerGoldCity } from './steer.ts';
import { goldCityPlays } from './plays.ts';
import type { GameModule } from '../../core/game-module.ts';
import { SCHEMAS } from './schemas.ts';
import { generateGoldCity } from './generate.ts';
import { GAME_ID, GENERATOR_VERSION, type GoldCityMap, type GoldCityOptions } from './model.ts';
import { validateGoldCity } from './validate.ts';
import { goldCityScene } from './scene.ts';
import { goldCitySheets } from './sheets.ts';
import { goldCitySetup, goldCitySetupMissing } from './setup-sheet.ts';
import { goldCityTablePieces } from './table-pieces.ts';
import { scoreGoldCity, type GoldCityScore } from './score.ts';
import { playtest, type Playtest } from './rules/playtest.ts';
import { balanceSeats, type BalanceReport } from './rules/balance.ts';

export const goldCity: GameModule<GoldCityOptions, GoldCityMap, GoldCityScore, Playtest, BalanceReport> = {
  id: GAME_ID,
  title: 'Gold City',
  generatorVersion: GENERATOR_VERSION,
  optionsSchema: SCHEMAS.options!,
  mapSchema: SCHEMAS.map!,
  generate: generateGoldCity,
  validate: validateGoldCity,
  steer: steerGoldCity,
  outOfReach: goldCityOutOfReach,
  summarise: summariseGoldCity,
  scene: goldCityScene,
  mapTitle: courseTitle,
  sheets: goldCitySheets,
  setup: goldCitySetup,
  setupMissing: goldCitySetupMissing,
  tablePieces: goldCityTablePieces,
  score: scoreGoldCity,
  playerKinds: [
    { id: 'planner', label: 'planners (best single play)' },
    { id: 'sampler', label: 'samplers (Monte Carlo turns)' },
  ],
  playtest,
  summarisePlaytest: summariseGoldCityPlaytest,
  plays: goldCityPlays,
  calibration: GOLD_CITY_CALIBRATION,
  balance: (map, games) => {
    const report = balanceSeats(map, { screen: games, confirm: 3 * games });
    return { options: { stagger: report.stagger }, report };
  },
};
