import { NodeHeap } from '../../../algorithms/min-heap.ts';
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
  /** Per set of modes (a bit each), each link's turns; filled in by the searches as they need them. */
  linkCost: Array<Float64Array | undefined>;
  /** Tiles at intersection v: beside[besideStart[v] .. besideStart[v + 1]). */
  besideStart: Int32Array;
  beside: Int32Array;
  /** Tiles bordering edge e: edgeTile[edgeTileStart[e] .. edgeTileStart[e + 1]). */
  edgeTileStart: Int32Array;
  edgeTile: Int32Array;
  /** The other way round: the intersections at tile t, and the edges it borders. */
  cornerStart: Int32Array;
  corner: Int32Array;
  borderStart: Int32Array;
  border: Int32Array;
}

export const KIND_CODE: Readonly<Record<EdgeKind, number>> = Object.freeze({ overland: 0, river: 1, across: 2, ford: 3 });

/** Which lists each item is in: the inverse of `lists` over items 0 .. count − 1. */
function invert(lists: readonly (readonly number[])[], count: number): number[][] {
  const out: number[][] = Array.from({ length: count }, () => []);
  lists.forEach((list, i) => {
    for (const item of list) out[item]!.push(i);
  });
  return out;
}

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
  const [cornerStart, corner] = flatten(invert(table.beside, table.tiles.length));
  const [borderStart, border] = flatten(invert(table.edgeTiles, table.tiles.length));
  g = {
    linkStart,
    linkTo,
    linkKind,
    linkEdge,
    linkCost: [],
    besideStart,
    beside,
    edgeTileStart,
    edgeTile,
    cornerStart,
    corner,
    borderStart,
    border,
  };
  graphs.set(table, g);
  return g;
}

/**
 * The explored ground as the searches read it: a function of which tiles are face up, kept up
 * to date tile by tile as they turn (within a game they only ever turn up).
 */
export interface Ground {
  /** Which tiles are face up (1). */
  revealed: Uint8Array;
  /** Tiles turned up, in order, since the ground was laid: how far a kept search has to catch up. */
  turned: number[];
  /** Per intersection: tiles at it still face down. */
  faceDown: Int32Array;
  /** Per intersection: engine's `unexplored`, a tile at it still face down. */
  unexplored: Uint8Array;
  /** Per edge: engine's `edgeOpen`, a tile it borders face up. */
  open: Uint8Array;
  /** turnsFrom's answers, by from × 8 + the set of modes, with turned.length when last brought up to date (−Infinity: from another game). */
  turns: Map<number, { dist: Float64Array; seen: number }>;
}

function faceDownGround(g: Graph, tiles: number, edges: number): Ground {
  const vertices = g.besideStart.length - 1;
  const faceDown = new Int32Array(vertices);
  for (let v = 0; v < vertices; v++) faceDown[v] = g.besideStart[v + 1]! - g.besideStart[v]!;
  return {
    revealed: new Uint8Array(tiles),
    turned: [],
    faceDown,
    unexplored: Uint8Array.from(faceDown, (n) => (n > 0 ? 1 : 0)),
    open: new Uint8Array(edges),
    turns: new Map(),
  };
}

function turnUp(g: Graph, ground: Ground, t: number): void {
  ground.revealed[t] = 1;
  ground.turned.push(t);
  for (let i = g.cornerStart[t]!, end = g.cornerStart[t + 1]!; i < end; i++) {
    const v = g.corner[i]!;
    if (--ground.faceDown[v]! === 0) ground.unexplored[v] = 0;
  }
  for (let i = g.borderStart[t]!, end = g.borderStart[t + 1]!; i < end; i++) ground.open[g.border[i]!] = 1;
}

/**
 * Per table: the ground of the game being played, and the landscape lying open, which is the same
 * in every game once the ice runs, so its searches are kept for the table's later games.
 */
const grounds = new WeakMap<Table, { game?: Ground; open?: Ground }>();

export function groundOf(state: GameState, table: Table): Ground {
  const g = graphOf(table);
  const revealed = state.revealed;
  let held = grounds.get(table);
  if (!held) grounds.set(table, (held = {}));
  let up = 0;
  let back = false;
  for (let t = 0; t < revealed.length; t++) {
    if (revealed[t]) up++;
    // A tile turned back face down: another game of the table.
    else if (held.game?.revealed[t]) back = true;
  }
  if (up === table.tiles.length) {
    if (!held.open) {
      held.open = faceDownGround(g, table.tiles.length, table.edgeTiles.length);
      for (let t = 0; t < table.tiles.length; t++) turnUp(g, held.open, t);
    }
    return held.open;
  }
  if (!held.game || back) {
    const turns = held.game?.turns;
    held.game = faceDownGround(g, table.tiles.length, table.edgeTiles.length);
    if (turns) {
      // A new game keeps the last one's arrays, every search in them to be redone (never caught up).
      for (const kept of turns.values()) kept.seen = -Infinity;
      held.game.turns = turns;
    }
  }
  const ground = held.game;
  for (let t = 0; t < revealed.length; t++) if (revealed[t] && !ground.revealed[t]) turnUp(g, ground, t);
  return ground;
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

/** Each link's cost for a set of modes, worked out the first time the set is searched on the graph. */
function linkCostOf(g: Graph, mask: number): Float64Array {
  let costs = g.linkCost[mask];
  if (!costs) {
    const byKind = COST_BY_MODES[mask]!;
    costs = g.linkCost[mask] = new Float64Array(g.linkKind.length);
    for (let i = 0; i < costs.length; i++) costs[i] = byKind[g.linkKind[i]!]!;
  }
  return costs;
}

const heap = new NodeHeap();

/** A kept search further behind than this many turned tiles is searched afresh: catching up costs about as much. */
const CATCH_UP = 6;

/**
 * Turns from `from` to every explored intersection, the best owned mode on each edge; shared and
 * brought up to date in place by later searches, so never to be written to nor kept past the
 * move that asked for it. A node's turns are the least sum over the paths to it (adding a
 * positive cost never lowers a float), so ties in the heap may pop in any order, and a search
 * kept from earlier in the game can be caught up rather than redone: turning tiles up only opens
 * ways, and every new way starts at a corner of a tile turned since.
 */
export function turnsFrom(state: GameState, table: Table, from: number, modes: readonly Mode[]): Float64Array {
  return turnsOn(table, groundOf(state, table), from, modes);
}

/** turnsFrom over a ground already brought up to date (groundOf reads every tile, so a move reads it once). */
export function turnsOn(table: Table, ground: Ground, from: number, modes: readonly Mode[]): Float64Array {
  let mask = 0;
  for (const m of modes) mask |= MODE_BIT[m];
  const key = from * 8 + mask;
  const kept = ground.turns.get(key);
  const now = ground.turned.length;
  if (kept?.seen === now) return kept.dist;
  const g = graphOf(table);
  const cost = linkCostOf(g, mask);
  const { unexplored, open } = ground;
  let dist: Float64Array;
  // Searches are caught up or redone in the arrays they were kept in: allocating typed arrays cost more than searching.
  if (kept && now - kept.seen <= CATCH_UP) {
    dist = kept.dist;
    heap.reset(dist);
    for (let k = kept.seen; k < now; k++) {
      const t = ground.turned[k]!;
      for (let i = g.cornerStart[t]!, end = g.cornerStart[t + 1]!; i < end; i++) {
        const v = g.corner[i]!;
        if (dist[v] !== Infinity && (v === from || !unexplored[v])) relax(g, cost, open, dist, v);
      }
    }
  } else {
    dist = kept ? kept.dist.fill(Infinity) : new Float64Array(table.vertices.length).fill(Infinity);
    dist[from] = 0;
    heap.reset(dist);
    heap.lowered(from);
  }
  while (heap.size > 0) {
    const x = heap.pop();
    // Exploring stops movement: nothing lies beyond an unexplored intersection yet.
    if (x === from || !unexplored[x]) relax(g, cost, open, dist, x);
  }
  if (kept) kept.seen = now;
  else ground.turns.set(key, { dist, seen: now });
  return dist;
}

function relax(g: Graph, cost: Float64Array, open: Uint8Array, dist: Float64Array, x: number): void {
  const dx = dist[x]!;
  for (let i = g.linkStart[x]!, end = g.linkStart[x + 1]!; i < end; i++) {
    const d = dx + cost[i]!;
    const y = g.linkTo[i]!;
    if (d < dist[y]! && open[g.linkEdge[i]!]) {
      dist[y] = d;
      heap.lowered(y);
    }
  }
}
