import type { TablePiece } from '../../core/game-module.ts';
import type { Mm, Point, Scene, SceneItem, Style } from '../../core/scene.ts';
import { corners, edgeKey, faceEdges, isFace, vertexPoint, type Face } from '../../geometry/trilattice/lattice.ts';
import { boundsOf } from '../../drawing/bounds.ts';
import { drawTile, fordOwners } from './kit.ts';
import { DISC_MM, ICE_HALF_MM, iceBlock, markerBack, markerFront } from './kit-pieces.ts';
import type { LostValleyMap, LvTile, Marker } from './model.ts';

/** Room round a tile's picture, so its cut line is drawn whole. */
export const PAD_MM = 1;
/** Between the landscape and what waits beside it, and between two marker piles. */
const GAP_MM = 10;
const PILE_PITCH_MM = DISC_MM + 5;

const MARKER_NAME: Record<Marker['kind'], string> = {
  rivergold: 'River gold',
  mountaingold: 'Mountain gold',
  animal: 'Animal',
  event: 'Event',
};

const square = (mm: number, title: string, items: SceneItem[]): Scene => ({
  width: mm as Mm,
  height: mm as Mm,
  background: 'none',
  title,
  items,
});

const faces = (t: LvTile) => t.faces.filter(isFace) as Face[];

/**
 * Lost Valley on the virtual table as the kit plays it (kit.ts, the setup sheet's steps): the
 * trading post (tile 0) face up in its place; the spring face up and the ice block beside it,
 * below the landscape; every other tile face down where the setup picture lays it, its back
 * showing its number, so exploring is turning up the lowest-numbered tiles touching the
 * prospector's intersection; the markers face down in one pile per tile to the landscape's
 * right, sorted by tile number, each back naming its tile as the kit's do. Every piece is the
 * kit's own picture at the kit's size: tiles at its edge length, markers 17 mm discs, the ice
 * block its square.
 */
export function lostValleyTablePieces(map: LostValleyMap, style: Style): TablePiece[] {
  const edgeLength = style.hexSize * 1.6;
  const fords = fordOwners(map);
  const boxes = new Map(map.tiles.map((t) => [t.id, boundsOf(faces(t).flatMap((f) => corners(f).map((c) => vertexPoint(c, edgeLength))))]));
  const all = [...boxes.values()];
  const land = {
    x0: Math.min(...all.map((b) => b.x0)),
    x1: Math.max(...all.map((b) => b.x1)),
    y0: Math.min(...all.map((b) => b.y0)),
    y1: Math.max(...all.map((b) => b.y1)),
  };
  const order = new Map(map.tiles.map((t) => [t.id, t.order]));
  const post = map.tiles.find((t) => t.kind === 'start')!;
  const postBox = boxes.get(post.id)!;
  // What the kit puts beside the post, in a row under the landscape to the right of the post.
  let besideX = (postBox.x0 + postBox.x1) / 2 + edgeLength;
  const beside = (width: number, height: number): Point => {
    const at = { x: besideX + width / 2, y: land.y1 + GAP_MM + height / 2 };
    besideX += width + GAP_MM;
    return at;
  };

  const out: TablePiece[] = [];
  for (const tile of [...map.tiles].sort((a, b) => a.order - b.order)) {
    const box = boxes.get(tile.id)!;
    const w = box.x1 - box.x0;
    const h = box.y1 - box.y0;
    const place = { tile, x: PAD_MM, y: PAD_MM, w, h };
    const size = { width: (w + 2 * PAD_MM) as Mm, height: (h + 2 * PAD_MM) as Mm };
    const front: Scene = {
      ...size,
      background: 'none',
      title: `tile ${tile.order}`,
      items: [drawTile(map, place, edgeLength, undefined, false, fords.get(tile.id) ?? [])],
    };
    // The kit's back is mirrored for duplex paper; on a virtual tile it is drawn as it reads.
    const back: Scene = {
      ...size,
      background: 'none',
      title: `tile ${tile.order} back`,
      items: [drawTile(map, place, edgeLength, undefined, true)],
    };
    const inPlace = { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 };
    const piece = { id: `tile-${tile.order}`, kind: 'tile' as const, front, back, rotation: 0 };
    if (tile.kind === 'start')
      out.push({
        ...piece,
        name: 'Trading post (tile 0)',
        description: 'Where every prospector starts, the waterfall at the table edge',
        at: inPlace,
      });
    else if (tile.kind === 'spring')
      out.push({
        ...piece,
        name: `Spring (tile ${tile.order})`,
        description: `Waits face up beside the trading post; its place is the gap beside ${nextTo(map, tile)} at the head of the river. When the last land tile is down, lay every tile left and put the ice block on the spring.`,
        at: beside(w + 2 * PAD_MM, h + 2 * PAD_MM),
        loose: true,
      });
    else
      out.push({
        ...piece,
        name: `Tile ${tile.order}`,
        description: `Face down in its place (a ${tile.kind} tile, the box's ${tile.printed}). When a prospector stops on a partly unexplored intersection, turn up the lowest-numbered tiles that touch it, and lay each one's markers (the pile marked tile ${tile.order}) on it face down.`,
        at: inPlace,
        faceDown: true,
        loose: true,
      });
  }

  const iceAt = beside(2 * ICE_HALF_MM, 2 * ICE_HALF_MM);
  const r = DISC_MM / 2;
  const c = { x: r, y: r };
  const piles = [...new Set(map.markers.map((m) => order.get(m.tile) ?? 0))].sort((a, b) => a - b);
  const rows = Math.max(1, Math.floor((land.y1 - land.y0 + PILE_PITCH_MM - DISC_MM) / PILE_PITCH_MM));
  const pileAt = (tileOrder: number): Point => {
    const k = piles.indexOf(tileOrder);
    return { x: land.x1 + GAP_MM + r + Math.floor(k / rows) * PILE_PITCH_MM, y: land.y0 + r + (k % rows) * PILE_PITCH_MM };
  };
  map.markers.forEach((m, i) => {
    const o = order.get(m.tile) ?? 0;
    out.push({
      id: `marker-${i + 1}`,
      kind: 'token',
      name: `${MARKER_NAME[m.kind]} marker`,
      description: `Face down in the pile for tile ${o} until that tile is turned up, then face down on it`,
      front: square(DISC_MM, `${m.kind} marker`, markerFront(m, c, r)),
      back: square(DISC_MM, `${m.kind} marker back`, markerBack(m, o, c, r)),
      at: pileAt(o),
      rotation: 0,
      faceDown: true,
      shape: 'circle',
    });
  });
  out.push({
    id: 'ice-block',
    kind: 'token',
    name: 'Ice block',
    description:
      'Waits beside the trading post; when the last land tile is down it goes on the spring, then melts downstream on the die rolls the ice option names',
    front: square(2 * ICE_HALF_MM, 'ice block', iceBlock({ x: ICE_HALF_MM, y: ICE_HALF_MM }, ICE_HALF_MM, false)),
    at: iceAt,
    rotation: 0,
  });
  return out;
}

/** The tiles that share an edge with `tile`, by number: "tile 25", "tiles 37 and 40". */
function nextTo(map: LostValleyMap, tile: LvTile): string {
  const keys = new Set(faces(tile).flatMap((f) => faceEdges(f).map(edgeKey)));
  const orders = map.tiles
    .filter((t) => t.id !== tile.id && faces(t).some((f) => faceEdges(f).some((e) => keys.has(edgeKey(e)))))
    .map((t) => t.order)
    .sort((a, b) => a - b);
  return `tile${orders.length > 1 ? 's' : ''} ${orders.join(' and ')}`;
}
