import type { Rng } from '../../../core/rng.ts';
import { LAND_TILES } from '../model.ts';
import { fillGaps } from './gaps.ts';
import { exploreLand, type Candidates } from './land.ts';
import type { Landscape } from './landscape.ts';
import { Replayed } from './replayed.ts';
import { exploreRiver, placeSpring } from './river.ts';

/** What every exploration draws from (two streams, each from its start) and the land step's lists. */
export class Exploring {
  readonly river: Replayed;
  readonly land: Replayed;
  readonly candidates: Candidates = { partners: [], scores: [], best: [] };

  constructor(rng: Rng) {
    this.river = new Replayed(rng.fork('river'));
    this.land = new Replayed(rng.fork('land'));
  }
}

/** A prospector explores intersection `at` as the rules say: river, land diamonds, enclosed gaps. */
export function explore(land: Landscape, rng: Exploring, at: number): void {
  const before = land.tiles.length;
  if (land.riverNear(at) && land.springTile === undefined) exploreRiver(land, rng.river.restart(), at);
  exploreLand(land, rng.land.restart(), rng.candidates, at);
  fillGaps(land);
  if (land.landPlaced >= LAND_TILES && land.springTile === undefined) {
    placeSpring(land);
    fillGaps(land);
  }
  if (land.tiles.length === before) land.exhausted.set(at, 1);
}
