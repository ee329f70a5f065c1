import type { Point, SceneItem } from '../../core/scene.ts';
import { hexKey } from '../../geometry/hex/axial.ts';
import type { Blockade, GoldCityMap, Space, Terrain } from './model.ts';
import { SYMBOL_FOR, blockadeSymbol } from './symbols.ts';

/**
 * Gold City's drawing library: ground colours, hex geometry, the symbols, spaces, temples,
 * guardians, staggered starts, gems and arches. The board (scene.ts) and the print-and-play
 * kit (sheets.ts) are both laid out from these.
 */

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
        {
          kind: 'polygon',
          points: [p(0, -1.1), p(0.6, -0.2), p(0.45, 0.3), p(0, 0.5), p(-0.45, 0.3), p(-0.6, -0.2), p(-0.15, -0.45)],
          fill: ink,
          opacity: 0.85,
        },
      ];
    case 'mountain':
      return [
        {
          kind: 'polyline',
          points: [p(-1.6, 0.8), p(-0.5, -0.8), p(0.1, 0.1), p(0.7, -0.5), p(1.6, 0.8)],
          stroke: ink,
          strokeWidth: 0.25 * s,
        },
      ];
    default:
      return [];
  }
}

/**
 * Marks by hex beyond the ground: the temple standing on a space, a face-down guardian on a
 * mountain (Golden Temples), and a cave pile's id (C1, C2, … in the order of the document's
 * piles, as the kit's cave tokens name them).
 */
export interface LayerMark {
  temple?: number;
  guardian?: true;
  cave?: string;
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
  (map.caves ?? []).forEach((pile, i) => (mark(pile.q, pile.r).cave = `C${i + 1}`));
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
    {
      kind: 'polygon',
      points: [
        { x: c.x - w / 2, y: c.y - w * 0.15 },
        { x: c.x - w * 0.25, y: c.y - w * 0.45 },
        { x: c.x + w * 0.25, y: c.y - w * 0.45 },
        { x: c.x + w / 2, y: c.y - w * 0.15 },
        { x: c.x, y: c.y + w * 0.5 },
      ],
      fill,
      stroke: '#ffffff',
      strokeWidth: w * 0.08,
    },
  ];
}

/** A temple on its space: a gold ring round the hex, a stepped temple with its gem on top. */
export function templeDrawing(id: number, c: Point, size: number, labels: boolean): SceneItem[] {
  const step = (w: number, y: number, h: number): SceneItem => ({
    kind: 'polygon',
    points: [
      { x: c.x - w / 2, y },
      { x: c.x + w / 2, y },
      { x: c.x + w / 2, y: y - h },
      { x: c.x - w / 2, y: y - h },
    ],
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
  if (labels)
    items.push({
      kind: 'text',
      at: { x: c.x + size * 0.36, y: c.y - size * 0.02 },
      text: String(id),
      size: size * 0.22,
      fill: '#ffffff',
      anchor: 'middle',
      bold: true,
      baseline: 'middle',
    });
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
    {
      kind: 'polyline',
      points: [
        { x: at.x - r * 0.4, y: at.y + r * 0.35 },
        { x: at.x + r * 0.4, y: at.y + r * 0.35 },
      ],
      stroke: TEMPLE_GOLD,
      strokeWidth: r * 0.18,
    },
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
    ...(labels
      ? [
          {
            kind: 'text' as const,
            at: badge,
            text: String(start),
            size: size * 0.36,
            fill: '#222222',
            anchor: 'middle' as const,
            bold: true,
            baseline: 'middle' as const,
          },
        ]
      : []),
  ];
}

/** One space drawn at `c`: ground, symbol, strength, start number, finish star or cave mouth. */
export function spaceDrawing(s: Space, c: Point, size: number, labels: boolean, mark?: LayerMark): SceneItem[] {
  const look = LOOKS[s.terrain];
  const items: SceneItem[] = [
    { kind: 'polygon', points: corners(c, size), fill: look.fill, stroke: '#00000055', strokeWidth: size * 0.02 },
  ];
  if (s.terrain === 'start') {
    items.push({ kind: 'circle', centre: c, radius: size * 0.5, fill: '#ffffff', stroke: '#222222', strokeWidth: size * 0.05 });
    if (labels)
      items.push({
        kind: 'text',
        at: c,
        text: String(s.start ?? ''),
        size: size * 0.6,
        fill: '#222222',
        anchor: 'middle',
        bold: true,
        baseline: 'middle',
      });
  } else if (s.terrain === 'finish') {
    items.push({
      kind: 'polygon',
      points: starPoints(c, size * 0.45, size * 0.2),
      fill: '#fff4cf',
      stroke: '#5a3b00',
      strokeWidth: size * 0.03,
    });
  } else if (mark?.temple !== undefined) {
    // A temple fills the lower half of its space: the ground's symbol and number sit above it.
    items.push(...symbol(s.terrain, { x: c.x - size * 0.25, y: c.y - size * 0.4 }, size * 0.13, look.ink));
    if (s.strength !== undefined && labels) {
      items.push({
        kind: 'text',
        at: { x: c.x + size * 0.15, y: c.y - size * 0.4 },
        text: String(s.strength),
        size: size * 0.42,
        fill: look.ink,
        anchor: 'middle',
        bold: true,
        baseline: 'middle',
      });
    }
  } else {
    items.push(...symbol(s.terrain, { x: c.x, y: c.y - size * 0.42 }, size * 0.16, look.ink));
    if (s.strength !== undefined && labels) {
      items.push({
        kind: 'text',
        at: { x: c.x, y: c.y + size * 0.12 },
        text: String(s.strength),
        size: size * 0.62,
        fill: look.ink,
        anchor: 'middle',
        bold: true,
        baseline: 'middle',
      });
    }
    if (s.cave) {
      items.push({
        kind: 'polygon',
        points: archPoints({ x: c.x, y: c.y + size * 0.55 }, size * 0.32),
        fill: '#111111',
        stroke: '#e8c25a',
        strokeWidth: size * 0.04,
      });
      // The pile's id, so the tokens marked "cave C2" find their mountain on every picture.
      if (mark?.cave && labels)
        items.push({
          kind: 'text',
          at: { x: c.x, y: c.y + size * 0.1 },
          text: mark.cave,
          size: size * 0.34,
          fill: LOOKS.mountain.ink,
          anchor: 'middle',
          bold: true,
          baseline: 'middle',
        });
    }
  }
  if (mark?.temple !== undefined) items.push(...templeDrawing(mark.temple, c, size, labels));
  if (mark?.guardian) items.push(...guardianDrawing(c, size));
  return items;
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
