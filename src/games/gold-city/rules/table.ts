import { Arena } from '../../../algorithms/arena.ts';
import { DIRECTIONS } from '../../../geometry/hex/axial.ts';
import type { StepCosts } from './potential.ts';
import type { Blockade, GoldCityMap, Guardian, Space } from '../model.ts';

/** Ground codes for the hot loops. */
export const G = { jungle: 0, water: 1, village: 2, rubble: 3, basecamp: 4, mountain: 5, start: 6, finish: 7, torch: 8 } as const;
const CODE: Record<Space['terrain'], number> = G;

/** CODE[terrain], as a switch: the keyed look-up, once per space, was about 2% of a score. */
function groundCode(terrain: Space['terrain']): number {
  switch (terrain) {
    case 'jungle':
      return G.jungle;
    case 'water':
      return G.water;
    case 'village':
      return G.village;
    case 'rubble':
      return G.rubble;
    case 'basecamp':
      return G.basecamp;
    case 'mountain':
      return G.mountain;
    case 'start':
      return G.start;
    case 'finish':
      return G.finish;
    case 'torch':
      return G.torch;
    default:
      return CODE[terrain];
  }
}

/**
 * A course prepared for play and analysis: flat arrays by space index. Static for a whole game,
 * shared by every state and by the analytic scorer.
 */
export interface Table {
  map: GoldCityMap;
  n: number;
  ground: Uint8Array;
  strength: Uint8Array;
  piece: Int16Array;
  /** 6 slots per space, -1 where there is no neighbour. */
  adj: Int32Array;
  /**
   * The neighbours a step can reach (not mountains), in direction order: those of space i are
   * open[openStart[i]] … open[openStart[i + 1] − 1]. The searches walk these: no empty slots or
   * mountains to test on every step.
   */
  open: Int32Array;
  openStart: Int32Array;
  /** Where each numbered start space's pawn begins, in number order (a stagger moves some in). */
  starts: number[];
  /** The numbered start spaces themselves, in number order. */
  homes: number[];
  finishes: Uint8Array;
  /** blockadeAt[pieceA * pieces + pieceB]: index into map.blockades, or -1. */
  blockadeAt: Int16Array;
  pieces: number;
  blockades: Blockade[];
  /** Cave index per space (into map.caves), -1 where none. */
  caveAt: Int16Array;
  /** Caves beside each space: list per space (usually empty, and then shared: never mutate; missing where the course has none). */
  cavesBeside: ReadonlyArray<readonly number[]>;
  /** Golden Temples: the temples' spaces in document order (empty on a base course). */
  temples: number[];
  /** Temple index (into `temples`) per space, -1 where none. */
  templeAt: Int8Array;
  guardians: Guardian[];
  /** Guardians beside each space (indices into `guardians`; shared when empty: never mutate; missing where the course has none). */
  guardiansBeside: ReadonlyArray<readonly number[]>;
  /** The step costs, once stepCosts (potential.ts) has worked them out: a field, not a WeakMap, as every score asks. */
  costs: StepCosts | undefined;
}

/** What a space with no cave or guardian beside it lists: one shared empty list, not one each. */
const NONE: readonly number[] = Object.freeze([]);
/** A course with no caves (or guardians) lists none beside any space: readers take a missing list as empty. */
const NO_LISTS: Array<readonly number[]> = Object.freeze([]) as unknown as Array<readonly number[]>;

/** Neighbour offsets in direction order (DIRECTIONS), on a grid `height` cells tall. */
const DQ = DIRECTIONS.map((d) => d.q);
const DR = DIRECTIONS.map((d) => d.r);

/**
 * Space index by grid cell, -1 where none, kept between tables (buildTable clears the cells it
 * set, even on a throw). With each space's coordinates and cell, likewise kept.
 */
let grid = new Int32Array(0);
let qOf = new Int32Array(0);
let rOf = new Int32Array(0);
let cellOf = new Int32Array(0);

/**
 * The course's adjacency as buildBoard (board.ts) makes it — the first space on a hex owns it, a
 * duplicate has no neighbours — on a flat grid over the course's bounding box with a spare ring,
 * so a neighbour is an offset away. Every score makes a table, and HexTable's per-call bounds
 * checks and buildBoard's piece and hex look-ups took about a sixth of it. Reads the first n of qOf
 * and rOf, fills `adj`, `open` and `openStart`; answers the look-up of a hex, valid until
 * clearGrid.
 */
function spaceGrid(
  n: number,
  minQ: number,
  maxQ: number,
  minR: number,
  maxR: number,
  ground: Uint8Array,
  adj: Int32Array,
  open: Int32Array,
  openStart: Int32Array,
): (q: number, r: number) => number {
  const height = maxR - minR + 3;
  const size = (maxQ - minQ + 3) * height;
  if (grid.length < size) grid = new Int32Array(size).fill(-1);
  const cells = cellOf;
  // Cell (q − minQ + 1) · height + (r − minR + 1), written out: under tsx (keepNames) a named
  // closure made per table costs a __name call.
  for (let i = 0; i < n; i++) {
    const c = ((qOf[i] as number) - minQ + 1) * height + ((rOf[i] as number) - minR + 1);
    cells[i] = c;
    if (grid[c] === -1) grid[c] = i;
  }
  const g = grid;
  // The six directions written out, not looped over: with each offset in a local of its own this
  // pass took two thirds of the time, and it was the biggest step of a table.
  const [o0, o1, o2, o3, o4, o5] = DQ.map((dq, k) => dq * height + (DR[k] as number)) as [number, number, number, number, number, number];
  let e = 0;
  for (let i = 0; i < n; i++) {
    const c = cells[i] as number;
    const a = 6 * i;
    openStart[i] = e;
    // A duplicate (not the first space on its hex) has no neighbours.
    if (g[c] !== i) {
      adj.fill(-1, a, a + 6);
      continue;
    }
    let j = (adj[a] = g[c + o0] as number);
    if (j !== -1 && ground[j] !== G.mountain) open[e++] = j;
    j = adj[a + 1] = g[c + o1] as number;
    if (j !== -1 && ground[j] !== G.mountain) open[e++] = j;
    j = adj[a + 2] = g[c + o2] as number;
    if (j !== -1 && ground[j] !== G.mountain) open[e++] = j;
    j = adj[a + 3] = g[c + o3] as number;
    if (j !== -1 && ground[j] !== G.mountain) open[e++] = j;
    j = adj[a + 4] = g[c + o4] as number;
    if (j !== -1 && ground[j] !== G.mountain) open[e++] = j;
    j = adj[a + 5] = g[c + o5] as number;
    if (j !== -1 && ground[j] !== G.mountain) open[e++] = j;
  }
  openStart[n] = e;
  return (q: number, r: number) =>
    q < minQ || q > maxQ || r < minR || r > maxR ? -1 : (g[(q - minQ + 1) * height + (r - minR + 1)] as number);
}

/** Empties the cells the first n spaces took: the grid is all -1 between tables. */
function clearGrid(n: number): void {
  for (let i = 0; i < n; i++) grid[cellOf[i] as number] = -1;
}

export function buildTable(map: GoldCityMap): Table {
  const spaces = map.spaces;
  const n = spaces.length;
  const pieces = map.pieces.length;
  // One buffer for the table's arrays (arena.ts), widest first; every score makes a table.
  const arena = new Arena(4 * (13 * n + 1) + 2 * (2 * n + pieces * pieces) + 4 * n);
  const adj = arena.int32(6 * n);
  const open = arena.int32(6 * n);
  const openStart = arena.int32(n + 1);
  const piece = arena.int16(n);
  const caveAt = arena.int16(n).fill(-1);
  const blockadeAt = arena.int16(pieces * pieces).fill(-1);
  const ground = arena.uint8(n);
  const strength = arena.uint8(n);
  const finishes = arena.uint8(n);
  const templeAt = arena.int8(n).fill(-1);
  // As buildBoard: a piece id listed twice names its last listing.
  const pieceOrder = new Map<string, number>();
  map.pieces.forEach((p, k) => pieceOrder.set(p.id, k));
  const starts: Array<[number, number]> = [];
  if (qOf.length < n) {
    qOf = new Int32Array(n);
    rOf = new Int32Array(n);
    cellOf = new Int32Array(n);
  }
  let minQ = 0;
  let minR = 0;
  let maxQ = 0;
  let maxR = 0;
  let lastId: string | undefined;
  let lastPiece = -1;
  // One pass over the space objects (their fields are the slow reads); the grid works from qOf and rOf.
  for (let i = 0; i < n; i++) {
    const s = spaces[i] as Space;
    const q = s.q;
    const r = s.r;
    qOf[i] = q;
    rOf[i] = r;
    if (i === 0 || q < minQ) minQ = q;
    if (i === 0 || q > maxQ) maxQ = q;
    if (i === 0 || r < minR) minR = r;
    if (i === 0 || r > maxR) maxR = r;
    // Spaces come piece by piece: one look-up a piece, not one a space.
    if (s.piece !== lastId) (lastId = s.piece), (lastPiece = pieceOrder.get(s.piece) ?? -1);
    piece[i] = lastPiece;
    const g = groundCode(s.terrain);
    ground[i] = g;
    strength[i] = s.strength ?? 0;
    if (g === G.finish) finishes[i] = 1;
    else if (g === G.start) starts.push([s.start ?? 99, i]);
  }
  // The grid must be left empty for the next table whatever happens here.
  try {
    const at = spaceGrid(n, minQ, maxQ, minR, maxR, ground, adj, open, openStart);
    map.blockades.forEach((b, k) => {
      const a = pieceOrder.get(b.between[0]);
      const c = pieceOrder.get(b.between[1]);
      if (a === undefined || c === undefined) return;
      blockadeAt[a * pieces + c] = k;
      blockadeAt[c * pieces + a] = k;
    });
    let cavesBeside: Array<readonly number[]> = NO_LISTS;
    if (map.caves && map.caves.length > 0) {
      cavesBeside = new Array<readonly number[]>(n).fill(NONE);
      map.caves.forEach((c, k) => {
        const i = at(c.q, c.r);
        if (i !== -1) caveAt[i] = k;
      });
      // Only a cave's neighbours have one beside them (adjacency is mutual); each lists its caves in direction order.
      for (let j = 0; j < n; j++) {
        if ((caveAt[j] as number) < 0) continue;
        for (let d = 0; d < 6; d++) {
          const i = adj[6 * j + d] as number;
          if (i === -1 || cavesBeside[i] !== NONE) continue;
          const list: number[] = [];
          for (let k = 0; k < 6; k++) {
            const c = adj[6 * i + k] as number;
            if (c !== -1 && (caveAt[c] as number) >= 0) list.push(caveAt[c] as number);
          }
          cavesBeside[i] = list;
        }
      }
    }
    const temples: number[] = [];
    for (const temple of map.temples ?? []) {
      const i = at(temple.q, temple.r);
      if (i === -1) continue;
      templeAt[i] = temples.length;
      temples.push(i);
    }
    const guardians = map.guardians ?? [];
    let guardiansBeside: Array<readonly number[]> = NO_LISTS;
    guardians.forEach((g, k) => {
      const i = at(g.q, g.r);
      if (i === -1) return;
      if (guardiansBeside === NO_LISTS) guardiansBeside = new Array<readonly number[]>(n).fill(NONE);
      for (let d = 0; d < 6; d++) {
        const j = adj[6 * i + d] as number;
        if (j !== -1) guardiansBeside[j] = [...(guardiansBeside[j] as readonly number[]), k];
      }
    });
    const homes = startOrder(starts);
    return {
      map,
      n,
      temples,
      templeAt,
      guardians,
      guardiansBeside,
      ground,
      strength,
      piece,
      adj,
      open,
      openStart,
      starts: staggered(map, at, homes),
      homes,
      finishes,
      blockadeAt,
      pieces,
      blockades: map.blockades,
      caveAt,
      cavesBeside,
      costs: undefined,
    };
  } finally {
    clearGrid(n);
  }
}

/**
 * Start spaces by start number. Built by a loop, not map(): the array's elements kind then does
 * not depend on whether the caller runs optimised, which made every reader of it deopt for a while.
 */
function startOrder(starts: Array<[number, number]>): number[] {
  starts.sort((a, b) => a[0] - b[0]);
  const order: number[] = [];
  for (const [, i] of starts) order.push(i);
  return order;
}

/** Start spaces with the map's stagger applied: a staggered pawn begins on its recorded space. */
function staggered(map: GoldCityMap, at: (q: number, r: number) => number, homes: number[]): number[] {
  if (!map.stagger?.length) return homes;
  const moved = new Map(map.stagger.map((e) => [e.start, at(e.q, e.r)]));
  const begins: number[] = [];
  for (const i of homes) {
    const j = moved.get(map.spaces[i]?.start ?? 0);
    begins.push(j === undefined || j < 0 ? i : j);
  }
  return begins;
}

/** The blockade (index) lying across the step i → j, or -1. */
export function blockadeBetween(t: Table, i: number, j: number): number {
  const a = t.piece[i] as number;
  const b = t.piece[j] as number;
  if (a === b || a < 0 || b < 0) return -1;
  return t.blockadeAt[a * t.pieces + b] as number;
}
