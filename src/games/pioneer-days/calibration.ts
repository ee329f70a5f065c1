import type { Producer } from '../../core/game-module.ts';
import { dataFile } from '../../core/json-file.ts';

/** Pioneer Days' producers: the score's model, then the reference-game model it is measured against. */
export const PIONEER_DAYS_CALIBRATION: readonly Producer[] = [
  {
    name: 'score-model',
    script: dataFile('./calibrate/score-model.ts', import.meta.url),
    shards: true,
    writes: 'data/score-model.json',
    about:
      'settler and planner games on 500 trails a table size (12 + 8 each) and 150 held out with 50 of each kind, the analytic score’s heads per kind and table size (tens of minutes on two cores; a game cache refits in seconds)',
  },
  {
    name: 'difficulty',
    script: dataFile('./calibrate/difficulty.ts', import.meta.url),
    writes: 'data/calibration.json',
    about:
      'the reference-game model the analytic score replaced, kept as the baseline its study compares against and for the bots’ weight hashes (about 6 minutes on 2 cores in three processes)',
  },
  {
    name: 'plays-bounds',
    script: dataFile('./calibrate/plays-bounds.ts', import.meta.url),
    writes: 'data/plays-bounds.json',
    about: 'every kind of player on 60 trails and 30 held out, 6 games each: the ceilings on a play report’s VP (about 2 minutes)',
  },
];
