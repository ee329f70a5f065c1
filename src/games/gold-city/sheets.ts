import type { Mm, Point, Scene, SceneItem, Style } from '../../core/scene.ts';
import { mean } from '../../core/stats.ts';
import { DIRECTIONS, hexKey } from '../../geometry/hex/axial.ts';
import { boundsOf } from '../../drawing/bounds.ts';
import { blockHeight, textBlock } from '../../drawing/text-block.ts';
import { fitAll, fitText } from '../../drawing/text-fit.ts';
import type { Blockade, GoldCityMap, Guardian, Piece, Space, Token } from './model.ts';
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
  payWith,
  sharedEdge,
  spaceDrawing,
  staggerDrawing,
  symbol,
  templeDrawing,
  type LayerMark,
} from './drawings.ts';
import { TEMPLE_SUPPLY } from './temples.ts';

/**
 * The print-and-play kit: an assembly sheet (the whole course, small, with piece ids, blockades,
 * starts, caves and how to lay it out), each piece at true size on a sheet of its own with its cut
 * line and, just inside every seam edge, the id of the piece that joins there; then cut sheets of
 * blockades and of cave tokens (fronts and backs, folded and glued).
 */

const PAGE = '#ffffff';
const INK = '#1b1b1b';
/** Room around a piece's cut line, so the line prints whole. */
const CUT_PAD_MM = 2;

type Area = { width: number; height: number };

interface Course {
  map: GoldCityMap;
  /** Space index by hex. */
  index: Map<number, number>;
  /** The blockade on the seam between two pieces, by "a b" in either order. */
  blockadeAt: Map<string, Blockade>;
  /** Cave ids (C1, C2, …) by hex, in the order of the document's piles. */
  caveIds: Map<number, string>;
  /** Golden Temples: temples and face-down guardians by hex. */
  marks: Map<number, LayerMark>;
}

function courseOf(map: GoldCityMap): Course {
  const index = new Map<number, number>();
  map.spaces.forEach((s, i) => index.set(hexKey(s.q, s.r), i));
  const blockadeAt = new Map<string, Blockade>();
  for (const b of map.blockades) {
    blockadeAt.set(`${b.between[0]} ${b.between[1]}`, b);
    blockadeAt.set(`${b.between[1]} ${b.between[0]}`, b);
  }
  const caveIds = new Map<number, string>();
  (map.caves ?? []).forEach((pile, i) => caveIds.set(hexKey(pile.q, pile.r), `C${i + 1}`));
  return { map, index, blockadeAt, caveIds, marks: layerMarks(map) };
}

/** The neighbour space of `s` in direction k, if any. */
function neighbour(course: Course, s: Space, k: number): Space | undefined {
  const d = DIRECTIONS[k]!;
  const j = course.index.get(hexKey(s.q + d.q, s.r + d.r));
  return j === undefined ? undefined : course.map.spaces[j];
}

/**
 * Type sizes (mm, em) by role, the same on every sheet of the kit: a long title, note or step
 * wraps rather than shrinks, so no line stands smaller than its neighbours (and none is under
 * MIN_TEXT_MM).
 */
const TYPE = { title: 5.5, note: 3.2, step: 3.4 };

/** A header's title and note, set at their roles' sizes and wrapped to the width. */
function headerText(title: string, note: string, width: number) {
  const t = fitText(title, width, TYPE.title, { minSize: TYPE.title, bold: true });
  const n = fitText(note, width, TYPE.note, { minSize: TYPE.note });
  return { t, n, noteTop: blockHeight(t) + 0.8 };
}

/** A sheet's title band: a bold title and a line or two of instructions. */
function header(title: string, note: string, width: number): SceneItem {
  const { t, n, noteTop } = headerText(title, note, width);
  return {
    kind: 'group',
    role: 'title',
    items: [...textBlock(t, 0, 0, { fill: INK, bold: true }), ...textBlock(n, 0, noteTop, { fill: '#333333' })],
  };
}

/** Height of what `header` draws, so content starts below it. */
function headerHeight(title: string, note: string, width: number): number {
  const { n, noteTop } = headerText(title, note, width);
  return noteTop + blockHeight(n) + 2;
}

/**
 * The page a content block of w × h needs: the area portrait when it fits, else turned to
 * landscape, else exactly the content (larger than the paper: the caller refuses it).
 */
function sheetSize(w: number, h: number, area: Area): Area {
  if (w <= area.width && h <= area.height) return area;
  if (w <= area.height && h <= area.width) return { width: area.height, height: area.width };
  return { width: w, height: h };
}

const pieceName = (p: Piece): string => ({ start: 'start piece', terrain: 'terrain piece', strip: 'strip', finish: 'finish row' })[p.kind];

/** One piece at true size: the cut line, and each seam edge labelled with the joining piece. */
function pieceSheet(course: Course, piece: Piece, order: number, size: number, area: Area): Scene {
  const { map } = course;
  const spaces = map.spaces.filter((s) => s.piece === piece.id);
  const gate = piece.kind === 'finish' && map.gate ? centre(map.gate.q, map.gate.r, size) : undefined;
  const centres = spaces.map((s) => centre(s.q, s.r, size));
  const box = boundsOf([...centres.flatMap((c) => corners(c, size)), ...(gate ? corners(gate, size) : [])]);
  const neighbours = [
    ...new Set(
      spaces.flatMap((s) =>
        DIRECTIONS.map((_, k) => neighbour(course, s, k)?.piece).filter((p): p is string => p !== undefined && p !== piece.id),
      ),
    ),
  ];
  const seams = neighbours.map((id) => {
    const b = course.blockadeAt.get(`${piece.id} ${id}`);
    return b ? `${id} (blockade ${b.id} on this seam)` : id;
  });
  const title = `Piece ${piece.id} · ${pieceName(piece)} · ${order + 1} of ${map.pieces.length} in the course`;
  const note = `Cut along the solid outline. Its own id, ${piece.id}, is in the dark badge; joins ${seams.join(' and ')}: the small ids just inside an edge name the piece that joins there.`;
  const w = box.x1 - box.x0 + 2 * CUT_PAD_MM;
  // The header is measured at the narrower width it may get, so it fits either way round.
  const headH = headerHeight(title, note, Math.min(area.width, area.height));
  const h = box.y1 - box.y0 + 2 * CUT_PAD_MM + headH;
  const page = sheetSize(w, h, area);
  const ox = (page.width - (box.x1 - box.x0)) / 2 - box.x0;
  const oy = headH + CUT_PAD_MM + (page.height - h) / 2 - box.y0;

  const at = (c: Point): Point => ({ x: c.x + ox, y: c.y + oy });

  const items: SceneItem[] = [];
  const cut: Array<[Point, Point]> = [];
  const marks: SceneItem[] = [];
  const bands: SceneItem[] = [];
  const labelSize = Math.min(size * 0.24, 3.4);
  spaces.forEach((s, i) => {
    const c = at(centres[i]!);
    items.push(...spaceDrawing(s, c, size, true, course.marks.get(hexKey(s.q, s.r))));
    DIRECTIONS.forEach((_, k) => {
      const other = neighbour(course, s, k);
      if (other?.piece === piece.id) return;
      const edge = sharedEdge(c, size, k);
      cut.push(edge);
      if (!other) return;
      const mid = { x: (edge[0].x + edge[1].x) / 2, y: (edge[0].y + edge[1].y) / 2 };
      const p = { x: c.x + (mid.x - c.x) * 0.8, y: c.y + (mid.y - c.y) * 0.8 };
      marks.push({
        kind: 'text',
        at: p,
        text: other.piece,
        size: labelSize,
        fill: LOOKS[s.terrain].ink,
        anchor: 'middle',
        bold: true,
        baseline: 'middle',
      });
      const b = course.blockadeAt.get(`${piece.id} ${other.piece}`);
      if (b)
        bands.push({
          kind: 'segments',
          segments: [edge],
          stroke: LOOKS[b.terrain].fill,
          strokeWidth: size * 0.2,
          dash: [size * 0.3, size * 0.2],
        });
    });
  });
  // A staggered start is printed on the start piece itself, where the pawns are set out.
  if (piece.id === map.pieces[0]?.id) {
    for (const e of map.stagger ?? []) {
      const home = spaces.findIndex((s) => s.start === e.start);
      const to = spaces.findIndex((s) => s.q === e.q && s.r === e.r);
      if (home >= 0 && to >= 0) items.push(...staggerDrawing(e.start, at(centres[home]!), at(centres[to]!), size, true));
    }
  }
  if (gate) {
    const g = at(gate);
    items.push({ kind: 'polygon', points: corners(g, size), fill: '#fff4cf', stroke: '#00000055', strokeWidth: size * 0.02 });
    items.push({
      kind: 'polygon',
      points: archPoints({ x: g.x, y: g.y + size * 0.55 }, size * 0.8),
      fill: '#e3a21a',
      stroke: '#5a3b00',
      strokeWidth: size * 0.06,
    });
    items.push({
      kind: 'text',
      at: { x: g.x, y: g.y - size * 0.35 },
      text: 'GATE',
      size: size * 0.28,
      fill: INK,
      anchor: 'middle',
      bold: true,
    });
    // The gate prints with the finish row: its cut line goes round both.
    corners(g, size).forEach((p, k, all) => {
      const d = DIRECTIONS[k]!;
      const nextTo = spaces.some((s) => s.q === map.gate!.q + d.q && s.r === map.gate!.r + d.r);
      if (!nextTo) cut.push([p, all[(k + 1) % 6]!]);
    });
  }
  const cutLine: SceneItem = { kind: 'segments', segments: cut, stroke: INK, strokeWidth: 0.6 };
  const own = ownIdBadge(
    piece.id,
    spaces.map((s, i) => ({ s, c: at(centres[i]!) })),
    course,
    size,
  );
  return {
    width: page.width as Mm,
    height: page.height as Mm,
    background: PAGE,
    title: `piece ${piece.id}`,
    items: [header(title, note, page.width), ...items, ...bands, cutLine, ...marks, own],
  };
}

/**
 * The piece's own id, printed on it so a cut piece still says which it is: a dark badge (unlike
 * the plain seam labels, which name the neighbours) on the inner edge nearest the piece's middle,
 * where it covers no symbol or number of the two spaces beside it.
 */
function ownIdBadge(id: string, spaces: Array<{ s: Space; c: Point }>, course: Course, size: number): SceneItem {
  const mid = { x: mean(spaces.map((p) => p.c.x)), y: mean(spaces.map((p) => p.c.y)) };
  const inner = spaces.flatMap(({ s, c }) =>
    DIRECTIONS.flatMap((_, k) => {
      if (neighbour(course, s, k)?.piece !== id) return [];
      const [a, b] = sharedEdge(c, size, k);
      return [{ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }];
    }),
  );
  const spot =
    inner.reduce<Point | undefined>(
      (best, p) => (!best || Math.hypot(p.x - mid.x, p.y - mid.y) < Math.hypot(best.x - mid.x, best.y - mid.y) - 1e-9 ? p : best),
      undefined,
    ) ?? spaces[0]!.c;
  const r = size * 0.34;
  return {
    kind: 'group',
    role: 'piece-id',
    data: { piece: id },
    title: `This is piece ${id}`,
    items: [
      { kind: 'circle', centre: spot, radius: r, fill: INK, stroke: '#ffffff', strokeWidth: size * 0.03 },
      {
        kind: 'text',
        at: spot,
        text: id,
        size: fitText(id, r * 1.6, r * 0.95, { bold: true }).size,
        fill: '#ffffff',
        anchor: 'middle',
        bold: true,
        baseline: 'middle',
      },
    ],
  };
}

/** The whole course, small: how the cut pieces go together. */
/** What a whole-course sheet says: its title and note, the steps under it, and each piece's label and turn arrow. */
export interface CoursePlan {
  title: string;
  note: string;
  steps: string[];
  label(p: Piece): string;
  /** Turns × 60° clockwise the printed face lies from upright; an arrow shows it. */
  turns?(p: Piece): number | undefined;
  sheetTitle: string;
}

function kitPlan(map: GoldCityMap, pieceSheets: number, cutSheets: number): CoursePlan {
  const last = map.pieces[map.pieces.length - 1]?.id ?? '';
  const steps: string[] = [
    `1. Print every sheet at 100% ("actual size"): the bar in each footer must measure 50 mm.`,
    `2. Cut out the ${map.pieces.length} pieces (${piecesInWords(map)}; sheets 2–${pieceSheets + 1}) along their solid outlines${cutSheets ? `, and the blockades and cave tokens (sheet${cutSheets > 1 ? 's' : ''} ${pieceSheets + 2}${cutSheets > 1 ? `–${pieceSheets + cutSheets + 1}` : ''})` : ''}.`,
    `3. Lay the pieces out as drawn here, ${map.pieces[0]?.id ?? ''} (start) to ${last} (finish): each piece's own id is in its dark badge, and the small id just inside an edge names the piece that joins there.`,
    ...(map.blockades.length ? [`4. Lay each blockade across the seam drawn here with its id (its colour is dashed on both pieces).`] : []),
    ...((map.caves ?? []).length
      ? [`${map.blockades.length ? 5 : 4}. Put each cave's four tokens face down on its cave (C1, C2, … on the mountains).`]
      : []),
  ];
  steps.push(
    `${steps.length + 1}. Pawns start on the numbered start spaces in turn order${map.stagger?.length ? `, except where a dashed line leads from a number to a ringed space: that pawn begins there (a staggered start, to even out the seats)` : ''}.`,
  );
  steps.push(alsoNeeded(map));
  return {
    title: `${courseTitle(map)} · print-and-play kit`,
    note: 'Assembly sheet: the whole course, how the pieces fit together.',
    steps,
    label: (p) => p.id,
    sheetTitle: 'assembly',
  };
}

/** What the kit does not print: the course is printed here, the cards and pawns come from the box. */
export function alsoNeeded(map: GoldCityMap): string {
  const temples = (map.temples?.length ?? 0) > 0;
  return [
    "Also needed (not printed here), from a box of The Quest for El Dorado: every player's starting deck of eight cards (four coin, three machete, one paddle); the market cards and market board (goldmaps plays its piles four deep, the box three);",
    `a pawn per player (two each at a two-player table)${temples ? '; and the Golden Temples cards with the torch symbol' : ''}.`,
  ].join(' ');
}

/** The whole course small, with labels, blockades, starts and caves, and the plan's steps beneath. */
export function courseSheet(map: GoldCityMap, plan: CoursePlan, area: Area): Scene {
  const course = courseOf(map);
  const { title, steps } = plan;
  const sizeAt1 = map.spaces.map((s) => centre(s.q, s.r, 1));
  const spots = map.gate ? [...sizeAt1, centre(map.gate.q, map.gate.r, 1)] : sizeAt1;
  const unit = boundsOf(spots.flatMap((c) => corners(c, 1)));
  const wide = unit.x1 - unit.x0 > unit.y1 - unit.y0;
  const page = wide ? { width: area.height, height: area.width } : area;
  const headH = headerHeight(title, plan.note, page.width);
  const fitted = fitAll(steps, page.width, TYPE.step, { minSize: TYPE.step });
  const stepsH = fitted.reduce((sum, f) => sum + blockHeight(f, 1.3) + 1, 2);
  const room = { width: page.width, height: page.height - headH - stepsH };
  const size = Math.min(room.width / (unit.x1 - unit.x0), room.height / (unit.y1 - unit.y0));
  const ox = (page.width - (unit.x1 - unit.x0) * size) / 2 - unit.x0 * size;
  const oy = headH + (room.height - (unit.y1 - unit.y0) * size) / 2 - unit.y0 * size;
  const at = (q: number, r: number): Point => {
    const c = centre(q, r, size);
    return { x: c.x + ox, y: c.y + oy };
  };

  const items: SceneItem[] = [header(title, plan.note, page.width)];
  const outline: Array<[Point, Point]> = [];
  const sums = new Map<string, { x: number; y: number; n: number }>();
  for (const s of map.spaces) {
    const c = at(s.q, s.r);
    items.push({ kind: 'polygon', points: corners(c, size), fill: LOOKS[s.terrain].fill, stroke: '#00000033', strokeWidth: size * 0.03 });
    if (s.start !== undefined)
      items.push({
        kind: 'text',
        at: c,
        text: String(s.start),
        size: size * 0.9,
        fill: INK,
        anchor: 'middle',
        bold: true,
        baseline: 'middle',
      });
    const mark = course.marks.get(hexKey(s.q, s.r));
    if (mark?.temple !== undefined) items.push(...templeDrawing(mark.temple, c, size, false));
    if (mark?.guardian) items.push(...guardianDrawing({ x: c.x, y: c.y - size * 0.4 }, size));
    const cave = course.caveIds.get(hexKey(s.q, s.r));
    if (cave) {
      items.push({ kind: 'polygon', points: archPoints({ x: c.x, y: c.y + size * 0.5 }, size * 0.6), fill: '#111111' });
      items.push({
        kind: 'text',
        at: { x: c.x, y: c.y - size * 0.25 },
        text: cave,
        size: size * 0.75,
        fill: LOOKS.mountain.ink,
        anchor: 'middle',
        bold: true,
        baseline: 'middle',
      });
    }
    DIRECTIONS.forEach((_, k) => {
      const other = neighbour(course, s, k);
      if (other?.piece !== s.piece) outline.push(sharedEdge(c, size, k));
    });
    const sum = sums.get(s.piece) ?? { x: 0, y: 0, n: 0 };
    sums.set(s.piece, { x: sum.x + c.x, y: sum.y + c.y, n: sum.n + 1 });
  }
  items.push({ kind: 'segments', segments: outline, stroke: INK, strokeWidth: Math.max(0.5, size * 0.12) });
  for (const e of map.stagger ?? []) {
    const home = map.spaces.find((s) => s.start === e.start);
    if (home) items.push(...staggerDrawing(e.start, at(home.q, home.r), at(e.q, e.r), size, true));
  }
  // Blockade ids go on top of the piece ids, so a small piece's disc never hides the one on its seam.
  const badges: SceneItem[] = [];
  for (const b of map.blockades) {
    const edges: Array<[Point, Point]> = [];
    for (const s of map.spaces) {
      if (s.piece !== b.between[0]) continue;
      DIRECTIONS.forEach((_, k) => {
        if (neighbour(course, s, k)?.piece === b.between[1]) edges.push(sharedEdge(at(s.q, s.r), size, k));
      });
    }
    items.push({ kind: 'segments', segments: edges, stroke: INK, strokeWidth: size * 0.55 });
    items.push({ kind: 'segments', segments: edges, stroke: LOOKS[b.terrain].fill, strokeWidth: size * 0.38 });
    const mid = edges[Math.floor(edges.length / 2)];
    if (mid) {
      const m = { x: (mid[0].x + mid[1].x) / 2, y: (mid[0].y + mid[1].y) / 2 };
      badges.push({ kind: 'circle', centre: m, radius: size * 0.85, fill: '#ffffff', stroke: INK, strokeWidth: size * 0.08 });
      badges.push({ kind: 'text', at: m, text: b.id, size: size * 0.75, fill: INK, anchor: 'middle', bold: true, baseline: 'middle' });
    }
  }
  if (map.gate) {
    const g = at(map.gate.q, map.gate.r);
    items.push({
      kind: 'polygon',
      points: archPoints({ x: g.x, y: g.y + size * 0.55 }, size * 1.1),
      fill: '#e3a21a',
      stroke: '#5a3b00',
      strokeWidth: size * 0.08,
    });
  }
  // Piece ids last, on a white disc, so the eye finds them first.
  for (const p of map.pieces) {
    const sum = sums.get(p.id);
    if (!sum) continue;
    // A piece of a few spaces (the finish row, a strip) gets a smaller disc set beside it, off the
    // seams its blockades' ids sit on, so its spaces and those ids show.
    const k = sum.n < 10 ? 0.6 : 1;
    const c =
      k < 1
        ? besidePiece(
            p.id,
            sums,
            map.pieces.map((q) => q.id),
            size * 1.6,
          )
        : { x: sum.x / sum.n, y: sum.y / sum.n };
    items.push({ kind: 'circle', centre: c, radius: size * 1.5 * k, fill: '#ffffffdd', stroke: INK, strokeWidth: size * 0.08 });
    items.push({
      kind: 'text',
      at: c,
      text: plan.label(p),
      size: size * 1.4 * k,
      fill: INK,
      anchor: 'middle',
      bold: true,
      baseline: 'middle',
    });
    const turns = plan.turns?.(p);
    if (turns !== undefined) items.push(turnArrow(c, size, turns));
  }
  items.push(...badges);
  let y = page.height - stepsH + 2;
  const stepItems: SceneItem[] = [];
  for (const f of fitted) {
    stepItems.push(...textBlock(f, 0, y, { fill: INK, leading: 1.3 }));
    y += blockHeight(f, 1.3) + 1;
  }
  items.push({ kind: 'group', role: 'steps', items: stepItems });
  return { width: page.width as Mm, height: page.height as Mm, background: PAGE, title: plan.sheetTitle, items };
}

export const TOKEN_MM = 20;
const COIN_MM = 14;
const GAP_MM = 3;
export const BLOCKADE = { width: 58, height: 24 };

const TOKEN_TEXT: Record<Token['kind'], string> = {
  machete: 'machete',
  paddle: 'paddle',
  coin: 'coin',
  draw: 'Draw a card',
  remove: 'Remove a card from your hand',
  'replace-hand': 'Discard your hand, draw 4',
  'keep-item': 'Keep an item you play: it is not removed',
  'pass-occupied': 'Pass through pawns',
  'ignore-requirement': 'Step next door for free, never over an intact blockade',
  'change-symbol': 'Play a card as another symbol',
};

const TOKEN_GROUND = { machete: 'jungle', paddle: 'water', coin: 'village' } as const;

export function tokenFront(t: Token, x: number, y: number): SceneItem[] {
  const ground = t.kind in TOKEN_GROUND ? TOKEN_GROUND[t.kind as keyof typeof TOKEN_GROUND] : undefined;
  const fill = ground ? LOOKS[ground].fill : '#efe6d0';
  const ink = ground ? LOOKS[ground].ink : INK;
  const c = { x: x + TOKEN_MM / 2, y: y + TOKEN_MM / 2 };
  const items: SceneItem[] = [{ kind: 'polygon', points: box(x, y, TOKEN_MM, TOKEN_MM), fill, stroke: INK, strokeWidth: 0.3 }];
  if (ground) {
    items.push(...symbol(ground, { x: c.x, y: y + 5 }, 1.6, ink));
    items.push({
      kind: 'text',
      at: { x: c.x, y: c.y + 1 },
      text: String(t.strength ?? ''),
      size: 8,
      fill: ink,
      anchor: 'middle',
      bold: true,
      baseline: 'middle',
    });
    items.push({ kind: 'text', at: { x: c.x, y: y + TOKEN_MM - 2.5 }, text: TOKEN_TEXT[t.kind], size: 2.6, fill: ink, anchor: 'middle' });
  } else {
    const f = fitText(TOKEN_TEXT[t.kind], TOKEN_MM - 3, 3, { minSize: 2.4, bold: true });
    items.push(...textBlock(f, c.x, c.y - blockHeight(f) / 2, { fill: ink, anchor: 'middle', bold: true }));
  }
  return items;
}

export function tokenBack(cave: string, x: number, y: number): SceneItem[] {
  const c = { x: x + TOKEN_MM / 2, y: y + TOKEN_MM / 2 };
  return [
    { kind: 'polygon', points: box(x, y, TOKEN_MM, TOKEN_MM), fill: LOOKS.mountain.fill, stroke: INK, strokeWidth: 0.3 },
    { kind: 'polygon', points: archPoints({ x: c.x, y: c.y + 3 }, 9), fill: '#111111', stroke: '#e8c25a', strokeWidth: 0.5 },
    { kind: 'text', at: { x: c.x, y: y + 5 }, text: `cave ${cave}`, size: 3, fill: LOOKS.mountain.ink, anchor: 'middle', bold: true },
  ];
}

const GUARDIAN_TEXT: Record<Guardian['effect'], string> = Object.fromEntries(
  TEMPLE_SUPPLY.guardians.map((g) => [g.effect, g.text]),
) as Record<Guardian['effect'], string>;

/** A guardian's face: what it does when a pawn stops beside it. */
export function guardianFront(g: Guardian, x: number, y: number): SceneItem[] {
  const c = { x: x + TOKEN_MM / 2, y: y + TOKEN_MM / 2 };
  const f = fitText(GUARDIAN_TEXT[g.effect], TOKEN_MM - 3, 2.8, { minSize: 2.2, bold: true });
  return [
    { kind: 'polygon', points: box(x, y, TOKEN_MM, TOKEN_MM), fill: '#e6def5', stroke: INK, strokeWidth: 0.3 },
    { kind: 'text', at: { x: c.x, y: y + 4 }, text: 'GUARDIAN', size: 2.6, fill: '#3d2a63', anchor: 'middle', bold: true },
    ...textBlock(f, c.x, c.y - blockHeight(f) / 2 + 2, { fill: INK, anchor: 'middle', bold: true }),
  ];
}

/** A guardian's back, as it lies face down on its mountain. */
export function guardianBack(at: string, x: number, y: number): SceneItem[] {
  const c = { x: x + TOKEN_MM / 2, y: y + TOKEN_MM / 2 };
  return [
    { kind: 'polygon', points: box(x, y, TOKEN_MM, TOKEN_MM), fill: LOOKS.mountain.fill, stroke: INK, strokeWidth: 0.3 },
    ...guardianDrawing({ x: c.x, y: c.y - 4.5 }, 12),
    { kind: 'text', at: { x: c.x, y: y + 4 }, text: at, size: 2.6, fill: LOOKS.mountain.ink, anchor: 'middle', bold: true },
  ];
}

export function blockadeCard(b: Blockade, x: number, y: number): SceneItem[] {
  const look = LOOKS[b.terrain];
  const h = BLOCKADE.height;
  return [
    { kind: 'polygon', points: box(x, y, BLOCKADE.width, h), fill: look.fill, stroke: INK, strokeWidth: 0.3 },
    { kind: 'text', at: { x: x + 3, y: y + 7 }, text: b.id, size: 5, fill: look.ink, anchor: 'start', bold: true },
    { kind: 'text', at: { x: x + 3, y: y + h - 3 }, text: `${b.between[0]}–${b.between[1]}`, size: 3, fill: look.ink, anchor: 'start' },
    {
      kind: 'text',
      at: { x: x + BLOCKADE.width / 2 + 2, y: y + h / 2 },
      text: String(b.strength),
      size: 11,
      fill: look.ink,
      anchor: 'middle',
      bold: true,
      baseline: 'middle',
    },
    {
      kind: 'text',
      at: { x: x + BLOCKADE.width / 2 + 2, y: y + h - 2.5 },
      text: payWith(b.terrain),
      size: 2.8,
      fill: look.ink,
      anchor: 'middle',
    },
    {
      kind: 'text',
      at: { x: x + BLOCKADE.width - 3, y: y + 7 },
      text: `${b.points} pt`,
      size: 4,
      fill: look.ink,
      anchor: 'end',
      bold: true,
    },
  ];
}

function box(x: number, y: number, w: number, h: number): Point[] {
  return [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ];
}

/**
 * Blockades, then cave tokens as fold-over strips: fronts above a dashed fold line, backs below
 * mirrored across it, so folding and gluing puts each back behind its front. Sheets are added as
 * the tokens need them.
 */
function cutSheets(course: Course, area: Area): Scene[] {
  const { map } = course;
  const tokens: Array<{ front: (x: number, y: number) => SceneItem[]; back: (x: number, y: number) => SceneItem[] }> = (
    map.caves ?? []
  ).flatMap((pile, i) =>
    pile.tokens.map((token) => ({
      front: (x: number, y: number) => tokenFront(token, x, y),
      back: (x: number, y: number) => tokenBack(`C${i + 1}`, x, y),
    })),
  );
  // Golden Temples: the guardians fold the same way; the back says which mountain each lies on.
  for (const g of map.guardians ?? [])
    tokens.push({ front: (x, y) => guardianFront(g, x, y), back: (x, y) => guardianBack(`(${g.q},${g.r})`, x, y) });
  if (map.blockades.length === 0 && tokens.length === 0) return [];
  const perRow = Math.max(1, Math.floor((area.width + GAP_MM) / (TOKEN_MM + GAP_MM)));
  const sheets: Scene[] = [];
  let items: SceneItem[] = [];
  let y = 0;
  const start = (title: string, note: string) => {
    items = [header(title, note, area.width)];
    y = headerHeight(title, note, area.width) + 2;
  };
  const finish = () => sheets.push({ width: area.width as Mm, height: area.height as Mm, background: PAGE, title: 'cut sheet', items });
  start(
    'Cut sheet: blockades and cave tokens',
    'Cut along the outlines. Each blockade lies across the seam it names. Tokens: fold each strip on its dashed line, glue, then cut the tokens apart.',
  );
  if (map.blockades.length) {
    const across = Math.max(1, Math.floor((area.width + GAP_MM) / (BLOCKADE.width + GAP_MM)));
    map.blockades.forEach((b, i) =>
      items.push(...blockadeCard(b, (i % across) * (BLOCKADE.width + GAP_MM), y + Math.floor(i / across) * (BLOCKADE.height + GAP_MM))),
    );
    y += Math.ceil(map.blockades.length / across) * (BLOCKADE.height + GAP_MM) + 4;
  }
  // Each strip: one row of fronts and its mirrored row of backs, 2 × TOKEN_MM deep.
  for (let i = 0; i < tokens.length; i += perRow) {
    if (y + 2 * TOKEN_MM + GAP_MM > area.height) {
      finish();
      start('Cut sheet: cave tokens (continued)', 'Fold each strip on its dashed line, glue, then cut the tokens apart.');
    }
    const row = tokens.slice(i, i + perRow);
    const fold = y + TOKEN_MM;
    row.forEach(({ front, back }, k) => {
      const x = k * (TOKEN_MM + GAP_MM);
      items.push(...front(x, y), ...back(x, fold));
    });
    const end = row.length * (TOKEN_MM + GAP_MM) - GAP_MM;
    items.push({
      kind: 'polyline',
      points: [
        { x: -2, y: fold },
        { x: end + 2, y: fold },
      ],
      stroke: '#555555',
      strokeWidth: 0.25,
      dash: [1.5, 1],
    });
    y += 2 * TOKEN_MM + GAP_MM + 2;
  }
  if ((map.temples?.length ?? 0) > 0) {
    // The bank of gold coins and a gem per seat from each temple: plain discs to cut out.
    const discs: Array<(c: Point) => SceneItem[]> = [
      ...Array.from({ length: TEMPLE_SUPPLY.coins.bank }, () => (c: Point): SceneItem[] => [
        { kind: 'circle', centre: c, radius: COIN_MM / 2, fill: '#f5c518', stroke: '#5a3b00', strokeWidth: 0.4 },
        { kind: 'text', at: c, text: '1', size: 5, fill: '#5a3b00', anchor: 'middle', bold: true, baseline: 'middle' },
      ]),
      ...(map.temples ?? []).flatMap((t) =>
        Array.from({ length: 4 }, () => (c: Point): SceneItem[] => [
          { kind: 'circle', centre: c, radius: COIN_MM / 2, fill: '#ffffff', stroke: INK, strokeWidth: 0.3 },
          ...gem(c, COIN_MM * 0.6, gemColour(t.id)),
        ]),
      ),
    ];
    const across = Math.max(1, Math.floor((area.width + GAP_MM) / (COIN_MM + GAP_MM)));
    const rows = Math.ceil(discs.length / across);
    if (y + rows * (COIN_MM + GAP_MM) + 8 > area.height) {
      finish();
      start(
        'Cut sheet: gold coins and gems',
        'Golden Temples: the bank of gold coins (a player holds at most three) and a gem per seat from each temple.',
      );
    } else {
      items.push({
        kind: 'text',
        at: { x: 0, y: y + 3 },
        text: 'Golden Temples: gold coins (hold at most three) and a gem per seat from each temple.',
        size: TYPE.note,
        fill: INK,
        anchor: 'start',
        bold: true,
      });
      y += 6;
    }
    discs.forEach((draw, i) =>
      items.push(
        ...draw({ x: (i % across) * (COIN_MM + GAP_MM) + COIN_MM / 2, y: y + Math.floor(i / across) * (COIN_MM + GAP_MM) + COIN_MM / 2 }),
      ),
    );
  }
  finish();
  return sheets;
}

/**
 * Which way a printed face is turned: an arrow from the letter's ring towards the face's printed
 * top (its letter upright), turned `turns` × 60° clockwise.
 */
function turnArrow(c: Point, size: number, turns: number): SceneItem {
  const a = ((-90 + 60 * turns) * Math.PI) / 180;
  const dir = { x: Math.cos(a), y: Math.sin(a) };
  const from = { x: c.x + dir.x * size * 1.6, y: c.y + dir.y * size * 1.6 };
  const tip = { x: c.x + dir.x * size * 3.2, y: c.y + dir.y * size * 3.2 };
  const back = (t: number): Point => ({ x: tip.x - size * 0.8 * Math.cos(a + t), y: tip.y - size * 0.8 * Math.sin(a + t) });
  return {
    kind: 'segments',
    segments: [
      [from, tip],
      [tip, back(0.5)],
      [tip, back(-0.5)],
    ],
    stroke: INK,
    strokeWidth: size * 0.25,
  };
}

export function goldCitySheets(map: GoldCityMap, style: Style, area: Area): Scene[] {
  const course = courseOf(map);
  const pieces = map.pieces.filter((p) => map.spaces.some((s) => s.piece === p.id));
  const pieceScenes = pieces.map((p, i) => pieceSheet(course, p, i, style.hexSize, area));
  const cuts = cutSheets(course, area);
  return [courseSheet(map, kitPlan(map, pieceScenes.length, cuts.length), area), ...pieceScenes, ...cuts];
}

/** What the cut pieces are, so a course titled "5 pieces" that cuts into 7 says why: the start and finish are pieces too. */
function piecesInWords(map: GoldCityMap): string {
  const middle = map.pieces.filter((p) => p.kind !== 'start' && p.kind !== 'finish').length;
  const parts = [
    map.pieces.some((p) => p.kind === 'start') ? 'the start' : '',
    `the ${middle} of the course`,
    map.pieces.some((p) => p.kind === 'finish') ? 'the finish' : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}

/**
 * Where a small piece's id goes: moved off its middle by `away`, out past the course's end for
 * the last piece, square to the course (between its neighbours) for one in the middle.
 */
function besidePiece(
  id: string,
  sums: ReadonlyMap<string, { x: number; y: number; n: number }>,
  order: readonly string[],
  away: number,
): Point {
  const mid = (pid: string | undefined) => {
    const s = pid === undefined ? undefined : sums.get(pid);
    return s ? { x: s.x / s.n, y: s.y / s.n } : undefined;
  };
  const i = order.indexOf(id);
  const c = mid(id)!;
  const prev = mid(order[i - 1]);
  const next = mid(order[i + 1]);
  const from = prev ?? c;
  const to = next ?? c;
  let dx = to.x - from.x;
  let dy = to.y - from.y;
  if (!next || !prev) {
    // An end piece: straight on, away from its one neighbour.
    const other = next ?? prev;
    if (!other) return c;
    dx = c.x - other.x;
    dy = c.y - other.y;
  } else [dx, dy] = [-dy, dx];
  const len = Math.hypot(dx, dy) || 1;
  return { x: c.x + (dx / len) * away, y: c.y + (dy / len) * away };
}
