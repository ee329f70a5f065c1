import type { Rng } from '../../core/rng.ts';
import { DIRECTIONS, rotate, type Axial } from '../../geometry/hex/axial.ts';
import { compose, flushPlacements, IDENTITY, type Transform } from '../../geometry/hex/placement.ts';
import { FINISH_ROW, HEXAGON_3, STRIP_565 } from '../../geometry/hex/shapes.ts';
import { shapeTable, type ShapeTable, type TurnedShape } from '../../geometry/hex/shape-table.ts';
import type { GoldCityOptions, PieceKind } from './model.ts';

/**
 * A piece on the board: its shape turned by `transform.turns` and moved by (dq, dr). Local
 * space i stands at (turned.q[i] + dq, turned.r[i] + dr); `hexAt` gives it as a hex.
 */
export interface PlacedPiece {
  id: string;
  kind: PieceKind;
  shape: ShapeTable;
  transform: Transform;
  turned: TurnedShape;
  /** Where it meets the piece before it: triples (that piece's rank, direction, this piece's rank); empty for the start. */
  seam: Int16Array;
}

export interface Course {
  pieces: PlacedPiece[];
}

export function hexAt(piece: PlacedPiece, i: number): Axial {
  return { q: (piece.turned.q[i] as number) + piece.transform.dq, r: (piece.turned.r[i] as number) + piece.transform.dr };
}

/** Piece ids by index, so laying a course builds no strings. */
const PIECE_IDS = Array.from({ length: 64 }, (_, i) => `p${i}`);
export const pieceId = (index: number): string => PIECE_IDS[index] ?? `p${index}`;

type ShapeName = 'hexagon' | 'strip' | 'finish';
const SHAPES: Record<ShapeName, readonly Axial[]> = { hexagon: HEXAGON_3, strip: STRIP_565, finish: FINISH_ROW };
const TABLES: Record<ShapeName, ShapeTable> = {
  hexagon: shapeTable(HEXAGON_3),
  strip: shapeTable(STRIP_565),
  finish: shapeTable(FINISH_ROW),
};
const SHAPE_OF: Record<PieceKind, ShapeName> = { start: 'hexagon', terrain: 'hexagon', strip: 'strip', finish: 'finish' };

/**
 * One way to lay a piece against one turned `turns0` times: the new piece's turns, its offset
 * from the old piece's position, and the step between their centroids. A step scaled to
 * integers, (Σ1·n0 − Σ0·n1), does not depend on where the old piece lies (the translations
 * cancel), so all of this is fixed per pair of shapes and turn and is worked out once.
 */
interface Move {
  turns: number;
  dq: number;
  dr: number;
  step: Axial;
  /** The spaces that meet across the seam: triples (old piece's rank, direction, new piece's rank). */
  seam: Int16Array;
}

const movesCache: Partial<Record<ShapeName, Partial<Record<ShapeName, Move[][]>>>> = {};
/** Moves by the base piece's turns, in the order of `flushPlacements`. */
function movesBetween(base: ShapeName, next: ShapeName): readonly (readonly Move[])[] {
  const byNext = (movesCache[base] ??= {});
  return (byNext[next] ??= allMoves(base, next));
}

function allMoves(base: ShapeName, next: ShapeName): Move[][] {
  const placements = flushPlacements(SHAPES[base], SHAPES[next]);
  return [0, 1, 2, 3, 4, 5].map((turns0) => {
    const at: Transform = { turns: turns0, dq: 0, dr: 0 };
    const c0 = placedMoments(base, at);
    return placements.map((rel) => {
      const t = compose(at, rel);
      const c1 = placedMoments(next, t);
      const seam = seamBetween(TABLES[base].turned[turns0] as TurnedShape, TABLES[next].turned[t.turns] as TurnedShape, t.dq, t.dr);
      return { turns: t.turns, dq: t.dq, dr: t.dr, step: { q: c1.q * c0.n - c0.q * c1.n, r: c1.r * c0.n - c0.r * c1.n }, seam };
    });
  });
}

/** Pairs of spaces that touch between `a` (in place) and `b` moved by (dq, dr), by rank, as triples (rank in a, direction from a, rank in b). */
function seamBetween(a: TurnedShape, b: TurnedShape, dq: number, dr: number): Int16Array {
  const rankInA = new Map<string, number>();
  a.q.forEach((q, i) => rankInA.set(`${q},${a.r[i]}`, a.rank[i] as number));
  const triples: number[] = [];
  b.q.forEach((q, i) => {
    DIRECTIONS.forEach((d, e) => {
      const k = rankInA.get(`${q + dq + d.q},${(b.r[i] as number) + dr + d.r}`);
      if (k !== undefined) triples.push(k, (e + 3) % 6, b.rank[i] as number);
    });
  });
  return Int16Array.from(triples);
}

/** The box has two strips; never two in a row, so a strip always sits between hexagons. */
const MAX_STRIPS = 2;
const STRIP_CHANCE = 0.3;
/** Bounds the backtracking; a winding course is found in a handful of steps in practice. */
const SEARCH_BUDGET = 5000;

function planKinds(rng: Rng, options: GoldCityOptions): PieceKind[] {
  const kinds: PieceKind[] = ['start'];
  let strips = 0;
  for (let i = 0; i < options.pieces; i++) {
    const previous = kinds[kinds.length - 1];
    const strip = options.strips && strips < MAX_STRIPS && previous === 'terrain' && rng.chance(STRIP_CHANCE);
    if (strip) strips++;
    kinds.push(strip ? 'strip' : 'terrain');
  }
  kinds.push('finish');
  return kinds;
}

/** Sum of a shape's coordinates and its size: with these a placement's centroid is exact and cheap. */
function moments(hexes: readonly Axial[]): { q: number; r: number; n: number } {
  let q = 0;
  let r = 0;
  for (const h of hexes) {
    q += h.q;
    r += h.r;
  }
  return { q, r, n: hexes.length };
}

const MOMENTS: Record<ShapeName, { q: number; r: number; n: number }> = {
  hexagon: moments(HEXAGON_3),
  strip: moments(STRIP_565),
  finish: moments(FINISH_ROW),
};

/** Rotation is linear, so Σ(rotate(h) + t) = rotate(Σh) + n·t. */
function placedMoments(shape: ShapeName, t: Transform): { q: number; r: number; n: number } {
  const m = MOMENTS[shape];
  const turned = rotate({ q: m.q, r: m.r }, t.turns);
  return { q: turned.q + m.n * t.dq, r: turned.r + m.n * t.dr, n: m.n };
}

/**
 * How a step turns relative to the previous one, from cube-coordinate dot products (integer,
 * proportional to the Euclidean ones): straight on, a gentle bend, or a sharp hairpin.
 */
export function turnWeight(prevStep: Axial | undefined, step: Axial): number {
  if (!prevStep) return 1;
  const a1 = prevStep.q;
  const a2 = prevStep.r;
  const a3 = -prevStep.q - prevStep.r;
  const b1 = step.q;
  const b2 = step.r;
  const b3 = -step.q - step.r;
  const dot = a1 * b1 + a2 * b2 + a3 * b3;
  const norms = (a1 * a1 + a2 * a2 + a3 * a3) * (b1 * b1 + b2 * b2 + b3 * b3);
  if (dot > 0 && 4 * dot * dot > 3 * norms) return 3;
  if (dot > 0) return 4;
  return 1;
}

/**
 * Lays the chain start → middle pieces → finish. Each piece lies flush against the one before
 * it and touches no other piece, so every seam is the only way on. Candidates are tried in a
 * seeded order that prefers bends to straights and straights to hairpins, backtracking when a
 * course walls itself in.
 */
export function layCourse(rng: Rng, options: GoldCityOptions): Course {
  const kinds = planKinds(rng.fork('kinds'), options);
  // Wide enough for the longest course running straight in any direction.
  const search = new CourseSearch(kinds, rng.fork('turns'), ownerGrid(10 * (options.pieces + 2)));
  const start: PlacedPiece = {
    id: pieceId(0),
    kind: 'start',
    shape: TABLES.hexagon,
    transform: IDENTITY,
    turned: TABLES.hexagon.turned[0] as TurnedShape,
    seam: NO_SEAM,
  };
  search.placed.push(start);
  try {
    search.occupy(start, 0);
    if (!search.extend(1, undefined)) {
      throw new Error(`no course found within the search budget for ${options.pieces} pieces`);
    }
  } finally {
    // The table is shared between courses: leave it empty for the next one.
    for (const piece of search.placed) search.occupy(piece, -1);
  }
  return { pieces: search.placed };
}

const NO_SEAM = new Int16Array(0);

/** The backtracking search of `layCourse` (a class rather than closures: no functions made per course). */
class CourseSearch {
  readonly placed: PlacedPiece[] = [];
  budget = SEARCH_BUDGET;

  constructor(
    readonly kinds: readonly PieceKind[],
    readonly order: Rng,
    readonly owner: OwnerGrid,
  ) {}

  /** No overlap, and no contact with any piece but the previous one. */
  fits(turned: TurnedShape, dq: number, dr: number, previous: number): boolean {
    const { cells } = this.owner;
    const { spaces, halo } = this.owner.offsets(turned);
    const at = this.owner.cellOf(dq, dr);
    for (let i = 0; i < spaces.length; i++) if (cells[at + (spaces[i] as number)] !== -1) return false;
    for (let i = 0; i < halo.length; i++) {
      const o = cells[at + (halo[i] as number)] as number;
      if (o !== -1 && o !== previous) return false;
    }
    return true;
  }

  occupy(piece: PlacedPiece, value: number): void {
    const { cells } = this.owner;
    const { spaces } = this.owner.offsets(piece.turned);
    const at = this.owner.cellOf(piece.transform.dq, piece.transform.dr);
    for (let i = 0; i < spaces.length; i++) cells[at + (spaces[i] as number)] = value;
  }

  extend(index: number, prevStep: Axial | undefined): boolean {
    if (index === this.kinds.length) return true;
    if (--this.budget < 0) return false;
    const kind = this.kinds[index] as PieceKind;
    const prev = this.placed[index - 1] as PlacedPiece;
    const shape = SHAPE_OF[kind];
    const table = TABLES[shape];
    const moves = movesBetween(SHAPE_OF[prev.kind], shape)[prev.transform.turns] as readonly Move[];
    // Untried moves and their weights, drawn from and removed in step.
    const left = moves.slice();
    const weights = left.map((m) => turnWeight(prevStep, m.step));
    while (left.length > 0) {
      const k = this.order.weightedIndex(weights);
      const move = left[k] as Move;
      left.splice(k, 1);
      weights.splice(k, 1);
      const dq = prev.transform.dq + move.dq;
      const dr = prev.transform.dr + move.dr;
      const turned = table.turned[move.turns] as TurnedShape;
      if (!this.fits(turned, dq, dr, index - 1)) continue;
      const piece: PlacedPiece = {
        id: pieceId(index),
        kind,
        shape: table,
        transform: { turns: move.turns, dq, dr },
        turned,
        seam: move.seam,
      };
      this.placed.push(piece);
      this.occupy(piece, index);
      if (this.extend(index + 1, move.step)) return true;
      this.occupy(piece, -1);
      this.placed.pop();
      if (this.budget < 0) return false;
    }
    return false;
  }
}

/**
 * Who owns each hex during the search (piece index, -1 for none): a flat table over a square
 * window as wide as the longest straight course, centred on the start. The search looks hexes up
 * a few thousand times per course, and allocating and filling the window for every map cost more
 * than the search itself, so one table, big enough for the largest window asked for so far, is
 * kept and emptied after each course. A turned shape's spaces and halo are fixed offsets in it,
 * so placing a piece is adding the offset of its translation.
 */
class OwnerGrid {
  readonly span: number;
  readonly cells: Int32Array;
  readonly #offsets = new Map<TurnedShape, { spaces: Int32Array; halo: Int32Array }>();

  constructor(readonly reach: number) {
    this.span = 2 * reach + 1;
    this.cells = new Int32Array(this.span * this.span).fill(-1);
  }

  /** The cell of the origin moved by (dq, dr). */
  cellOf(dq: number, dr: number): number {
    // Every shape reaches at most 4 hexes (its halo included) from its own origin.
    if (Math.abs(dq) > this.reach - 4 || Math.abs(dr) > this.reach - 4)
      throw new RangeError(`a piece at ${dq},${dr} leaves the course window`);
    return (dq + this.reach) * this.span + (dr + this.reach);
  }

  offsets(turned: TurnedShape): { spaces: Int32Array; halo: Int32Array } {
    let found = this.#offsets.get(turned);
    if (!found) {
      found = {
        spaces: turned.q.map((q, i) => q * this.span + (turned.r[i] as number)),
        halo: turned.haloQ.map((q, i) => q * this.span + (turned.haloR[i] as number)),
      };
      this.#offsets.set(turned, found);
    }
    return found;
  }
}

let sharedOwner: OwnerGrid | undefined;
function ownerGrid(reach: number): OwnerGrid {
  if (!sharedOwner || reach > sharedOwner.reach) sharedOwner = new OwnerGrid(reach);
  return sharedOwner;
}
