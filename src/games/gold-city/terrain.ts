import type { Rng } from '../../core/rng.ts';
import type { ShapeTable } from '../../geometry/hex/shape-table.ts';
import { STRENGTH_RANGE, type CostedTerrain, type Terrain, type Tier } from './model.ts';

/** A piece's ground by local space index (the order of the piece's shape). */
export interface PieceGround {
  terrain: Terrain[];
  /** 0 where the ground takes no strength. */
  strength: Int8Array;
}

/**
 * How steeply the chance of each strength falls from the weakest: each step up is this many
 * times as likely as the one below. 'normal' approximates the printed tiles, where low numbers
 * dominate; harder tiers flatten or invert the slope.
 */
const TIER_SLOPE: Record<Tier, number> = { easy: 0.3, normal: 0.75, hard: 1.3, expert: 2.5 };

export function drawStrength(rng: Rng, terrain: CostedTerrain, tier: Tier): number {
  const [lo, hi] = STRENGTH_RANGE[terrain];
  const slope = TIER_SLOPE[tier];
  const weights: number[] = [];
  for (let s = lo; s <= hi; s++) weights.push(slope ** (s - lo));
  return lo + rng.weightedIndex(weights);
}

/** A printed cluster shares one number with the odd neighbour a step either side. */
function jitter(rng: Rng, terrain: CostedTerrain, base: number): number {
  const [lo, hi] = STRENGTH_RANGE[terrain];
  const roll = rng.next();
  const s = roll < 0.15 ? base - 1 : roll > 0.85 ? base + 1 : base;
  return Math.min(hi, Math.max(lo, s));
}

interface Canvas {
  shape: ShapeTable;
  /** Spaces along a seam: ridges stay off them so a seam never starts walled up. */
  seam: Uint8Array;
  ground: PieceGround;
}

/** A meandering walk from `from`, mostly along `direction`, for at most `length` spaces. */
function meander(rng: Rng, canvas: Canvas, from: number, direction: number, length: number, allowed: (i: number) => boolean): number[] {
  const path: number[] = [];
  let at = from;
  let heading = direction;
  for (let step = 0; step < length; step++) {
    if (at === -1 || !allowed(at) || path.includes(at)) break;
    path.push(at);
    const bend = rng.weightedIndex([1, 3, 1]) - 1;
    heading = (heading + bend + 6) % 6;
    // Never drift more than one step off the main direction, so bands cross rather than coil.
    if (Math.abs(((heading - direction + 9) % 6) - 3) > 1) heading = direction;
    at = canvas.shape.neighbours[6 * at + heading] as number;
  }
  return path;
}

/** Grows a blob from `seed` over spaces `allowed` permits, one seeded frontier space at a time. */
function blob(rng: Rng, canvas: Canvas, seed: number, size: number, allowed: (i: number) => boolean): number[] {
  if (!allowed(seed)) return [];
  const out = [seed];
  const frontier: number[] = [];
  while (out.length < size) {
    frontier.length = 0;
    for (const i of out) {
      for (let d = 0; d < 6; d++) {
        const n = canvas.shape.neighbours[6 * i + d] as number;
        if (n !== -1 && !out.includes(n) && !frontier.includes(n) && allowed(n)) frontier.push(n);
      }
    }
    if (frontier.length === 0) break;
    out.push(rng.pick(frontier));
  }
  return out;
}

function paint(rng: Rng, canvas: Canvas, spaces: readonly number[], terrain: CostedTerrain, tier: Tier): void {
  const base = drawStrength(rng, terrain, tier);
  for (const i of spaces) {
    canvas.ground.terrain[i] = terrain;
    canvas.ground.strength[i] = jitter(rng, terrain, base);
  }
}

function fresh(shape: ShapeTable, seam: Uint8Array): Canvas {
  const n = shape.hexes.length;
  return { shape, seam, ground: { terrain: new Array<Terrain>(n).fill('jungle'), strength: new Int8Array(n) } };
}

const allIndices = (n: number) => Array.from({ length: n }, (_, i) => i);

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
  const isJungle = (i: number) => terrain[i] === 'jungle';
  const jungleRng = rng.fork('jungle');
  for (let i = 0; i < n; i++) strength[i] = drawStrength(jungleRng, 'jungle', tier);
  const scale = n / 37;

  const water = rng.fork('water');
  if (water.chance(0.75)) {
    const from = water.pick(shape.edge);
    paint(water, canvas, meander(water, canvas, from, shape.inward[from] as number, Math.round(7 * scale), () => true), 'water', tier);
    if (water.chance(0.8 * scale)) paint(water, canvas, blob(water, canvas, water.pick(everywhere), water.int(2, 3), isJungle), 'water', tier);
  } else {
    paint(water, canvas, blob(water, canvas, water.pick(everywhere), Math.round(water.int(5, 7) * scale), isJungle), 'water', tier);
  }

  const village = rng.fork('village');
  const clusters = scale < 0.6 ? 1 : 2;
  for (let c = 0; c < clusters; c++) {
    const size = Math.max(2, Math.round(village.int(4, 5) * Math.min(1, scale + 0.2)));
    paint(village, canvas, blob(village, canvas, village.pick(everywhere), size, isJungle), 'village', tier);
  }

  const ridge = rng.fork('mountain');
  const offSeam = shape.edge.filter((i) => !seam[i]);
  const ridges = scale < 0.6 ? 1 : ridge.weightedIndex([1, 6, 3]);
  for (let r = 0; r < ridges && offSeam.length > 0; r++) {
    const from = ridge.pick(offSeam);
    const path = meander(ridge, canvas, from, shape.inward[from] as number, ridge.int(2, scale < 0.6 ? 2 : 4), (i) => !seam[i]);
    for (const i of path) {
      terrain[i] = 'mountain';
      strength[i] = 0;
    }
  }

  const rubble = rng.fork('rubble');
  // Chokepoints: open spaces pinched between a mountain and something else closed or the edge.
  const pinched = everywhere.filter((i) => {
    if (terrain[i] === 'mountain') return false;
    let closed = 0;
    let mountains = 0;
    for (let d = 0; d < 6; d++) {
      const m = shape.neighbours[6 * i + d] as number;
      if (m === -1) closed++;
      else if (terrain[m] === 'mountain') {
        closed++;
        mountains++;
      }
    }
    return closed >= 2 && mountains > 0;
  });
  const rubbleCount = Math.max(1, Math.round(rubble.int(2, 4) * scale * 0.9));
  for (const i of rubble.shuffle(pinched.length > 0 ? pinched : everywhere.filter(isJungle)).slice(0, rubbleCount)) {
    terrain[i] = 'rubble';
    strength[i] = drawStrength(rubble, 'rubble', tier);
  }

  const camp = rng.fork('basecamp');
  if (camp.chance(0.9 * scale)) {
    const spots = everywhere.filter(isJungle);
    if (spots.length > 0) {
      const i = camp.pick(spots);
      terrain[i] = 'basecamp';
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
  const canvas = fresh(shape, new Uint8Array(shape.hexes.length));
  const { terrain, strength } = canvas.ground;
  const everywhere = allIndices(shape.hexes.length);
  const isJungle = (i: number) => terrain[i] === 'jungle';
  for (const i of everywhere) strength[i] = rng.chance(0.8) ? 1 : 2;
  for (const i of blob(rng, canvas, rng.pick(everywhere), rng.int(3, 5), isJungle)) {
    terrain[i] = 'village';
    strength[i] = 1;
  }
  for (const i of blob(rng, canvas, rng.pick(everywhere), rng.int(2, 3), isJungle)) {
    terrain[i] = 'water';
    strength[i] = 1;
  }
  return canvas.ground;
}
