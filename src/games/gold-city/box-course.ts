import { setMapDigest } from '../../core/canonical.ts';
import { readJson, dataFile } from '../../core/json-file.ts';
import { InputError } from '../../core/maps.ts';
import { Rng } from '../../core/rng.ts';
import { mean } from '../../core/stats.ts';
import { DIRECTIONS, compareAxial, hexKey, type Axial } from '../../geometry/hex/axial.ts';
import { compose, flushPlacements, type Transform } from '../../geometry/hex/placement.ts';
import { BOX_BOARDS, BOX_TILES, placed, type PrintedTile } from './box-tiles.ts';
import { tokenSupply } from './caves.ts';
import { turnWeight } from './course.ts';
import {
  GAME_ID,
  GENERATOR_VERSION,
  MAX_BLOCKADES,
  PRINTED_BLOCKADES,
  TOKENS_PER_PILE,
  type Blockade,
  type CavePile,
  type GoldCityMap,
  type GoldCityOptions,
  type PieceKind,
  type Space,
  type Tier,
} from './model.ts';
import { withStagger } from './stagger.ts';

/** A piece of a box course: the printed face `tile`, turned `turns` × 60° clockwise about its origin, then moved by (dq, dr). */
export interface BoxPlacement {
  tile: string;
  turns: number;
  dq: number;
  dr: number;
}

interface PresetCourse {
  name: string;
  rating: string;
  pieces: BoxPlacement[];
}

/** The rulebook's courses (src/games/gold-city/data/rulebook/courses.json, sources recorded there), by option value. */
export const PRESETS: Readonly<Record<string, PresetCourse>> = readJson<{ courses: Record<string, PresetCourse> }>(
  dataFile('./data/rulebook/courses.json', import.meta.url),
).courses;

const START_BOARDS = BOX_BOARDS.filter((b) => BOX_TILES.get(b.letters[0] as string)?.kind === 'start');
const TERRAIN_BOARDS = BOX_BOARDS.filter((b) => BOX_TILES.get(b.letters[0] as string)?.kind === 'terrain');
const STRIP_BOARDS = BOX_BOARDS.filter((b) => BOX_TILES.get(b.letters[0] as string)?.kind === 'strip');
const END_BOARDS = BOX_BOARDS.filter((b) => BOX_TILES.get(b.letters[0] as string)?.kind === 'finish');
export const MAX_BOX_PIECES = TERRAIN_BOARDS.length + STRIP_BOARDS.length;

const tileOf = (letter: string): PrintedTile => BOX_TILES.get(letter) as PrintedTile;
/** Every hex a face covers, its spaces first. */
const footprint = (t: PrintedTile): Axial[] => [...t.spaces.map(({ q, r }) => ({ q, r })), ...t.other];

/**
 * Options a box course cannot honour, refused naming the field: no printed temple tiles are
 * typed in, and the box holds only so many middle boards.
 */
export function checkBoxOptions(options: GoldCityOptions): void {
  if (options.temples)
    throw new InputError([
      {
        field: 'options.temples',
        message: 'the Golden Temples layer has no printed tiles: it cannot be laid from the box (tiles "box" or a course preset)',
      },
    ]);
  if (options.course !== undefined && options.course !== 'none') return;
  const most = options.strips ? MAX_BOX_PIECES : TERRAIN_BOARDS.length;
  if (options.pieces > most) {
    throw new InputError([
      {
        field: 'options.pieces',
        message: `the box holds ${TERRAIN_BOARDS.length} terrain boards and ${STRIP_BOARDS.length} strips, each laid on one side: at most ${most} middle pieces${options.strips ? '' : ' with strips off'} from the box, not ${options.pieces}`,
      },
    ]);
  }
}

/**
 * How hard a printed face is to cross: the mean strength of its costed spaces, with a mountain
 * counted as 3 (it narrows the way). Tiers lean the choice of faces on this; printed ground
 * itself is never changed.
 */
function hardness(t: PrintedTile): number {
  let sum = 0;
  for (const s of t.spaces) sum += s.terrain === 'mountain' ? 3 : (s.strength ?? 0);
  return sum / t.spaces.length;
}
const LEAN: Record<Tier, number> = { easy: -6, normal: 0, hard: 6, expert: 12 };
const faceWeight = (letter: string, tier: Tier): number => Math.exp(LEAN[tier] * (hardness(tileOf(letter)) - 1.3));

/** One side of `board`, in proportion to the tier's lean. */
function sideOf(rng: Rng, board: { letters: readonly string[] }, tier: Tier): string {
  return board.letters[rng.weightedIndex(board.letters.map((l) => faceWeight(l, tier)))] as string;
}

/** Which middle slots are strips: never the first, never two in a row, as many as the boards need and now and then more. */
function stripSlots(rng: Rng, options: GoldCityOptions): boolean[] {
  const n = options.pieces;
  const needed = Math.max(0, n - TERRAIN_BOARDS.length);
  let count = needed;
  // Slots 2…n with none adjacent hold at most ⌈(n − 1) / 2⌉ strips.
  const room = Math.min(STRIP_BOARDS.length, Math.ceil((n - 1) / 2));
  if (options.strips) while (count < room && rng.chance(0.3)) count++;
  if (!options.strips) count = 0;
  for (;;) {
    const slots = Array.from({ length: n }, (_, i) => i < count);
    const order = rng.shuffle(slots);
    if (!order[0] && order.every((s, i) => !(s && order[i - 1]))) return order;
  }
}

/** The faces of a course in order: a start side, the middle faces (one side of each board), an end side. */
function chooseFaces(rng: Rng, options: GoldCityOptions): string[] {
  const strips = stripSlots(rng.fork('slots'), options);
  const pickFrom = (boards: typeof BOX_BOARDS, count: number): string[] => {
    const sides = boards.map((b) => sideOf(rng, b, options.tier));
    const out: string[] = [];
    const left = sides.slice();
    while (out.length < count) {
      const k = rng.weightedIndex(left.map((l) => faceWeight(l, options.tier)));
      out.push(left.splice(k, 1)[0] as string);
    }
    return out;
  };
  const nStrips = strips.filter(Boolean).length;
  const terrain = pickFrom(TERRAIN_BOARDS, options.pieces - nStrips);
  const stripFaces = pickFrom(STRIP_BOARDS, nStrips);
  const middle = strips.map((s) => (s ? stripFaces.shift() : terrain.shift()) as string);
  return [
    sideOf(rng, START_BOARDS[0] as (typeof BOX_BOARDS)[number], options.tier),
    ...middle,
    sideOf(rng, END_BOARDS[0] as (typeof BOX_BOARDS)[number], 'normal'),
  ];
}

const movesCache = new Map<string, Transform[]>();
/**
 * Every way to lay face `next` against face `base` (in its own frame): flush as in generated
 * courses (the most adjacent pairs without overlap), and for the end piece only its finishing
 * spaces touching, its city clear of the board.
 */
function movesBetween(base: PrintedTile, next: PrintedTile): Transform[] {
  const key = `${base.kind}>${next.kind}`;
  let found = movesCache.get(key);
  if (found) return found;
  if (next.kind !== 'finish') found = everyTurn(flushPlacements(footprint(base), footprint(next)), footprint(next));
  else {
    const baseSet = new Set(footprint(base).map((h) => hexKey(h.q, h.r)));
    const touches = (h: Axial) => DIRECTIONS.reduce((n, d) => n + (baseSet.has(hexKey(h.q + d.q, h.r + d.r)) ? 1 : 0), 0);
    let best = 0;
    found = [];
    for (let turns = 0; turns < 6; turns++) {
      for (let dq = -8; dq <= 8; dq++) {
        for (let dr = -8; dr <= 8; dr++) {
          const t = { turns, dq, dr };
          const spaces = next.spaces.map((h) => placed(t, h));
          const city = next.other.map((h) => placed(t, h));
          if ([...spaces, ...city].some((h) => baseSet.has(hexKey(h.q, h.r))) || city.some((h) => touches(h) > 0)) continue;
          const pairs = spaces.reduce((n, h) => n + touches(h), 0);
          if (pairs === 0 || pairs < best) continue;
          if (pairs > best) found.length = 0;
          best = pairs;
          found.push(t);
        }
      }
    }
  }
  movesCache.set(key, found);
  return found;
}

/**
 * flushPlacements lists each covered footprint once, but a printed face laid on the same hexes
 * turned otherwise is another course: every turn of the face that covers the same hexes.
 */
function everyTurn(moves: readonly Transform[], shape: readonly Axial[]): Transform[] {
  const keyOf = (hexes: readonly Axial[]) =>
    hexes
      .map((h) => hexKey(h.q, h.r))
      .sort((a, b) => a - b)
      .join(',');
  const out: Transform[] = [];
  for (const m of moves) {
    const cover = shape.map((h) => placed(m, h));
    const want = keyOf(cover);
    const anchor = cover.reduce((a, h) => (compareAxial(h, a) < 0 ? h : a));
    for (let turns = 0; turns < 6; turns++) {
      const turned = shape.map((h) => placed({ turns, dq: 0, dr: 0 }, h));
      const low = turned.reduce((a, h) => (compareAxial(h, a) < 0 ? h : a));
      const t = { turns, dq: anchor.q - low.q, dr: anchor.r - low.r };
      if (keyOf(shape.map((h) => placed(t, h))) === want) out.push(t);
    }
  }
  return out;
}

const SEARCH_BUDGET = 4000;

/** Lays the faces in order, each flush against the one before and touching no other, every start reaching the finish. */
function layFaces(rng: Rng, faces: readonly string[]): BoxPlacement[] | undefined {
  const owner = new Map<number, number>();
  const course: BoxPlacement[] = [];
  let budget = SEARCH_BUDGET;
  const cover = (p: BoxPlacement, value: number | undefined) => {
    for (const h of footprint(tileOf(p.tile))) {
      const at = placed(p, h);
      if (value === undefined) owner.delete(hexKey(at.q, at.r));
      else owner.set(hexKey(at.q, at.r), value);
    }
  };
  const centre = (p: BoxPlacement): Axial => {
    const hexes = footprint(tileOf(p.tile)).map((h) => placed(p, h));
    return { q: mean(hexes.map((h) => h.q)), r: mean(hexes.map((h) => h.r)) };
  };
  const fits = (i: number, p: BoxPlacement): boolean => {
    const tile = tileOf(p.tile);
    const startSpaces = new Set(i === 1 ? startHexes(course[0] as BoxPlacement).map((h) => hexKey(h.q, h.r)) : []);
    const hexes = footprint(tile).map((h) => placed(p, h));
    for (const h of hexes) if (owner.has(hexKey(h.q, h.r))) return false;
    return hexes.every((h, k) =>
      DIRECTIONS.every((d) => {
        const key = hexKey(h.q + d.q, h.r + d.r);
        const o = owner.get(key);
        if (o === undefined) return true;
        // The city of the end piece touches nothing; the first piece stays off the start row.
        if (k >= tile.spaces.length) return false;
        return o === i - 1 && !startSpaces.has(key);
      }),
    );
  };
  const extend = (i: number, prevStep: Axial | undefined): boolean => {
    if (i === faces.length) return reachesFinish(course);
    if (--budget < 0) return false;
    const prev = course[i - 1] as BoxPlacement;
    const moves = movesBetween(tileOf(prev.tile), tileOf(faces[i] as string)).map((rel) => compose(prev, rel));
    const c0 = centre(prev);
    const steps = moves.map((t) => {
      const c1 = centre({ tile: faces[i] as string, ...t });
      return { q: c1.q - c0.q, r: c1.r - c0.r };
    });
    const weights = steps.map((s) => turnWeight(prevStep, s));
    while (moves.length > 0) {
      const k = rng.weightedIndex(weights);
      const t = moves.splice(k, 1)[0] as Transform;
      const step = steps.splice(k, 1)[0] as Axial;
      weights.splice(k, 1);
      const p: BoxPlacement = { tile: faces[i] as string, turns: t.turns, dq: t.dq, dr: t.dr };
      if (!fits(i, p)) continue;
      course.push(p);
      cover(p, i);
      if (extend(i + 1, step)) return true;
      cover(p, undefined);
      course.pop();
      if (budget < 0) return false;
    }
    return false;
  };
  const start: BoxPlacement = { tile: faces[0] as string, turns: rng.int(0, 5), dq: 0, dr: 0 };
  course.push(start);
  cover(start, 0);
  return extend(1, undefined) ? course : undefined;
}

function startHexes(p: BoxPlacement): Axial[] {
  return tileOf(p.tile)
    .spaces.filter((s) => s.terrain === 'start')
    .map((h) => placed(p, h));
}

/** Every printed start space reaches a finishing space, and every space a pawn can enter is reached. */
function reachesFinish(course: readonly BoxPlacement[]): boolean {
  const open = new Map<number, string>();
  for (const p of course)
    for (const s of tileOf(p.tile).spaces) if (s.terrain !== 'mountain') open.set(hexKey(...xy(placed(p, s))), s.terrain);
  const starts = startHexes(course[0] as BoxPlacement);
  const seen = new Set<number>();
  const queue = starts.map((h) => hexKey(h.q, h.r));
  const where = new Map<number, Axial>();
  for (const p of course) for (const s of tileOf(p.tile).spaces) where.set(hexKey(...xy(placed(p, s))), placed(p, s));
  queue.forEach((k) => seen.add(k));
  let finish = false;
  while (queue.length > 0) {
    const k = queue.pop() as number;
    const h = where.get(k) as Axial;
    if (open.get(k) === 'finish') finish = true;
    for (const d of DIRECTIONS) {
      const n = hexKey(h.q + d.q, h.r + d.r);
      if (open.has(n) && !seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  // One region holds every start (they are a row), so one finish reached means all are; and
  // printed mountains can wall in a pocket where two faces meet, which no pawn could enter.
  return finish && seen.size === open.size;
}
const xy = (h: Axial): [number, number] => [h.q, h.r];

/** The document's spaces of a course, by piece, then row and column; start spaces numbered in row order. */
function spacesOf(course: readonly BoxPlacement[], caves: boolean): Space[] {
  let starts = 0;
  return course.flatMap((p, i) =>
    tileOf(p.tile)
      .spaces.map((h) => ({ h, at: placed(p, h) }))
      .sort((x, y) => compareAxial(x.at, y.at))
      .map(({ h, at }) => {
        // Keys in code-unit order, as the document wants them.
        const s: Partial<Space> = {};
        if (h.cave && caves) s.cave = true;
        s.piece = `p${i}`;
        s.q = at.q;
        s.r = at.r;
        if (h.terrain === 'start') s.start = ++starts;
        if (h.strength !== undefined) s.strength = h.strength;
        s.terrain = h.terrain;
        return s as Space;
      }),
  );
}

/**
 * The printed blockades on the seams between the start and the last middle piece (never before
 * El Dorado, as the rulebook lays them): at random on a seeded course, in their printed numbers
 * 1…n along a preset course (src/games/gold-city/calibrate/rulebook-courses.ts lays them so). Requirements are
 * printed, never shifted by the tier; points are min(printed number, 4), as for the presets.
 */
function blockadesOf(rng: Rng | undefined, middle: number): Blockade[] {
  const seams = Array.from({ length: middle }, (_, i) => i);
  const numbers = PRINTED_BLOCKADES.map((_, k) => k + 1);
  const chosen = (rng ? rng.shuffle(seams) : seams).slice(0, MAX_BLOCKADES).sort((a, b) => a - b);
  const printed = rng ? rng.shuffle(numbers) : numbers;
  return chosen.map((seam, i) => {
    const n = printed[i] as number;
    const { terrain, strength } = PRINTED_BLOCKADES[n - 1] as (typeof PRINTED_BLOCKADES)[number];
    return {
      between: [`p${seam}`, `p${seam + 1}`],
      id: `b${i + 1}`,
      points: Math.min(n, 4),
      printedNumber: n,
      strength,
      terrain,
    } as Blockade;
  });
}

/** A pile of four from the shuffled 36 on every printed cave mountain of the course, in course order. */
function cavesOf(rng: Rng, spaces: readonly Space[]): CavePile[] {
  const tokens = rng.shuffle(tokenSupply());
  return spaces
    .filter((s) => s.cave)
    .map((s, n) => ({ q: s.q, r: s.r, tokens: tokens.slice(n * TOKENS_PER_PILE, (n + 1) * TOKENS_PER_PILE) }));
}

/**
 * A course laid from the printed pieces of the box (option `tiles: "box"`), or a rulebook course
 * (option `course`). Its own streams (`box`, then `faces`, `layout`, `blockades`, `caves`), so
 * generated courses are untouched.
 */
export function generateBoxCourse(seed: string, options: GoldCityOptions): GoldCityMap {
  checkBoxOptions(options);
  const rng = Rng.fromSeed(`${GAME_ID}\u001f${seed}`).fork('box');
  const preset = options.course === undefined || options.course === 'none' ? undefined : PRESETS[options.course];
  let course: BoxPlacement[] | undefined = preset?.pieces.map((p) => ({ ...p }));
  for (let attempt = 0; !course; attempt++) {
    if (attempt === 50) throw new Error(`no box course found for ${options.pieces} pieces`);
    const tries = rng.fork(`attempt ${attempt}`);
    course = layFaces(tries.fork('layout'), chooseFaces(tries.fork('faces'), options));
  }
  const middle = course.length - 2;
  const spaces = spacesOf(course, options.caves);
  const end = course[course.length - 1] as BoxPlacement;
  const gate = placed(end, tileOf(end.tile).gate as Axial);
  const kinds: PieceKind[] = course.map((p) => tileOf(p.tile).kind);
  const map: GoldCityMap = {
    blockades: options.blockades ? blockadesOf(preset ? undefined : rng.fork('blockades'), middle) : [],
    caves: options.caves ? cavesOf(rng.fork('caves'), spaces) : [],
    game: GAME_ID,
    gate: { q: gate.q, r: gate.r },
    generator: { name: 'goldmaps', version: GENERATOR_VERSION },
    options: {
      blockades: options.blockades,
      caves: options.caves,
      ...(preset ? { course: options.course } : {}),
      pieces: middle,
      players: options.players,
      ...(options.stagger && options.stagger !== 'none' ? { stagger: options.stagger } : {}),
      strips: preset ? kinds.includes('strip') : options.strips,
      tiles: 'box',
      tier: options.tier,
    },
    orientation: 'pointy',
    pieces: course.map((p, i) => ({ dq: p.dq, dr: p.dr, id: `p${i}`, kind: kinds[i] as PieceKind, tile: p.tile, turns: p.turns })),
    seed,
    spaces,
  };
  const staggered = withStagger(map, options.stagger);
  setMapDigest(staggered);
  return staggered;
}
