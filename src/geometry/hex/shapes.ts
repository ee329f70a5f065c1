import { defineHex, Grid, Orientation, line, spiral, Direction } from 'honeycomb-grid';
import { compareAxial, type Axial } from './axial.ts';

/** honeycomb-grid builds the shapes once; everything after works on plain arrays. */
const Tile = defineHex({ orientation: Orientation.POINTY });

function fromGrid(grid: Grid<InstanceType<typeof Tile>>): Axial[] {
  return grid
    .toArray()
    .map((h) => ({ q: h.q, r: h.r }))
    .sort(compareAxial);
}

/** The radius-3 hexagon of the terrain and start pieces: 37 spaces. */
export const HEXAGON_3: readonly Axial[] = fromGrid(new Grid(Tile, spiral({ start: [0, 0], radius: 3 })));

/**
 * The 16-space strip: rows of 5, 6 and 5 centred on each other, so both long sides lie flush
 * against a hexagon's side.
 */
export const STRIP_565: readonly Axial[] = fromGrid(
  new Grid(Tile, [
    line({ start: [-2, -1], direction: Direction.E, length: 5 }),
    line({ start: [-3, 0], direction: Direction.E, length: 6 }),
    line({ start: [-3, 1], direction: Direction.E, length: 5 }),
  ]),
);

/** The finish piece: a row of four finishing spaces, as long as a hexagon's side. */
export const FINISH_ROW: readonly Axial[] = fromGrid(new Grid(Tile, line({ start: [0, 0], direction: Direction.E, length: 4 })));
