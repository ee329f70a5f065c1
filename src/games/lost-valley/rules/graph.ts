import { NodeHeap } from '../../../core/min-heap.ts';
import type { EdgeKind } from '../movement.ts';
import type { GameState, Mode } from './engine.ts';
import type { Table } from './table.ts';

/**
 * The table's links, tile corners and edge borders as flat typed arrays: the bots search the
 * landscape several times a turn, and walking nested arrays of tuples with closures was most of
 * a game's time. Built once per table (a table is never changed after buildTable).
 */
export interface Graph {
  /** Links of intersection v are linkTo/linkKind/linkEdge[linkStart[v] .. linkStart[v + 1]), in table.links order. */
  linkStart: Int32Array;
  linkTo: Int32Array;
  linkKind: Uint8Array;
  linkEdge: Int32Array;
  /** Tiles at intersection v: beside[besideStart[v] .. besideStart[v + 1]). */
  besideStart: Int32Array;
  beside: Int32Array;
  /** Tiles bordering edge e: edgeTile[edgeTileStart[e] .. edgeTileStart[e + 1]). */
  edgeTileStart: Int32Array;
  edgeTile: Int32Array;
}

export const KIND_CODE: Readonly<Record<EdgeKind, number>> = Object.freeze({ overland: 0, river: 1, across: 2, ford: 3 });
export const OVERLAND = 0;
export const ACROSS = 2;
export const FORD = 3;

function flatten(lists: readonly (readonly number[])[]): [Int32Array, Int32Array] {
  const start = new Int32Array(lists.length + 1);
  for (let i = 0; i < lists.length; i++) start[i + 1] = start[i]! + lists[i]!.length;
  const items = new Int32Array(start[lists.length]!);
  for (let i = 0; i < lists.length; i++) items.set(lists[i]!, start[i]!);
  return [start, items];
}

const graphs = new WeakMap<Table, Graph>();

export function graphOf(table: Table): Graph {
  let g = graphs.get(table);
  if (g) return g;
  const [linkStart, linkTo] = flatten(table.links.map((list) => list.map((l) => l[0])));
  const linkEdge = flatten(table.links.map((list) => list.map((l) => l[2])))[1];
  const linkKind = Uint8Array.from(table.links.flatMap((list) => list.map((l) => KIND_CODE[l[1]])));
  const [besideStart, beside] = flatten(table.beside);
  const [edgeTileStart, edgeTile] = flatten(table.edgeTiles);
  g = { linkStart, linkTo, linkKind, linkEdge, besideStart, beside, edgeTileStart, edgeTile };
  graphs.set(table, g);
  return g;
}

/** Same as engine's `unexplored`: a tile at v is still face down. */
export function isUnexplored(g: Graph, revealed: readonly boolean[], v: number): boolean {
  for (let i = g.besideStart[v]!, end = g.besideStart[v + 1]!; i < end; i++) if (!revealed[g.beside[i]!]) return true;
  return false;
}

/** Same as engine's `edgeOpen`: a tile it borders is explored. */
export function isOpen(g: Graph, revealed: readonly boolean[], e: number): boolean {
  for (let i = g.edgeTileStart[e]!, end = g.edgeTileStart[e + 1]!; i < end; i++) if (revealed[g.edgeTile[i]!]) return true;
  return false;
}

/** Turns per edge by mode, as the bots reckon them (a mode missing an edge kind cannot take it). */
const COST: Readonly<Record<Mode, Partial<Record<EdgeKind, number>>>> = {
  foot: { overland: 1, ford: 1, river: 0.5 },
  horse: { overland: 0.5, ford: 0.5, river: 0.5 },
  boat: { river: 1 / 3, ford: 1 / 3, across: 1 / 3 },
};
const KINDS = Object.keys(KIND_CODE) as EdgeKind[];
const MODE_BIT: Readonly<Record<Mode, number>> = { foot: 1, horse: 2, boat: 4 };
/** Per set of modes (a bit each): the cheapest cost of each edge kind, by kind code. */
const COST_BY_MODES: Float64Array[] = Array.from({ length: 8 }, (_, mask) =>
  Float64Array.from(KINDS, (kind) => {
    let c = Infinity;
    for (const m of Object.keys(MODE_BIT) as Mode[]) if (mask & MODE_BIT[m]) c = Math.min(c, COST[m][kind] ?? Infinity);
    return c;
  }),
);

const heap = new NodeHeap();

/**
 * Turns from `from` to every explored intersection, the best owned mode on each edge. Ties in
 * the heap may pop in any order: a node's turns are the least sum over the paths to it, which
 * no visiting order changes (adding a positive cost never lowers a float).
 */
export function turnsFrom(state: GameState, table: Table, from: number, modes: readonly Mode[]): Float64Array {
  const g = graphOf(table);
  let mask = 0;
  for (const m of modes) mask |= MODE_BIT[m];
  const cost = COST_BY_MODES[mask]!;
  const revealed = state.revealed;
  const dist = new Float64Array(table.vertices.length).fill(Infinity);
  dist[from] = 0;
  heap.reset(dist);
  heap.lowered(from);
  while (heap.size > 0) {
    const x = heap.pop();
    // Exploring stops movement: nothing lies beyond an unexplored intersection yet.
    if (x !== from && isUnexplored(g, revealed, x)) continue;
    const dx = dist[x]!;
    for (let i = g.linkStart[x]!, end = g.linkStart[x + 1]!; i < end; i++) {
      const d = dx + cost[g.linkKind[i]!]!;
      const y = g.linkTo[i]!;
      if (d < dist[y]! && isOpen(g, revealed, g.linkEdge[i]!)) {
        dist[y] = d;
        heap.lowered(y);
      }
    }
  }
  return dist;
}
