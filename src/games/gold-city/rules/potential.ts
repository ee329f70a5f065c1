import { MinHeap } from '../../../core/min-heap.ts';
import { G, blockadeBetween, type Table } from './table.ts';

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

/**
 * Effort from every space to the nearest finishing space (Dijkstra backwards from the finish);
 * Infinity where the finish is out of reach. Blockades count as intact; `closed` spaces (pawns
 * that have stopped moving) cannot be walked through.
 */
export function effortToFinish(t: Table, closed?: Uint8Array): Float64Array {
  const dist = new Float64Array(t.n).fill(Infinity);
  const heap = new MinHeap();
  for (let i = 0; i < t.n; i++) {
    if (t.finishes[i]) {
      dist[i] = 0;
      heap.push(0, i);
    }
  }
  spreadBackwards(t, dist, heap, closed);
  return dist;
}

/**
 * Dijkstra backwards from what `dist` and `heap` were seeded with: a space's effort is entering
 * its cheapest neighbour plus that neighbour's own. Mountains, `closed` spaces, finishing spaces
 * and `fixed` ones (a temple valued by the next field) keep what they were seeded with.
 */
function spreadBackwards(t: Table, dist: Float64Array, heap: MinHeap, closed?: Uint8Array, fixed?: Uint8Array): void {
  while (heap.size > 0) {
    const { priority, value: x } = heap.pop();
    if (priority > (dist[x] as number)) continue;
    const enter = entryEffort(t, x);
    for (let k = 0; k < 6; k++) {
      const y = t.adj[6 * x + k] as number;
      if (y < 0 || fixed?.[y] || t.finishes[y] || t.ground[y] === G.mountain || closed?.[y]) continue;
      const b = blockadeBetween(t, y, x);
      const d = priority + enter + (b >= 0 ? blockadeEffort(t, b) : 0);
      if (d < (dist[y] as number)) {
        dist[y] = d;
        heap.push(d, y);
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
export function templeFields(t: Table, closed?: Uint8Array): Float64Array[] {
  const k = t.temples.length;
  const full = (1 << k) - 1;
  const fields: Float64Array[] = new Array(full + 1);
  fields[full] = effortToFinish(t, closed);
  const masks = Array.from({ length: full }, (_, m) => m).sort((a, b) => popcount(b) - popcount(a) || a - b);
  for (const mask of masks) {
    const dist = new Float64Array(t.n).fill(Infinity);
    const fixed = new Uint8Array(t.n);
    const heap = new MinHeap();
    t.temples.forEach((space, bit) => {
      if (mask & (1 << bit)) return;
      const v = (fields[mask | (1 << bit)] as Float64Array)[space] as number;
      fixed[space] = 1;
      if (v < (dist[space] as number)) {
        dist[space] = v;
        heap.push(v, space);
      }
    });
    spreadBackwards(t, dist, heap, closed, fixed);
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
