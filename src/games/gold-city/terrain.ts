import type { Rng } from '../../core/rng.ts';
import type { ShapeTable } from '../../geometry/hex/shape-table.ts';
import { STRENGTH_RANGE, type CostedTerrain, type Tier } from './model.ts';
import { T } from './terrain-codes.ts';

/** A piece's ground by local space index (the order of the piece's shape). */
export interface PieceGround {
  /** Terrain codes (terrain-codes.ts). */
  terrain: Uint8Array;
  /** 0 where the ground takes no strength. */
  strength: Int8Array;
}

/**
 * How steeply the chance of each strength falls from the weakest: each step up is this many
 * times as likely as the one below. 'normal' approximates the printed tiles, where low numbers
 * dominate; harder tiers flatten or invert the slope.
 */
const TIER_SLOPE: Record<Tier, number> = { easy: 0.3, normal: 0.75, hard: 1.3, expert: 2.5 };

/** The weights of each strength lo…hi, by tier and terrain: drawn for nearly every space, so made once. */
const STRENGTH_WEIGHTS = {} as Record<Tier, Record<CostedTerrain, readonly number[]>>;
for (const tier of Object.keys(TIER_SLOPE) as Tier[]) {
  const byTerrain = {} as Record<CostedTerrain, readonly number[]>;
  for (const terrain of Object.keys(STRENGTH_RANGE) as CostedTerrain[]) {
    const [lo, hi] = STRENGTH_RANGE[terrain];
    const weights: number[] = [];
    for (let s = lo; s <= hi; s++) weights.push(TIER_SLOPE[tier] ** (s - lo));
    byTerrain[terrain] = weights;
  }
  STRENGTH_WEIGHTS[tier] = byTerrain;
}

export function drawStrength(rng: Rng, terrain: CostedTerrain, tier: Tier): number {
  return STRENGTH_RANGE[terrain][0] + rng.weightedIndex(STRENGTH_WEIGHTS[tier][terrain]);
}

/** A printed cluster shares one number with the odd neighbour a step either side. */
function jitter(rng: Rng, lo: number, hi: number, base: number): number {
  const roll = rng.next();
  const s = roll < 0.15 ? base - 1 : roll > 0.85 ? base + 1 : base;
  return Math.min(hi, Math.max(lo, s));
}

interface Canvas {
  shape: ShapeTable;
  /** Spaces along a seam: ridges stay off them so a seam never starts walled up. */
  seam: Uint8Array;
  ground: PieceGround;
  /** Scratch for `blob` and for marking the ridges' neighbours (all zero between uses). */
  mark: Uint8Array;
  /** Local indices: a shape has fewer than 256 spaces. */
  frontier: Uint8Array;
}

/** Zero, one or two ridges on a hexagon. */
const RIDGE_COUNT_WEIGHTS: readonly number[] = [1, 6, 3];

/** Left, straight on, right. */
const BEND_WEIGHTS: readonly number[] = [1, 3, 1];

/**
 * A meandering walk from `from`, mostly along `direction`, for at most `length` spaces; with
 * `offSeam` it stops at a seam space.
 */
function meander(rng: Rng, canvas: Canvas, from: number, direction: number, length: number, offSeam: boolean): number[] {
  const path: number[] = [];
  let at = from;
  let heading = direction;
  for (let step = 0; step < length; step++) {
    if (at === -1 || (offSeam && canvas.seam[at]) || path.includes(at)) break;
    path.push(at);
    const bend = rng.weightedIndex(BEND_WEIGHTS) - 1;
    heading = (heading + bend + 6) % 6;
    // Never drift more than one step off the main direction, so bands cross rather than coil.
    if (Math.abs(((heading - direction + 9) % 6) - 3) > 1) heading = direction;
    at = canvas.shape.neighbours[6 * at + heading] as number;
  }
  return path;
}

const IN_BLOB = 1;
const ON_FRONTIER = 2;

/**
 * Grows a blob of jungle from `seed`, one seeded frontier space at a time. The frontier lists the
 * jungle next to the blob as a scan of the blob (in the order it grew) and of each space's
 * directions would meet it; growing by X removes X and appends X's new neighbours, which keeps
 * exactly that order, so the list is kept up to date rather than scanned afresh each time.
 */
function blob(rng: Rng, canvas: Canvas, seed: number, size: number): number[] {
  const { mark, frontier } = canvas;
  if (canvas.ground.terrain[seed] !== T.jungle) return [];
  const out = [seed];
  mark[seed] = IN_BLOB;
  let count = extendFrontier(canvas, seed, 0);
  while (out.length < size && count > 0) {
    // rng.pick over the frontier's `count` spaces.
    const k = rng.int(0, count - 1);
    const picked = frontier[k] as number;
    // By hand: the frontier is a dozen spaces, and copyWithin's call cost more than the moves.
    for (let j = k + 1; j < count; j++) frontier[j - 1] = frontier[j] as number;
    count--;
    out.push(picked);
    mark[picked] = IN_BLOB;
    count = extendFrontier(canvas, picked, count);
  }
  for (const i of out) mark[i] = 0;
  for (let k = 0; k < count; k++) mark[frontier[k] as number] = 0;
  return out;
}

/** Appends the unmarked jungle around space `i` to the frontier's first `count`; answers the new count. */
function extendFrontier(canvas: Canvas, i: number, count: number): number {
  const { terrain } = canvas.ground;
  const { neighbours } = canvas.shape;
  for (let d = 0; d < 6; d++) {
    const n = neighbours[6 * i + d] as number;
    if (n !== -1 && canvas.mark[n] === 0 && terrain[n] === T.jungle) {
      canvas.mark[n] = ON_FRONTIER;
      canvas.frontier[count++] = n;
    }
  }
  return count;
}

function paint(rng: Rng, canvas: Canvas, spaces: readonly number[], terrain: CostedTerrain, tier: Tier): void {
  const base = drawStrength(rng, terrain, tier);
  const code = T[terrain];
  const [lo, hi] = STRENGTH_RANGE[terrain];
  for (const i of spaces) {
    canvas.ground.terrain[i] = code;
    canvas.ground.strength[i] = jitter(rng, lo, hi, base);
  }
}

/**
 * One canvas per shape, kept and wiped for every piece of that shape: painting is synchronous
 * and the caller copies a piece's ground onto its board before painting the next, so the ground
 * a painter answers is good until the next piece of the same shape is painted.
 */
const EASELS = new Map<ShapeTable, Canvas>();
function fresh(shape: ShapeTable, seam: Uint8Array): Canvas {
  let canvas = EASELS.get(shape);
  if (!canvas) {
    const n = shape.hexes.length;
    canvas = {
      shape,
      seam,
      ground: { terrain: new Uint8Array(n), strength: new Int8Array(n) },
      mark: new Uint8Array(n),
      frontier: new Uint8Array(n),
    };
    EASELS.set(shape, canvas);
  }
  canvas.seam = seam;
  canvas.ground.terrain.fill(T.jungle);
  canvas.ground.strength.fill(0);
  canvas.mark.fill(0);
  return canvas;
}

const NO_SEAM = new Uint8Array(64);

/** 0 … n − 1, made once per size (read only). */
const ALL_INDICES: number[][] = [];
const allIndices = (n: number): readonly number[] => (ALL_INDICES[n] ??= Array.from({ length: n }, (_, i) => i));

function jungleOf(terrain: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < terrain.length; i++) if (terrain[i] === T.jungle) out.push(i);
  return out;
}

/**
 * The recipe, in layers that a reader can picture: jungle everywhere, then a river band or a
 * lake, village clusters, a mountain ridge reaching in from an edge, rubble where the ridge
 * narrows the way, and now and then a base camp. Feature sizes scale with the piece, so a
 * strip gets a short crossing rather than a full river.
 */
export function paintPiece(rng: Rng, shape: ShapeTable, seam: Uint8Array, tier: Tier): PieceGround {
  const canvas = fresh(shape, seam);
  const { terrain, strength } = canvas.ground;
  const n = shape.hexes.length;
  const everywhere = allIndices(n);
  const jungleRng = rng.fork('jungle');
  const jungleWeights = STRENGTH_WEIGHTS[tier].jungle;
  const jungleLow = STRENGTH_RANGE.jungle[0];
  for (let i = 0; i < n; i++) strength[i] = jungleLow + jungleRng.weightedIndex(jungleWeights);
  const scale = n / 37;

  const water = rng.fork('water');
  if (water.chance(0.75)) {
    const from = water.pick(shape.edge);
    paint(water, canvas, meander(water, canvas, from, shape.inward[from] as number, Math.round(7 * scale), false), 'water', tier);
    if (water.chance(0.8 * scale)) paint(water, canvas, blob(water, canvas, water.pick(everywhere), water.int(2, 3)), 'water', tier);
  } else {
    paint(water, canvas, blob(water, canvas, water.pick(everywhere), Math.round(water.int(5, 7) * scale)), 'water', tier);
  }

  const village = rng.fork('village');
  const clusters = scale < 0.6 ? 1 : 2;
  for (let c = 0; c < clusters; c++) {
    const size = Math.max(2, Math.round(village.int(4, 5) * Math.min(1, scale + 0.2)));
    paint(village, canvas, blob(village, canvas, village.pick(everywhere), size), 'village', tier);
  }

  const ridge = rng.fork('mountain');
  const offSeam = shape.edge.filter((i) => !seam[i]);
  const ridges = scale < 0.6 ? 1 : ridge.weightedIndex(RIDGE_COUNT_WEIGHTS);
  // The ridges are the piece's only mountains: only their neighbours can be pinched.
  const { mark } = canvas;
  let nearRidge = 0;
  for (let r = 0; r < ridges && offSeam.length > 0; r++) {
    const from = ridge.pick(offSeam);
    const path = meander(ridge, canvas, from, shape.inward[from] as number, ridge.int(2, scale < 0.6 ? 2 : 4), true);
    for (const i of path) {
      terrain[i] = T.mountain;
      strength[i] = 0;
      for (let d = 0; d < 6; d++) {
        const m = shape.neighbours[6 * i + d] as number;
        if (m !== -1 && mark[m] === 0) (mark[m] = 1), nearRidge++;
      }
    }
  }

  const rubble = rng.fork('rubble');
  // Chokepoints: open spaces pinched between a mountain and something else closed or the edge.
  const pinched: number[] = [];
  for (let i = 0; nearRidge > 0 && i < n; i++) {
    if (mark[i] === 0) continue;
    mark[i] = 0;
    nearRidge--;
    if (terrain[i] === T.mountain) continue;
    let closed = 0;
    let mountains = 0;
    for (let d = 0; d < 6; d++) {
      const m = shape.neighbours[6 * i + d] as number;
      if (m === -1) closed++;
      else if (terrain[m] === T.mountain) {
        closed++;
        mountains++;
      }
    }
    if (closed >= 2 && mountains > 0) pinched.push(i);
  }
  const rubbleCount = Math.max(1, Math.round(rubble.int(2, 4) * scale * 0.9));
  for (const i of rubble.shuffle(pinched.length > 0 ? pinched : jungleOf(terrain)).slice(0, rubbleCount)) {
    terrain[i] = T.rubble;
    strength[i] = drawStrength(rubble, 'rubble', tier);
  }

  const camp = rng.fork('basecamp');
  if (camp.chance(0.9 * scale)) {
    const spots = jungleOf(terrain);
    if (spots.length > 0) {
      const i = camp.pick(spots);
      terrain[i] = T.basecamp;
      strength[i] = drawStrength(camp, 'basecamp', tier);
    }
  }
  return canvas.ground;
}

/**
 * The start piece is gentle ground, as on the printed start tiles: weak jungle, a village and
 * a ford, no mountains, so every start space is free to leave.
 */
export function paintStart(rng: Rng, shape: ShapeTable): PieceGround {
  const canvas = fresh(shape, NO_SEAM);
  const { terrain, strength } = canvas.ground;
  const everywhere = allIndices(shape.hexes.length);
  for (const i of everywhere) strength[i] = rng.chance(0.8) ? 1 : 2;
  for (const i of blob(rng, canvas, rng.pick(everywhere), rng.int(3, 5))) {
    terrain[i] = T.village;
    strength[i] = 1;
  }
  for (const i of blob(rng, canvas, rng.pick(everywhere), rng.int(2, 3))) {
    terrain[i] = T.water;
    strength[i] = 1;
  }
  return canvas.ground;
}
