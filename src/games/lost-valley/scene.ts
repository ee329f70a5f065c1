import type { Mm, Point, Scene, SceneItem, Style } from '../../core/scene.ts';
import { corners, edgeKey, faceEdges, isFace, vertexPoint, type Edge, type Face, type Vertex } from '../../geometry/trilattice/lattice.ts';
import type { LostValleyMap, LvTerrain, MarkerKind } from './model.ts';

const FILL: Record<LvTerrain, string> = {
  tundra: '#c9c48f',
  forest: '#3f7d3a',
  mountain: '#8a8079',
  lake: '#5aa7d6',
  riverside: '#a9c97a',
  spring: '#cfe8f5',
};
const NAME: Record<LvTerrain, string> = { tundra: 'Tundra', forest: 'Forest', mountain: 'Mountain', lake: 'Lake', riverside: 'Riverside', spring: 'Spring' };
const MARKER_FILL: Record<MarkerKind, string> = { rivergold: '#2e9e4f', mountaingold: '#6d6d6d', animal: '#8a5a2b', event: '#7b4fa0' };
const MARKER_LABEL: Record<MarkerKind, string> = { rivergold: 'river gold', mountaingold: 'mountain gold', animal: 'animal', event: 'event' };

/**
 * The landscape as explored: diamonds and triangles in their terrain, tile outlines, the river
 * from the spring down to the waterfall at the trading post, the two fords, and marker piles
 * with their counts on each tile.
 */
export function lostValleyScene(map: LostValleyMap, style: Style): Scene {
  // A lattice edge a little longer than a Gold City hex: tiles print at a playable size.
  const edgeLength = style.hexSize * 1.6;
  const ink = style.theme === 'print' ? '#1b1b1b' : '#f2f2f2';
  const page = style.theme === 'print' ? '#ffffff' : '#20242a';
  const margin = edgeLength * 0.8;
  const titleHeight = edgeLength * 1.1;
  const legendHeight = edgeLength * 1.4;

  const raw = (v: Vertex) => vertexPoint(v, edgeLength);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const t of map.tiles) {
    for (const f of t.faces) {
      if (!isFace(f)) continue;
      for (const c of corners(f as Face)) {
        const p = raw(c);
        minX = Math.min(minX, p.x);
        maxX = Math.max(maxX, p.x);
        minY = Math.min(minY, p.y);
        maxY = Math.max(maxY, p.y);
      }
    }
  }
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

  const tiles: SceneItem[] = [];
  // Piles are drawn above the river, so a pile on a river tile is never hidden by it.
  const piles: SceneItem[] = [];
  const outline: Array<[Point, Point]> = [];
  const centroids = new Map<string, Point>();
  for (const t of map.tiles) {
    const faces = t.faces.filter(isFace) as Face[];
    const items: SceneItem[] = faces.map((f) => ({ kind: 'polygon', points: corners(f).map(at), fill: FILL[t.terrain] ?? '#cccccc', stroke: FILL[t.terrain] ?? '#cccccc', strokeWidth: 0.2 }));
    const count = new Map<string, [Edge, number]>();
    for (const f of faces) for (const e of faceEdges(f)) count.set(edgeKey(e), [e, (count.get(edgeKey(e))?.[1] ?? 0) + 1]);
    for (const [e, n] of count.values()) if (n === 1) outline.push([at(e[0]), at(e[1])]);
    const pts = faces.flatMap((f) => corners(f).map(at));
    const c = { x: pts.reduce((a, p) => a + p.x, 0) / pts.length, y: pts.reduce((a, p) => a + p.y, 0) / pts.length };
    centroids.set(t.id, c);
    const onTile = [...(markersByTile.get(t.id) ?? new Map<MarkerKind, number>()).entries()];
    onTile.forEach(([kind, n], k) => {
      const p = { x: c.x + (k - (onTile.length - 1) / 2) * edgeLength * 0.24, y: c.y };
      piles.push({ kind: 'circle', centre: p, radius: edgeLength * 0.1, fill: MARKER_FILL[kind], stroke: '#ffffff', strokeWidth: 0.3 });
      if (style.labels) piles.push({ kind: 'text', at: p, text: String(n), size: edgeLength * 0.13, fill: '#ffffff', anchor: 'middle', bold: true, baseline: 'middle' });
    });
    if (t.symbols?.bearCave && style.labels) piles.push({ kind: 'text', at: { x: c.x, y: c.y + edgeLength * 0.22 }, text: 'bear cave', size: edgeLength * 0.09, fill: '#ffffff', anchor: 'middle', bold: true });
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
  const fords: SceneItem[] = map.fords.map((f, k) => {
    const a = at([f[0][0], f[0][1]]);
    const b = at([f[1][0], f[1][1]]);
    return { kind: 'group', role: 'ford', title: `Ford ${k + 1}: cross the river here on foot`, items: [{ kind: 'polyline', points: [a, b], stroke: '#c8a165', strokeWidth: edgeLength * 0.09, dash: [edgeLength * 0.06, edgeLength * 0.04] }] };
  });
  const house: SceneItem = {
    kind: 'group',
    role: 'trading-post',
    title: 'The trading post by the waterfall',
    items: [
      { kind: 'polygon', points: [{ x: post.x - 4, y: post.y }, { x: post.x - 4, y: post.y - 5 }, { x: post.x, y: post.y - 8.5 }, { x: post.x + 4, y: post.y - 5 }, { x: post.x + 4, y: post.y }], fill: '#7a3e1d', stroke: '#ffffff', strokeWidth: 0.5 },
      { kind: 'polygon', points: [{ x: post.x - 3, y: post.y + 0.5 }, { x: post.x + 3, y: post.y + 0.5 }, { x: post.x, y: post.y + 6 }], fill: '#3d8fd6' },
      ...(style.labels ? [{ kind: 'text' as const, at: { x: post.x, y: post.y + edgeLength * 0.45 }, text: 'Trading post · waterfall', size: edgeLength * 0.14, fill: ink, anchor: 'middle' as const, bold: true }] : []),
    ],
  };
  const extras: SceneItem[] = [];
  if (spring && style.labels) extras.push({ kind: 'text', at: { x: spring.x, y: spring.y + edgeLength * 0.25 }, text: 'spring · ice', size: edgeLength * 0.11, fill: '#0d4f8b', anchor: 'middle', bold: true });

  const score = map.score as { difficulty?: number; band?: string } | undefined;
  const title = ['Lost Valley', map.seed !== undefined ? `seed ${map.seed}` : '', score?.difficulty !== undefined ? `difficulty ${score.difficulty} (${score.band})` : ''].filter(Boolean).join(' · ');
  const header: SceneItem[] = [{ kind: 'text', at: { x: margin, y: margin + titleHeight * 0.55 }, text: title, size: edgeLength * 0.35, fill: ink, anchor: 'start', bold: true }];

  const legend: SceneItem[] = [];
  const legendTop = height - margin - legendHeight + edgeLength * 0.4;
  const entries: Array<[string, string]> = [
    ['Tundra', FILL.tundra],
    ['Forest', FILL.forest],
    ['Mountain', FILL.mountain],
    ['Lake', FILL.lake],
    ['Riverside', FILL.riverside],
    ['river gold', MARKER_FILL.rivergold],
    ['mountain gold', MARKER_FILL.mountaingold],
    ['animal', MARKER_FILL.animal],
    ['event', MARKER_FILL.event],
  ];
  const step = (width - 2 * margin) / entries.length;
  entries.forEach(([label, fill], k) => {
    const c = { x: margin + step * k + edgeLength * 0.15, y: legendTop };
    legend.push({ kind: 'circle', centre: c, radius: edgeLength * 0.1, fill, stroke: '#1b1b1b', strokeWidth: 0.3 });
    legend.push({ kind: 'text', at: { x: c.x + edgeLength * 0.16, y: c.y }, text: label, size: edgeLength * 0.12, fill: ink, anchor: 'start', baseline: 'middle' });
  });
  legend.push({ kind: 'text', at: { x: margin, y: legendTop + edgeLength * 0.45 }, text: 'Circles: marker piles with their counts. Dashed tan edges: the two fords. The river runs from the spring down to the waterfall.', size: edgeLength * 0.11, fill: ink, anchor: 'start' });

  return {
    width,
    height,
    background: page,
    title,
    items: [...tiles, { kind: 'segments', segments: outline, stroke: '#2b2b2b', strokeWidth: edgeLength * 0.025 }, ...river, ...fords, ...piles, house, ...extras, ...header, ...legend],
  };
}
