import type { Producer } from '../../core/game-module.ts';
import { dataFile } from '../../core/json-file.ts';

const strong = (players: number): Producer => ({
  name: `strong-${players}`,
  script: dataFile('./calibrate/strong.ts', import.meta.url),
  writes: 'data/strong.json',
  env: { PLAYERS: String(players), N: '100', G: '24', FIXTURE: '1' },
  about: `the Monte-Carlo player on 100 landscapes at ${players} players, the summary's strong-play figures (hours)`,
});

/** Lost Valley's producers: the score's model, the reference-race model it is measured against, then the far stronger player the summary quotes. */
export const LOST_VALLEY_CALIBRATION: readonly Producer[] = [
  {
    name: 'score-model',
    script: dataFile('./calibrate/score-model.ts', import.meta.url),
    shards: true,
    writes: 'data/score-model.json',
    about:
      'greedy and planner games on 4,536 landscapes over every setting, the analytic score’s heads per kind and table size, checked on 240 held out × 50 games (about 8 minutes on one core)',
  },
  {
    name: 'difficulty',
    script: dataFile('./calibrate/difficulty.ts', import.meta.url),
    writes: 'data/calibration.json',
    about:
      'the reference-race model the analytic score replaced, kept as the baseline its study compares against; no score reads it (about 10 minutes)',
  },
  strong(2),
  strong(3),
  strong(4),
  {
    name: 'plays-bounds',
    script: dataFile('./calibrate/plays-bounds.ts', import.meta.url),
    writes: 'data/plays-bounds.json',
    about: 'every kind of player on 60 landscapes and 30 held out, 6 games each: the ceilings on a play report’s gold (about 2 minutes)',
  },
];
