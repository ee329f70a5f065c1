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
  while (heap.size > 0) {
    const { priority, value: x } = heap.pop();
    if (priority > (dist[x] as number)) continue;
    const enter = entryEffort(t, x);
    for (let k = 0; k < 6; k++) {
      const y = t.adj[6 * x + k] as number;
      if (y < 0 || t.ground[y] === G.mountain || closed?.[y]) continue;
      const b = blockadeBetween(t, y, x);
      const d = priority + enter + (b >= 0 ? blockadeEffort(t, b) : 0);
      if (d < (dist[y] as number)) {
        dist[y] = d;
        heap.push(d, y);
      }
    }
  }
  return dist;
}
