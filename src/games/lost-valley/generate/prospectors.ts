import type { Rng } from '../../../core/rng.ts';
import { edgeBetween } from '../../../geometry/trilattice/ids.ts';
import { LAND_TILES, type LvTile } from '../model.ts';
import { explore, type Exploring } from './explore.ts';
import { TRADING_POST_ID, vertexPair, type Landscape } from './landscape.ts';
import { RoutePlanner } from './route.ts';

/** Sees each step a virtual prospector takes, with the tiles down when it takes it (tests watch the replay so). */
export type ExplorationWatch = (from: [number, number], to: [number, number], tiles: readonly LvTile[]) => void;

const MAX_TURNS = 5000;

interface Walker {
  at: number;
  rng: Rng;
  /** The steps still to walk are route[next…]. */
  route: number[];
  next: number;
}

/**
 * Seeded virtual prospectors, one stream each, take turns walking from the trading post to partly
 * unexplored intersections and exploring them, until the last land tile is down.
 */
export function prospect(land: Landscape, exploring: Exploring, streams: readonly Rng[], watch?: ExplorationWatch): void {
  const walkers: Walker[] = streams.map((rng) => ({ at: TRADING_POST_ID, rng, route: [], next: 0 }));
  const routes = new RoutePlanner();
  for (let turn = 0; turn < MAX_TURNS && land.landPlaced < LAND_TILES && land.stacks.land.length > 0; turn++) {
    const p = walkers[turn % walkers.length]!;
    if (land.partlyUnexplored(p.at)) {
      explore(land, exploring, p.at);
      continue;
    }
    // A prospector keeps to its route while the place it heads for is still worth exploring.
    const ahead = p.next < p.route.length;
    if (!ahead || !land.partlyUnexplored(p.route[p.route.length - 1]!) || !land.walkableEdge(edgeBetween(p.at, p.route[p.next]!))) {
      p.route = routes.plan(land, p.rng, p.at) ?? [];
      p.next = 0;
    }
    if (p.next >= p.route.length) continue;
    const step = p.route[p.next++]!;
    watch?.(vertexPair(p.at), vertexPair(step), land.tiles);
    p.at = step;
    if (land.partlyUnexplored(step)) explore(land, exploring, step);
  }
}
