import { DIRECTIONS } from '../../geometry/hex/axial.ts';
import { HexTable } from '../../geometry/hex/hex-table.ts';
import type { Space } from './model.ts';

/**
 * The spaces of a course as an indexed graph: neighbour lists are built once so that
 * validation, repair and scoring walk plain integer arrays instead of re-deriving adjacency.
 */
export interface Board {
  spaces: readonly Space[];
  /** Space index by hex; -1 where there is no space. The first space wins on duplicates. */
  at: HexTable;
  neighbours: readonly (readonly number[])[];
  pieceOrder: ReadonlyMap<string, number>;
  pieceIndex: readonly number[];
}

export function buildBoard(spaces: readonly Space[], pieceIds: readonly string[]): Board {
  const at = HexTable.around(spaces);
  spaces.forEach((s, i) => {
    if (at.get(s.q, s.r) === -1) at.set(s.q, s.r, i);
  });
  const neighbours = spaces.map((s, i) => {
    const out: number[] = [];
    if (at.get(s.q, s.r) !== i) return out;
    for (const d of DIRECTIONS) {
      const j = at.get(s.q + d.q, s.r + d.r);
      if (j !== -1) out.push(j);
    }
    return out;
  });
  const pieceOrder = new Map(pieceIds.map((id, i) => [id, i] as const));
  const pieceIndex = spaces.map((s) => pieceOrder.get(s.piece) ?? -1);
  return { spaces, at, neighbours, pieceOrder, pieceIndex };
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
    for (const j of board.neighbours[queue[head] as number] as number[]) {
      if (!seen[j] && passable(j)) {
        seen[j] = 1;
        queue.push(j);
      }
    }
  }
  return seen;
}
