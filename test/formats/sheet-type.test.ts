import { describe, expect, it } from 'vitest';
import { buildScoredMap } from '../../src/core/maps.ts';
import { DEFAULT_STYLE } from '../../src/core/scene.ts';
import { MIN_TEXT_MM } from '../../src/drawing/text-fit.ts';
import { officeArea, sheetArea } from '../../src/formats/print-layout.ts';
import { KIT_SIZES, largestFitting, setupMissing, sheetMaker } from '../../src/formats/sheet-layout.ts';
import { GAMES } from '../../src/games/index.ts';
import { expectOneSizePerRole } from '../support/scene-text.ts';

describe('kit and setup sheets: one type size per role', () => {
  for (const game of GAMES.filter((g) => g.sheets || g.setup)) {
    it(`${game.id}: each sheet's steps at one size, its header's title and note at one size each, none under ${MIN_TEXT_MM} mm`, () => {
      for (const seed of ['1', '42']) {
        const map = buildScoredMap(game, seed, {});
        const layouts = [...(game.sheets ? (['kit'] as const) : []), ...(setupMissing(game, map) ? [] : (['setup'] as const))];
        for (const layout of layouts) {
          const make = sheetMaker(game, map, layout);
          const hexSize = largestFitting(make, map, DEFAULT_STYLE, officeArea(), KIT_SIZES) ?? 8;
          for (const area of [sheetArea('a4'), sheetArea('letter')]) {
            const withSteps = expectOneSizePerRole(make(map, { ...DEFAULT_STYLE, hexSize }, area));
            // Every kit and setup has a sheet of steps: the check above is not run over nothing.
            expect(withSteps, `${game.id} ${layout} seed ${seed}`).toBeGreaterThan(0);
          }
        }
      }
    });
  }
});
