import { DIRECTIONS, type Axial } from './axial.ts';
import { HexTable } from './hex-table.ts';

/**
 * A shape's spaces by local index with neighbour lists in its own frame. Rotation and
 * translation keep adjacency, so a placed piece (whose spaces come in the shape's order) can be
 * painted entirely in local indices and only mapped to board coordinates at the end.
 */
export interface ShapeTable {
  hexes: readonly Axial[];
  /** neighbours[6 * i + d]: local index of the neighbour of space i in direction d, or -1. */
  neighbours: Int16Array;
  /** Spaces with at least one neighbour outside the shape. */
  edge: readonly number[];
  /** For edge spaces, a direction pointing into the shape (its opposite points out). */
  inward: Int8Array;
}

export function shapeTable(hexes: readonly Axial[]): ShapeTable {
  const at = HexTable.around(hexes);
  hexes.forEach((h, i) => at.set(h.q, h.r, i));
  const n = hexes.length;
  const neighbours = new Int16Array(6 * n);
  const inward = new Int8Array(n).fill(-1);
  const edge: number[] = [];
  hexes.forEach((h, i) => {
    DIRECTIONS.forEach((d, k) => {
      neighbours[6 * i + k] = at.get(h.q + d.q, h.r + d.r);
    });
    if (DIRECTIONS.some((_, k) => neighbours[6 * i + k] === -1)) {
      edge.push(i);
      for (let k = 0; k < 6; k++) {
        if (neighbours[6 * i + k] !== -1 && neighbours[6 * i + ((k + 3) % 6)] === -1) {
          inward[i] = k;
          break;
        }
      }
      if (inward[i] === -1) inward[i] = DIRECTIONS.findIndex((_, k) => neighbours[6 * i + k] !== -1);
    }
  });
  return { hexes, neighbours, edge, inward };
}
