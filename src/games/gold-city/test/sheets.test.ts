import { describe, expect, it } from 'vitest';
import { buildScoredMap } from '../../../core/maps.ts';
import { DEFAULT_STYLE } from '../../../core/scene.ts';
import { officeArea, sheetArea } from '../../../formats/print-layout.ts';
import { expectOneSizePerRole } from '../../../../test/support/scene-text.ts';
import { PRESETS } from '../box-course.ts';
import { goldCity } from '../index.ts';

const style = { ...DEFAULT_STYLE, hexSize: 14 };

describe('Gold City sheets: one type size per role', () => {
  it('every preset course and box course: the setup sheet sets its steps at one size', () => {
    const maps = [
      ...Object.keys(PRESETS).map((course) => buildScoredMap(goldCity, '1', { course })),
      ...['5', '9'].map((seed) => buildScoredMap(goldCity, seed, { tiles: 'box' })),
    ];
    for (const map of maps)
      for (const area of [sheetArea('a4'), sheetArea('letter')]) {
        const { sheets } = goldCity.setup!(map as never, style, area);
        expect(sheets).toHaveLength(1);
        expect(expectOneSizePerRole(sheets)).toBe(1);
      }
  });

  it('kits with caves, temples and guardians, and a long course: steps and headers at one size on every sheet', () => {
    for (const options of [{ temples: true }, { pieces: 9 }, { pieces: 3 }]) {
      const map = buildScoredMap(goldCity, '42', options);
      expect(expectOneSizePerRole(goldCity.sheets!(map as never, style, officeArea()))).toBe(1);
    }
  });
});
