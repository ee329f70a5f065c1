import { faceNeighbour } from '../../../geometry/trilattice/ids.ts';
import { NONE, type Landscape } from './landscape.ts';
import { placeSpring } from './river.ts';

/** Step 3: enclosed triangular gaps get triangle tiles, or the spring where the river flows out. */
export function fillGaps(land: Landscape): void {
  // Only faces next to something placed since the last look can have become enclosed.
  while (land.fresh.length > 0) {
    const placed = land.fresh;
    land.fresh = land.spare;
    land.spare = placed;
    // A handful of faces a round: a list is the cheapest set.
    const checked: number[] = [];
    for (const face of placed) {
      for (let j = 0; j < 3; j++) {
        const g = faceNeighbour(face, j);
        if (checked.includes(g) || !land.empty(g)) continue;
        checked.push(g);
        let open = 0;
        let firstOpen = NONE;
        for (let k = 0; k < 3; k++) {
          const h = faceNeighbour(g, k);
          if (!land.empty(h)) continue;
          if (open++ === 0) firstOpen = h;
        }
        if (g === land.reserved()) {
          // The river flows out of an enclosed triangle, or a diamond-shaped pocket.
          let pocket = open === 0;
          if (open === 1) {
            pocket = true;
            for (let k = 0; k < 3; k++) {
              const h = faceNeighbour(firstOpen, k);
              if (h !== g && land.empty(h)) pocket = false;
            }
          }
          if (pocket) placeSpring(land);
          continue;
        }
        if (open === 0 && land.stacks.triangles.length > 0) land.place('triangle', land.stacks.triangles.shift()!, [g]);
      }
    }
    placed.length = 0;
  }
}
