import type { Rng } from '../../core/rng.ts';
import { distance, type Axial } from '../../geometry/hex/axial.ts';
import { neighboursOf, type Board } from './board.ts';
import { CAVE_TOKEN_SUPPLY, MAX_CAVE_PILES, TOKENS_PER_PILE, isEnterable, type CavePile, type Space, type Token } from './model.ts';

export function tokenSupply(): Token[] {
  return CAVE_TOKEN_SUPPLY.flatMap(({ token, count }) => Array.from({ length: count }, () => ({ ...token })));
}

/** Caves stand apart where they can: a pile every few spaces, not a cluster by one ridge. */
const CAVE_SPACING = 3;

/**
 * Marks cave mountains (only ones a pawn can stand beside, and never on the start or finish
 * pieces) and deals the shuffled 36 tokens onto them, four to a pile: one pile per middle piece
 * and one more, up to nine.
 */
export function hideCaves(rng: Rng, board: Board, middlePieces: number): CavePile[] {
  const spaces = board.spaces as Space[];
  const last = board.pieceOrder.size - 1;
  const candidates = spaces
    .map((s, i) => ({ s, i }))
    .filter(({ s, i }) => {
      const p = board.pieceIndex[i] as number;
      return s.terrain === 'mountain' && p > 0 && p < last && [...neighboursOf(board, i)].some((j) => isEnterable((spaces[j] as Space).terrain));
    });
  const wanted = Math.min(MAX_CAVE_PILES, middlePieces + 1, candidates.length);
  const shuffled = rng.shuffle(candidates);
  const picked: typeof candidates = [];
  for (const c of shuffled) {
    if (picked.length === wanted) break;
    if (picked.every((p) => distance(p.s as Axial, c.s as Axial) >= CAVE_SPACING)) picked.push(c);
  }
  for (const c of shuffled) {
    if (picked.length === wanted) break;
    if (!picked.includes(c)) picked.push(c);
  }
  picked.sort((a, b) => a.i - b.i);
  const tokens = rng.shuffle(tokenSupply());
  return picked.map(({ s }, n) => {
    s.cave = true;
    return { q: s.q, r: s.r, tokens: tokens.slice(n * TOKENS_PER_PILE, (n + 1) * TOKENS_PER_PILE) };
  });
}
