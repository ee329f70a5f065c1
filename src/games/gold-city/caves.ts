import type { Rng } from '../../core/rng.ts';
import { pickSpaced } from '../../algorithms/spaced-pick.ts';
import type { CourseBoard } from './course-board.ts';
import { CAVE_TOKEN_SUPPLY, MAX_CAVE_PILES, TOKENS_PER_PILE, type CavePile, type Token } from './model.ts';
import { T, enterable } from './terrain-codes.ts';

export function tokenSupply(): Token[] {
  return CAVE_TOKEN_SUPPLY.flatMap(({ token, count }) => Array.from({ length: count }, () => ({ ...token })));
}

/** The supply in box order, never handed out: piles get copies of the tokens dealt to them. */
const SUPPLY: readonly Token[] = tokenSupply();

function stepsBetween(board: CourseBoard, a: number, b: number): number {
  const dq = (board.q[a] as number) - (board.q[b] as number);
  const dr = (board.r[a] as number) - (board.r[b] as number);
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Caves stand apart where they can: a pile every few spaces, not a cluster by one ridge. */
const CAVE_SPACING = 3;

/**
 * Marks cave mountains (only ones a pawn can stand beside, and never on the start or finish
 * pieces) and deals the shuffled 36 tokens onto them, four to a pile: one pile per middle piece
 * and one more, up to nine.
 */
export function hideCaves(rng: Rng, board: CourseBoard, middlePieces: number): CavePile[] {
  const last = board.pieces.length - 1;
  const { terrain, adj } = board;
  const candidates: number[] = [];
  for (let i = 0; i < board.n; i++) {
    const p = board.piece[i] as number;
    if (terrain[i] !== T.mountain || p === 0 || p >= last) continue;
    for (let e = 6 * i; e < 6 * i + 6; e++) {
      const j = adj[e] as number;
      if (j !== -1 && enterable(terrain[j] as number)) {
        candidates.push(i);
        break;
      }
    }
  }
  const wanted = Math.min(MAX_CAVE_PILES, middlePieces + 1, candidates.length);
  const picked = pickSpaced(rng.shuffle(candidates), wanted, (p, c) => stepsBetween(board, p, c) >= CAVE_SPACING);
  const tokens = rng.shuffle(SUPPLY);
  return picked.map((i, n) => {
    board.cave[i] = 1;
    return {
      q: board.q[i] as number,
      r: board.r[i] as number,
      tokens: tokens.slice(n * TOKENS_PER_PILE, (n + 1) * TOKENS_PER_PILE).map((t) => ({ ...t })),
    };
  });
}
