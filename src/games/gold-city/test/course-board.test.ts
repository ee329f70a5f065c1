import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseOptions } from '../../../core/maps.ts';
import { Rng } from '../../../core/rng.ts';
import { buildBoard } from '../board.ts';
import { courseBoard, toSpaces } from '../course-board.ts';
import { layCourse } from '../course.ts';
import { generateGoldCity } from '../generate.ts';
import { goldCity } from '../index.ts';
import type { GoldCityOptions } from '../model.ts';
import { goldCityOptions, seedString } from './arbitraries.ts';

describe('the typed-array board generation paints on', () => {
  it('has the adjacency of its hexes (taken from shapes and seams, not looked up) and the document order of its spaces', () => {
    fc.assert(
      fc.property(seedString, goldCityOptions, (seed, given) => {
        const options = normaliseOptions(goldCity, given) as unknown as GoldCityOptions;
        const course = layCourse(Rng.fromSeed(`gold-city\u001f${seed}`).fork('course'), options);
        const board = courseBoard(course);
        const spaces = toSpaces(board);
        // buildBoard works from coordinates alone: the reference.
        expect(Array.from(board.adj)).toEqual(
          Array.from(
            buildBoard(
              spaces,
              course.pieces.map((p) => p.id),
            ).adj,
          ),
        );
        const doc = generateGoldCity(seed, options);
        expect(spaces.map((s) => [s.q, s.r, s.piece])).toEqual(doc.spaces.map((s) => [s.q, s.r, s.piece]));
      }),
      { numRuns: 300, seed: 20261130 },
    );
  });
});
