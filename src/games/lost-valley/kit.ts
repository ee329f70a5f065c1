import type { Mm, Point, Scene, SceneItem, Style } from '../../core/scene.ts';
import { corners, edge, edgeKey, faceEdges, isFace, vertexPoint, type Edge, type Face } from '../../geometry/trilattice/lattice.ts';
import type { LostValleyMap, LvTile, MarkerKind } from './model.ts';
import { boundsOf } from '../../render/bounds.ts';
import { transformItems } from '../../render/transform.ts';
import { FILL, fordStones, lostValleyScene, markerIcon, springIcon } from './scene.ts';

const GAP = 4;
const TITLE = 12;

interface Placed {
  tile: LvTile;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Tiles packed in rows, in placement order, onto sheets of `area`. */
function pack(tiles: LvTile[], edgeLength: number, area: { width: number; height: number }): Placed[][] {
  const sheets: Placed[][] = [[]];
  let x = 0;
  let y = TITLE;
  let rowH = 0;
  for (const tile of tiles) {
    const box = boundsOf((tile.faces.filter(isFace) as Face[]).flatMap((f) => corners(f).map((c) => vertexPoint(c, edgeLength))));
    const w = box.x1 - box.x0;
    const h = box.y1 - box.y0;
    if (x + w > area.width) {
      x = 0;
      y += rowH + GAP;
      rowH = 0;
    }
    if (y + h > area.height) {
      sheets.push([]);
      x = 0;
      y = TITLE;
      rowH = 0;
    }
    sheets[sheets.length - 1]!.push({ tile, x, y, w, h });
    x += w + GAP;
    rowH = Math.max(rowH, h);
  }
  return sheets;
}

/** Tile `t` drawn with its top-left corner at (x, y): fill, cut line, river, markers, number. */
export function drawTile(map: LostValleyMap, place: Placed, edgeLength: number, mirror: number | undefined, back: boolean): SceneItem {
  const { tile } = place;
  const faces = tile.faces.filter(isFace) as Face[];
  const { x0: minX, y0: minY } = boundsOf(faces.flatMap((f) => corners(f).map((c) => vertexPoint(c, edgeLength))));
  // A back is the front mirrored left to right, so it lands behind its front when printed duplex.
  const at = (p: { x: number; y: number }): Point => {
    const x = place.x + p.x - minX;
    return { x: mirror === undefined ? x : mirror - x, y: place.y + p.y - minY };
  };
  const cornerPt = (c: readonly [number, number]) => at(vertexPoint([c[0], c[1]], edgeLength));
  const items: SceneItem[] = [];
  const isRiver = map.river.includes(tile.id);
  const fill = back ? (isRiver ? '#bcd9ef' : tile.kind === 'triangle' ? '#e6dcc3' : '#d9d2b8') : FILL[tile.terrain];
  for (const f of faces) items.push({ kind: 'polygon', points: corners(f).map(cornerPt), fill, stroke: fill, strokeWidth: 0.2 });
  const count = new Map<string, [Edge, number]>();
  for (const f of faces) for (const e of faceEdges(f)) count.set(edgeKey(e), [e, (count.get(edgeKey(e))?.[1] ?? 0) + 1]);
  const outline: Array<[Point, Point]> = [...count.values()].filter(([, n]) => n === 1).map(([e]) => [cornerPt(e[0]), cornerPt(e[1])]);
  items.push({ kind: 'segments', segments: outline, stroke: '#1b1b1b', strokeWidth: 0.35 });
  const pts = faces.flatMap((f) => corners(f).map(cornerPt));
  const c = { x: pts.reduce((a, p) => a + p.x, 0) / pts.length, y: pts.reduce((a, p) => a + p.y, 0) / pts.length };
  if (back) {
    items.push({ kind: 'text', at: c, text: isRiver && tile.kind === 'river' ? 'RIVER' : tile.kind === 'spring' ? 'SPRING' : tile.kind === 'start' ? 'POST' : 'LAND', size: edgeLength * 0.16, fill: '#333333', anchor: 'middle', bold: true, baseline: 'middle' });
    items.push({ kind: 'text', at: { x: c.x, y: c.y + edgeLength * 0.2 }, text: `#${tile.order}`, size: edgeLength * 0.12, fill: '#333333', anchor: 'middle', baseline: 'middle' });
    return { kind: 'group', role: 'tile-back', items };
  }
  // The river across the tile: from the middle of each edge it crosses to the centre.
  const keys = new Set(map.riverCrossings.map((e) => edgeKey(edge([e[0][0], e[0][1]], [e[1][0], e[1][1]]))));
  const crossing = faces.flatMap((f) => faceEdges(f)).filter((e) => keys.has(edgeKey(e)) && count.get(edgeKey(e))![1] === 1);
  for (const e of crossing) {
    const a = cornerPt(e[0]);
    const b = cornerPt(e[1]);
    items.push({ kind: 'polyline', points: [{ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, c], stroke: '#3d8fd6', strokeWidth: edgeLength * 0.1 });
  }
  const fords = new Set(map.fords.map((e) => edgeKey(edge([e[0][0], e[0][1]], [e[1][0], e[1][1]]))));
  for (const e of faces.flatMap((f) => faceEdges(f))) if (fords.has(edgeKey(e))) items.push(...fordStones(cornerPt(e[0]), cornerPt(e[1]), edgeLength * 0.05));
  if (tile.kind === 'spring') items.push(...springIcon({ x: c.x, y: c.y - edgeLength * 0.12 }, edgeLength * 0.14));
  const piles = new Map<MarkerKind, number>();
  for (const m of map.markers) if (m.tile === tile.id) piles.set(m.kind, (piles.get(m.kind) ?? 0) + 1);
  [...piles.entries()].forEach(([kind, n], k, all) => items.push(...markerIcon(kind, { x: c.x + (k - (all.length - 1) / 2) * edgeLength * 0.28, y: c.y + edgeLength * 0.12 }, edgeLength * 0.11, n, true)));
  items.push({ kind: 'circle', centre: { x: c.x, y: c.y - edgeLength * 0.2 }, radius: edgeLength * 0.09, fill: '#ffffff', stroke: '#1b1b1b', strokeWidth: 0.3 });
  items.push({ kind: 'text', at: { x: c.x, y: c.y - edgeLength * 0.2 }, text: String(tile.order), size: edgeLength * 0.1, fill: '#1b1b1b', anchor: 'middle', bold: true, baseline: 'middle' });
  return { kind: 'group', role: 'tile', title: `tile ${tile.order}: ${tile.terrain}`, items };
}

const heading = (text: string, size = 5): SceneItem => ({ kind: 'text', at: { x: 0, y: 6 }, text, size, fill: '#1b1b1b', anchor: 'start', bold: true });

/**
 * The print-and-play kit: a setup sheet (the whole landscape, scaled, with each tile's number and
 * how to play it), then every tile at true size to cut out, numbered in placement order, each
 * sheet followed by its backs (mirrored, for duplex printing: river, land, spring, post).
 */
export function lostValleySheets(map: LostValleyMap, style: Style, area: { width: number; height: number }): Scene[] {
  const edgeLength = style.hexSize * 1.6;
  const board = lostValleyScene(map, { ...style, theme: 'print' });
  const scale = Math.min(area.width / board.width, (area.height - 70) / board.height, 1);
  const setup: SceneItem[] = [
    heading(`Lost Valley · ${map.seed !== undefined ? `seed ${map.seed} · ` : ''}setup`),
    ...[
      'Cut out the tiles on the following sheets (print them double-sided, flipping on the long edge, for the backs).',
      'Put the trading post (tile 0) at the table edge. Stack the others face down by number, lowest on top.',
      'When a prospector stops on a partly unexplored intersection, turn up the lowest-numbered tiles that touch it',
      'and lay them as the picture below shows; put the markers shown on a tile on it, face down.',
      'When the last land tile is down, lay everything left and put the ice block on the spring.',
      `The landscape below is shown at ${Math.round(scale * 100)}% of true size.`,
    ].map((text, k): SceneItem => ({ kind: 'text', at: { x: 0, y: 14 + k * 5 }, text, size: 3.2, fill: '#1b1b1b', anchor: 'start' })),
    { kind: 'group', items: transformItems(board.items, { scale, dy: 48 }) },
  ];
  const sheets: Scene[] = [{ width: area.width as Mm, height: area.height as Mm, background: '#ffffff', title: 'setup', items: setup }];
  const packed = pack(map.tiles, edgeLength, area);
  packed.forEach((placed, k) => {
    const range = `tiles ${placed[0]!.tile.order}–${placed[placed.length - 1]!.tile.order}`;
    sheets.push({ width: area.width as Mm, height: area.height as Mm, background: '#ffffff', title: `${range} (fronts ${k + 1}/${packed.length})`, items: [heading(`Tiles to cut out: ${range}`, 4), ...placed.map((p) => drawTile(map, p, edgeLength, undefined, false))] });
    sheets.push({ width: area.width as Mm, height: area.height as Mm, background: '#ffffff', title: `${range} (backs, mirrored for duplex)`, items: [heading(`Backs of ${range}`, 4), ...placed.map((p) => drawTile(map, p, edgeLength, area.width, true))] });
  });
  return sheets;
}
