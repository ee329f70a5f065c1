import { buildBoard } from '../board.ts';
import type { HexTable } from '../../../geometry/hex/hex-table.ts';
import type { Blockade, GoldCityMap, Guardian, Space } from '../model.ts';

/** Ground codes for the hot loops. */
export const G = { jungle: 0, water: 1, village: 2, rubble: 3, basecamp: 4, mountain: 5, start: 6, finish: 7, torch: 8 } as const;
const CODE: Record<Space['terrain'], number> = G;

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
  /** Caves beside each space: list per space (usually empty). */
  cavesBeside: number[][];
  /** Golden Temples: the temples' spaces in document order (empty on a base course). */
  temples: number[];
  /** Temple index (into `temples`) per space, -1 where none. */
  templeAt: Int8Array;
  guardians: Guardian[];
  /** Guardians beside each space (indices into `guardians`). */
  guardiansBeside: number[][];
}

export function prepareTable(map: GoldCityMap): Table {
  const board = buildBoard(map.spaces, map.pieces.map((p) => p.id));
  const { at, adj, pieceOrder } = board;
  const n = map.spaces.length;
  const ground = new Uint8Array(n);
  const strength = new Uint8Array(n);
  const piece = Int16Array.from(board.pieceIndex);
  const finishes = new Uint8Array(n);
  const starts: Array<[number, number]> = [];
  map.spaces.forEach((s, i) => {
    ground[i] = CODE[s.terrain];
    strength[i] = s.strength ?? 0;
    if (s.terrain === 'finish') finishes[i] = 1;
    if (s.terrain === 'start') starts.push([s.start ?? 99, i]);
  });
  const homes = starts.sort((a, b) => a[0] - b[0]).map(([, i]) => i);
  const pieces = map.pieces.length;
  const blockadeAt = new Int16Array(pieces * pieces).fill(-1);
  map.blockades.forEach((b, k) => {
    const a = pieceOrder.get(b.between[0]);
    const c = pieceOrder.get(b.between[1]);
    if (a === undefined || c === undefined) return;
    blockadeAt[a * pieces + c] = k;
    blockadeAt[c * pieces + a] = k;
  });
  const caveAt = new Int16Array(n).fill(-1);
  (map.caves ?? []).forEach((c, k) => {
    const i = at.get(c.q, c.r);
    if (i !== -1) caveAt[i] = k;
  });
  const cavesBeside: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 6; k++) {
      const j = adj[6 * i + k] as number;
      if (j !== -1 && (caveAt[j] as number) >= 0) (cavesBeside[i] as number[]).push(caveAt[j] as number);
    }
  }
  const templeAt = new Int8Array(n).fill(-1);
  const temples: number[] = [];
  for (const temple of map.temples ?? []) {
    const i = at.get(temple.q, temple.r);
    if (i === -1) continue;
    templeAt[i] = temples.length;
    temples.push(i);
  }
  const guardians = map.guardians ?? [];
  const guardiansBeside: number[][] = Array.from({ length: n }, () => []);
  guardians.forEach((g, k) => {
    const i = at.get(g.q, g.r);
    if (i === -1) return;
    for (let d = 0; d < 6; d++) {
      const j = adj[6 * i + d] as number;
      if (j !== -1) (guardiansBeside[j] as number[]).push(k);
    }
  });
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
    starts: staggered(map, at, homes),
    homes,
    finishes,
    blockadeAt,
    pieces,
    blockades: map.blockades,
    caveAt,
    cavesBeside,
  };
}

/** Start spaces with the map's stagger applied: a staggered pawn begins on its recorded space. */
function staggered(map: GoldCityMap, at: HexTable, homes: number[]): number[] {
  if (!map.stagger?.length) return homes;
  const moved = new Map(map.stagger.map((e) => [e.start, at.get(e.q, e.r)]));
  return homes.map((i) => {
    const j = moved.get(map.spaces[i]?.start ?? 0);
    return j === undefined || j < 0 ? i : j;
  });
}

/** The blockade (index) lying across the step i → j, or -1. */
export function blockadeBetween(t: Table, i: number, j: number): number {
  const a = t.piece[i] as number;
  const b = t.piece[j] as number;
  if (a === b || a < 0 || b < 0) return -1;
  return t.blockadeAt[a * t.pieces + b] as number;
}
