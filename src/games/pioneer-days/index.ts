import { PIONEER_DAYS_CALIBRATION } from './calibration.ts';
import { pioneerDaysPlays } from './plays.ts';
import type { GameModule } from '../../core/game-module.ts';
import { SCHEMAS } from './schemas.ts';
import { generatePioneerDays } from './generate.ts';
import { GAME_ID, GENERATOR_VERSION, type PioneerDaysMap, type PioneerDaysOptions } from './model.ts';
import { playtest, type Playtest } from './rules/playtest.ts';
import { pioneerDaysScene, trailTitle } from './scene.ts';
import { scorePioneerDays, type PioneerDaysScore } from './score.ts';
import { summarisePioneerDays, summarisePioneerDaysPlaytest } from './summary.ts';
import { validatePioneerDays } from './validate.ts';
import { pioneerDaysSheets } from './sheets.ts';
import { pioneerDaysSetup } from './setup-sheet.ts';

export const pioneerDays: GameModule<PioneerDaysOptions, PioneerDaysMap, PioneerDaysScore, Playtest> = {
  id: GAME_ID,
  title: 'Pioneer Days (trail)',
  generatorVersion: GENERATOR_VERSION,
  optionsSchema: SCHEMAS.options!,
  mapSchema: SCHEMAS.map!,
  generate: generatePioneerDays,
  validate: validatePioneerDays,
  score: scorePioneerDays,
  summarise: summarisePioneerDays,
  scene: pioneerDaysScene,
  mapTitle: trailTitle,
  sheets: pioneerDaysSheets,
  setup: pioneerDaysSetup,
  playerKinds: [
    { id: 'settler', label: 'settlers (greedy)' },
    { id: 'planner', label: 'planners (every turn tried)' },
  ],
  playtest,
  summarisePlaytest: summarisePioneerDaysPlaytest,
  plays: pioneerDaysPlays,
  calibration: PIONEER_DAYS_CALIBRATION,
  // A trail sheet is a column of text and spaces read at the table: no hexes to size for a
  // virtual tabletop, nothing an A0 poster adds.
  downloads: ['json', 'svg', 'png', 'pdf-kit-a4', 'pdf-setup-a4', 'pdf-kit-letter', 'pdf-a4', 'pdf-letter', 'pdf-fit'],
};
