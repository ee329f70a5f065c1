import { edgeDirection, edgeFace, faceEdge, faceNeighbour, hasCorner, sharedEdgeOf, touch } from '../../../geometry/trilattice/ids.ts';
import type { PrintedTile } from '../model.ts';
import { TILE_SET } from '../tiles.ts';
import { NONE, onCliffLine, type Landscape } from './landscape.ts';
import type { Replayed } from './replayed.ts';

interface RiverPlacement {
  faces: [number, number];
  exit: number;
  crossesInside: boolean;
}

/** Every way to lay a river diamond of `shape` on the open end, lengthening the river into empty ground. */
function riverPlacements(land: Landscape, shape: NonNullable<PrintedTile['shape']>): RiverPlacement[] {
  const entry = land.openEdge;
  const f1 = land.reserved();
  if (f1 === NONE || !land.empty(f1)) return [];
  const out: RiverPlacement[] = [];
  for (let j = 0; j < 3; j++) {
    const f2 = faceNeighbour(f1, j);
    if (!land.empty(f2)) continue;
    const inner = sharedEdgeOf(f1, f2);
    let exit = NONE;
    if (shape === 'sharp') {
      // The edge of f1 that is neither the way in nor the shared one.
      for (let k = 0; k < 3 && exit === NONE; k++) {
        const e = faceEdge(f1, k);
        if (e !== entry && e !== inner) exit = e;
      }
    } else {
      for (let k = 0; k < 3 && exit === NONE; k++) {
        const e = faceEdge(f2, k);
        if (e === inner) continue;
        const parallel = edgeDirection(e) === edgeDirection(entry);
        if (shape === 'straight' ? parallel : !parallel && touch(e, entry)) exit = e;
      }
    }
    if (exit === NONE) continue;
    const b0 = edgeFace(exit, 0);
    const beyond = b0 !== f1 && b0 !== f2 ? b0 : edgeFace(exit, 1);
    // The river must run on into unexplored ground, never into land or over the cliff; and it
    // never turns back down to the cliff line, so it runs visibly from the spring to the waterfall.
    if (!land.empty(beyond) || onCliffLine(f2) || onCliffLine(beyond)) continue;
    out.push({ faces: [f1, f2], exit, crossesInside: shape !== 'sharp' });
  }
  return out;
}

export function placeSpring(land: Landscape): void {
  const face = land.reserved();
  if (face === NONE || !land.empty(face)) return;
  land.crossings.push(land.openEdge);
  const tile = land.place('spring', TILE_SET.spring, [face]);
  land.river.push(tile.id);
  land.springTile = tile.id;
  land.openEdge = NONE;
}

/** Step 1: lengthen the river next to the prospector where possible; the spring when nothing fits. */
export function exploreRiver(land: Landscape, rng: Replayed, at: number): void {
  const stack = land.stacks.river;
  for (let tries = stack.length; tries > 0; tries--) {
    const printed = stack.shift()!;
    const options = riverPlacements(land, printed.shape!);
    if (options.length === 0) {
      stack.push(printed);
      continue;
    }
    const beside = options.filter((o) => hasCorner(o.faces[0], at) || hasCorner(o.faces[1], at));
    const choice = rng.pick(beside.length > 0 ? beside : options);
    land.crossings.push(land.openEdge);
    if (choice.crossesInside) land.crossings.push(sharedEdgeOf(choice.faces[0], choice.faces[1]));
    const tile = land.place('river', printed, choice.faces);
    land.river.push(tile.id);
    land.openEdge = choice.exit;
    return;
  }
  placeSpring(land);
}
