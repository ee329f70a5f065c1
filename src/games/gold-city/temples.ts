import type { Rng } from '../../core/rng.ts';
import { pickSpaced } from '../../algorithms/spaced-pick.ts';
import { readJson, dataFile } from '../../core/json-file.ts';
import { distance, type Axial } from '../../geometry/hex/axial.ts';
import { neighboursOf, type Board } from './board.ts';
import { isEnterable, type Guardian, type GuardianEffect, type Space, type Temple, type Tier } from './model.ts';
import { drawStrength } from './terrain.ts';

/** The layer's project data: guardian tokens, the coin bank and cap, the torch cards. */
export interface TempleSupply {
  guardians: Array<{ effect: GuardianEffect; count: number; text: string }>;
  guardiansPerMap: { perMiddlePiece: number; extra: number; max: number };
  coins: { bank: number; cap: number; perGem: number };
  torchCards: Array<{ name: string; strength: number; cost: number }>;
  torchInOffer: string;
}

export const TEMPLE_SUPPLY: TempleSupply = readJson<TempleSupply>(dataFile('./data/temple-supply.json', import.meta.url));

export function guardianSupply(): GuardianEffect[] {
  return TEMPLE_SUPPLY.guardians.flatMap(({ effect, count }) => Array.from({ length: count }, () => effect));
}

/**
 * How a temple pair is chosen (named so the property tests and docs/gold-city.md quote the same
 * numbers). In steps over open ground, for every start space: the shortest tour start → both
 * temples → finish is at least MIN_DETOUR times the direct way, and the two tour orders are
 * within ORDER_GAP of each other, so which temple to take first is decided by the ground and
 * the cards, not by a glance at the map.
 */
export const TEMPLE_RULES = {
  MIN_DETOUR: 1.1,
  /** The generator aims for a detour drawn from this range (ratio of tour to direct steps). */
  AIM: [1.2, 1.55] as const,
  ORDER_GAP: 0.2,
  /** Temples stand this many steps apart at least: two gems, two places. */
  MIN_APART: 4,
} as const;

/** Torch ground per middle piece: blobs of this size painted over jungle. */
const TORCH_BLOBS = { perPiece: [1, 2] as const, size: [2, 3] as const };
/** Guardians stand apart where they can, as caves do. */
const GUARDIAN_SPACING = 3;

/** Spaces sampled as possible temple sites. */
const TEMPLE_CANDIDATES = 90;

const SYMBOL_GROUND = new Set(['jungle', 'water', 'village', 'torch']);

/** Steps from `from` over open ground (finishing spaces closed: the chamber is sealed), -1 where unreachable. */
export function stepsFrom(board: Pick<Board, 'spaces' | 'adj'>, from: readonly number[], open: (i: number) => boolean): Int32Array {
  const steps = new Int32Array(board.spaces.length).fill(-1);
  const queue: number[] = [];
  for (const i of from) if (steps[i] === -1) (steps[i] = 0), queue.push(i);
  for (let h = 0; h < queue.length; h++) {
    const x = queue[h] as number;
    // The adjacency slots directly, in neighboursOf's order: its generator was most of the search.
    for (let k = 6 * x; k < 6 * x + 6; k++) {
      const y = board.adj[k] as number;
      if (y !== -1 && steps[y] === -1 && open(y)) (steps[y] = (steps[x] as number) + 1), queue.push(y);
    }
  }
  return steps;
}

/** Tour lengths in steps, per start: the two orders and the direct way. */
export interface TourSteps {
  start: number;
  direct: number;
  firstA: number;
  firstB: number;
}

/**
 * The gem tour of every start space in steps, for temples on spaces `a` and `b`: what the
 * generator aims at and the property tests check. -1 where a leg cannot be walked.
 */
export function tourSteps(board: Pick<Board, 'spaces' | 'adj'>, a: number, b: number): TourSteps[] {
  const spaces = board.spaces;
  const open = (j: number) => isEnterable((spaces[j] as Space).terrain);
  const sealed = (j: number) => open(j) && (spaces[j] as Space).terrain !== 'finish';
  const finishes = spaces.flatMap((s, i) => (s.terrain === 'finish' ? [i] : []));
  const toFinish = stepsFrom(board, finishes, open);
  const fromA = stepsFrom(board, [a], sealed);
  const fromB = stepsFrom(board, [b], sealed);
  const ab = fromA[b] as number;
  return spaces.flatMap((s, i) => {
    if (s.terrain !== 'start') return [];
    const sa = fromA[i] as number;
    const sb = fromB[i] as number;
    const ok = sa >= 0 && sb >= 0 && ab >= 0;
    return [
      {
        start: s.start ?? 0,
        direct: toFinish[i] as number,
        firstA: ok ? sa + ab + (toFinish[b] as number) : -1,
        firstB: ok ? sb + ab + (toFinish[a] as number) : -1,
      },
    ];
  });
}

/** Paints torch ground: a blob or two of jungle per middle piece turns to torch (open stays open). */
export function paintTorches(rng: Rng, board: Board, tier: Tier): void {
  const spaces = board.spaces as Space[];
  const last = board.pieceOrder.size - 1;
  for (let p = 1; p < last; p++) {
    const pr = rng.fork(`p${p}`);
    const jungle = spaces.flatMap((s, i) => (board.pieceIndex[i] === p && s.terrain === 'jungle' ? [i] : []));
    const blobs = pr.int(TORCH_BLOBS.perPiece[0], TORCH_BLOBS.perPiece[1]);
    for (let k = 0; k < blobs && jungle.length > 0; k++) {
      const size = pr.int(TORCH_BLOBS.size[0], TORCH_BLOBS.size[1]);
      const blob = [pr.pick(jungle)];
      while (blob.length < size) {
        const frontier = blob
          .flatMap((i) => [...neighboursOf(board, i)])
          .filter((j) => board.pieceIndex[j] === p && (spaces[j] as Space).terrain === 'jungle' && !blob.includes(j));
        if (frontier.length === 0) break;
        blob.push(pr.pick([...new Set(frontier)].sort((x, y) => x - y)));
      }
      const strength = drawStrength(pr, 'torch', tier);
      for (const i of blob) {
        const s = spaces[i] as Space;
        s.terrain = 'torch';
        // A printed cluster shares one number, as the other grounds do.
        s.strength = strength;
      }
    }
  }
}

/**
 * Two temples on symbol ground of the middle pieces, reachable from every start, chosen so that
 * the gem tour is a real detour (TEMPLE_RULES) near a seeded aim, and neither order is obvious.
 */
export function placeTemples(rng: Rng, board: Board): Temple[] {
  const spaces = board.spaces;
  const last = board.pieceOrder.size - 1;
  const candidates = spaces.flatMap((s, i) => {
    const p = board.pieceIndex[i] as number;
    return p > 0 && p < last && SYMBOL_GROUND.has(s.terrain) ? [i] : [];
  });
  const open = (j: number) => isEnterable((spaces[j] as Space).terrain);
  const sealed = (j: number) => open(j) && (spaces[j] as Space).terrain !== 'finish';
  const finishes = spaces.flatMap((s, i) => (s.terrain === 'finish' ? [i] : []));
  const starts = spaces.flatMap((s, i) => (s.terrain === 'start' ? [i] : []));
  const toFinish = stepsFrom(board, finishes, open);
  // A seeded sample keeps the pair search fast on long courses; it leaves plenty to choose from.
  const sample = rng
    .shuffle(candidates)
    .slice(0, TEMPLE_CANDIDATES)
    .sort((x, y) => x - y);
  candidates.length = 0;
  candidates.push(...sample);
  const field = new Map<number, Int32Array>();
  for (const c of candidates) field.set(c, stepsFrom(board, [c], sealed));
  const aim = TEMPLE_RULES.AIM[0] + rng.next() * (TEMPLE_RULES.AIM[1] - TEMPLE_RULES.AIM[0]);
  let best: { a: number; b: number; cost: number } | undefined;
  for (let x = 0; x < candidates.length; x++) {
    const a = candidates[x] as number;
    const fa = field.get(a) as Int32Array;
    for (let y = x + 1; y < candidates.length; y++) {
      const b = candidates[y] as number;
      const ab = fa[b] as number;
      if (ab < TEMPLE_RULES.MIN_APART || board.pieceIndex[a] === board.pieceIndex[b]) continue;
      const fb = field.get(b) as Int32Array;
      let worstRatio = Infinity;
      let worstGap = 0;
      let meanRatio = 0;
      let ok = true;
      for (const s of starts) {
        const sa = fa[s] as number;
        const sb = fb[s] as number;
        if (sa < 0 || sb < 0) {
          ok = false;
          break;
        }
        const first = sa + ab + (toFinish[b] as number);
        const second = sb + ab + (toFinish[a] as number);
        const tour = Math.min(first, second);
        const ratio = tour / Math.max(1, toFinish[s] as number);
        worstRatio = Math.min(worstRatio, ratio);
        worstGap = Math.max(worstGap, Math.abs(first - second) / tour);
        meanRatio += ratio / starts.length;
      }
      if (!ok) continue;
      // Infeasible pairs are kept only as a last resort, ranked by how far they miss.
      const miss = Math.max(0, TEMPLE_RULES.MIN_DETOUR - worstRatio) * 100 + Math.max(0, worstGap - TEMPLE_RULES.ORDER_GAP) * 10;
      const cost = miss * 1000 + Math.abs(meanRatio - aim) + worstGap * 0.5;
      if (!best || cost < best.cost - 1e-12) best = { a, b, cost };
    }
  }
  if (!best) return [];
  // Temple 1 is the one nearer the start, so the numbering reads along the course.
  const [first, second] = [best.a, best.b].sort((p, q) => (board.pieceIndex[p] as number) - (board.pieceIndex[q] as number) || p - q) as [
    number,
    number,
  ];
  return [first, second].map((i, k) => ({ id: k + 1, q: (spaces[i] as Space).q, r: (spaces[i] as Space).r }));
}

/**
 * Face-down guardians on mountains of the middle pieces that border open ground and hold no
 * cave, spaced apart, their faces dealt from the shuffled supply.
 */
export function dealGuardians(rng: Rng, board: Board, middlePieces: number): Guardian[] {
  const spaces = board.spaces;
  const candidates = guardianSites(board);
  const { perMiddlePiece, extra, max } = TEMPLE_SUPPLY.guardiansPerMap;
  const wanted = Math.min(max, perMiddlePiece * middlePieces + extra, candidates.length);
  const picked = pickSpaced(
    rng.shuffle(candidates),
    wanted,
    (p, c) => distance(spaces[p] as Axial, spaces[c] as Axial) >= GUARDIAN_SPACING,
  );
  const faces = rng.shuffle(guardianSupply());
  return picked.map((i, k) => ({ effect: faces[k] as GuardianEffect, q: (spaces[i] as Space).q, r: (spaces[i] as Space).r }));
}

const guardianSites = (board: Board) =>
  board.spaces.flatMap((s, i) => {
    const p = board.pieceIndex[i] as number;
    return s.terrain === 'mountain' &&
      !s.cave &&
      p > 0 &&
      p < board.pieceOrder.size - 1 &&
      [...neighboursOf(board, i)].some((j) => isEnterable((board.spaces[j] as Space).terrain))
      ? [i]
      : [];
  });

/**
 * A course with no free mountain beside open ground (rare: a few in a hundred) gets one: an edge
 * jungle space of a middle piece whose loss cuts nothing off rises as a mountain, so every temple
 * map has guardians.
 */
function raiseGuardianSite(rng: Rng, board: Board): void {
  if (guardianSites(board).length > 0) return;
  const spaces = board.spaces as Space[];
  const last = board.pieceOrder.size - 1;
  const open = (j: number) => isEnterable((spaces[j] as Space).terrain);
  const starts = spaces.flatMap((s, i) => (s.terrain === 'start' ? [i] : []));
  const reached = () => stepsFrom(board, starts, open).filter((v) => v >= 0).length;
  const before = reached();
  const edge = spaces.flatMap((s, i) => {
    const p = board.pieceIndex[i] as number;
    return s.terrain === 'jungle' && p > 0 && p < last && [...neighboursOf(board, i)].length < 6 ? [i] : [];
  });
  for (const i of rng.shuffle(edge)) {
    const s = spaces[i] as Space;
    s.terrain = 'mountain';
    const strength = s.strength;
    delete s.strength;
    if (reached() === before - 1) return;
    s.terrain = 'jungle';
    if (strength !== undefined) s.strength = strength;
  }
}

/** The stage: torch ground, then the temples, then the guardians, each from its own stream. */
export function addTemples(rng: Rng, board: Board, tier: Tier, middlePieces: number): { temples: Temple[]; guardians: Guardian[] } {
  paintTorches(rng.fork('torch'), board, tier);
  raiseGuardianSite(rng.fork('guardian-site'), board);
  const temples = placeTemples(rng.fork('temples'), board);
  const guardians = dealGuardians(rng.fork('guardians'), board, middlePieces);
  return { temples, guardians };
}
