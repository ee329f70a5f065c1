import { InputError, type ScoredMap } from '../core/maps.ts';
import type { AnyGameModule } from '../core/game-module.ts';
import type { Scene, Style } from '../core/scene.ts';
import { fitsArea } from './print-layout.ts';

/** Kit hex sizes tried, largest first: whole millimetres from the board's 20 down to the schema's 8. */
export const KIT_SIZES = Array.from({ length: 13 }, (_, i) => 20 - i);

export type SheetLayout = 'kit' | 'setup';
export type SheetMaker = (map: ScoredMap, style: Style, area: { width: number; height: number }) => Scene[];

/** The largest of `sizes` at which every sheet fits `area`, if any does. */
export function largestFitting(
  sheets: SheetMaker,
  map: ScoredMap,
  style: Style,
  area: { width: number; height: number },
  sizes: number[],
): number | undefined {
  return sizes.find((hexSize) => sheets(map, { ...style, hexSize }, area).every((s: Scene) => fitsArea(s.width, s.height, area)));
}

const NO_SETUP = 'this map has no setup sheet; use layout=kit or layout=board';

/**
 * Why this map has no setup sheet, or undefined when it has one, without drawing it (a download
 * list asks for every map it shows). A game without the part says so; a game with it may still
 * have none for this map (a generated Gold City course is no box's), which its setupMissing reads.
 */
export function setupMissing(game: AnyGameModule, map: ScoredMap): string | undefined {
  if (!game.setup) return `${game.id} has no setup sheet for its printed components; use layout=kit or layout=board`;
  return game.setupMissing?.(map);
}

/** What draws the sheets of a sheet layout (kit or setup), or an InputError naming `layout`. */
export function sheetMaker(game: AnyGameModule, map: ScoredMap, layout: SheetLayout): SheetMaker {
  if (layout === 'kit') {
    const { sheets } = game;
    if (!sheets) throw new InputError([{ field: 'layout', message: `${game.id} has no print-and-play kit yet; use layout=board` }]);
    return (m, style, area) => sheets(m, style, area);
  }
  const { setup } = game;
  if (!setup) throw new InputError([{ field: 'layout', message: setupMissing(game, map)! }]);
  // The setup is drawn once it is asked for; a map it cannot make is refused with the game's why.
  return (m, style, area) => {
    const drawn = setup(m, style, area);
    if (drawn.sheets.length === 0) throw new InputError([{ field: 'layout', message: drawn.why ?? NO_SETUP }]);
    return drawn.sheets;
  };
}
