import type { Mm, Point, Scene, SceneItem, Style } from '../../core/scene.ts';
import { DIRECTIONS, hexKey } from '../../geometry/hex/axial.ts';
import type { Blockade, GoldCityMap, Space, Terrain } from './model.ts';
import { SYMBOL_FOR, blockadeSymbol } from './symbols.ts';

const SQRT3 = Math.sqrt(3);

interface Look {
  fill: string;
  ink: string;
  name: string;
  /** What entering asks of the player, for tooltips and the legend. */
  cost: (strength: number) => string;
}

const LOOKS: Record<Terrain, Look> = {
  jungle: { fill: '#5fae4e', ink: '#0f2f0a', name: 'Jungle', cost: (s) => `one ${SYMBOL_FOR.jungle} card of ${s}+` },
  water: { fill: '#4f9fd9', ink: '#062a45', name: 'Water', cost: (s) => `one ${SYMBOL_FOR.water} card of ${s}+` },
  village: { fill: '#f2cf3b', ink: '#3d2f00', name: 'Village', cost: (s) => `one ${SYMBOL_FOR.village} card of ${s}+` },
  rubble: { fill: '#9a9a94', ink: '#1d1d1b', name: 'Rubble', cost: (s) => `discard ${s} card${s === 1 ? '' : 's'}` },
  basecamp: { fill: '#d2493d', ink: '#ffffff', name: 'Base camp', cost: (s) => `remove ${s} card${s === 1 ? '' : 's'} from the game` },
  mountain: { fill: '#5b4a3f', ink: '#f4efe9', name: 'Mountain', cost: () => 'never enterable' },
  start: { fill: '#f6f1e4', ink: '#222222', name: 'Start', cost: () => 'start space' },
  finish: { fill: '#e3a21a', ink: '#2b1a00', name: 'Finish', cost: () => 'finishing space: free to enter' },
};

/** How a blockade is paid, for its tooltip: rubble takes discarded cards. */
const payWith = (terrain: Blockade['terrain']): string => blockadeSymbol(terrain) ?? 'discard';

function centre(q: number, r: number, size: number): Point {
  return { x: size * SQRT3 * (q + r / 2), y: size * 1.5 * r };
}

function corners(c: Point, size: number): Point[] {
  const out: Point[] = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 30);
    out.push({ x: c.x + size * Math.cos(a), y: c.y + size * Math.sin(a) });
  }
  return out;
}

/** The edge between a hex and its neighbour in direction d (pointy: corner d-? pairs). */
function sharedEdge(c: Point, size: number, d: number): [Point, Point] {
  const cs = corners(c, size);
  // DIRECTIONS[d] points at angle 60°·d; its edge joins corners at 60°·d − 30° and 60°·d + 30°.
  return [cs[d] as Point, cs[(d + 1) % 6] as Point];
}

function symbol(terrain: Terrain, at: Point, s: number, ink: string): SceneItem[] {
  const p = (x: number, y: number): Point => ({ x: at.x + x * s, y: at.y + y * s });
  switch (terrain) {
    case 'jungle':
      return [{ kind: 'polygon', points: [p(0, -1), p(0.8, 0.6), p(-0.8, 0.6)], fill: ink, opacity: 0.8 }];
    case 'water':
      return [-0.35, 0.35].map((dy) => ({
        kind: 'polyline' as const,
        points: [p(-1, dy), p(-0.5, dy - 0.35), p(0, dy), p(0.5, dy - 0.35), p(1, dy)],
        stroke: ink,
        strokeWidth: 0.18 * s,
      }));
    case 'village':
      return [{ kind: 'circle', centre: p(0, 0), radius: 0.8 * s, fill: 'none', stroke: ink, strokeWidth: 0.2 * s }];
    case 'rubble':
      return [
        { kind: 'polyline', points: [p(-0.8, -0.8), p(0.8, 0.8)], stroke: ink, strokeWidth: 0.25 * s },
        { kind: 'polyline', points: [p(0.8, -0.8), p(-0.8, 0.8)], stroke: ink, strokeWidth: 0.25 * s },
      ];
    case 'basecamp':
      return [{ kind: 'polygon', points: [p(0, -0.9), p(0.9, 0.7), p(-0.9, 0.7)], fill: 'none', stroke: ink, strokeWidth: 0.2 * s }];
    case 'mountain':
      return [{ kind: 'polyline', points: [p(-1.6, 0.8), p(-0.5, -0.8), p(0.1, 0.1), p(0.7, -0.5), p(1.6, 0.8)], stroke: ink, strokeWidth: 0.25 * s }];
    default:
      return [];
  }
}

function describeSpace(s: Space): string {
  const look = LOOKS[s.terrain];
  if (s.terrain === 'start') return `Start ${s.start ?? ''}`.trim();
  if (s.terrain === 'mountain') return s.cave ? 'Mountain with a cave: stop beside it to take a token' : 'Mountain: never enterable';
  if (s.strength === undefined) return `${look.name}: ${look.cost(0)}`;
  return `${look.name} ${s.strength}: ${look.cost(s.strength)}`;
}

/**
 * The board a player prints and plays on: hexes in ground colours with a symbol and the
 * strength, thick piece outlines (the seams), blockades laid across their seams with
 * requirement and points, caves, numbered start spaces, the finish and gate, a title and legend.
 */
export function goldCityScene(map: GoldCityMap, style: Style): Scene {
  const size = style.hexSize;
  const ink = style.theme === 'print' ? '#1b1b1b' : '#f2f2f2';
  const page = style.theme === 'print' ? '#ffffff' : '#20242a';
  const margin = size * 1.2;
  const titleHeight = size * 1.6;
  const legendHeight = size * 2.2;

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const centres = map.spaces.map((s) => centre(s.q, s.r, size));
  const spots = map.gate ? [...centres, centre(map.gate.q, map.gate.r, size)] : centres;
  for (const c of spots) {
    minX = Math.min(minX, c.x);
    minY = Math.min(minY, c.y);
    maxX = Math.max(maxX, c.x);
    maxY = Math.max(maxY, c.y);
  }
  const ox = margin - minX + size;
  const oy = margin + titleHeight - minY + size;
  const at = (c: Point): Point => ({ x: c.x + ox, y: c.y + oy });
  const boardWidth = maxX - minX + 2 * size;
  const width = Math.max(boardWidth + 2 * margin, size * 22) as Mm;
  const height = (maxY - minY + 2 * size + 2 * margin + titleHeight + legendHeight) as Mm;

  const index = new Map<number, number>();
  map.spaces.forEach((s, i) => index.set(hexKey(s.q, s.r), i));

  const spaces: SceneItem[] = map.spaces.map((s, i) => {
    const c = at(centres[i] as Point);
    const look = LOOKS[s.terrain];
    const items: SceneItem[] = [{ kind: 'polygon', points: corners(c, size), fill: look.fill, stroke: '#00000055', strokeWidth: size * 0.02 }];
    if (s.terrain === 'start') {
      items.push({ kind: 'circle', centre: c, radius: size * 0.5, fill: '#ffffff', stroke: '#222222', strokeWidth: size * 0.05 });
      if (style.labels) items.push({ kind: 'text', at: c, text: String(s.start ?? ''), size: size * 0.6, fill: '#222222', anchor: 'middle', bold: true, baseline: 'middle' });
    } else if (s.terrain === 'finish') {
      items.push({ kind: 'polygon', points: starPoints(c, size * 0.45, size * 0.2), fill: '#fff4cf', stroke: '#5a3b00', strokeWidth: size * 0.03 });
    } else {
      items.push(...symbol(s.terrain, { x: c.x, y: c.y - size * 0.42 }, size * 0.16, look.ink));
      if (s.strength !== undefined && style.labels) {
        items.push({ kind: 'text', at: { x: c.x, y: c.y + size * 0.12 }, text: String(s.strength), size: size * 0.62, fill: look.ink, anchor: 'middle', bold: true, baseline: 'middle' });
      }
      if (s.cave) {
        items.push({ kind: 'polygon', points: archPoints({ x: c.x, y: c.y + size * 0.55 }, size * 0.32), fill: '#111111', stroke: '#e8c25a', strokeWidth: size * 0.04 });
      }
    }
    const data: Record<string, string> = { q: String(s.q), r: String(s.r), piece: s.piece, terrain: s.terrain };
    if (s.strength !== undefined) data.strength = String(s.strength);
    if (s.start !== undefined) data.start = String(s.start);
    if (s.cave) data.cave = 'true';
    return { kind: 'group', role: 'space', stop: true, data, title: describeSpace(s), items };
  });

  // Piece outlines: every edge whose neighbour is off the board or on another piece.
  const outlineEdges: Array<[Point, Point]> = [];
  map.spaces.forEach((s, i) => {
    const c = at(centres[i] as Point);
    DIRECTIONS.forEach((d, k) => {
      const j = index.get(hexKey(s.q + d.q, s.r + d.r));
      const other = j === undefined ? undefined : map.spaces[j];
      if (other && (other.piece === s.piece || j! < i)) return;
      outlineEdges.push(sharedEdge(c, size, k));
    });
  });
  const outlines: SceneItem[] = [{ kind: 'segments', segments: outlineEdges, stroke: '#1b1b1b', strokeWidth: size * 0.09 }];

  const blockades: SceneItem[] = map.blockades.map((b) => {
    const edges: Array<[Point, Point]> = [];
    map.spaces.forEach((s, i) => {
      if (s.piece !== b.between[0]) return;
      DIRECTIONS.forEach((d, k) => {
        const j = index.get(hexKey(s.q + d.q, s.r + d.r));
        if (j !== undefined && map.spaces[j]!.piece === b.between[1]) edges.push(sharedEdge(at(centres[i] as Point), size, k));
      });
    });
    const look = LOOKS[b.terrain];
    const items: SceneItem[] = [];
    items.push({ kind: 'segments', segments: edges, stroke: '#111111', strokeWidth: size * 0.36 });
    items.push({ kind: 'segments', segments: edges, stroke: look.fill, strokeWidth: size * 0.24 });
    const mid = edges[Math.floor(edges.length / 2)];
    if (mid && style.labels) {
      const m = { x: (mid[0].x + mid[1].x) / 2, y: (mid[0].y + mid[1].y) / 2 };
      items.push({ kind: 'circle', centre: m, radius: size * 0.42, fill: look.fill, stroke: '#111111', strokeWidth: size * 0.06 });
      items.push({ kind: 'text', at: { x: m.x, y: m.y - size * 0.04 }, text: String(b.strength), size: size * 0.42, fill: look.ink, anchor: 'middle', bold: true, baseline: 'middle' });
      items.push({ kind: 'text', at: { x: m.x, y: m.y + size * 0.3 }, text: `${b.points} pt`, size: size * 0.2, fill: look.ink, anchor: 'middle', bold: true });
    }
    return {
      kind: 'group',
      role: 'blockade',
      data: { id: b.id, between: b.between.join(' '), terrain: b.terrain, strength: String(b.strength), points: String(b.points) },
      title: `Blockade ${b.id}: ${payWith(b.terrain)} ${b.strength} to cross, worth ${b.points} tiebreak point${b.points === 1 ? '' : 's'}`,
      items,
    };
  });

  const extras: SceneItem[] = [];
  if (map.gate) {
    const g = at(centre(map.gate.q, map.gate.r, size));
    extras.push({
      kind: 'group',
      role: 'gate',
      title: 'The gate: a pawn on a finishing space walks in for free',
      items: [
        { kind: 'polygon', points: archPoints({ x: g.x, y: g.y + size * 0.55 }, size * 0.8), fill: '#e3a21a', stroke: '#5a3b00', strokeWidth: size * 0.06 },
        ...(style.labels ? [{ kind: 'text' as const, at: { x: g.x, y: g.y + size * 0.85 }, text: 'GATE', size: size * 0.28, fill: ink, anchor: 'middle' as const, bold: true }] : []),
      ],
    });
  }

  const score = map.score as { difficulty?: number; band?: string } | undefined;
  const titleParts = ['Gold City'];
  if (map.seed !== undefined) titleParts.push(`seed ${map.seed}`);
  if (map.options) titleParts.push(`${map.options.pieces} pieces`, map.options.tier);
  if (score?.difficulty !== undefined) titleParts.push(`difficulty ${score.difficulty} (${score.band})`);
  const title = titleParts.join(' · ');

  const header: SceneItem[] = [
    { kind: 'text', at: { x: margin, y: margin + titleHeight * 0.55 }, text: title.length > 120 ? `${title.slice(0, 117)}…` : title, size: size * 0.7, fill: ink, anchor: 'start', bold: true },
  ];
  if (map.digest) header.push({ kind: 'text', at: { x: margin, y: margin + titleHeight * 0.95 }, text: map.digest.slice(0, 23), size: size * 0.28, fill: ink, anchor: 'start' });

  const legend: SceneItem[] = [];
  const legendTop = height - margin - legendHeight + size * 0.6;
  const entries: Array<[Terrain, string]> = [
    ['jungle', SYMBOL_FOR.jungle],
    ['water', SYMBOL_FOR.water],
    ['village', `${SYMBOL_FOR.village}s`],
    ['rubble', 'discard N'],
    ['basecamp', 'remove N'],
    ['mountain', 'closed'],
    ['start', 'turn order'],
    ['finish', 'then the gate'],
  ];
  const step = (width - 2 * margin) / entries.length;
  entries.forEach(([t, note], k) => {
    const c = { x: margin + step * k + size * 0.6, y: legendTop };
    legend.push({ kind: 'polygon', points: corners(c, size * 0.45), fill: LOOKS[t].fill, stroke: '#1b1b1b', strokeWidth: size * 0.03 });
    legend.push({ kind: 'text', at: { x: c.x + size * 0.6, y: c.y - size * 0.02 }, text: LOOKS[t].name, size: size * 0.3, fill: ink, anchor: 'start', bold: true });
    legend.push({ kind: 'text', at: { x: c.x + size * 0.6, y: c.y + size * 0.34 }, text: note, size: size * 0.24, fill: ink, anchor: 'start' });
  });
  for (const [k, line] of [
    'Numbers: the strength one card must reach; on rubble and base camps, the cards to give up.',
    'Bars across seams: blockades, paid like a space; badge: requirement and tiebreak points. Black arch: cave.',
  ].entries()) {
    legend.push({ kind: 'text', at: { x: margin, y: legendTop + size * (1.15 + 0.38 * k) }, text: line, size: size * 0.24, fill: ink, anchor: 'start' });
  }

  return { width, height, background: page, title, items: [...spaces, ...outlines, ...blockades, ...extras, ...header, ...legend] };
}

function starPoints(c: Point, outer: number, inner: number): Point[] {
  const out: Point[] = [];
  for (let k = 0; k < 10; k++) {
    const r = k % 2 === 0 ? outer : inner;
    const a = (Math.PI / 5) * k - Math.PI / 2;
    out.push({ x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) });
  }
  return out;
}

/** An arch (flat bottom at `base`), used for cave mouths and the gate. */
function archPoints(base: Point, w: number): Point[] {
  const out: Point[] = [{ x: base.x - w / 2, y: base.y }];
  for (let k = 0; k <= 8; k++) {
    const a = Math.PI + (Math.PI / 8) * k;
    out.push({ x: base.x + (w / 2) * Math.cos(a), y: base.y - w * 0.35 + (w / 2) * Math.sin(a) });
  }
  out.push({ x: base.x + w / 2, y: base.y });
  return out;
}
