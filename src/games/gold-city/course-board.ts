import { Arena } from '../../algorithms/arena.ts';
import type { Course, PlacedPiece } from './course.ts';
import type { Space } from './model.ts';
import { TERRAIN_NAMES, T } from './terrain-codes.ts';

/**
 * The spaces of a course while it is being generated, as typed arrays by space index. Space
 * indices follow the document: piece by piece, each piece's spaces row by row. The stages paint,
 * repair and mark these arrays; Space objects are made once, for the document, by `toSpaces`.
 */
export interface CourseBoard {
  n: number;
  pieces: readonly PlacedPiece[];
  /** Where piece p's spaces begin: spaces first[p] … first[p + 1] − 1 (first[pieces] = n). */
  first: Int32Array;
  q: Int32Array;
  r: Int32Array;
  /** Piece index of each space. */
  piece: Uint8Array;
  /** adj[6 * i + d]: the neighbour of space i in direction d, or -1. */
  adj: Int32Array;
  /** Terrain code (terrain-codes.ts). */
  terrain: Uint8Array;
  /** 0 where the space takes no strength. */
  strength: Int8Array;
  /** Start number, 0 on all but start spaces. */
  start: Int8Array;
  /** 1 on a cave mountain. */
  cave: Uint8Array;
}

/** A board of `course`'s spaces, every one of them finish ground until painted. */
export function courseBoard(course: Course): CourseBoard {
  const { pieces } = course;
  let n = 0;
  for (const p of pieces) n += p.turned.q.length;
  // One buffer for the board's arrays: the 4-byte ones first.
  const arena = new Arena(4 * (pieces.length + 1 + 8 * n) + 5 * n);
  const first = arena.int32(pieces.length + 1);
  const q = arena.int32(n);
  const r = arena.int32(n);
  const adj = arena.int32(6 * n);
  const piece = arena.uint8(n);
  for (let p = 0; p < pieces.length; p++) first[p + 1] = (first[p] as number) + (pieces[p] as PlacedPiece).turned.q.length;
  for (let p = 0; p < pieces.length; p++) {
    const { turned, transform } = pieces[p] as PlacedPiece;
    const base = first[p] as number;
    for (let k = 0; k < turned.order.length; k++) {
      const local = turned.order[k] as number;
      q[base + k] = (turned.q[local] as number) + transform.dq;
      r[base + k] = (turned.r[local] as number) + transform.dr;
      piece[base + k] = p;
    }
  }
  link(adj, pieces, first);
  return {
    n,
    pieces,
    first,
    q,
    r,
    piece,
    adj,
    terrain: arena.uint8(n).fill(T.finish),
    strength: arena.int8(n),
    start: arena.int8(n),
    cave: arena.uint8(n),
  };
}

/**
 * Fills adj[6 * i + d] over the whole course, without looking a hex up: within a piece it comes from
 * the turned shape's own table, across a seam from the move that laid the piece. Pieces touch
 * only their neighbours in the chain (the course search sees to it), so that is every contact.
 */
function link(adj: Int32Array, pieces: readonly PlacedPiece[], first: Int32Array): void {
  for (let p = 0; p < pieces.length; p++) {
    const { turned, seam } = pieces[p] as PlacedPiece;
    const base = first[p] as number;
    for (let e = 0; e < turned.adj.length; e++) {
      const k = turned.adj[e] as number;
      adj[6 * base + e] = k === -1 ? -1 : base + k;
    }
    const before = p > 0 ? (first[p - 1] as number) : 0;
    for (let t = 0; t < seam.length; t += 3) {
      const a = before + (seam[t] as number);
      const d = seam[t + 1] as number;
      const b = base + (seam[t + 2] as number);
      adj[6 * a + d] = b;
      adj[6 * b + ((d + 3) % 6)] = a;
    }
  }
}

/** Indices of the spaces whose terrain is `code`, in order. */
export function spacesOf(board: CourseBoard, code: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < board.n; i++) if (board.terrain[i] === code) out.push(i);
  return out;
}

/**
 * The document's spaces. Keys are written in code-unit order (cave, piece, q, r, start,
 * strength, terrain), so the digest sorts none.
 */
export function toSpaces(board: CourseBoard): Space[] {
  const spaces: Space[] = new Array(board.n);
  for (let i = 0; i < board.n; i++) {
    const piece = (board.pieces[board.piece[i] as number] as PlacedPiece).id;
    const terrain = TERRAIN_NAMES[board.terrain[i] as number] as Space['terrain'];
    const start = board.start[i] as number;
    const strength = board.strength[i] as number;
    const q = board.q[i] as number;
    const r = board.r[i] as number;
    // Plain ground, nearly every space, as literals so they share hidden classes; the rest key by key.
    let space: Space;
    if (!board.cave[i] && !start) space = strength ? { piece, q, r, strength, terrain } : { piece, q, r, terrain };
    else {
      space = {} as Space;
      if (board.cave[i]) space.cave = true;
      space.piece = piece;
      space.q = q;
      space.r = r;
      if (start) space.start = start;
      if (strength) space.strength = strength;
      space.terrain = terrain;
    }
    spaces[i] = space;
  }
  return spaces;
}
