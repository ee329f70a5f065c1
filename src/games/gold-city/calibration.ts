import type { Producer } from '../../core/game-module.ts';
import { dataFile } from '../../core/json-file.ts';

const step = (name: string, writes: string, about: string): Producer => ({
  name,
  script: dataFile(`./calibrate/${name}.ts`, import.meta.url),
  writes,
  about,
});

/** Gold City's producers, in the order each reads what the one before wrote. */
export const GOLD_CITY_CALIBRATION: readonly Producer[] = [
  step(
    'rulebook-courses',
    'data/rulebook/<course>.json',
    'the printed rulebook courses as map documents, from the tile and course tables (seconds)',
  ),
  step(
    'difficulty',
    'data/calibration.json',
    'planner games on 720 fitted and 360 held-out courses, the rounds model (about 40 s on 2 cores)',
  ),
  step('temples', 'data/temples.json', 'the Golden Temples rounds model and scale (a few minutes)'),
  step('players', 'data/players.json', 'planner against Monte-Carlo sampler on held-out courses: the interval (about 6 minutes)'),
  step('seats', 'data/seats.json', 'seat shares under every stagger, the seat models (about 30 minutes)'),
  step('temple-seats', 'data/temple-seats.json', 'seat shares on temple courses (a few minutes)'),
  step('balance', 'data/balance.json', 'the balance search checked on 24 unseen courses (about 15 minutes)'),
  step(
    'plays-bounds',
    'data/plays-bounds.json',
    'every kind of player on 60 courses and 30 held out, 6 games each: the floor on a play report’s rounds (about 4 minutes)',
  ),
];
