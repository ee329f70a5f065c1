import { MinHeap } from './min-heap.ts';

/**
 * Least total weight from `start` to every node of a graph given as adjacency lists of
 * [neighbour, kind] (Dijkstra over a binary heap); `weight` prices a link by its kind, and an
 * infinite weight closes it. Unreached nodes, and every node when start < 0, are Infinity.
 */
export function shortestPaths<K>(
  links: ReadonlyArray<ReadonlyArray<readonly [number, K]>>,
  start: number,
  weight: (kind: K) => number,
): Float64Array {
  const dist = new Float64Array(links.length).fill(Infinity);
  if (start < 0) return dist;
  const heap = new MinHeap();
  dist[start] = 0;
  heap.push(0, start);
  while (heap.size > 0) {
    const { priority, value: x } = heap.pop();
    if (priority > (dist[x] as number)) continue;
    for (const [y, kind] of links[x]!) {
      const d = priority + weight(kind);
      if (d < (dist[y] as number)) {
        dist[y] = d;
        heap.push(d, y);
      }
    }
  }
  return dist;
}
