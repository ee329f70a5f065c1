import { LOST_VALLEY_CALIBRATION } from './calibration.ts';
import { summariseLostValley, summariseLostValleyPlaytest } from './summary.ts';
import { lostValleyPlays } from './plays.ts';
import type { GameModule } from '../../core/game-module.ts';
import { SCHEMAS } from './schemas.ts';
import { generateLostValley } from './generate.ts';
import { GAME_ID, GENERATOR_VERSION, type LostValleyMap, type LostValleyOptions } from './model.ts';
import { landscapeTitle, lostValleyScene } from './scene.ts';
import { lostValleySheets } from './kit.ts';
import { lostValleyTablePieces } from './table-pieces.ts';
import { scoreLostValley, type LostValleyScore } from './score.ts';
import { validateLostValley } from './validate.ts';
import { playtest, type Playtest } from './rules/playtest.ts';
import { steerLostValley } from './steer.ts';

export const lostValley: GameModule<LostValleyOptions, LostValleyMap, LostValleyScore, Playtest> = {
  id: GAME_ID,
  title: 'Lost Valley (waterfall landscape)',
  generatorVersion: GENERATOR_VERSION,
  optionsSchema: SCHEMAS.options!,
  mapSchema: SCHEMAS.map!,
  generate: generateLostValley,
  validate: validateLostValley,
  score: scoreLostValley,
  summarise: summariseLostValley,
  scene: lostValleyScene,
  mapTitle: landscapeTitle,
  sheets: lostValleySheets,
  tablePieces: lostValleyTablePieces,
  steer: steerLostValley,
  playerKinds: [
    { id: 'greedy', label: 'greedy bots (best action here)' },
    { id: 'planner', label: 'planners (claim by claim)' },
  ],
  playtest: (map, { games, kind }) => playtest(map, { games, ...(kind === undefined ? {} : { player: kind }) }),
  summarisePlaytest: summariseLostValleyPlaytest,
  plays: lostValleyPlays,
  calibration: LOST_VALLEY_CALIBRATION,
};
