import type { Mm, Point, Scene, SceneItem, Style } from '../../core/scene.ts';
import { corners, edge, edgeKey, faceEdges, isFace, isUp, vertexPoint, type Edge, type Face } from '../../geometry/trilattice/lattice.ts';
import type { LostValleyMap, LvTile, MarkerKind } from './model.ts';
import { boundsOf } from '../../drawing/bounds.ts';
import { blockHeight, textBlock } from '../../drawing/text-block.ts';
import { MIN_TEXT_MM, fitAll, fitText } from '../../drawing/text-fit.ts';
import { transformItems } from '../../drawing/transform.ts';
import { tileGroundMarks } from './ground-marks.ts';
import { referenceSheet } from './kit-reference.ts';
import { FILL, fordStones, landscapeScene, markerIcon, numberSpot, springIcon, tileNumber } from './scene.ts';
import { markerSheets, prospectorBlock, PROSPECTORS } from './kit-pieces.ts';

const GAP = 4;
const TITLE = 12;
const INK = '#1b1b1b';

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

/**
 * Each ford printed on one tile only: the first laid of the two tiles whose shared edge it is (so
 * it is on the table as soon as that edge is), numbered 1 and 2 as in the map document.
 */
export function fordOwners(map: LostValleyMap): Map<string, Array<{ edge: Edge; ford: number }>> {
  const owners = new Map<string, Array<{ edge: Edge; ford: number }>>();
  map.fords.forEach((f, k) => {
    const e = edge([f[0][0], f[0][1]], [f[1][0], f[1][1]]);
    const key = edgeKey(e);
    const owner = map.tiles.find((t) =>
      (t.faces.filter(isFace) as Face[]).some((face) => faceEdges(face).some((fe) => edgeKey(fe) === key)),
    );
    if (owner) owners.set(owner.id, [...(owners.get(owner.id) ?? []), { edge: e, ford: k + 1 }]);
  });
  return owners;
}

/**
 * A ford on a cut tile: the stones along its edge, set in towards the face that holds the edge
 * far enough that every stone is whole inside the cut line (the picture draws them on the edge).
 */
function fordOnTile(faces: Face[], e: Edge, ford: number, point: (v: readonly [number, number]) => Point, edgeLength: number): SceneItem {
  const key = edgeKey(e);
  const face = faces.find((f) => faceEdges(f).some((fe) => edgeKey(fe) === key))!;
  const pts = corners(face).map(point);
  const fc = { x: (pts[0]!.x + pts[1]!.x + pts[2]!.x) / 3, y: (pts[0]!.y + pts[1]!.y + pts[2]!.y) / 3 };
  const a = point(e[0]);
  const b = point(e[1]);
  const m = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const len = Math.hypot(fc.x - m.x, fc.y - m.y);
  const r = edgeLength * 0.05;
  // Stone radius, half its outline, and a millimetre of paper between it and the cut.
  const inset = r * 1.15 + 1;
  const d = { x: ((fc.x - m.x) / len) * inset, y: ((fc.y - m.y) / len) * inset };
  const shift = (p: Point): Point => ({ x: p.x + d.x, y: p.y + d.y });
  return {
    kind: 'group',
    role: 'ford',
    data: { ford: String(ford) },
    title: `Ford ${ford}: cross the river on foot along this edge`,
    items: fordStones(shift(a), shift(b), r),
  };
}

/** Tile `t` drawn with its top-left corner at (x, y): fill, cut line, river, fords, markers, number. */
export function drawTile(
  map: LostValleyMap,
  place: Placed,
  edgeLength: number,
  mirror: number | undefined,
  back: boolean,
  fords: ReadonlyArray<{ edge: Edge; ford: number }> = [],
): SceneItem {
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
  // The ground's mark as on the board, so a greyscale print still tells tundra from riverside.
  if (!back) items.push(...tileGroundMarks(tile.terrain, faces, cornerPt, edgeLength));
  const count = new Map<string, [Edge, number]>();
  for (const f of faces) for (const e of faceEdges(f)) count.set(edgeKey(e), [e, (count.get(edgeKey(e))?.[1] ?? 0) + 1]);
  const outline: Array<[Point, Point]> = [...count.values()].filter(([, n]) => n === 1).map(([e]) => [cornerPt(e[0]), cornerPt(e[1])]);
  items.push({ kind: 'segments', segments: outline, stroke: INK, strokeWidth: 0.35 });
  const pts = faces.flatMap((f) => corners(f).map(cornerPt));
  const c = { x: pts.reduce((a, p) => a + p.x, 0) / pts.length, y: pts.reduce((a, p) => a + p.y, 0) / pts.length };
  if (back) {
    items.push({
      kind: 'text',
      at: c,
      text: isRiver && tile.kind === 'river' ? 'RIVER' : tile.kind === 'spring' ? 'SPRING' : tile.kind === 'start' ? 'POST' : 'LAND',
      size: edgeLength * 0.16,
      fill: '#333333',
      anchor: 'middle',
      bold: true,
      baseline: 'middle',
    });
    items.push({
      kind: 'text',
      at: { x: c.x, y: c.y + edgeLength * 0.2 },
      text: `#${tile.order}`,
      size: edgeLength * 0.12,
      fill: '#333333',
      anchor: 'middle',
      baseline: 'middle',
    });
    return { kind: 'group', role: 'tile-back', data: { order: String(tile.order) }, items };
  }
  // The river across the tile: from the middle of each edge it crosses to the centre.
  const keys = new Set(map.riverCrossings.map((e) => edgeKey(edge([e[0][0], e[0][1]], [e[1][0], e[1][1]]))));
  const crossing = faces.flatMap((f) => faceEdges(f)).filter((e) => keys.has(edgeKey(e)) && count.get(edgeKey(e))![1] === 1);
  for (const e of crossing) {
    const a = cornerPt(e[0]);
    const b = cornerPt(e[1]);
    items.push({
      kind: 'polyline',
      points: [{ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, c],
      stroke: '#3d8fd6',
      strokeWidth: edgeLength * 0.1,
    });
  }
  for (const f of fords) items.push(fordOnTile(faces, f.edge, f.ford, cornerPt, edgeLength));
  const piles = new Map<MarkerKind, number>();
  for (const m of map.markers) if (m.tile === tile.id) piles.set(m.kind, (piles.get(m.kind) ?? 0) + 1);
  if (tile.kind === 'spring' && faces.length === 1) {
    // A small triangle: the icon towards its apex, the pile and the number side by side by its base.
    const s = isUp(faces[0]!) ? -1 : 1;
    items.push(...springIcon({ x: c.x, y: c.y + s * edgeLength * 0.2 }, edgeLength * 0.1));
    const base = c.y - s * edgeLength * 0.06;
    [...piles.entries()].forEach(([kind, n]) =>
      items.push(...markerIcon(kind, { x: c.x - edgeLength * 0.13, y: base }, edgeLength * 0.09, n, true)),
    );
    items.push(...tileNumber(tile.order, { x: c.x + edgeLength * 0.14, y: base }, edgeLength * 1.0));
  } else {
    [...piles.entries()].forEach(([kind, n], k, all) =>
      items.push(
        ...markerIcon(
          kind,
          { x: c.x + (k - (all.length - 1) / 2) * edgeLength * 0.28, y: c.y + edgeLength * 0.12 },
          edgeLength * 0.11,
          n,
          true,
        ),
      ),
    );
    items.push(...tileNumber(tile.order, numberSpot(faces, c, edgeLength, false), edgeLength * 1.1));
  }
  return { kind: 'group', role: 'tile', data: { order: String(tile.order) }, title: `tile ${tile.order}: ${tile.terrain}`, items };
}

const heading = (text: string, size = 5): SceneItem => ({
  kind: 'text',
  at: { x: 0, y: 6 },
  text,
  size,
  fill: INK,
  anchor: 'start',
  bold: true,
});

/** What the kit does not print, as the rules' component list names it. */
export function alsoNeeded(): string[] {
  return [
    'Also needed (not printed in this kit; from the Lost Valley box, or stand-ins such as coins and slips of paper):',
    '• one six-sided die;',
    '• the supply: food and tools, 20 timbers (matchsticks will do), and square markers for the wares (cart, horse, boat, rifle, axe, fishing rod, sieve, crate of dynamite), the special wares (whiskey, dried fish, dynamite sticks) and the works (fish traps, sawmills, canals, mines);',
    '• an inventory sheet per player (backpack 6 spaces, gear 6). The price and cost list is sheet 2.',
  ];
}

/**
 * The print-and-play kit: a setup sheet (the whole landscape, scaled, with each tile's number, how
 * to play it and what else is needed), then every tile at true size to cut out, numbered in
 * placement order, each sheet followed by its backs (mirrored, for duplex printing: river, land,
 * spring, post), then the landscape's markers (fronts and backs, with the ice block) and the
 * prospectors to fold.
 */
export function lostValleySheets(map: LostValleyMap, style: Style, area: { width: number; height: number }): Scene[] {
  const edgeLength = style.hexSize * 1.6;
  const packed = pack(map.tiles, edgeLength, area);
  // The prospectors go under the last tiles when there is room (nothing prints behind them).
  const block = prospectorBlock(area.width);
  const lastTiles = packed[packed.length - 1]!;
  const tilesBottom = Math.max(...lastTiles.map((p) => p.y + p.h));
  const besideTiles = tilesBottom + 8 + block.height <= area.height;
  const markers = markerSheets(map, area, !besideTiles);
  const tileSheets = `3–${packed.length * 2 + 2}`;
  const markerFrom = packed.length * 2 + 3;
  const markerTo = markerFrom + markers.filter((m) => m.title.startsWith('markers')).length - 1;
  const prospectorSheet = besideTiles ? packed.length * 2 + 1 : markerFrom + markers.findIndex((m) => m.title.includes('prospectors'));
  const steps = [
    `1. Print every sheet at 100% (actual size), double-sided, flipping on the long edge (this sheet's back is the price list; each fronts sheet is followed by its backs). Cut out the tiles (sheets ${tileSheets}) and the markers and the ice block (sheets ${markerFrom}–${markerTo}); fold the ${PROSPECTORS.length} prospectors (sheet ${prospectorSheet}).`,
    '2. Put the trading post (tile 0) at the table edge, the ice block and the spring beside it. Stack the other tiles face down by number, lowest on top, and sort the markers face down into piles by the tile number on their backs.',
    "3. When a prospector stops on a partly unexplored intersection, turn up the lowest-numbered tiles that touch it and lay them as the picture shows; put that tile's markers on it, face down. Stepping stones on a tile mark a ford: the edge beside them is crossed on foot.",
    '4. When the last land tile is down, lay every tile left and put the ice block on the spring.',
  ];
  const also = alsoNeeded();
  const top: SceneItem[] = [heading(`Lost Valley · ${map.seed !== undefined ? `seed ${map.seed} · ` : ''}setup`)];
  let y = TITLE;
  // Every step at one size, wrapped rather than shrunk one by one.
  const stepItems: SceneItem[] = [];
  for (const f of fitAll(steps, area.width, 3.1, { minSize: 3.1 })) {
    stepItems.push(...textBlock(f, 0, y, { fill: INK }));
    y += blockHeight(f) + 1;
  }
  top.push({ kind: 'group', role: 'steps', items: stepItems });
  const [alsoHead, ...alsoList] = also;
  const alsoFits = [
    fitText(alsoHead!, area.width, 3, { minSize: 3, bold: true }),
    ...fitAll(alsoList, area.width, MIN_TEXT_MM, { minSize: MIN_TEXT_MM }),
  ];
  const alsoH = alsoFits.reduce((h, f) => h + blockHeight(f) + 0.6, 0);
  const board = landscapeScene(map, { ...style, theme: 'print' }, true);
  const room = area.height - alsoH - y - 10;
  const scale = Math.min(area.width / board.width, room / board.height, 1);
  top.push({
    kind: 'text',
    at: { x: 0, y: y + 3 },
    text: `The landscape below is shown at ${Math.round(scale * 100)}% of true size; the white discs are the tile numbers.`,
    size: 3.1,
    fill: INK,
    anchor: 'start',
  });
  const bottom: SceneItem[] = [];
  let ay = y + 5 + board.height * scale + 3;
  alsoFits.forEach((f, k) => {
    bottom.push(...textBlock(f, 0, ay, { fill: INK, bold: k === 0 }));
    ay += blockHeight(f) + 0.6;
  });
  const setup: SceneItem[] = [
    ...top,
    {
      kind: 'group',
      role: 'landscape',
      items: transformItems(board.items, { scale, dx: (area.width - board.width * scale) / 2, dy: y + 5 }),
    },
    { kind: 'group', role: 'also-needed', items: bottom },
  ];
  // The price list second: a kit printed double-sided then has every fronts sheet on a front.
  const sheets: Scene[] = [
    { width: area.width as Mm, height: area.height as Mm, background: '#ffffff', title: 'setup', items: setup },
    referenceSheet(area),
  ];
  const owners = fordOwners(map);
  packed.forEach((placed, k) => {
    const range = `tiles ${placed[0]!.tile.order}–${placed[placed.length - 1]!.tile.order}`;
    const withProspectors = besideTiles && k === packed.length - 1;
    sheets.push({
      width: area.width as Mm,
      height: area.height as Mm,
      background: '#ffffff',
      title: `${range} (fronts ${k + 1}/${packed.length})${withProspectors ? ' and prospectors' : ''}`,
      items: [
        heading(`Tiles to cut out: ${range}`, 4),
        ...placed.map((p) => drawTile(map, p, edgeLength, undefined, false, owners.get(p.tile.id) ?? [])),
        ...(withProspectors ? block.items(tilesBottom + 8) : []),
      ],
    });
    sheets.push({
      width: area.width as Mm,
      height: area.height as Mm,
      background: '#ffffff',
      title: `${range} (backs, mirrored for duplex)`,
      items: [heading(`Backs of ${range}`, 4), ...placed.map((p) => drawTile(map, p, edgeLength, area.width, true, []))],
    });
  });
  return [...sheets, ...markers];
}
