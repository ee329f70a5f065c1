import type { Rng } from '../../core/rng.ts';
import { distance, type Axial } from '../../geometry/hex/axial.ts';
import { neighboursOf, type Board } from './board.ts';
import {
  CAVE_TOKEN_SUPPLY,
  MAX_BLOCKADES,
  MAX_CAVE_PILES,
  PRINTED_BLOCKADES,
  STRENGTH_RANGE,
  TOKENS_PER_PILE,
  isEnterable,
  type Blockade,
  type CavePile,
  type Space,
  type Tier,
  type Token,
} from './model.ts';

/** Harder tiers stiffen the printed blockades; easy ones ask for the weakest card. */
const BLOCKADE_SHIFT: Record<Tier, number> = { easy: -9, normal: 0, hard: 1, expert: 2 };

/**
 * One blockade per seam, at most six: with more seams than blockades the six go to seams
 * chosen by the stream. Requirements are the printed six in seeded order; points are 1–4.
 */
export function layBlockades(rng: Rng, pieceIds: readonly string[], tier: Tier): Blockade[] {
  const seams = pieceIds.length - 1;
  const chosen = rng
    .shuffle(Array.from({ length: seams }, (_, i) => i))
    .slice(0, MAX_BLOCKADES)
    .sort((a, b) => a - b);
  const requirements = rng.shuffle(PRINTED_BLOCKADES);
  return chosen.map((seam, i) => {
    const printed = requirements[i % requirements.length] as (typeof PRINTED_BLOCKADES)[number];
    const [lo, hi] = STRENGTH_RANGE[printed.terrain];
    return {
      id: `b${i + 1}`,
      between: [pieceIds[seam] as string, pieceIds[seam + 1] as string],
      terrain: printed.terrain,
      strength: Math.min(hi, Math.max(lo, printed.strength + BLOCKADE_SHIFT[tier])),
      points: rng.int(1, 4),
    };
  });
}

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
