import type { TablePiece } from '../../core/game-module.ts';
import type { Mm, Point, Scene, SceneItem, Style } from '../../core/scene.ts';
import { corners, isFace, vertexPoint, type Face } from '../../geometry/trilattice/lattice.ts';
import { boundsOf } from '../../drawing/bounds.ts';
import { drawTile, fordOwners } from './kit.ts';
import type { LostValleyMap, Marker } from './model.ts';
import { markerIcon, springIcon } from './scene.ts';

/** Room round a picture, so its outline is drawn whole. */
const PAD_MM = 1;
const MARKER_MM = 16;

const MARKER_NAME: Record<Marker['kind'], string> = {
  rivergold: 'River gold',
  mountaingold: 'Mountain gold',
  animal: 'Animal',
  event: 'Event',
};

function disc(title: string, items: SceneItem[]): Scene {
  return { width: MARKER_MM as Mm, height: MARKER_MM as Mm, background: 'none', title, items };
}

/** A marker's face: its icon and what it is worth or does. */
function markerFront(m: Marker): Scene {
  const c = { x: MARKER_MM / 2, y: MARKER_MM / 2 - 1.5 };
  const what = m.value !== undefined ? String(m.value) : (m.type ?? '');
  return disc(`${m.kind} marker`, [
    {
      kind: 'circle',
      centre: { x: MARKER_MM / 2, y: MARKER_MM / 2 },
      radius: MARKER_MM / 2 - 0.3,
      fill: '#ffffff',
      stroke: '#1b1b1b',
      strokeWidth: 0.3,
    },
    ...markerIcon(m.kind, c, 4, undefined, false),
    {
      kind: 'text',
      at: { x: MARKER_MM / 2, y: MARKER_MM - 3 },
      text: what,
      size: what.length > 4 ? 2.2 : 3.2,
      fill: '#1b1b1b',
      anchor: 'middle',
      bold: true,
      baseline: 'middle',
    },
  ]);
}

/** A marker's back, as it lies face down: only its kind shows. */
const markerBack = (m: Marker): Scene =>
  disc(`${m.kind} marker back`, markerIcon(m.kind, { x: MARKER_MM / 2, y: MARKER_MM / 2 }, MARKER_MM / 2 - 0.3, undefined, false));

/**
 * Lost Valley on the table: every tile where the setup picture lays it (the trading post first),
 * with its printed back; each tile's markers face down on it; the ice block on the spring.
 * Positions are the lattice's millimetres at the kit's edge length.
 */
export function lostValleyTablePieces(map: LostValleyMap, style: Style): TablePiece[] {
  const edgeLength = style.hexSize * 1.6;
  const out: TablePiece[] = [];
  const centres = new Map<string, Point>();
  for (const tile of map.tiles) {
    const box = boundsOf((tile.faces.filter(isFace) as Face[]).flatMap((f) => corners(f).map((c) => vertexPoint(c, edgeLength))));
    const w = box.x1 - box.x0;
    const h = box.y1 - box.y0;
    const place = { tile, x: PAD_MM, y: PAD_MM, w, h };
    const size = { width: (w + 2 * PAD_MM) as Mm, height: (h + 2 * PAD_MM) as Mm };
    const front: Scene = {
      ...size,
      background: 'none',
      title: `tile ${tile.order}`,
      items: [drawTile(map, place, edgeLength, undefined, false, fordOwners(map).get(tile.id) ?? [])],
    };
    // The kit's back is mirrored for duplex paper; on a virtual tile it is drawn as it reads.
    const back: Scene = {
      ...size,
      background: 'none',
      title: `tile ${tile.order} back`,
      items: [drawTile(map, place, edgeLength, undefined, true)],
    };
    const at = { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 };
    centres.set(tile.id, at);
    out.push({
      id: `tile-${tile.order}`,
      kind: 'tile',
      name: tile.order === 0 ? 'Trading post (tile 0)' : `Tile ${tile.order}`,
      description: `${tile.kind} tile, ${tile.terrain}; the box's tile ${tile.printed}${tile.order > 0 ? `; turned up ${ordinal(tile.order)}` : ''}`,
      front,
      back,
      at,
      rotation: 0,
    });
  }
  map.markers.forEach((m, i) => {
    const at = centres.get(m.tile);
    if (!at) return;
    out.push({
      id: `marker-${i + 1}`,
      kind: 'token',
      name: `${MARKER_NAME[m.kind]} marker`,
      description: `Face down on tile ${map.tiles.find((t) => t.id === m.tile)?.order ?? m.tile}`,
      front: markerFront(m),
      back: markerBack(m),
      at,
      rotation: 0,
      faceDown: true,
      shape: 'circle',
    });
  });
  const spring = map.iceBlock === undefined ? undefined : centres.get(map.iceBlock);
  if (spring) {
    const c = { x: MARKER_MM / 2, y: MARKER_MM / 2 };
    out.push({
      id: 'ice-block',
      kind: 'token',
      name: 'Ice block',
      description: 'Starts on the spring and melts downstream on the die rolls the ice option names',
      front: disc('ice block', springIcon(c, MARKER_MM / 2 - 1)),
      at: spring,
      rotation: 0,
    });
  }
  return out;
}

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
