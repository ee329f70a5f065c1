import type { Producer } from '../../core/game-module.ts';
import { dataFile } from '../../core/json-file.ts';

/** Pioneer Days' producers. */
export const PIONEER_DAYS_CALIBRATION: readonly Producer[] = [
  {
    name: 'difficulty',
    script: dataFile('./calibrate/difficulty.ts', import.meta.url),
    writes: 'data/calibration.json',
    about: 'settler and planner games on 600 fitted and 240 held-out trails a table size, the VP models (about 6 minutes on 2 cores in three processes, longer in one)',
  },
];
