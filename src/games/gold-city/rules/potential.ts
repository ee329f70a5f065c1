import { Arena } from '../../../algorithms/arena.ts';
import { NodeHeap } from '../../../algorithms/min-heap.ts';
import { G, type Table } from './table.ts';

/**
 * Effort of entering a space, in "card plays": a base step plus a share for its strength, so a
 * jungle-3 weighs more than two jungle-1s but less than a rubble-3 that eats three cards.
 */
export function entryEffort(t: Table, j: number): number {
  const s = t.strength[j] as number;
  switch (t.ground[j]) {
    case G.water:
      // Only the single-use Prop Plane pays water-4: a route through it is a last resort.
      return s >= 4 ? 6 : 0.5 + 0.5 * s;
    case G.jungle:
    case G.village:
      return 0.5 + 0.5 * s;
    case G.rubble:
      return 0.5 + 0.9 * s;
    case G.basecamp:
      return 0.5 + 0.5 * s;
    case G.finish:
      return 0;
    default:
      return 0.5;
  }
}

export function blockadeEffort(t: Table, blockade: number): number {
  const b = t.blockades[blockade];
  return b ? 0.5 + (b.terrain === 'rubble' ? 0.9 : 0.6) * b.strength : 0;
}

/** A table's step costs, worked out once: what entering each space and crossing each seam costs. */
export interface StepCosts {
  /** entryEffort per space. */
  enter: Float64Array;
  /**
   * seam[(piece[i] + 1) * stride + piece[j] + 1]: blockadeEffort of the blockade across the step
   * i → j, 0 where none — within a piece, and for a space of no listed piece (row and column 0).
   */
  seam: Float64Array;
  stride: number;
}

/**
 * The costs the searches and route walks read in their inner loops. A search adds
 * `dist + enter + seam` just as `dist + entryEffort + (blockade ? blockadeEffort : 0)`: adding 0
 * is exact, so every field keeps its bits.
 */
export function stepCosts(t: Table): StepCosts {
  if (t.costs) return t.costs;
  const { n, pieces, blockadeAt } = t;
  const stride = pieces + 1;
  const arena = new Arena(8 * (n + stride * stride));
  const enter = arena.float64(n);
  for (let i = 0; i < n; i++) enter[i] = entryEffort(t, i);
  const seam = arena.float64(stride * stride);
  for (let a = 0; a < pieces; a++) {
    for (let b = 0; b < pieces; b++) {
      const k = a === b ? -1 : (blockadeAt[a * pieces + b] as number);
      if (k >= 0) seam[(a + 1) * stride + b + 1] = blockadeEffort(t, k);
    }
  }
  return (t.costs = { enter, seam, stride });
}

/** One heap for every search here: searches never nest, and it keeps its buffers. */
const heap = new NodeHeap();

/**
 * Effort from every space to the nearest finishing space (Dijkstra backwards from the finish);
 * Infinity where the finish is out of reach. Blockades count as intact; `closed` spaces (pawns
 * that have stopped moving) cannot be walked through. Written into `into` (t.n long) if given.
 */
export function effortToFinish(t: Table, closed?: Uint8Array, into = new Float64Array(t.n)): Float64Array {
  const dist = into.fill(Infinity);
  heap.reset(dist);
  for (let i = 0; i < t.n; i++) {
    if (t.finishes[i]) {
      dist[i] = 0;
      heap.lowered(i);
    }
  }
  spreadBackwards(t, dist, closed);
  return dist;
}

/**
 * Dijkstra backwards from what `dist` and the heap were seeded with: a space's effort is entering
 * its cheapest neighbour plus that neighbour's own. Mountains, `closed` spaces, finishing spaces
 * and `fixed` ones (a temple valued by the next field) keep what they were seeded with.
 *
 * Each field is the least, over all walks, of the effort summed along the walk in floating point;
 * every step only adds, so that least is one number whatever order equal efforts leave the heap.
 */
function spreadBackwards(t: Table, dist: Float64Array, closed?: Uint8Array, fixed?: Uint8Array): void {
  const { enter, seam, stride } = stepCosts(t);
  const { open, openStart, finishes, piece } = t;
  while (heap.size > 0) {
    const x = heap.pop();
    const base = (dist[x] as number) + (enter[x] as number);
    // The blockade across y → x is the one across x → y: blockadeAt is symmetric.
    const row = ((piece[x] as number) + 1) * stride + 1;
    for (let e = openStart[x] as number, end = openStart[x + 1] as number; e < end; e++) {
      const y = open[e] as number;
      if (finishes[y] || fixed?.[y] || closed?.[y]) continue;
      const d = base + (seam[row + (piece[y] as number)] as number);
      if (d < (dist[y] as number)) {
        dist[y] = d;
        heap.lowered(y);
      }
    }
  }
}

/**
 * Golden Temples: effort to the goal for every holding of gems, indexed by a bit mask of the
 * temples held (bit k: temple k). With every gem it is effortToFinish; with fewer, the chamber is
 * sealed, so the goal is the cheapest of the missing temples plus the rest of the tour from there.
 * A temple's value is fixed at the field one gem richer: standing on it, the gem is held, and a
 * walk through it takes the gem on the way. The cheapest tour order falls out of the search.
 */
export function templeFields(t: Table, closed?: Uint8Array, toFinish?: Float64Array): Float64Array[] {
  const k = t.temples.length;
  const full = (1 << k) - 1;
  const fields: Float64Array[] = new Array(full + 1);
  // A caller that already has effortToFinish(t, closed) passes it in rather than search again.
  fields[full] = toFinish ?? effortToFinish(t, closed);
  const masks = Array.from({ length: full }, (_, m) => m).sort((a, b) => popcount(b) - popcount(a) || a - b);
  const fixed = new Uint8Array(t.n);
  for (const mask of masks) {
    const dist = new Float64Array(t.n).fill(Infinity);
    heap.reset(dist);
    fixed.fill(0);
    t.temples.forEach((space, bit) => {
      if (mask & (1 << bit)) return;
      fixed[space] = 1;
      const v = (fields[mask | (1 << bit)] as Float64Array)[space] as number;
      if (v < (dist[space] as number)) {
        dist[space] = v;
        heap.lowered(space);
      }
    });
    spreadBackwards(t, dist, closed, fixed);
    fields[mask] = dist;
  }
  return fields;
}

function popcount(m: number): number {
  let c = 0;
  for (let x = m; x; x &= x - 1) c++;
  return c;
}

/** The bit mask of the temples whose gem a player holds. */
export function gemMask(gems: readonly number[] | undefined): number {
  let m = 0;
  for (const g of gems ?? []) m |= 1 << g;
  return m;
}
