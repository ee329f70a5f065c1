/**
 * Where Gold City generation spends its time: the stages of generate.ts run one by one on the
 * same seeds, each timed (median over rounds of the mean per map, in µs), after checking that
 * running them so builds exactly the spaces generateGoldCity builds. The document itself (its
 * objects, gate, digest setter) is what is left of a whole generation.
 */
import { Rng } from '../src/core/rng.ts';
import { layBlockades } from '../src/games/gold-city/blockades.ts';
import { hideCaves } from '../src/games/gold-city/caves.ts';
import { courseBoard, toSpaces } from '../src/games/gold-city/course-board.ts';
import { layCourse } from '../src/games/gold-city/course.ts';
import { generateGoldCity, paintGround } from '../src/games/gold-city/generate.ts';
import { GAME_ID, type GoldCityOptions } from '../src/games/gold-city/model.ts';
import { makePassable } from '../src/games/gold-city/passable.ts';
import { median } from './measure.ts';

export const STAGES = ['course', 'board', 'ground', 'passability', 'blockades', 'caves', 'spaces'] as const;

function staged(seed: string, options: GoldCityOptions, lap: (stage: (typeof STAGES)[number]) => void): ReturnType<typeof toSpaces> {
  const rng = Rng.fromSeed(`${GAME_ID}\u001f${seed}`);
  const course = layCourse(rng.fork('course'), options);
  lap('course');
  const board = courseBoard(course);
  lap('board');
  paintGround(rng.fork('terrain'), board, options.tier);
  lap('ground');
  makePassable(board);
  lap('passability');
  if (options.blockades) layBlockades(rng.fork('blockades'), course.pieces.map((p) => p.id), options.tier);
  lap('blockades');
  if (options.caves) hideCaves(rng.fork('caves'), board, options.pieces);
  lap('caves');
  const spaces = toSpaces(board);
  lap('spaces');
  return spaces;
}

export function stageTimes(options: GoldCityOptions, { rounds = 40, batch = 50 } = {}): Record<(typeof STAGES)[number], number> {
  for (let i = 0; i < 5; i++) {
    const seed = `stages-check-${i}`;
    if (JSON.stringify(staged(seed, options, () => {})) !== JSON.stringify(generateGoldCity(seed, options).spaces)) throw new Error('the staged pipeline no longer matches generateGoldCity');
  }
  const sums = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<(typeof STAGES)[number], number>;
  const perRound = Object.fromEntries(STAGES.map((s) => [s, [] as number[]])) as Record<(typeof STAGES)[number], number[]>;
  let t = 0;
  const lap = (stage: (typeof STAGES)[number]) => {
    const now = performance.now();
    sums[stage] += now - t;
    t = now;
  };
  let n = 0;
  for (let i = 0; i < 500; i++) staged(`stages-warm-${i}`, options, () => {});
  for (let round = 0; round < rounds; round++) {
    for (const s of STAGES) sums[s] = 0;
    for (let i = 0; i < batch; i++) {
      t = performance.now();
      staged(`stages-${n++}`, options, lap);
    }
    for (const s of STAGES) perRound[s].push((1000 * sums[s]) / batch);
  }
  return Object.fromEntries(STAGES.map((s) => [s, median(perRound[s])])) as Record<(typeof STAGES)[number], number>;
}
