import { DIRECTIONS } from '../../geometry/hex/axial.ts';
import { HexTable } from '../../geometry/hex/hex-table.ts';
import type { Space } from './model.ts';

/**
 * The spaces of a course as an indexed graph, built once so that generation, validation, scoring
 * and the rules engine walk plain integer arrays instead of re-deriving adjacency.
 */
export interface Board {
  spaces: readonly Space[];
  /** Space index by hex; -1 where there is no space. The first space wins on duplicates. */
  at: HexTable;
  /** adj[6 * i + d]: the neighbour of space i in direction d, or -1 (always -1 for a duplicate). */
  adj: Int32Array;
  pieceOrder: ReadonlyMap<string, number>;
  pieceIndex: readonly number[];
}

/** The neighbours of space i, in direction order. */
export function* neighboursOf(board: Board, i: number): Generator<number> {
  for (let k = 6 * i; k < 6 * i + 6; k++) {
    const j = board.adj[k] as number;
    if (j !== -1) yield j;
  }
}

export function buildBoard(spaces: readonly Space[], pieceIds: readonly string[]): Board {
  const at = HexTable.around(spaces);
  spaces.forEach((s, i) => {
    if (at.get(s.q, s.r) === -1) at.set(s.q, s.r, i);
  });
  const adj = new Int32Array(6 * spaces.length).fill(-1);
  spaces.forEach((s, i) => {
    if (at.get(s.q, s.r) !== i) return;
    DIRECTIONS.forEach((d, k) => (adj[6 * i + k] = at.get(s.q + d.q, s.r + d.r)));
  });
  const pieceOrder = new Map(pieceIds.map((id, i) => [id, i] as const));
  const pieceIndex = spaces.map((s) => pieceOrder.get(s.piece) ?? -1);
  return { spaces, at, adj, pieceOrder, pieceIndex };
}

/** Spaces reachable from `from` through spaces `passable` allows (blockades are paid, not walls). */
export function reachable(board: Board, from: readonly number[], passable: (i: number) => boolean): Uint8Array {
  const seen = new Uint8Array(board.spaces.length);
  const queue: number[] = [];
  for (const i of from) {
    if (!seen[i]) {
      seen[i] = 1;
      queue.push(i);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const base = 6 * (queue[head] as number);
    for (let k = base; k < base + 6; k++) {
      const j = board.adj[k] as number;
      if (j !== -1 && !seen[j] && passable(j)) {
        seen[j] = 1;
        queue.push(j);
      }
    }
  }
  return seen;
}
