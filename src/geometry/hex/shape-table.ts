import { DIRECTIONS, compareAxial, rotate, type Axial } from './axial.ts';
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
  /** The shape turned by 0–5 × 60°, indexed by turns: what placing a piece needs, computed once. */
  turned: readonly TurnedShape[];
}

/**
 * A shape turned about the origin. Placing it is adding a translation to every space, which
 * keeps the row-then-column order of its spaces, so that order is fixed per turn too.
 */
export interface TurnedShape {
  /** q[i], r[i]: local space i, turned. */
  q: Int32Array;
  r: Int32Array;
  /** Local indices in board order (compareAxial: row, then column). */
  order: Uint16Array;
  /** rank[i]: where local space i stands in `order`. */
  rank: Uint16Array;
  /**
   * The ring of hexes touching the turned shape from outside. A placement whose own hexes are
   * free touches another piece exactly when a halo hex is taken, so checking contact costs the
   * ring (24 hexes for the hexagon) rather than six look-ups per space.
   */
  haloQ: Int32Array;
  haloR: Int32Array;
  /** adj[6 * k + d]: the rank of the neighbour in direction d of the space ranked k, or -1 outside the shape. */
  adj: Int16Array;
}

function turnedShape(hexes: readonly Axial[], turns: number): TurnedShape {
  const n = hexes.length;
  const turned = hexes.map((h) => rotate(h, turns));
  const q = Int32Array.from(turned, (h) => h.q);
  const r = Int32Array.from(turned, (h) => h.r);
  const order = Uint16Array.from(turned.map((_, i) => i).sort((x, y) => compareAxial(turned[x] as Axial, turned[y] as Axial)));
  const rank = new Uint16Array(n);
  order.forEach((i, k) => (rank[i] = k));
  const inside = new Set(turned.map((h) => `${h.q},${h.r}`));
  const halo = new Map<string, Axial>();
  for (const h of turned) {
    for (const d of DIRECTIONS) {
      const o = { q: h.q + d.q, r: h.r + d.r };
      const key = `${o.q},${o.r}`;
      if (!inside.has(key) && !halo.has(key)) halo.set(key, o);
    }
  }
  const ring = [...halo.values()].sort(compareAxial);
  const rankAt = new Map(turned.map((h, i) => [`${h.q},${h.r}`, rank[i] as number]));
  const adj = new Int16Array(6 * n).fill(-1);
  order.forEach((i, k) => {
    const h = turned[i] as Axial;
    DIRECTIONS.forEach((d, e) => (adj[6 * k + e] = rankAt.get(`${h.q + d.q},${h.r + d.r}`) ?? -1));
  });
  return { q, r, order, rank, haloQ: Int32Array.from(ring, (h) => h.q), haloR: Int32Array.from(ring, (h) => h.r), adj };
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
  const turned = [0, 1, 2, 3, 4, 5].map((t) => turnedShape(hexes, t));
  return { hexes, neighbours, edge, inward, turned };
}
