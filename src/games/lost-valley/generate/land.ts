import { faceAround, faceNeighbour } from '../../../geometry/trilattice/ids.ts';
import type { Landscape } from './landscape.ts';
import type { Replayed } from './replayed.ts';

/** The land step's lists, refilled at every face it covers: kept for the whole replay rather than made per face. */
export interface Candidates {
  partners: number[];
  scores: number[];
  best: number[];
}

/** Open neighbours a face would still have besides `except`, to prefer diamonds that leave no stranded triangle. */
function openNeighbours(land: Landscape, f: number, except: number): number {
  let n = 0;
  for (let k = 0; k < 3; k++) {
    const g = faceNeighbour(f, k);
    if (g !== except && land.open(g)) n++;
  }
  return n;
}

/** Step 2: land diamonds until every face around the intersection is covered. */
export function exploreLand(land: Landscape, rng: Replayed, { partners, scores, best }: Candidates, at: number): void {
  const stack = land.stacks.land;
  for (let i = 0; i < 6; i++) {
    const f = faceAround(at, i);
    if (stack.length === 0) return;
    if (!land.open(f)) continue;
    partners.length = 0;
    for (let k = 0; k < 3; k++) {
      const g = faceNeighbour(f, k);
      if (land.open(g)) partners.push(g);
    }
    if (partners.length === 0) continue;
    // Prefer partners around the same intersection, then ones that strand no neighbour.
    let top = -Infinity;
    scores.length = 0;
    for (const g of partners) {
      let around = false;
      for (let k = 0; k < 6; k++) if (faceAround(at, k) === g) around = true;
      let stranded = 0;
      for (let k = 0; k < 3; k++) {
        const h = faceNeighbour(g, k);
        if (h !== f && land.empty(h) && openNeighbours(land, h, g) === 0) stranded++;
      }
      const score = (around ? 4 : 0) - stranded * 3;
      scores.push(score);
      if (score > top) top = score;
    }
    best.length = 0;
    for (let k = 0; k < partners.length; k++) if (scores[k] === top) best.push(partners[k]!);
    const partner = rng.pick(best);
    land.place('land', stack.shift()!, [f, partner]);
    land.landPlaced++;
  }
}
