import type { Rng } from '../../../core/rng.ts';
import { stepFace, VERTEX_STEP_IDS } from '../../../geometry/trilattice/ids.ts';
import { intersectionBytes, type Landscape } from './landscape.ts';

/**
 * A breadth-first search over the intersections, its buffers kept from one search to the next of
 * a map: a prospector plans dozens of routes per map. The queue holds every intersection reached,
 * so `reached` is emptied by walking it, and each one's parent is a place in the queue.
 */
export class RoutePlanner {
  private readonly reached = intersectionBytes();
  private readonly queue: number[] = [];
  private readonly depth: number[] = [];
  private readonly parent: number[] = [];
  /** Places in the queue of the targets found. */
  private readonly targets: number[] = [];

  /** A path (without `from`) to one of the nearest partly unexplored intersections, chosen by the stream. */
  plan(land: Landscape, rng: Rng, from: number): number[] | undefined {
    const { reached, queue, depth, parent, targets } = this;
    reached.set(from, 1);
    queue[0] = from;
    depth[0] = 0;
    parent[0] = -1;
    let tail = 1;
    targets.length = 0;
    let limit = Infinity;
    for (let head = 0; head < tail; head++) {
      const v = queue[head]!;
      const d = depth[head]!;
      if (d > limit) break;
      if (d > 0 && land.partlyUnexplored(v)) {
        targets.push(head);
        // Look a little past the nearest, so exploration wanders rather than spirals.
        if (limit === Infinity) limit = d + 2;
        continue;
      }
      for (let k = 0; k < 6; k++) {
        const n = v + VERTEX_STEP_IDS[k]!;
        if (reached.get(n) !== 0 || !land.walkable(stepFace(v, k, 0), stepFace(v, k, 1))) continue;
        reached.set(n, 1);
        queue[tail] = n;
        depth[tail] = d + 1;
        parent[tail++] = head;
      }
    }
    for (let i = 0; i < tail; i++) reached.set(queue[i]!, 0);
    if (targets.length === 0) return undefined;
    const target = rng.pick(targets);
    const route: number[] = [queue[target]!];
    // Place 0 is `from`, left out.
    for (let i = parent[target]!; i > 0; i = parent[i]!) route.push(queue[i]!);
    return route.reverse();
  }
}
