import type { Rng } from '../../core/rng.ts';
import { DIRECTIONS, rotate, type Axial } from '../../geometry/hex/axial.ts';
import { HexTable } from '../../geometry/hex/hex-table.ts';
import { compose, flushPlacements, IDENTITY, placeShape, type Transform } from '../../geometry/hex/placement.ts';
import { FINISH_ROW, HEXAGON_3, STRIP_565 } from '../../geometry/hex/shapes.ts';
import { shapeTable, type ShapeTable } from '../../geometry/hex/shape-table.ts';
import type { GoldCityOptions, PieceKind } from './model.ts';

/** A piece on the board; `hexes[i]` is local space i of its shape, moved into place. */
export interface PlacedPiece {
  id: string;
  kind: PieceKind;
  shape: ShapeTable;
  hexes: Axial[];
  transform: Transform;
}

export interface Course {
  pieces: PlacedPiece[];
  /** Piece index by hex, -1 off the course. */
  owner: HexTable;
}

type ShapeName = 'hexagon' | 'strip' | 'finish';
const SHAPES: Record<ShapeName, readonly Axial[]> = { hexagon: HEXAGON_3, strip: STRIP_565, finish: FINISH_ROW };
const TABLES: Record<ShapeName, ShapeTable> = { hexagon: shapeTable(HEXAGON_3), strip: shapeTable(STRIP_565), finish: shapeTable(FINISH_ROW) };
const SHAPE_OF: Record<PieceKind, ShapeName> = { start: 'hexagon', terrain: 'hexagon', strip: 'strip', finish: 'finish' };

const placementCache = new Map<string, Transform[]>();
function placementsBetween(base: ShapeName, next: ShapeName): Transform[] {
  const key = `${base}>${next}`;
  let found = placementCache.get(key);
  if (!found) {
    found = flushPlacements(SHAPES[base], SHAPES[next]);
    placementCache.set(key, found);
  }
  return found;
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
function turnWeight(prevStep: Axial | undefined, step: Axial): number {
  if (!prevStep) return 1;
  const cube = (v: Axial) => [v.q, v.r, -v.q - v.r] as const;
  const [a1, a2, a3] = cube(prevStep);
  const [b1, b2, b3] = cube(step);
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
  const order = rng.fork('turns');
  // Wide enough for the longest course running straight in any direction.
  const reach = 10 * (options.pieces + 2);
  const owner = new HexTable(-reach, -reach, 2 * reach + 1);
  const placed: PlacedPiece[] = [];
  let budget = SEARCH_BUDGET;

  const fits = (hexes: readonly Axial[], previous: number): boolean => {
    for (const h of hexes) if (owner.get(h.q, h.r) !== -1) return false;
    for (const h of hexes) {
      for (const d of DIRECTIONS) {
        const o = owner.get(h.q + d.q, h.r + d.r);
        if (o !== -1 && o !== previous) return false;
      }
    }
    return true;
  };
  const occupy = (piece: PlacedPiece, index: number, on: boolean) => {
    for (const h of piece.hexes) owner.set(h.q, h.r, on ? index : -1);
  };

  const extend = (index: number, prevStep: Axial | undefined): boolean => {
    if (index === kinds.length) return true;
    if (--budget < 0) return false;
    const kind = kinds[index] as PieceKind;
    const prev = placed[index - 1] as PlacedPiece;
    const shape = SHAPE_OF[kind];
    const c0 = placedMoments(SHAPE_OF[prev.kind], prev.transform);
    // Weights need only centroids; the spaces of a candidate are laid out only once it is drawn.
    const candidates = placementsBetween(SHAPE_OF[prev.kind], shape).map((rel) => {
      const transform = compose(prev.transform, rel);
      const c1 = placedMoments(shape, transform);
      // Centroid difference scaled to integers: (Σ1·n0 − Σ0·n1) keeps the direction exact.
      const step = { q: c1.q * c0.n - c0.q * c1.n, r: c1.r * c0.n - c0.r * c1.n };
      return { transform, step, weight: turnWeight(prevStep, step) };
    });
    while (candidates.length > 0) {
      const k = order.weightedIndex(candidates.map((c) => c.weight));
      const [c] = candidates.splice(k, 1);
      if (!c) break;
      const hexes = placeShape(SHAPES[shape], c.transform);
      if (!fits(hexes, index - 1)) continue;
      const piece: PlacedPiece = { id: `p${index}`, kind, shape: TABLES[shape], hexes, transform: c.transform };
      placed.push(piece);
      occupy(piece, index, true);
      if (extend(index + 1, c.step)) return true;
      occupy(piece, index, false);
      placed.pop();
      if (budget < 0) return false;
    }
    return false;
  };

  const start: PlacedPiece = { id: 'p0', kind: 'start', shape: TABLES.hexagon, hexes: placeShape(HEXAGON_3, IDENTITY), transform: IDENTITY };
  placed.push(start);
  occupy(start, 0, true);
  if (!extend(1, undefined)) {
    throw new Error(`no course found within the search budget for ${options.pieces} pieces`);
  }
  return { pieces: placed, owner };
}
