import type { Producer } from '../../core/game-module.ts';
import { dataFile } from '../../core/json-file.ts';

const strong = (players: number, games: number): Producer => ({
  name: `strong-${players}`,
  script: dataFile('./calibrate/strong.ts', import.meta.url),
  writes: 'data/strong.json',
  env: { PLAYERS: String(players), N: '60', G: String(games), FIXTURE: '1' },
  about: `the Monte-Carlo player on 60 landscapes × ${games} games at ${players} players, the summary's strong-play figures (about 6–10 minutes on a shared machine)`,
});

/** Lost Valley's producers: the score's model and its check on fresh landscapes, the reference-race model it is measured against, then the far stronger player the summary quotes. */
export const LOST_VALLEY_CALIBRATION: readonly Producer[] = [
  {
    name: 'score-model',
    script: dataFile('./calibrate/score-model.ts', import.meta.url),
    shards: true,
    writes: 'data/score-model.json',
    about:
      'greedy and planner games on 4,536 landscapes over every setting, the analytic score’s heads per kind and table size, checked on 240 held out × 50 games; its bands are as wide as data/strong.json’s strong play tells apart, so rerun it after the strong-play steps when the bots change, and settings-check after it (about 8 minutes on one core)',
  },
  {
    name: 'settings-check',
    script: dataFile('./calibrate/settings-check.ts', import.meta.url),
    shards: true,
    writes: 'data/settings-check.json',
    env: { PLAYERS: '2,3,4', L: '192,64,64', G: '8', FIXTURE: '1' },
    about:
      'greedy and planner games on fresh landscapes of every setting (192 a setting at two players, 64 at three and four, 8 games each): how the shipped score ranks the settings within each table size and across them; rerun it after score-model (about 9 minutes on two cores as two shards)',
  },
  {
    name: 'difficulty',
    script: dataFile('./calibrate/difficulty.ts', import.meta.url),
    writes: 'data/calibration.json',
    about:
      'the reference-race model the analytic score replaced, kept as the baseline its study compares against; no score reads it (about 10 minutes)',
  },
  strong(2, 16),
  strong(3, 16),
  strong(4, 12),
  {
    name: 'plays-bounds',
    script: dataFile('./calibrate/plays-bounds.ts', import.meta.url),
    writes: 'data/plays-bounds.json',
    about: 'every kind of player on 60 landscapes and 30 held out, 6 games each: the ceilings on a play report’s gold (about 2 minutes)',
  },
];
