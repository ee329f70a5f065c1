import type { Mm, Point, Scene, SceneItem, Style } from '../../core/scene.ts';
import {
  corners,
  edgeKey,
  faceEdges,
  isFace,
  isUp,
  vertexPoint,
  type Edge,
  type Face,
  type Vertex,
} from '../../geometry/trilattice/lattice.ts';
import type { LostValleyMap, LvTerrain, MarkerKind } from './model.ts';
import { boundsOf } from '../../drawing/bounds.ts';
import { legendMark, tileGroundMarks } from './ground-marks.ts';
import { textBlock } from '../../drawing/text-block.ts';
import { fitText } from '../../drawing/text-fit.ts';

export const FILL: Record<LvTerrain, string> = {
  tundra: '#c9c48f',
  forest: '#3f7d3a',
  mountain: '#8a8079',
  lake: '#5aa7d6',
  riverside: '#a9c97a',
  spring: '#cfe8f5',
};
const NAME: Record<LvTerrain, string> = {
  tundra: 'Tundra',
  forest: 'Forest',
  mountain: 'Mountain',
  lake: 'Lake',
  riverside: 'Riverside',
  spring: 'Spring',
};
const MARKER_FILL: Record<MarkerKind, string> = { rivergold: '#2f5d8a', mountaingold: '#5a524c', animal: '#7a4a1e', event: '#6a3d9a' };
const GOLD = '#f2c230';
const GOLD_EDGE = '#8a6500';

/**
 * One marker pile as an icon that reads like the tiles: river gold is a pan of gold flakes,
 * mountain gold a gold nugget on rock, an animal a paw print, an event a question-mark token.
 * Each sits on a white-rimmed disc so it stands out on any terrain; the count is written beside.
 */
export function markerIcon(kind: MarkerKind, c: Point, r: Mm, count: number | undefined, labels: boolean): SceneItem[] {
  const at = (dx: number, dy: number): Point => ({ x: c.x + dx * r, y: c.y + dy * r });
  const items: SceneItem[] = [{ kind: 'circle', centre: c, radius: r, fill: MARKER_FILL[kind], stroke: '#ffffff', strokeWidth: r * 0.16 }];
  if (kind === 'rivergold') {
    // A miner's pan: a rim, water, and flakes of gold.
    items.push({ kind: 'circle', centre: c, radius: r * 0.72, fill: '#9cc9ea', stroke: '#3b2a18', strokeWidth: r * 0.12 });
    for (const [dx, dy, k] of [
      [-0.3, -0.15, 0.17],
      [0.22, -0.25, 0.14],
      [0.05, 0.22, 0.19],
      [-0.2, 0.3, 0.11],
      [0.35, 0.15, 0.12],
    ] as const)
      items.push({ kind: 'circle', centre: at(dx, dy), radius: r * k, fill: GOLD, stroke: GOLD_EDGE, strokeWidth: r * 0.04 });
  } else if (kind === 'mountaingold') {
    // A nugget on rock: an irregular gold lump with a highlight.
    items.push({
      kind: 'polygon',
      points: [at(-0.62, 0.1), at(-0.35, -0.45), at(0.1, -0.6), at(0.55, -0.3), at(0.65, 0.2), at(0.25, 0.55), at(-0.35, 0.5)],
      fill: GOLD,
      stroke: GOLD_EDGE,
      strokeWidth: r * 0.1,
    });
    items.push({ kind: 'polygon', points: [at(-0.25, -0.25), at(0.05, -0.4), at(0.2, -0.2), at(-0.05, -0.05)], fill: '#fff2a8' });
  } else if (kind === 'animal') {
    // A paw print: one pad and four toes.
    items.push({ kind: 'circle', centre: at(0, 0.22), radius: r * 0.34, fill: '#f3e3c8' });
    for (const [dx, dy] of [
      [-0.45, -0.2],
      [-0.16, -0.48],
      [0.16, -0.48],
      [0.45, -0.2],
    ] as const)
      items.push({ kind: 'circle', centre: at(dx, dy), radius: r * 0.15, fill: '#f3e3c8' });
  } else {
    items.push({
      kind: 'text',
      at: at(0, 0.05),
      text: '?',
      size: r * 1.5,
      fill: '#ffffff',
      anchor: 'middle',
      bold: true,
      baseline: 'middle',
    });
  }
  if (labels && count !== undefined && count > 1) {
    items.push({ kind: 'circle', centre: at(0.78, 0.78), radius: r * 0.42, fill: '#ffffff', stroke: '#1b1b1b', strokeWidth: r * 0.06 });
    items.push({
      kind: 'text',
      at: at(0.78, 0.8),
      text: String(count),
      size: r * 0.62,
      fill: '#1b1b1b',
      anchor: 'middle',
      bold: true,
      baseline: 'middle',
    });
  }
  return items;
}

/** A ford as stepping stones across the river: visible in every renderer, unlike a dash. */
export function fordStones(a: Point, b: Point, r: Mm): SceneItem[] {
  return [0.2, 0.5, 0.8].map((t) => ({
    kind: 'circle' as const,
    centre: { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t },
    radius: r,
    fill: '#d9b77a',
    stroke: '#4a3418',
    strokeWidth: r * 0.3,
  }));
}

/** The spring: a drop of water under a block of ice. */
export function springIcon(c: Point, r: Mm): SceneItem[] {
  return [
    {
      kind: 'polygon',
      points: [
        { x: c.x - r, y: c.y - r * 0.2 },
        { x: c.x - r * 0.1, y: c.y - r * 1.1 },
        { x: c.x + r * 0.9, y: c.y - r * 0.5 },
        { x: c.x + r * 0.9, y: c.y + r * 0.6 },
        { x: c.x - r, y: c.y + r * 0.8 },
      ],
      fill: '#e8f7ff',
      stroke: '#0d4f8b',
      strokeWidth: r * 0.14,
    },
    {
      kind: 'polygon',
      points: [
        { x: c.x - r * 0.1, y: c.y - r * 0.5 },
        { x: c.x + r * 0.4, y: c.y + r * 0.25 },
        { x: c.x - r * 0.1, y: c.y + r * 0.55 },
        { x: c.x - r * 0.6, y: c.y + r * 0.25 },
      ],
      fill: '#3d8fd6',
    },
  ];
}
const MARKER_LABEL: Record<MarkerKind, string> = {
  rivergold: 'river gold',
  mountaingold: 'mountain gold',
  animal: 'animal',
  event: 'event',
};

/**
 * The landscape as explored: diamonds and triangles in their terrain, tile outlines, the river
 * from the spring down to the waterfall at the trading post, the two fords, and marker piles
 * with their counts on each tile.
 */
export function lostValleyScene(map: LostValleyMap, style: Style): Scene {
  return landscapeScene(map, style, false);
}

/**
 * Where a tile's number goes, from its centroid `c`: towards the apex of a triangle (the widest
 * part of it), above the centre of a diamond, clear of the marker piles below it.
 */
export function numberSpot(faces: readonly Face[], c: Point, edgeLength: number, spring: boolean): Point {
  if (faces.length !== 1) return { x: c.x, y: c.y - edgeLength * 0.21 };
  // The spring's icon sits above its centre: its number goes below, inside either way up.
  if (spring) return { x: c.x, y: c.y + edgeLength * 0.17 };
  // An up triangle's apex is above its centroid, a down triangle's below (lattice.ts).
  return { x: c.x, y: c.y + (isUp(faces[0]!) ? -1 : 1) * edgeLength * 0.17 };
}

/** A tile's number on a white disc, as the cut-out tile prints it. */
export function tileNumber(order: number, at: Point, edgeLength: number): SceneItem[] {
  return [
    { kind: 'circle', centre: at, radius: edgeLength * 0.09, fill: '#ffffff', stroke: '#1b1b1b', strokeWidth: edgeLength * 0.01 },
    { kind: 'text', at, text: String(order), size: edgeLength * 0.1, fill: '#1b1b1b', anchor: 'middle', bold: true, baseline: 'middle' },
  ];
}

/** The landscape; `numbers` adds each tile's number (the kit's setup picture, matching the cut tiles). */
export function landscapeScene(map: LostValleyMap, style: Style, numbers: boolean): Scene {
  // A lattice edge a little longer than a Gold City hex: tiles print at a playable size.
  const edgeLength = style.hexSize * 1.6;
  const ink = style.theme === 'print' ? '#1b1b1b' : '#f2f2f2';
  const page = style.theme === 'print' ? '#ffffff' : '#20242a';
  const margin = edgeLength * 0.8;
  const titleHeight = edgeLength * 1.1;
  const legendHeight = edgeLength * 1.8;

  const raw = (v: Vertex) => vertexPoint(v, edgeLength);
  const {
    x0: minX,
    y0: minY,
    x1: maxX,
    y1: maxY,
  } = boundsOf(map.tiles.flatMap((t) => (t.faces.filter(isFace) as Face[]).flatMap((f) => corners(f).map(raw))));
  const ox = margin - minX;
  const oy = margin + titleHeight - minY;
  const at = (v: Vertex): Point => {
    const p = raw(v);
    return { x: p.x + ox, y: p.y + oy };
  };
  const width = Math.max(maxX - minX + 2 * margin, edgeLength * 12) as Mm;
  const height = (maxY - minY + 2 * margin + titleHeight + legendHeight + edgeLength * 0.6) as Mm;

  const markersByTile = new Map<string, Map<MarkerKind, number>>();
  for (const m of map.markers) {
    const byKind = markersByTile.get(m.tile) ?? new Map<MarkerKind, number>();
    byKind.set(m.kind, (byKind.get(m.kind) ?? 0) + 1);
    markersByTile.set(m.tile, byKind);
  }

  const riverIds = new Set(map.river);
  const tiles: SceneItem[] = [];
  // Piles are drawn above the river, so a pile on a river tile is never hidden by it.
  const piles: SceneItem[] = [];
  const outline: Array<[Point, Point]> = [];
  const centroids = new Map<string, Point>();
  const numbered: SceneItem[] = [];
  for (const t of map.tiles) {
    const faces = t.faces.filter(isFace) as Face[];
    const items: SceneItem[] = faces.map((f) => ({
      kind: 'polygon',
      points: corners(f).map(at),
      fill: FILL[t.terrain] ?? '#cccccc',
      stroke: FILL[t.terrain] ?? '#cccccc',
      strokeWidth: 0.2,
    }));
    // Ground told by a mark as well as by colour, in each face's outer corner (ground-marks.ts).
    items.push(...tileGroundMarks(t.terrain, faces, at, edgeLength));
    const count = new Map<string, [Edge, number]>();
    for (const f of faces) for (const e of faceEdges(f)) count.set(edgeKey(e), [e, (count.get(edgeKey(e))?.[1] ?? 0) + 1]);
    for (const [e, n] of count.values()) if (n === 1) outline.push([at(e[0]), at(e[1])]);
    const pts = faces.flatMap((f) => corners(f).map(at));
    const c = { x: pts.reduce((a, p) => a + p.x, 0) / pts.length, y: pts.reduce((a, p) => a + p.y, 0) / pts.length };
    centroids.set(t.id, c);
    const onTile = [...(markersByTile.get(t.id) ?? new Map<MarkerKind, number>()).entries()];
    // On river tiles the piles sit on the bank, off the river line.
    const bank = riverIds.has(t.id) && t.kind !== 'start' ? edgeLength * 0.3 : 0;
    onTile.forEach(([kind, n], k) => {
      const p = { x: c.x + (k - (onTile.length - 1) / 2) * edgeLength * 0.3, y: c.y + bank };
      piles.push(...markerIcon(kind, p, edgeLength * 0.13, n, style.labels));
    });
    if (numbers) numbered.push(...tileNumber(t.order, numberSpot(faces, c, edgeLength, t.kind === 'spring'), edgeLength * 1.35));
    if (t.symbols?.bearCave && style.labels)
      piles.push({
        kind: 'text',
        at: { x: c.x, y: c.y + edgeLength * 0.22 },
        text: 'bear cave',
        size: edgeLength * 0.09,
        fill: '#ffffff',
        anchor: 'middle',
        bold: true,
      });
    const summary = onTile.map(([kind, n]) => `${n} ${MARKER_LABEL[kind]}`).join(', ');
    tiles.push({
      kind: 'group',
      role: 'tile',
      stop: true,
      data: { id: t.id, kind: t.kind, terrain: t.terrain, order: String(t.order), printed: t.printed },
      title: `${NAME[t.terrain] ?? t.terrain} (${t.kind}, explored ${t.order === 0 ? 'first' : `as tile ${t.order}`})${summary ? `: ${summary}` : ''}${t.symbols?.fish ? ', fish' : ''}`,
      items,
    });
  }

  const mid = (e: [readonly number[], readonly number[]]) => {
    const a = at([e[0][0]!, e[0][1]!]);
    const b = at([e[1][0]!, e[1][1]!]);
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };
  const post = at([map.tradingPost[0], map.tradingPost[1]]);
  const riverPoints = [post, ...map.riverCrossings.map(mid)];
  const spring = map.iceBlock ? centroids.get(map.iceBlock) : undefined;
  if (spring) riverPoints.push(spring);
  const river: SceneItem[] = [
    { kind: 'polyline', points: riverPoints, stroke: '#0d4f8b', strokeWidth: edgeLength * 0.13 },
    { kind: 'polyline', points: riverPoints, stroke: '#3d8fd6', strokeWidth: edgeLength * 0.08 },
  ];
  // Chevrons point downstream, from the spring to the waterfall.
  for (let k = 1; k < riverPoints.length; k++) {
    const a = riverPoints[k]!;
    const b = riverPoints[k - 1]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < edgeLength * 0.3) continue;
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    const m = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const h = edgeLength * 0.06;
    river.push({
      kind: 'polyline',
      points: [
        { x: m.x - ux * h - uy * h, y: m.y - uy * h + ux * h },
        { x: m.x + ux * h, y: m.y + uy * h },
        { x: m.x - ux * h + uy * h, y: m.y - uy * h - ux * h },
      ],
      stroke: '#e8f7ff',
      strokeWidth: edgeLength * 0.025,
    });
  }
  const fords: SceneItem[] = map.fords.map((f, k) => {
    const a = at([f[0][0], f[0][1]]);
    const b = at([f[1][0], f[1][1]]);
    return {
      kind: 'group',
      role: 'ford',
      title: `Ford ${k + 1}: cross the river here on foot`,
      items: fordStones(a, b, edgeLength * 0.07),
    };
  });
  const house: SceneItem = {
    kind: 'group',
    role: 'trading-post',
    title: 'The trading post by the waterfall',
    items: [
      {
        kind: 'polygon',
        points: [
          { x: post.x - 4, y: post.y },
          { x: post.x - 4, y: post.y - 5 },
          { x: post.x, y: post.y - 8.5 },
          { x: post.x + 4, y: post.y - 5 },
          { x: post.x + 4, y: post.y },
        ],
        fill: '#7a3e1d',
        stroke: '#ffffff',
        strokeWidth: 0.5,
      },
      {
        kind: 'polygon',
        points: [
          { x: post.x - 3, y: post.y + 0.5 },
          { x: post.x + 3, y: post.y + 0.5 },
          { x: post.x, y: post.y + 6 },
        ],
        fill: '#3d8fd6',
      },
      ...(style.labels
        ? [
            {
              kind: 'text' as const,
              at: { x: post.x, y: post.y + edgeLength * 0.45 },
              text: 'Trading post · waterfall',
              size: edgeLength * 0.14,
              fill: ink,
              anchor: 'middle' as const,
              bold: true,
            },
          ]
        : []),
    ],
  };
  const extras: SceneItem[] = [];
  if (spring) {
    extras.push({
      kind: 'group',
      role: 'spring',
      title: 'The spring: the ice block starts here and melts downstream',
      items: springIcon({ x: spring.x, y: spring.y - edgeLength * 0.12 }, edgeLength * 0.16),
    });
    if (style.labels) {
      // Above the icon on a white plate, clear of the river line.
      const y = spring.y - edgeLength * 0.42;
      const w = edgeLength * 0.95;
      extras.push({
        kind: 'polygon',
        points: [
          { x: spring.x - w / 2, y: y - edgeLength * 0.09 },
          { x: spring.x + w / 2, y: y - edgeLength * 0.09 },
          { x: spring.x + w / 2, y: y + edgeLength * 0.09 },
          { x: spring.x - w / 2, y: y + edgeLength * 0.09 },
        ],
        fill: '#ffffff',
        stroke: '#0d4f8b',
        strokeWidth: edgeLength * 0.015,
      });
      extras.push({
        kind: 'text',
        at: { x: spring.x, y },
        text: 'spring · ice block',
        size: edgeLength * 0.1,
        fill: '#0d4f8b',
        anchor: 'middle',
        bold: true,
        baseline: 'middle',
      });
    }
  }

  const title = landscapeTitle(map);
  const header: SceneItem[] = [
    {
      kind: 'text',
      at: { x: margin, y: margin + titleHeight * 0.55 },
      text: title,
      size: edgeLength * 0.35,
      fill: ink,
      anchor: 'start',
      bold: true,
    },
  ];

  const legend: SceneItem[] = [];
  const legendTop = height - margin - legendHeight + edgeLength * 0.4;
  const swatches: Array<[string, string, LvTerrain]> = [
    ['Tundra', FILL.tundra, 'tundra'],
    ['Forest', FILL.forest, 'forest'],
    ['Mountain', FILL.mountain, 'mountain'],
    ['Lake', FILL.lake, 'lake'],
    ['Riverside', FILL.riverside, 'riverside'],
  ];
  const icons: Array<[string, (c: Point) => SceneItem[]]> = [
    ['river gold', (c) => markerIcon('rivergold', c, edgeLength * 0.1, undefined, false)],
    ['mountain gold', (c) => markerIcon('mountaingold', c, edgeLength * 0.1, undefined, false)],
    ['animal', (c) => markerIcon('animal', c, edgeLength * 0.1, undefined, false)],
    ['event', (c) => markerIcon('event', c, edgeLength * 0.1, undefined, false)],
    ['ford', (c) => fordStones({ x: c.x - edgeLength * 0.12, y: c.y }, { x: c.x + edgeLength * 0.12, y: c.y }, edgeLength * 0.04)],
    ['spring', (c) => springIcon(c, edgeLength * 0.09)],
  ];
  // Two rows: terrain swatches, then the icons drawn on the tiles.
  const step = (width - 2 * margin) / icons.length;
  swatches.forEach(([label, fill, terrain], k) => {
    const c = { x: margin + step * k + edgeLength * 0.12, y: legendTop };
    legend.push({
      kind: 'polygon',
      points: [
        { x: c.x - edgeLength * 0.1, y: c.y - edgeLength * 0.1 },
        { x: c.x + edgeLength * 0.1, y: c.y - edgeLength * 0.1 },
        { x: c.x + edgeLength * 0.1, y: c.y + edgeLength * 0.1 },
        { x: c.x - edgeLength * 0.1, y: c.y + edgeLength * 0.1 },
      ],
      fill,
      stroke: '#1b1b1b',
      strokeWidth: 0.3,
    });
    legend.push(...legendMark(terrain, c, edgeLength * 0.13));
    legend.push({
      kind: 'text',
      at: { x: c.x + edgeLength * 0.16, y: c.y },
      text: label,
      size: edgeLength * 0.12,
      fill: ink,
      anchor: 'start',
      baseline: 'middle',
    });
  });
  icons.forEach(([label, draw], k) => {
    const c = { x: margin + step * k + edgeLength * 0.12, y: legendTop + edgeLength * 0.35 };
    legend.push(...draw(c));
    legend.push({
      kind: 'text',
      at: { x: c.x + edgeLength * 0.18, y: c.y },
      text: label,
      size: edgeLength * 0.12,
      fill: ink,
      anchor: 'start',
      baseline: 'middle',
    });
  });
  // Fitted to the board's width: the kit's longer note (tile numbers) wraps rather than running off.
  const note = fitText(
    `${numbers ? 'White discs: tile numbers, as on the cut-out tiles. ' : ''}Small numbers: markers in a pile. Stepping stones: the two fords, where prospectors cross on foot. Arrows: the river runs from the spring down to the waterfall.`,
    width - 2 * margin,
    edgeLength * 0.11,
    { minSize: edgeLength * 0.09 },
  );
  legend.push(...textBlock(note, margin, legendTop + edgeLength * 0.75 - note.size * 0.8, { fill: ink }));

  return {
    width,
    height,
    background: page,
    title,
    items: [
      ...tiles,
      { kind: 'segments', segments: outline, stroke: '#2b2b2b', strokeWidth: edgeLength * 0.025 },
      ...river,
      ...fords,
      ...piles,
      house,
      ...extras,
      ...numbered,
      { kind: 'group', role: 'title', items: header },
      { kind: 'group', role: 'legend', items: legend },
    ],
  };
}

/** The landscape's title as its board and every print of it show it. */
export function landscapeTitle(map: LostValleyMap): string {
  const score = map.score as { difficulty?: number; band?: string } | undefined;
  return [
    'Lost Valley',
    map.seed !== undefined ? `seed ${map.seed}` : '',
    score?.difficulty !== undefined ? `difficulty ${score.difficulty} (${score.band})` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
