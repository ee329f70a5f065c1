import type { Mm, Point, Scene, SceneItem, Style } from '../../core/scene.ts';
import { DIRECTIONS, hexKey } from '../../geometry/hex/axial.ts';
import type { Blockade, GoldCityMap, Space, Terrain } from './model.ts';
import { SYMBOL_FOR, blockadeSymbol } from './symbols.ts';
import { fitText, textWidth } from '../../render/glyphs.ts';

const SQRT3 = Math.sqrt(3);

export interface Look {
  fill: string;
  ink: string;
  name: string;
  /** What entering asks of the player, for tooltips and the legend. */
  cost: (strength: number) => string;
}

export const LOOKS: Record<Terrain, Look> = {
  jungle: { fill: '#5fae4e', ink: '#0f2f0a', name: 'Jungle', cost: (s) => `one ${SYMBOL_FOR.jungle} card of ${s}+` },
  water: { fill: '#4f9fd9', ink: '#062a45', name: 'Water', cost: (s) => `one ${SYMBOL_FOR.water} card of ${s}+` },
  village: { fill: '#f2cf3b', ink: '#3d2f00', name: 'Village', cost: (s) => `one ${SYMBOL_FOR.village} card of ${s}+` },
  rubble: { fill: '#9a9a94', ink: '#1d1d1b', name: 'Rubble', cost: (s) => `discard ${s} card${s === 1 ? '' : 's'}` },
  basecamp: { fill: '#d2493d', ink: '#ffffff', name: 'Base camp', cost: (s) => `remove ${s} card${s === 1 ? '' : 's'} from the game` },
  torch: { fill: '#f0892a', ink: '#3a1600', name: 'Torch', cost: (s) => `one ${SYMBOL_FOR.torch} card of ${s}+` },
  mountain: { fill: '#5b4a3f', ink: '#f4efe9', name: 'Mountain', cost: () => 'never enterable' },
  start: { fill: '#f6f1e4', ink: '#222222', name: 'Start', cost: () => 'start space' },
  finish: { fill: '#e3a21a', ink: '#2b1a00', name: 'Finish', cost: () => 'finishing space: free to enter' },
};

/** How a blockade is paid, for its tooltip: rubble takes discarded cards. */
export const payWith = (terrain: Blockade['terrain']): string => blockadeSymbol(terrain) ?? 'discard';

export function centre(q: number, r: number, size: number): Point {
  return { x: size * SQRT3 * (q + r / 2), y: size * 1.5 * r };
}

export function corners(c: Point, size: number): Point[] {
  const out: Point[] = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 30);
    out.push({ x: c.x + size * Math.cos(a), y: c.y + size * Math.sin(a) });
  }
  return out;
}

/** The edge between a hex and its neighbour in direction d (pointy: corner d-? pairs). */
export function sharedEdge(c: Point, size: number, d: number): [Point, Point] {
  const cs = corners(c, size);
  // DIRECTIONS[d] points at angle 60°·d; its edge joins corners at 60°·d − 30° and 60°·d + 30°.
  return [cs[d] as Point, cs[(d + 1) % 6] as Point];
}

export function symbol(terrain: Terrain, at: Point, s: number, ink: string): SceneItem[] {
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
    case 'torch':
      // A flame over a short handle.
      return [
        { kind: 'polyline', points: [p(0, 0.3), p(0, 1.1)], stroke: ink, strokeWidth: 0.3 * s },
        { kind: 'polygon', points: [p(0, -1.1), p(0.6, -0.2), p(0.45, 0.3), p(0, 0.5), p(-0.45, 0.3), p(-0.6, -0.2), p(-0.15, -0.45)], fill: ink, opacity: 0.85 },
      ];
    case 'mountain':
      return [{ kind: 'polyline', points: [p(-1.6, 0.8), p(-0.5, -0.8), p(0.1, 0.1), p(0.7, -0.5), p(1.6, 0.8)], stroke: ink, strokeWidth: 0.25 * s }];
    default:
      return [];
  }
}

function describeSpace(s: Space, mark?: LayerMark): string {
  const base = describeGround(s);
  if (mark?.temple !== undefined) return `Temple ${mark.temple} on ${base.replace(/^./, (c) => c.toLowerCase())}. Enter it to take its gem; the chamber opens only to a player holding both gems`;
  if (mark?.guardian) return 'Mountain with a face-down guardian: stop beside it and it goes off';
  return base;
}

function describeGround(s: Space): string {
  const look = LOOKS[s.terrain];
  if (s.terrain === 'start') return `Start ${s.start ?? ''}`.trim();
  if (s.terrain === 'mountain') return s.cave ? 'Mountain with a cave: stop beside it to take a token' : 'Mountain: never enterable';
  if (s.strength === undefined) return `${look.name}: ${look.cost(0)}`;
  return `${look.name} ${s.strength}: ${look.cost(s.strength)}`;
}

/** Golden Temples marks by hex: the temple standing on a space, a face-down guardian on a mountain. */
export interface LayerMark {
  temple?: number;
  guardian?: true;
}

export function layerMarks(map: GoldCityMap): Map<number, LayerMark> {
  const marks = new Map<number, LayerMark>();
  const mark = (q: number, r: number) => {
    const key = hexKey(q, r);
    if (!marks.has(key)) marks.set(key, {});
    return marks.get(key) as LayerMark;
  };
  for (const t of map.temples ?? []) mark(t.q, t.r).temple = t.id;
  for (const g of map.guardians ?? []) mark(g.q, g.r).guardian = true;
  return marks;
}

/** Gem colours by temple id: ruby, sapphire (then emerald, for courses typed with more). */
export const GEM_COLOURS = ['#d0213b', '#1f5fd0', '#1c9a4a'];
export const gemColour = (id: number) => GEM_COLOURS[(id - 1) % GEM_COLOURS.length] as string;
const TEMPLE_GOLD = '#f5c518';
const GUARDIAN_FILL = '#3d2a63';

/** A cut gem: a diamond with a table line. */
export function gem(c: Point, w: number, fill: string): SceneItem[] {
  return [
    { kind: 'polygon', points: [{ x: c.x - w / 2, y: c.y - w * 0.15 }, { x: c.x - w * 0.25, y: c.y - w * 0.45 }, { x: c.x + w * 0.25, y: c.y - w * 0.45 }, { x: c.x + w / 2, y: c.y - w * 0.15 }, { x: c.x, y: c.y + w * 0.5 }], fill, stroke: '#ffffff', strokeWidth: w * 0.08 },
  ];
}

/** A temple on its space: a gold ring round the hex, a stepped temple with its gem on top. */
export function templeDrawing(id: number, c: Point, size: number, labels: boolean): SceneItem[] {
  const step = (w: number, y: number, h: number): SceneItem => ({
    kind: 'polygon',
    points: [{ x: c.x - w / 2, y }, { x: c.x + w / 2, y }, { x: c.x + w / 2, y: y - h }, { x: c.x - w / 2, y: y - h }],
    fill: TEMPLE_GOLD,
    stroke: '#5a3b00',
    strokeWidth: size * 0.03,
  });
  const base = c.y + size * 0.62;
  const h = size * 0.13;
  const items: SceneItem[] = [
    { kind: 'polygon', points: corners(c, size * 0.86), fill: 'none', stroke: '#4a2f00', strokeWidth: size * 0.2 },
    { kind: 'polygon', points: corners(c, size * 0.86), fill: 'none', stroke: TEMPLE_GOLD, strokeWidth: size * 0.1 },
    // A dark plate behind the temple, so it stands out on any ground (yellow villages included).
    { kind: 'circle', centre: { x: c.x, y: c.y + size * 0.3 }, radius: size * 0.46, fill: '#4a2f00' },
    step(size * 0.72, base, h),
    step(size * 0.52, base - h, h),
    step(size * 0.32, base - 2 * h, h),
    ...gem({ x: c.x, y: base - 3 * h - size * 0.13 }, size * 0.3, gemColour(id)),
  ];
  if (labels) items.push({ kind: 'text', at: { x: c.x + size * 0.36, y: c.y - size * 0.02 }, text: String(id), size: size * 0.22, fill: '#ffffff', anchor: 'middle', bold: true, baseline: 'middle' });
  return items;
}

/** A guardian token lying face down on its mountain: what it does is hidden until it goes off. */
export function guardianDrawing(c: Point, size: number): SceneItem[] {
  const at = { x: c.x, y: c.y + size * 0.4 };
  const r = size * 0.38;
  return [
    { kind: 'circle', centre: at, radius: r, fill: GUARDIAN_FILL, stroke: TEMPLE_GOLD, strokeWidth: size * 0.05 },
    // A stylised mask: two eyes and a mouth, so the token reads as a guardian, not a cave.
    { kind: 'circle', centre: { x: at.x - r * 0.38, y: at.y - r * 0.2 }, radius: r * 0.16, fill: TEMPLE_GOLD },
    { kind: 'circle', centre: { x: at.x + r * 0.38, y: at.y - r * 0.2 }, radius: r * 0.16, fill: TEMPLE_GOLD },
    { kind: 'polyline', points: [{ x: at.x - r * 0.4, y: at.y + r * 0.35 }, { x: at.x + r * 0.4, y: at.y + r * 0.35 }], stroke: TEMPLE_GOLD, strokeWidth: r * 0.18 },
  ];
}

/**
 * A staggered pawn: a dashed line from its numbered start space to the ringed space it begins
 * on, the number again in a badge there, so a printed board needs no other note.
 */
export function staggerDrawing(start: number, from: Point, to: Point, size: number, labels: boolean): SceneItem[] {
  const badge = { x: to.x + size * 0.52, y: to.y - size * 0.05 };
  return [
    { kind: 'polyline', points: [from, to], stroke: '#222222', strokeWidth: size * 0.07, dash: [size * 0.18, size * 0.12] },
    { kind: 'circle', centre: to, radius: size * 0.78, fill: 'none', stroke: '#222222', strokeWidth: size * 0.1 },
    { kind: 'circle', centre: badge, radius: size * 0.27, fill: '#ffffff', stroke: '#222222', strokeWidth: size * 0.05 },
    ...(labels ? [{ kind: 'text' as const, at: badge, text: String(start), size: size * 0.36, fill: '#222222', anchor: 'middle' as const, bold: true, baseline: 'middle' as const }] : []),
  ];
}

/** One space drawn at `c`: ground, symbol, strength, start number, finish star or cave mouth. */
export function spaceDrawing(s: Space, c: Point, size: number, labels: boolean, mark?: LayerMark): SceneItem[] {
  const look = LOOKS[s.terrain];
  const items: SceneItem[] = [{ kind: 'polygon', points: corners(c, size), fill: look.fill, stroke: '#00000055', strokeWidth: size * 0.02 }];
  if (s.terrain === 'start') {
    items.push({ kind: 'circle', centre: c, radius: size * 0.5, fill: '#ffffff', stroke: '#222222', strokeWidth: size * 0.05 });
    if (labels) items.push({ kind: 'text', at: c, text: String(s.start ?? ''), size: size * 0.6, fill: '#222222', anchor: 'middle', bold: true, baseline: 'middle' });
  } else if (s.terrain === 'finish') {
    items.push({ kind: 'polygon', points: starPoints(c, size * 0.45, size * 0.2), fill: '#fff4cf', stroke: '#5a3b00', strokeWidth: size * 0.03 });
  } else if (mark?.temple !== undefined) {
    // A temple fills the lower half of its space: the ground's symbol and number sit above it.
    items.push(...symbol(s.terrain, { x: c.x - size * 0.25, y: c.y - size * 0.4 }, size * 0.13, look.ink));
    if (s.strength !== undefined && labels) {
      items.push({ kind: 'text', at: { x: c.x + size * 0.15, y: c.y - size * 0.4 }, text: String(s.strength), size: size * 0.42, fill: look.ink, anchor: 'middle', bold: true, baseline: 'middle' });
    }
  } else {
    items.push(...symbol(s.terrain, { x: c.x, y: c.y - size * 0.42 }, size * 0.16, look.ink));
    if (s.strength !== undefined && labels) {
      items.push({ kind: 'text', at: { x: c.x, y: c.y + size * 0.12 }, text: String(s.strength), size: size * 0.62, fill: look.ink, anchor: 'middle', bold: true, baseline: 'middle' });
    }
    if (s.cave) {
      items.push({ kind: 'polygon', points: archPoints({ x: c.x, y: c.y + size * 0.55 }, size * 0.32), fill: '#111111', stroke: '#e8c25a', strokeWidth: size * 0.04 });
    }
  }
  if (mark?.temple !== undefined) items.push(...templeDrawing(mark.temple, c, size, labels));
  if (mark?.guardian) items.push(...guardianDrawing(c, size));
  return items;
}

/** A space as the board's hover and keyboard stop: its drawing with data and a description. */
function spaceGroup(s: Space, c: Point, size: number, labels: boolean, mark?: LayerMark): SceneItem {
  const data: Record<string, string> = { q: String(s.q), r: String(s.r), piece: s.piece, terrain: s.terrain };
  if (s.strength !== undefined) data.strength = String(s.strength);
  if (s.start !== undefined) data.start = String(s.start);
  if (s.cave) data.cave = 'true';
  if (mark?.temple !== undefined) data.temple = String(mark.temple);
  if (mark?.guardian) data.guardian = 'true';
  return { kind: 'group', role: 'space', stop: true, data, title: describeSpace(s, mark), items: spaceDrawing(s, c, size, labels, mark) };
}

/** "Gold City · seed 42 · 5 pieces · normal · difficulty 23 (easy)": what a printed course is. */
export function courseTitle(map: GoldCityMap): string {
  const score = map.score as { difficulty?: number; band?: string } | undefined;
  const parts = ['Gold City'];
  if (map.seed !== undefined) parts.push(`seed ${map.seed}`);
  if (map.options) parts.push(`${map.options.pieces} pieces`, map.options.tier);
  if (map.temples?.length) parts.push('Golden Temples');
  if (score?.difficulty !== undefined) parts.push(`difficulty ${score.difficulty} (${score.band})`);
  return parts.join(' · ');
}

/** Text lines from `top` down, one item each (fitText's output). */
export function textLines(fitted: { lines: string[]; size: number }, x: number, top: number, fill: string, bold = false, leading = 1.25): SceneItem[] {
  return fitted.lines.map((line, k) => ({ kind: 'text' as const, at: { x, y: top + fitted.size * (0.8 + leading * k) }, text: line, size: fitted.size, fill, anchor: 'start' as const, bold }));
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
  const boardWidth = maxX - minX + 2 * size;
  const width = Math.max(boardWidth + 2 * margin, size * 22) as Mm;
  const inner = width - 2 * margin;
  // A narrow board wraps or shrinks its title rather than cutting it before the difficulty.
  const title = courseTitle(map);
  const titleFit = fitText(title, inner, size * 0.7, { minSize: size * 0.4, bold: true });
  const titleBlock = titleFit.lines.length * titleFit.size * 1.25;
  const digestSize = size * 0.28;
  const titleHeight = titleBlock + (map.digest ? digestSize * 1.6 : 0) + size * 0.3;
  const temples = (map.temples?.length ?? 0) > 0;
  const legendBox = legend(inner, size, ink, temples, (map.stagger?.length ?? 0) > 0);
  const ox = margin - minX + size;
  const oy = margin + titleHeight - minY + size;
  const at = (c: Point): Point => ({ x: c.x + ox, y: c.y + oy });
  const legendTop = oy + maxY + size + size * 0.3;
  const height = (legendTop + legendBox.height + margin) as Mm;

  const index = new Map<number, number>();
  map.spaces.forEach((s, i) => index.set(hexKey(s.q, s.r), i));

  const marks = layerMarks(map);
  const spaces: SceneItem[] = map.spaces.map((s, i) => spaceGroup(s, at(centres[i] as Point), size, style.labels, marks.get(hexKey(s.q, s.r))));

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
    const sockets = (map.temples ?? []).flatMap((t, k, all) => gem({ x: g.x + (k - (all.length - 1) / 2) * size * 0.34, y: g.y - size * 0.2 }, size * 0.26, gemColour(t.id)));
    extras.push({
      kind: 'group',
      role: 'gate',
      title: temples
        ? 'The sealed chamber: it opens only to a player holding a gem from every temple; then a pawn on a finishing space walks in for free'
        : 'The gate: a pawn on a finishing space walks in for free',
      items: [
        { kind: 'polygon', points: archPoints({ x: g.x, y: g.y + size * 0.55 }, size * 0.8), fill: '#e3a21a', stroke: '#5a3b00', strokeWidth: size * 0.06 },
        ...sockets,
        ...(style.labels ? [{ kind: 'text' as const, at: { x: g.x, y: g.y + size * 0.85 }, text: temples ? 'CHAMBER' : 'GATE', size: size * 0.28, fill: ink, anchor: 'middle' as const, bold: true }] : []),
      ],
    });
  }

  for (const e of map.stagger ?? []) {
    const home = map.spaces.find((s) => s.start === e.start);
    if (!home) continue;
    extras.push({
      kind: 'group',
      role: 'stagger',
      data: { start: String(e.start), q: String(e.q), r: String(e.r) },
      title: `Staggered start: the pawn of start ${e.start} begins here`,
      items: staggerDrawing(e.start, at(centre(home.q, home.r, size)), at(centre(e.q, e.r, size)), size, style.labels),
    });
  }

  const header: SceneItem[] = textLines(titleFit, margin, margin, ink, true);
  if (map.digest) header.push({ kind: 'text', at: { x: margin, y: margin + titleBlock + digestSize * 1.1 }, text: map.digest.slice(0, 23), size: digestSize, fill: ink, anchor: 'start' });
  const furniture: SceneItem[] = [
    { kind: 'group', role: 'title', items: header },
    { kind: 'group', role: 'legend', items: translate(legendBox.items, margin, legendTop) },
  ];

  return { width, height, background: page, title, items: [...spaces, ...outlines, ...blockades, ...extras, ...furniture] };
}

const LEGEND: Array<[Terrain, string]> = [
  ['jungle', SYMBOL_FOR.jungle],
  ['water', SYMBOL_FOR.water],
  ['village', `${SYMBOL_FOR.village}s`],
  ['rubble', 'discard N'],
  ['basecamp', 'remove N'],
  ['mountain', 'closed'],
  ['start', 'turn order'],
  ['finish', 'then the gate'],
];

/** The Golden Temples entries, shown only on a temple course (a base course's legend is unchanged). */
const TEMPLE_LEGEND: Array<{ name: string; note: string; icon: (c: Point, size: number) => SceneItem[] }> = [
  { name: 'Torch', note: 'torch card', icon: (c, size) => [{ kind: 'polygon', points: corners(c, size), fill: LOOKS.torch.fill, stroke: '#1b1b1b', strokeWidth: size * 0.07 }, ...symbol('torch', c, size * 0.45, LOOKS.torch.ink)] },
  { name: 'Temple', note: 'take its gem', icon: (c, size) => [{ kind: 'polygon', points: corners(c, size), fill: LOOKS.jungle.fill, stroke: '#1b1b1b', strokeWidth: size * 0.07 }, ...templeDrawing(1, c, size, false)] },
  { name: 'Guardian', note: 'stop beside: it goes off', icon: (c, size) => [{ kind: 'polygon', points: corners(c, size), fill: LOOKS.mountain.fill, stroke: '#1b1b1b', strokeWidth: size * 0.07 }, ...guardianDrawing({ x: c.x, y: c.y - size * 0.42 }, size * 1.1)] },
];

const TEMPLE_NOTES = [
  'Golden Temples: enter both temples to take their gems (ruby 1, sapphire 2); the chamber stays sealed until you hold both. Jokers pay torch too. Gold coins (up to 3) pay one step or one coin.',
];

const STAGGER_NOTE = 'Staggered start: a ringed space with a numbered badge is where that start number\'s pawn begins; its start space stays empty.';

const LEGEND_NOTES = [
  'Numbers: the strength one card must reach; on rubble and base camps, the cards to give up.',
  'Bars across seams: blockades, paid like a space; badge: requirement and tiebreak points. Black arch: cave.',
];

/**
 * The legend laid out from (0, 0) within `width`: each entry as wide as its measured words, so a
 * label never runs under the next icon; entries flow onto further rows on a narrow board.
 */
export function legend(width: number, size: number, ink: string, temples = false, stagger = false): { items: SceneItem[]; height: number } {
  const items: SceneItem[] = [];
  const rowHeight = size * 1.05;
  let x = 0;
  let row = 0;
  const entries: Array<{ name: string; note: string; icon: (c: Point, s: number) => SceneItem[] }> = LEGEND.map(([t, note]) => ({
    name: LOOKS[t].name,
    note,
    icon: (c: Point, s: number): SceneItem[] => [{ kind: 'polygon', points: corners(c, s), fill: LOOKS[t].fill, stroke: '#1b1b1b', strokeWidth: size * 0.03 }],
  }));
  if (temples) entries.push(...TEMPLE_LEGEND);
  for (const { name, note, icon } of entries) {
    const w = size * 1.1 + Math.max(textWidth(name, size * 0.3, true), textWidth(note, size * 0.24)) + size * 0.45;
    if (x > 0 && x + w - size * 0.45 > width) {
      x = 0;
      row++;
    }
    const c = { x: x + size * 0.45, y: size * 0.55 + row * rowHeight };
    items.push(...icon(c, size * 0.45));
    items.push({ kind: 'text', at: { x: c.x + size * 0.65, y: c.y - size * 0.02 }, text: name, size: size * 0.3, fill: ink, anchor: 'start', bold: true });
    items.push({ kind: 'text', at: { x: c.x + size * 0.65, y: c.y + size * 0.34 }, text: note, size: size * 0.24, fill: ink, anchor: 'start' });
    x += w;
  }
  let y = size * 0.2 + (row + 1) * rowHeight;
  for (const note of [...LEGEND_NOTES, ...(stagger ? [STAGGER_NOTE] : []), ...(temples ? TEMPLE_NOTES : [])]) {
    const fitted = fitText(note, width, size * 0.24, { minSize: size * 0.2 });
    items.push(...textLines(fitted, 0, y, ink, false, 1.3));
    y += fitted.lines.length * fitted.size * 1.3 + size * 0.05;
  }
  return { items, height: y };
}

/** Scene items moved by (dx, dy). */
export function translate(items: SceneItem[], dx: number, dy: number): SceneItem[] {
  const p = (q: Point): Point => ({ x: q.x + dx, y: q.y + dy });
  return items.map((it): SceneItem => {
    switch (it.kind) {
      case 'polygon':
      case 'polyline':
        return { ...it, points: it.points.map(p) };
      case 'segments':
        return { ...it, segments: it.segments.map(([a, b]) => [p(a), p(b)] as [Point, Point]) };
      case 'circle':
        return { ...it, centre: p(it.centre) };
      case 'text':
        return { ...it, at: p(it.at) };
      case 'group':
        return { ...it, items: translate(it.items, dx, dy) };
    }
  });
}

export function starPoints(c: Point, outer: number, inner: number): Point[] {
  const out: Point[] = [];
  for (let k = 0; k < 10; k++) {
    const r = k % 2 === 0 ? outer : inner;
    const a = (Math.PI / 5) * k - Math.PI / 2;
    out.push({ x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) });
  }
  return out;
}

/** An arch (flat bottom at `base`), used for cave mouths and the gate. */
export function archPoints(base: Point, w: number): Point[] {
  const out: Point[] = [{ x: base.x - w / 2, y: base.y }];
  for (let k = 0; k <= 8; k++) {
    const a = Math.PI + (Math.PI / 8) * k;
    out.push({ x: base.x + (w / 2) * Math.cos(a), y: base.y - w * 0.35 + (w / 2) * Math.sin(a) });
  }
  out.push({ x: base.x + w / 2, y: base.y });
  return out;
}
