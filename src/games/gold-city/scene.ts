import type { Mm, Point, Scene, SceneItem, Style } from '../../core/scene.ts';
import { mean } from '../../core/stats.ts';
import { DIRECTIONS, hexKey } from '../../geometry/hex/axial.ts';
import { boundsOf } from '../../drawing/bounds.ts';
import { textWidth } from '../../drawing/glyphs.ts';
import { blockHeight, textBlock } from '../../drawing/text-block.ts';
import { fitText } from '../../drawing/text-fit.ts';
import { translateItems } from '../../drawing/transform.ts';
import {
  LOOKS,
  archPoints,
  centre,
  corners,
  courseTitle,
  gem,
  gemColour,
  guardianDrawing,
  layerMarks,
  starPoints,
  payWith,
  sharedEdge,
  spaceDrawing,
  staggerDrawing,
  symbol,
  templeDrawing,
  type LayerMark,
} from './drawings.ts';
import type { GoldCityMap, Space, Terrain } from './model.ts';
import { SYMBOL_FOR } from './symbols.ts';

function describeSpace(s: Space, mark?: LayerMark): string {
  const base = describeGround(s);
  if (mark?.temple !== undefined)
    return `Temple ${mark.temple} on ${base.replace(/^./, (c) => c.toLowerCase())}. Enter it to take its gem; the chamber opens only to a player holding both gems`;
  if (mark?.guardian) return 'Mountain with a face-down guardian: stop beside it and it goes off';
  if (mark?.cave) return `Mountain with cave ${mark.cave}: stop beside it to take a token`;
  return base;
}

function describeGround(s: Space): string {
  const look = LOOKS[s.terrain];
  if (s.terrain === 'start') return `Start ${s.start ?? ''}`.trim();
  if (s.terrain === 'mountain') return s.cave ? 'Mountain with a cave: stop beside it to take a token' : 'Mountain: never enterable';
  if (s.strength === undefined) return `${look.name}: ${look.cost(0)}`;
  return `${look.name} ${s.strength}: ${look.cost(s.strength)}`;
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

  const centres = map.spaces.map((s) => centre(s.q, s.r, size));
  const { x0: minX, y0: minY, x1: maxX, y1: maxY } = boundsOf(map.gate ? [...centres, centre(map.gate.q, map.gate.r, size)] : centres);
  const boardWidth = maxX - minX + 2 * size;
  const width = Math.max(boardWidth + 2 * margin, size * 22) as Mm;
  const inner = width - 2 * margin;
  // A narrow board wraps or shrinks its title rather than cutting it before the difficulty.
  const title = courseTitle(map);
  const titleFit = fitText(title, inner, size * 0.7, { minSize: size * 0.4, bold: true });
  const titleBlock = blockHeight(titleFit);
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
  const spaces: SceneItem[] = map.spaces.map((s, i) =>
    spaceGroup(s, at(centres[i] as Point), size, style.labels, marks.get(hexKey(s.q, s.r))),
  );

  // Piece outlines: every edge whose neighbour is off the board or on another piece.
  const outlineEdges: Array<[Point, Point]> = [];
  const edgeOfBoard: Array<[Point, Point]> = [];
  map.spaces.forEach((s, i) => {
    const c = at(centres[i] as Point);
    DIRECTIONS.forEach((d, k) => {
      const j = index.get(hexKey(s.q + d.q, s.r + d.r));
      const other = j === undefined ? undefined : map.spaces[j];
      if (other && (other.piece === s.piece || j! < i)) return;
      (other ? outlineEdges : edgeOfBoard).push(sharedEdge(c, size, k));
    });
  });
  // Seams are dark between coloured spaces on either page; the board's own edge is drawn in the
  // page's ink, so on a dark page it (and the dark mountains along it) still stands out.
  const outlines: SceneItem[] = [
    { kind: 'segments', segments: outlineEdges, stroke: '#1b1b1b', strokeWidth: size * 0.09 },
    { kind: 'segments', segments: edgeOfBoard, stroke: style.theme === 'print' ? '#1b1b1b' : '#e9e4d8', strokeWidth: size * 0.09 },
  ];

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
      items.push({
        kind: 'text',
        at: { x: m.x, y: m.y - size * 0.04 },
        text: String(b.strength),
        size: size * 0.42,
        fill: look.ink,
        anchor: 'middle',
        bold: true,
        baseline: 'middle',
      });
      items.push({
        kind: 'text',
        at: { x: m.x, y: m.y + size * 0.3 },
        text: `${b.points} pt`,
        size: size * 0.2,
        fill: look.ink,
        anchor: 'middle',
        bold: true,
      });
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
    const sockets = (map.temples ?? []).flatMap((t, k, all) =>
      gem({ x: g.x + (k - (all.length - 1) / 2) * size * 0.34, y: g.y - size * 0.2 }, size * 0.26, gemColour(t.id)),
    );
    extras.push({
      kind: 'group',
      role: 'gate',
      title: temples
        ? 'The sealed chamber: it opens only to a player holding a gem from every temple; then a pawn on a finishing space walks in for free'
        : 'The gate: a pawn on a finishing space walks in for free',
      items: [
        {
          kind: 'polygon',
          points: archPoints({ x: g.x, y: g.y + size * 0.55 }, size * 0.8),
          fill: '#e3a21a',
          stroke: '#5a3b00',
          strokeWidth: size * 0.06,
        },
        ...sockets,
        ...(style.labels
          ? [
              {
                kind: 'text' as const,
                at: { x: g.x, y: g.y + size * 0.85 },
                text: temples ? 'CHAMBER' : 'GATE',
                size: size * 0.28,
                fill: ink,
                anchor: 'middle' as const,
                bold: true,
              },
            ]
          : []),
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

  const header: SceneItem[] = textBlock(titleFit, margin, margin, { fill: ink, bold: true });
  if (map.digest)
    header.push({
      kind: 'text',
      at: { x: margin, y: margin + titleBlock + digestSize * 1.1 },
      text: map.digest.slice(0, 23),
      size: digestSize,
      fill: ink,
      anchor: 'start',
    });
  const furniture: SceneItem[] = [
    { kind: 'group', role: 'title', items: header },
    { kind: 'group', role: 'legend', items: translateItems(legendBox.items, margin, legendTop) },
  ];

  // A course from the box: each board's printed letter, faint, at its centre (generated courses name none).
  const letters: SceneItem[] = [];
  if (style.labels) {
    for (const p of map.pieces) {
      if (p.tile === undefined) continue;
      const own = map.spaces.flatMap((s, i) => (s.piece === p.id ? [at(centres[i] as Point)] : []));
      if (own.length === 0) continue;
      const c = { x: mean(own.map((q) => q.x)), y: mean(own.map((q) => q.y)) };
      letters.push({
        kind: 'text',
        at: c,
        text: p.tile.startsWith('END-') ? 'ED' : p.tile,
        size: size * 2.4,
        fill: '#ffffffb0',
        anchor: 'middle',
        bold: true,
        baseline: 'middle',
      });
    }
  }

  return { width, height, background: page, title, items: [...spaces, ...outlines, ...blockades, ...extras, ...letters, ...furniture] };
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
  {
    name: 'Torch',
    note: 'torch card',
    icon: (c, size) => [
      { kind: 'polygon', points: corners(c, size), fill: LOOKS.torch.fill, stroke: '#1b1b1b', strokeWidth: size * 0.07 },
      ...symbol('torch', c, size * 0.45, LOOKS.torch.ink),
    ],
  },
  {
    name: 'Temple',
    note: 'take its gem',
    icon: (c, size) => [
      { kind: 'polygon', points: corners(c, size), fill: LOOKS.jungle.fill, stroke: '#1b1b1b', strokeWidth: size * 0.07 },
      ...templeDrawing(1, c, size, false),
    ],
  },
  {
    name: 'Guardian',
    note: 'stop beside: it goes off',
    icon: (c, size) => [
      { kind: 'polygon', points: corners(c, size), fill: LOOKS.mountain.fill, stroke: '#1b1b1b', strokeWidth: size * 0.07 },
      ...guardianDrawing({ x: c.x, y: c.y - size * 0.42 }, size * 1.1),
    ],
  },
];

const TEMPLE_NOTES = [
  'Golden Temples: enter both temples to take their gems (ruby 1, sapphire 2); the chamber stays sealed until you hold both. Jokers pay torch too. Gold coins (up to 3) pay one step or one coin.',
];

const STAGGER_NOTE =
  "Staggered start: a ringed space with a numbered badge is where that start number's pawn begins; its start space stays empty.";

const LEGEND_NOTES = [
  'Numbers: the strength one card must reach; on rubble and base camps, the cards to give up.',
  'Bars across seams: blockades, paid like a space; badge: requirement and tiebreak points. Black arch: cave, named C1, C2, … as on its tokens.',
];

/** A legend swatch's symbol: the ground's own, the start's disc or the finish's star. */
function legendSymbol(t: Terrain, c: Point, s: number): SceneItem[] {
  if (t === 'start') return [{ kind: 'circle', centre: c, radius: s * 0.5, fill: '#ffffff', stroke: '#222222', strokeWidth: s * 0.06 }];
  if (t === 'finish')
    return [{ kind: 'polygon', points: starPoints(c, s * 0.55, s * 0.25), fill: '#fff4cf', stroke: '#5a3b00', strokeWidth: s * 0.04 }];
  return symbol(t, c, s * 0.38, LOOKS[t].ink);
}

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
    // The swatch carries its ground's symbol as the board's spaces do, so a reader who cannot
    // tell the fills apart (jungle and base camp under deuteranopia) still matches them.
    icon: (c: Point, s: number): SceneItem[] => [
      { kind: 'polygon', points: corners(c, s), fill: LOOKS[t].fill, stroke: ink, strokeWidth: size * 0.03 },
      ...legendSymbol(t, c, s),
    ],
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
    items.push({
      kind: 'text',
      at: { x: c.x + size * 0.65, y: c.y - size * 0.02 },
      text: name,
      size: size * 0.3,
      fill: ink,
      anchor: 'start',
      bold: true,
    });
    items.push({
      kind: 'text',
      at: { x: c.x + size * 0.65, y: c.y + size * 0.34 },
      text: note,
      size: size * 0.24,
      fill: ink,
      anchor: 'start',
    });
    x += w;
  }
  let y = size * 0.2 + (row + 1) * rowHeight;
  for (const note of [...LEGEND_NOTES, ...(stagger ? [STAGGER_NOTE] : []), ...(temples ? TEMPLE_NOTES : [])]) {
    const fitted = fitText(note, width, size * 0.24, { minSize: size * 0.2 });
    items.push(...textBlock(fitted, 0, y, { fill: ink, leading: 1.3 }));
    y += blockHeight(fitted, 1.3) + size * 0.05;
  }
  return { items, height: y };
}
