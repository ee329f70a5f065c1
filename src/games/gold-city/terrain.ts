import type { Rng } from '../../core/rng.ts';
import { DIRECTIONS, hexKey, type Axial, type HexKey } from '../../geometry/hex/axial.ts';
import type { PlacedPiece } from './course.ts';
import { STRENGTH_RANGE, type CostedTerrain, type Terrain, type Tier } from './model.ts';

export interface Ground {
  terrain: Terrain;
  strength?: number;
}

/**
 * How steeply the chance of each strength falls from the weakest: each step up is this many
 * times as likely as the one below. 'normal' approximates the printed tiles, where low numbers
 * dominate; harder tiers flatten or invert the slope.
 */
const TIER_SLOPE: Record<Tier, number> = { easy: 0.3, normal: 0.5, hard: 0.9, expert: 1.6 };

export function drawStrength(rng: Rng, terrain: CostedTerrain, tier: Tier): number {
  const [lo, hi] = STRENGTH_RANGE[terrain];
  const weights: number[] = [];
  for (let s = lo; s <= hi; s++) weights.push(TIER_SLOPE[tier] ** (s - lo));
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
  hexes: readonly Axial[];
  inside: ReadonlySet<HexKey>;
  /** Spaces along a seam: ridges stay off them so a seam never starts walled up. */
  seam: ReadonlySet<HexKey>;
  ground: Map<HexKey, Ground>;
}

function boundary(canvas: Canvas): Axial[] {
  return canvas.hexes.filter((h) => DIRECTIONS.some((d) => !canvas.inside.has(hexKey(h.q + d.q, h.r + d.r))));
}

function inwardDirection(canvas: Canvas, h: Axial): number {
  // The direction whose neighbour is inside and whose opposite is outside points inwards.
  for (let d = 0; d < 6; d++) {
    const n = DIRECTIONS[d] as Axial;
    const o = DIRECTIONS[(d + 3) % 6] as Axial;
    if (canvas.inside.has(hexKey(h.q + n.q, h.r + n.r)) && !canvas.inside.has(hexKey(h.q + o.q, h.r + o.r))) return d;
  }
  return 0;
}

/** A meandering walk from `from`, mostly along `direction`, for at most `length` spaces. */
function meander(rng: Rng, canvas: Canvas, from: Axial, direction: number, length: number, allowed: (h: Axial) => boolean): Axial[] {
  const path: Axial[] = [];
  let at = from;
  let heading = direction;
  for (let i = 0; i < length; i++) {
    if (!canvas.inside.has(hexKey(at.q, at.r)) || !allowed(at)) break;
    if (path.some((p) => p.q === at.q && p.r === at.r)) break;
    path.push(at);
    const bend = rng.weightedIndex([1, 3, 1]) - 1;
    heading = (heading + bend + 6) % 6;
    // Never drift more than one step off the main direction, so bands cross rather than coil.
    if (Math.abs(((heading - direction + 9) % 6) - 3) > 1) heading = direction;
    const d = DIRECTIONS[heading] as Axial;
    at = { q: at.q + d.q, r: at.r + d.r };
  }
  return path;
}

/** Grows a blob from `seed` over spaces `allowed` permits, breadth-first in seeded order. */
function blob(rng: Rng, canvas: Canvas, seed: Axial, size: number, allowed: (h: Axial) => boolean): Axial[] {
  if (!allowed(seed)) return [];
  const out: Axial[] = [seed];
  const taken = new Set<HexKey>([hexKey(seed.q, seed.r)]);
  while (out.length < size) {
    const frontier: Axial[] = [];
    for (const h of out) {
      for (const d of DIRECTIONS) {
        const n = { q: h.q + d.q, r: h.r + d.r };
        const k = hexKey(n.q, n.r);
        if (canvas.inside.has(k) && !taken.has(k) && allowed(n)) {
          taken.add(k);
          frontier.push(n);
        }
      }
    }
    if (frontier.length === 0) break;
    const next = rng.pick(frontier);
    out.push(next);
    for (const f of frontier) if (f !== next) taken.delete(hexKey(f.q, f.r));
  }
  return out;
}

function paint(rng: Rng, canvas: Canvas, hexes: readonly Axial[], terrain: CostedTerrain, tier: Tier): void {
  const base = drawStrength(rng, terrain, tier);
  for (const h of hexes) canvas.ground.set(hexKey(h.q, h.r), { terrain, strength: jitter(rng, terrain, base) });
}

const isJungle = (canvas: Canvas) => (h: Axial) => canvas.ground.get(hexKey(h.q, h.r))?.terrain === 'jungle';

/**
 * The recipe, in layers that a reader can picture: jungle everywhere, then a river band or a
 * lake, village clusters, a mountain ridge reaching in from an edge, rubble where the ridge
 * narrows the way, and now and then a base camp. Feature sizes scale with the piece, so a
 * strip gets a short crossing rather than a full river.
 */
export function paintPiece(rng: Rng, piece: PlacedPiece, seam: ReadonlySet<HexKey>, tier: Tier): Map<HexKey, Ground> {
  const inside = new Set(piece.hexes.map((h) => hexKey(h.q, h.r)));
  const canvas: Canvas = { hexes: piece.hexes, inside, seam, ground: new Map() };
  const jungleRng = rng.fork('jungle');
  for (const h of piece.hexes) {
    canvas.ground.set(hexKey(h.q, h.r), { terrain: 'jungle', strength: drawStrength(jungleRng, 'jungle', tier) });
  }
  const scale = piece.hexes.length / 37;
  const edge = boundary(canvas);

  const water = rng.fork('water');
  if (water.chance(0.75)) {
    const from = water.pick(edge);
    paint(water, canvas, meander(water, canvas, from, inwardDirection(canvas, from), Math.round(7 * scale), () => true), 'water', tier);
    if (water.chance(0.8 * scale)) paint(water, canvas, blob(water, canvas, water.pick(piece.hexes), water.int(2, 3), isJungle(canvas)), 'water', tier);
  } else {
    const centre = water.pick(piece.hexes);
    paint(water, canvas, blob(water, canvas, centre, Math.round(water.int(5, 7) * scale), isJungle(canvas)), 'water', tier);
  }

  const village = rng.fork('village');
  const clusters = scale < 0.6 ? 1 : 2;
  for (let i = 0; i < clusters; i++) {
    const size = Math.max(2, Math.round(village.int(4, 5) * Math.min(1, scale + 0.2)));
    paint(village, canvas, blob(village, canvas, village.pick(piece.hexes), size, isJungle(canvas)), 'village', tier);
  }

  const ridge = rng.fork('mountain');
  const offSeam = edge.filter((h) => !seam.has(hexKey(h.q, h.r)));
  const ridges = scale < 0.6 ? 1 : ridge.weightedIndex([1, 6, 3]);
  const ridgeSpaces: Axial[] = [];
  for (let i = 0; i < ridges && offSeam.length > 0; i++) {
    const from = ridge.pick(offSeam);
    const path = meander(ridge, canvas, from, inwardDirection(canvas, from), ridge.int(2, scale < 0.6 ? 2 : 4), (h) => !seam.has(hexKey(h.q, h.r)));
    for (const h of path) canvas.ground.set(hexKey(h.q, h.r), { terrain: 'mountain' });
    ridgeSpaces.push(...path);
  }

  const rubble = rng.fork('rubble');
  // Chokepoints: open spaces pinched between a mountain and something else closed or the edge.
  const pinched = piece.hexes.filter((h) => {
    const g = canvas.ground.get(hexKey(h.q, h.r));
    if (!g || g.terrain === 'mountain') return false;
    let closed = 0;
    for (const d of DIRECTIONS) {
      const k = hexKey(h.q + d.q, h.r + d.r);
      if (!inside.has(k) || canvas.ground.get(k)?.terrain === 'mountain') closed++;
    }
    return closed >= 2 && DIRECTIONS.some((d) => canvas.ground.get(hexKey(h.q + d.q, h.r + d.r))?.terrain === 'mountain');
  });
  const rubbleCount = Math.max(1, Math.round(rubble.int(2, 4) * scale * 0.9));
  const rubbleSpots = rubble.shuffle(pinched.length > 0 ? pinched : piece.hexes.filter(isJungle(canvas))).slice(0, rubbleCount);
  for (const h of rubbleSpots) canvas.ground.set(hexKey(h.q, h.r), { terrain: 'rubble', strength: drawStrength(rubble, 'rubble', tier) });

  const camp = rng.fork('basecamp');
  if (camp.chance(0.9 * scale)) {
    const spots = piece.hexes.filter(isJungle(canvas));
    if (spots.length > 0) {
      const h = camp.pick(spots);
      canvas.ground.set(hexKey(h.q, h.r), { terrain: 'basecamp', strength: drawStrength(camp, 'basecamp', tier) });
    }
  }
  return canvas.ground;
}

/**
 * The start piece is gentle ground, as on the printed start tiles: weak jungle, a village and
 * a ford, no mountains, so every start space is free to leave.
 */
export function paintStart(rng: Rng, piece: PlacedPiece): Map<HexKey, Ground> {
  const inside = new Set(piece.hexes.map((h) => hexKey(h.q, h.r)));
  const canvas: Canvas = { hexes: piece.hexes, inside, seam: new Set(), ground: new Map() };
  for (const h of piece.hexes) canvas.ground.set(hexKey(h.q, h.r), { terrain: 'jungle', strength: rng.chance(0.8) ? 1 : 2 });
  for (const h of blob(rng, canvas, rng.pick(piece.hexes), rng.int(3, 5), isJungle(canvas))) {
    canvas.ground.set(hexKey(h.q, h.r), { terrain: 'village', strength: 1 });
  }
  for (const h of blob(rng, canvas, rng.pick(piece.hexes), rng.int(2, 3), isJungle(canvas))) {
    canvas.ground.set(hexKey(h.q, h.r), { terrain: 'water', strength: 1 });
  }
  return canvas.ground;
}
