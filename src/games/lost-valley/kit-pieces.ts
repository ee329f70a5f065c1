import type { Mm, Point, Scene, SceneItem } from '../../core/scene.ts';
import { blockHeight, textBlock } from '../../drawing/text-block.ts';
import { fitText } from '../../drawing/text-fit.ts';
import type { LostValleyMap, Marker, MarkerKind } from './model.ts';
import { ANIMALS, EVENTS } from './rules/prices.ts';
import { markerIcon, springIcon } from './scene.ts';

/**
 * The kit's small pieces: every landscape marker the map lays (fronts, and backs mirrored for
 * duplex printing, each back naming the tile it lies on), the ice block, and a fold-up prospector
 * per player colour (four: the box's number, enough for every table size the game allows).
 */

const INK = '#1b1b1b';
/** A landscape marker's diameter, in the kit and on the virtual table alike. */
export const DISC_MM = 17;
const GAP_MM = 3;
/** Backs print this much wider than the cut line, so a duplex printer's slip shows no white rim. */
const BLEED_MM = 1;
const TITLE_MM = 14;

export const PROSPECTORS = [
  { colour: 'red', fill: '#c62828' },
  { colour: 'blue', fill: '#1f5fbf' },
  { colour: 'yellow', fill: '#f2c230' },
  { colour: 'black', fill: '#2b2b2b' },
] as const;

const KIND_NAME: Record<MarkerKind, string> = { rivergold: 'river gold', mountaingold: 'mountain gold', animal: 'animal', event: 'event' };
const KIND_RIM: Record<MarkerKind, string> = { rivergold: '#2f5d8a', mountaingold: '#5a524c', animal: '#7a4a1e', event: '#6a3d9a' };

/** What a marker's face says: its value, and what it does in a few words. */
function faceWords(m: Marker): { big: string; small: string } {
  if (m.kind === 'rivergold' || m.kind === 'mountaingold')
    return { big: String(m.value ?? ''), small: m.value === 1 ? 'nugget' : 'nuggets' };
  if (m.kind === 'animal') return { big: m.type ?? '', small: `${ANIMALS[m.type ?? '']?.food ?? '?'} food` };
  return { big: m.type ?? '', small: EVENTS[m.type ?? '']?.ware ? 'ware' : 'use once' };
}

export function markerFront(m: Marker, c: Point, r: number): SceneItem[] {
  const words = faceWords(m);
  const gold = m.kind === 'rivergold' || m.kind === 'mountaingold';
  const big = fitText(words.big, r * 1.6, gold ? 6 : 3.2, { minSize: 2.2, bold: true });
  return [
    { kind: 'circle', centre: c, radius: r, fill: '#fbf7ec', stroke: KIND_RIM[m.kind], strokeWidth: 0.9 },
    { kind: 'circle', centre: c, radius: r, fill: 'none', stroke: INK, strokeWidth: 0.25 },
    ...markerIcon(m.kind, { x: c.x, y: c.y - r * 0.5 }, r * 0.28, undefined, false),
    ...textBlock(big, c.x, c.y - blockHeight(big) / 2 + r * 0.12, { fill: INK, anchor: 'middle', bold: true }),
    { kind: 'text', at: { x: c.x, y: c.y + r * 0.66 }, text: words.small, size: 2.2, fill: '#333333', anchor: 'middle' },
  ];
}

export function markerBack(m: Marker, order: number, c: Point, r: number): SceneItem[] {
  return [
    { kind: 'circle', centre: c, radius: r + BLEED_MM, fill: KIND_RIM[m.kind] },
    ...markerIcon(m.kind, { x: c.x, y: c.y - r * 0.18 }, r * 0.5, undefined, false),
    {
      kind: 'text',
      at: { x: c.x, y: c.y + r * 0.62 },
      text: `tile ${order}`,
      size: 2.6,
      fill: '#ffffff',
      anchor: 'middle',
      bold: true,
      baseline: 'middle',
    },
  ];
}

const square = (c: Point, h: number): Point[] => [
  { x: c.x - h, y: c.y - h },
  { x: c.x + h, y: c.y - h },
  { x: c.x + h, y: c.y + h },
  { x: c.x - h, y: c.y + h },
];

/** Half the ice block's side: a square a little smaller than a marker. */
export const ICE_HALF_MM = (DISC_MM / 2) * 0.95;

/** The ice block: a square of ice, the same both sides (it is never hidden). */
export function iceBlock(c: Point, half: number, back: boolean): SceneItem[] {
  return [
    { kind: 'polygon', points: square(c, half + (back ? BLEED_MM : 0)), fill: '#e8f7ff', stroke: back ? 'none' : INK, strokeWidth: 0.3 },
    ...springIcon({ x: c.x, y: c.y - half * 0.2 }, half * 0.45),
    {
      kind: 'text',
      at: { x: c.x, y: c.y + half * 0.62 },
      text: 'ICE BLOCK',
      size: 2.4,
      fill: '#0d4f8b',
      anchor: 'middle',
      bold: true,
      baseline: 'middle',
    },
  ];
}

const STANDEE = { width: 16, foot: 9, panel: 24 };

/** A prospector in panel coordinates (u across, v down from the panel's top), mapped by `p`. */
function figure(fill: string, at: (u: number, v: number) => Point): SceneItem[] {
  // Drawn on a 16 × 24 grid, shrunk a little to leave the panel's foot for the colour's name.
  const p = (u: number, v: number): Point => at(8 + (u - 8) * 0.85, 0.6 + v * 0.85);
  const poly = (pts: Array<[number, number]>, f: string): SceneItem => ({
    kind: 'polygon',
    points: pts.map(([u, v]) => p(u, v)),
    fill: f,
    stroke: INK,
    strokeWidth: 0.25,
  });
  return [
    poly(
      [
        [3.5, 6],
        [12.5, 6],
        [12.5, 7],
        [3.5, 7],
      ],
      '#6b4a2b',
    ),
    poly(
      [
        [5.5, 2.5],
        [10.5, 2.5],
        [11, 6],
        [5, 6],
      ],
      '#6b4a2b',
    ),
    { kind: 'circle', centre: p(8, 9.2), radius: 2, fill: '#f0c9a0', stroke: INK, strokeWidth: 0.25 },
    poly(
      [
        [4.5, 12],
        [11.5, 12],
        [12.5, 19],
        [3.5, 19],
      ],
      fill,
    ),
    poly(
      [
        [4.5, 19],
        [7.6, 19],
        [7.4, 23],
        [4.6, 23],
      ],
      '#4a3a2a',
    ),
    poly(
      [
        [8.4, 19],
        [11.5, 19],
        [11.4, 23],
        [8.6, 23],
      ],
      '#4a3a2a',
    ),
    // A pick over the shoulder.
    { kind: 'polyline', points: [p(12, 17), p(14.6, 4.5)], stroke: '#6b4a2b', strokeWidth: 0.8 },
    { kind: 'polyline', points: [p(12.2, 4.4), p(14.6, 4.5), p(15.4, 6.6)], stroke: '#555555', strokeWidth: 0.7 },
  ];
}

/**
 * A fold-up prospector: foot, back (upside down), front, foot, top to bottom. Folded on the dashed
 * lines the two figures stand back to back, the feet folded under and glued into a base.
 */
function standee(colour: string, fill: string, x: number, y: number): SceneItem {
  const { width: w, foot: f, panel: h } = STANDEE;
  const total = 2 * f + 2 * h;
  const folds = [y + f, y + f + h, y + f + 2 * h];
  const back = (u: number, v: number): Point => ({ x: x + w - u, y: y + f + h - v });
  const front = (u: number, v: number): Point => ({ x: x + u, y: y + f + h + v });
  const panel = (y0: number, height: number, shade: string): SceneItem => ({
    kind: 'polygon',
    points: [
      { x, y: y0 },
      { x: x + w, y: y0 },
      { x: x + w, y: y0 + height },
      { x, y: y0 + height },
    ],
    fill: shade,
  });
  return {
    kind: 'group',
    role: 'prospector',
    data: { colour },
    title: `Prospector (${colour})`,
    items: [
      panel(y, f, fill),
      panel(y + f, 2 * h, '#f6efe0'),
      panel(y + f + 2 * h, f, fill),
      ...figure(fill, back),
      ...figure(fill, front),
      { kind: 'text', at: { x: x + w / 2, y: y + f + 2 * h - 0.6 }, text: colour, size: 2.4, fill: INK, anchor: 'middle', bold: true },
      {
        kind: 'segments',
        segments: folds.map((fy): [Point, Point] => [
          { x, y: fy },
          { x: x + w, y: fy },
        ]),
        stroke: '#555555',
        strokeWidth: 0.25,
        dash: [1.2, 0.8],
      },
      {
        kind: 'polygon',
        points: [
          { x, y },
          { x: x + w, y },
          { x: x + w, y: y + total },
          { x, y: y + total },
        ],
        fill: 'none',
        stroke: INK,
        strokeWidth: 0.35,
      },
    ],
  };
}

const STANDEE_H = 2 * STANDEE.foot + 2 * STANDEE.panel;

/**
 * The prospectors with how to make them, `width` wide and `height` tall, drawn from `top`: put on
 * whichever sheet has the room, since nothing is printed behind them.
 */
export function prospectorBlock(width: number): { items: (top: number) => SceneItem[]; height: number } {
  const note = fitText(
    `Prospectors, one per player colour (${PROSPECTORS.length}, for tables of two to four): cut along the solid outline, fold on the dashed lines so the two figures stand back to back, and glue the feet together under them as a base.`,
    width,
    3,
    { minSize: 2.5 },
  );
  const step = STANDEE.width + 8;
  const x0 = (width - (PROSPECTORS.length * step - 8)) / 2;
  const gap = blockHeight(note) + 3;
  return {
    height: gap + STANDEE_H,
    items: (top) => [
      ...textBlock(note, 0, top, { fill: INK }),
      ...PROSPECTORS.map((p, k) => standee(p.colour, p.fill, x0 + k * step, top + gap)),
    ],
  };
}

function header(title: string, note: string, width: number): { items: SceneItem[]; height: number } {
  const t = fitText(title, width, 4.5, { minSize: 3.2, bold: true });
  const n = fitText(note, width, 3, { minSize: 2.5 });
  return {
    items: [...textBlock(t, 0, 0, { fill: INK, bold: true }), ...textBlock(n, 0, blockHeight(t) + 0.8, { fill: '#333333' })],
    height: Math.max(TITLE_MM, blockHeight(t) + blockHeight(n) + 3),
  };
}

/**
 * Marker sheets: fronts in rows (sorted by the tile they lie on) with the ice block last, each
 * followed by its backs mirrored about the sheet's middle; `withProspectors`, the prospectors go
 * under the last fronts when they fit there, else on a sheet of their own.
 */
export function markerSheets(map: LostValleyMap, area: { width: number; height: number }, withProspectors: boolean): Scene[] {
  const order = new Map(map.tiles.map((t) => [t.id, t.order]));
  const markers = [...map.markers].map((m) => ({ m, order: order.get(m.tile) ?? 0 })).sort((a, b) => a.order - b.order);
  type Piece = { front: (c: Point) => SceneItem; back: (c: Point) => SceneItem };
  const r = DISC_MM / 2;
  const pieces: Piece[] = markers.map(({ m, order: o }) => ({
    front: (c) => ({
      kind: 'group',
      role: 'marker',
      data: { tile: String(o), kind: m.kind },
      title: `${KIND_NAME[m.kind]} marker for tile ${o}`,
      items: markerFront(m, c, r),
    }),
    back: (c) => ({ kind: 'group', role: 'marker-back', data: { tile: String(o) }, items: markerBack(m, o, c, r) }),
  }));
  pieces.push({
    front: (c) => ({ kind: 'group', role: 'ice-block', title: 'The ice block', items: iceBlock(c, ICE_HALF_MM, false) }),
    back: (c) => ({ kind: 'group', role: 'ice-block-back', items: iceBlock(c, ICE_HALF_MM, true) }),
  });
  const across = Math.max(1, Math.floor((area.width + GAP_MM) / (DISC_MM + GAP_MM)));
  const left = (area.width - (across * (DISC_MM + GAP_MM) - GAP_MM)) / 2;
  const head = header(
    `Markers to cut out (${markers.length} and the ice block)`,
    'Print double-sided with the next sheet (flip on the long edge); cut along each circle. Backs name the tile each marker lies on, face down.',
    area.width,
  );
  const rowsPer = Math.max(1, Math.floor((area.height - head.height + GAP_MM) / (DISC_MM + GAP_MM)));
  const perSheet = across * rowsPer;
  const sheets: Scene[] = [];
  const sheetCount = Math.ceil(pieces.length / perSheet);
  let lastBottom = 0;
  for (let s = 0; s < sheetCount; s++) {
    const chunk = pieces.slice(s * perSheet, (s + 1) * perSheet);
    const centre = (i: number): Point => ({
      x: left + (i % across) * (DISC_MM + GAP_MM) + r,
      y: head.height + Math.floor(i / across) * (DISC_MM + GAP_MM) + r,
    });
    const label = sheetCount > 1 ? ` ${s + 1}/${sheetCount}` : '';
    sheets.push({
      width: area.width as Mm,
      height: area.height as Mm,
      background: '#ffffff',
      title: `markers${label} (fronts)`,
      items: [...head.items, ...chunk.map((p, i) => p.front(centre(i)))],
    });
    const backHead = header(
      `Backs of the markers${label}`,
      'Mirrored, so each back lands behind its front when printed double-sided.',
      area.width,
    );
    sheets.push({
      width: area.width as Mm,
      height: area.height as Mm,
      background: '#ffffff',
      title: `markers${label} (backs, mirrored for duplex)`,
      items: [...backHead.items, ...chunk.map((p, i) => p.back({ x: area.width - centre(i).x, y: centre(i).y }))],
    });
    lastBottom = centre(chunk.length - 1).y + r;
  }
  if (!withProspectors) return sheets;
  const block = prospectorBlock(area.width);
  const fronts = sheets[sheets.length - 2]!;
  if (lastBottom + 6 + block.height <= area.height) {
    fronts.items.push(...block.items(lastBottom + 6));
    fronts.title = fronts.title.replace('(fronts)', '(fronts) and prospectors');
  } else {
    const h = header('Prospectors to cut out and fold', 'Single-sided: nothing is printed behind them.', area.width);
    sheets.push({
      width: area.width as Mm,
      height: area.height as Mm,
      background: '#ffffff',
      title: 'prospectors',
      items: [...h.items, ...block.items(h.height + 2)],
    });
  }
  return sheets;
}
