import type { Producer } from '../../core/game-module.ts';
import { dataFile } from '../../core/json-file.ts';

const strong = (players: number): Producer => ({
  name: `strong-${players}`,
  script: dataFile('./calibrate/strong.ts', import.meta.url),
  writes: 'data/strong.json',
  env: { PLAYERS: String(players), N: '100', G: '24', FIXTURE: '1' },
  about: `the Monte-Carlo player on 100 landscapes at ${players} players, the summary's strong-play figures (hours)`,
});

/** Lost Valley's producers: the score's models, then the far stronger player the summary quotes. */
export const LOST_VALLEY_CALIBRATION: readonly Producer[] = [
  {
    name: 'difficulty',
    script: dataFile('./calibrate/difficulty.ts', import.meta.url),
    writes: 'data/calibration.json',
    about: 'greedy and planner races on 240 fitted and 180 held-out landscapes, both kinds’ models (about 10 minutes)',
  },
  strong(2),
  strong(3),
  strong(4),
];
