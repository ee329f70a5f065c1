import { setMapDigest } from '../../core/canonical.ts';
import { Rng } from '../../core/rng.ts';
import { DIRECTIONS, compareAxial, distance, type Axial } from '../../geometry/hex/axial.ts';
import { buildBoard } from './board.ts';
import { generateBoxCourse } from './box-course.ts';
import { courseBoard, toSpaces, type CourseBoard } from './course-board.ts';
import { hexAt, layCourse, type PlacedPiece } from './course.ts';
import { layBlockades } from './blockades.ts';
import { hideCaves } from './caves.ts';
import {
  GAME_ID,
  GENERATOR_VERSION,
  type Blockade,
  type CavePile,
  type Guardian,
  type GoldCityMap,
  type GoldCityOptions,
  type Space,
  type Temple,
  type Tier,
} from './model.ts';
import { makePassable } from './passable.ts';
import { paintPiece, paintStart } from './terrain.ts';
import { withStagger } from './stagger.ts';
import { T } from './terrain-codes.ts';
import { addTemples } from './temples.ts';

/** Local spaces of piece `p` that border the piece before or after it: the seams of the moves that laid them. */
function seamFlags(pieces: readonly PlacedPiece[], p: number): Uint8Array {
  const { turned, seam } = pieces[p] as PlacedPiece;
  const flags = new Uint8Array(turned.q.length);
  for (let t = 2; t < seam.length; t += 3) flags[turned.order[seam[t] as number] as number] = 1;
  const next = pieces[p + 1];
  if (next) for (let t = 0; t < next.seam.length; t += 3) flags[turned.order[next.seam[t] as number] as number] = 1;
  return flags;
}

/**
 * The start spaces are the side of the start hexagon (always laid at the origin) farthest from
 * the first piece, numbered 1–4 in row order so the numbering is reproducible whatever the
 * course's direction.
 */
function startSide(next: PlacedPiece): Axial[] {
  // The side whose corner-to-corner midpoint is farthest from the next piece's centre: doubled
  // midpoint against n-scaled centre, compared in cube distance, all in integers.
  const { turned, transform } = next;
  const n = turned.q.length;
  const centre = { q: n * transform.dq, r: n * transform.dr };
  for (let i = 0; i < n; i++) {
    centre.q += turned.q[i] as number;
    centre.r += turned.r[i] as number;
  }
  let best = 0;
  let bestFar = -1;
  for (let d = 0; d < 6; d++) {
    const [a, b] = sideCorners(d);
    const far = distance({ q: n * (a.q + b.q), r: n * (a.r + b.r) }, { q: 2 * centre.q, r: 2 * centre.r });
    if (far > bestFar) {
      best = d;
      bestFar = far;
    }
  }
  const [corner] = sideCorners(best);
  const along = DIRECTIONS[(best + 2) % 6] as Axial;
  return [0, 1, 2, 3].map((i) => ({ q: corner.q + i * along.q, r: corner.r + i * along.r })).sort(compareAxial);
}

/** The two ends of side d of the start hexagon: from 3 steps out in direction d, 3 steps along d + 2. */
function sideCorners(d: number): [Axial, Axial] {
  const dir = DIRECTIONS[d] as Axial;
  const along = DIRECTIONS[(d + 2) % 6] as Axial;
  return [
    { q: 3 * dir.q, r: 3 * dir.r },
    { q: 3 * dir.q + 3 * along.q, r: 3 * dir.r + 3 * along.r },
  ];
}

/** The gate stands beyond the middle of the finishing row, on the side away from the course. */
function gateOf(finish: PlacedPiece, previous: PlacedPiece): Axial {
  const a = hexAt(finish, finish.turned.order[1] as number);
  const b = hexAt(finish, finish.turned.order[2] as number);
  const beside = DIRECTIONS.map((d) => ({ q: a.q + d.q, r: a.r + d.r })).filter((h) => distance(h, b) === 1);
  // Farthest from the previous piece (its nearest space), ties to the first in row order.
  let best = beside[0] as Axial;
  let bestFar = -1;
  for (const h of beside) {
    const far = distanceToPiece(h, previous);
    if (far > bestFar || (far === bestFar && compareAxial(h, best) < 0)) {
      best = h;
      bestFar = far;
    }
  }
  return best;
}

/** Steps from `h` to the nearest space of `piece`. */
function distanceToPiece(h: Axial, piece: PlacedPiece): number {
  const { turned, transform } = piece;
  let nearest = Infinity;
  for (let i = 0; i < turned.q.length; i++) {
    const dq = h.q - ((turned.q[i] as number) + transform.dq);
    const dr = h.r - ((turned.r[i] as number) + transform.dr);
    nearest = Math.min(nearest, (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2);
  }
  return nearest;
}

/**
 * The ground of every piece, each from its own stream: the start piece's gentle ground with its
 * numbered start side, the middle pieces' recipe (terrain.ts); the finish row stays finish.
 */
export function paintGround(rng: Rng, board: CourseBoard, tier: Tier): void {
  const { pieces, terrain, strength, start } = board;
  pieces.forEach((piece, p) => {
    if (piece.kind === 'finish') return;
    const ground =
      piece.kind === 'start'
        ? paintStart(rng.fork(piece.id), piece.shape)
        : paintPiece(rng.fork(piece.id), piece.shape, seamFlags(pieces, p), tier);
    const { order } = piece.turned;
    const first = board.first[p] as number;
    for (let k = 0; k < order.length; k++) {
      terrain[first + k] = ground.terrain[order[k] as number] as number;
      strength[first + k] = ground.strength[order[k] as number] as number;
    }
  });
  startSide(pieces[1] as PlacedPiece).forEach((h, k) => {
    // The start piece lies at the origin unturned, so its spaces are the first ones of the board.
    let i = 0;
    while (board.q[i] !== h.q || board.r[i] !== h.r) i++;
    terrain[i] = T.start;
    strength[i] = 0;
    start[i] = k + 1;
  });
}

function sortedSpace(s: Space): Space {
  const out: Partial<Space> = {};
  if (s.cave) out.cave = true;
  out.piece = s.piece;
  out.q = s.q;
  out.r = s.r;
  if (s.start !== undefined) out.start = s.start;
  if (s.strength !== undefined) out.strength = s.strength;
  out.terrain = s.terrain;
  return out as Space;
}

/**
 * One generation under way: the seed's stream and what the stages have built so far. Each field
 * is set by the stage named beside it, and read only by the stages after it.
 */
export class GoldCityBuild {
  readonly seed: string;
  readonly options: GoldCityOptions;
  readonly rng: Rng;
  pieces: PlacedPiece[] = []; // course
  board!: CourseBoard; // board
  blockades: Blockade[] = []; // blockades
  caves: CavePile[] = []; // caves
  spaces: Space[] = []; // spaces, re-sorted by temples
  layer: { temples: Temple[]; guardians: Guardian[] } | undefined; // temples
  map!: GoldCityMap; // document, then stagger and digest

  constructor(seed: string, options: GoldCityOptions) {
    this.seed = seed;
    this.options = options;
    this.rng = Rng.fromSeed(`${GAME_ID}\u001f${seed}`);
  }
}

function courseStage(b: GoldCityBuild): void {
  b.pieces = layCourse(b.rng.fork('course'), b.options).pieces;
}

function boardStage(b: GoldCityBuild): void {
  b.board = courseBoard({ pieces: b.pieces });
}

function groundStage(b: GoldCityBuild): void {
  paintGround(b.rng.fork('terrain'), b.board, b.options.tier);
}

function passabilityStage(b: GoldCityBuild): void {
  makePassable(b.board);
}

function blockadeStage(b: GoldCityBuild): void {
  if (b.options.blockades)
    b.blockades = layBlockades(
      b.rng.fork('blockades'),
      b.pieces.map((p) => p.id),
      b.options.tier,
    );
}

function caveStage(b: GoldCityBuild): void {
  if (b.options.caves) b.caves = hideCaves(b.rng.fork('caves'), b.board, b.options.pieces);
}

function spaceStage(b: GoldCityBuild): void {
  b.spaces = toSpaces(b.board);
}

// Golden Temples: its own stream, after every other stage, so a map without it is unchanged.
// It works on Space objects (temples.ts), and may add a strength out of key order: re-sort.
function templeStage(b: GoldCityBuild): void {
  if (!b.options.temples) return;
  b.layer = addTemples(
    b.rng.fork('temples'),
    buildBoard(
      b.spaces,
      b.pieces.map((p) => p.id),
    ),
    b.options.tier,
    b.options.pieces,
  );
  b.spaces = b.spaces.map(sortedSpace);
}

function documentStage(b: GoldCityBuild): void {
  const { pieces, options, layer } = b;
  // Keys are written in code-unit order throughout, so the digest sorts none.
  b.map = {
    blockades: b.blockades,
    caves: b.caves,
    game: GAME_ID,
    gate: gateOf(pieces[pieces.length - 1] as PlacedPiece, pieces[pieces.length - 2] as PlacedPiece),
    ...(layer ? { guardians: layer.guardians } : {}),
    generator: { name: 'goldmaps', version: GENERATOR_VERSION },
    options: {
      blockades: options.blockades,
      caves: options.caves,
      pieces: options.pieces,
      players: options.players,
      ...(options.stagger && options.stagger !== 'none' ? { stagger: options.stagger } : {}),
      strips: options.strips,
      // Recorded only when on: maps made before the layer existed keep their digests.
      ...(options.temples ? { temples: true } : {}),
      tier: options.tier,
    },
    orientation: 'pointy',
    pieces: pieces.map((p) => ({ id: p.id, kind: p.kind })),
    seed: b.seed,
    spaces: b.spaces,
    ...(layer ? { temples: layer.temples } : {}),
  };
}

// A staggered start: last, and only when asked, so a map without it is unchanged.
function staggerStage(b: GoldCityBuild): void {
  b.map = withStagger(b.map, b.options.stagger);
}

function digestStage(b: GoldCityBuild): void {
  setMapDigest(b.map);
}

/**
 * The pipeline: course → board → ground (with start and finish) → passability → blockades →
 * caves → spaces → temples → document → stagger → digest. Each stage that draws takes its own
 * labelled stream, so a change inside one stage leaves the others' draws alone. The stages work
 * on a typed-array board (course-board.ts); the document's spaces are made from it once. The
 * list is exported so that bench/gold-city-stages.ts times these very stages, one by one.
 */
export const STAGES = [
  { name: 'course', run: courseStage },
  { name: 'board', run: boardStage },
  { name: 'ground', run: groundStage },
  { name: 'passability', run: passabilityStage },
  { name: 'blockades', run: blockadeStage },
  { name: 'caves', run: caveStage },
  { name: 'spaces', run: spaceStage },
  { name: 'temples', run: templeStage },
  { name: 'document', run: documentStage },
  { name: 'stagger', run: staggerStage },
  { name: 'digest', run: digestStage },
] as const satisfies ReadonlyArray<{ name: string; run: (b: GoldCityBuild) => void }>;

export type StageName = (typeof STAGES)[number]['name'];

export function generateGoldCity(seed: string, options: GoldCityOptions): GoldCityMap {
  // A course from the box has its own streams and stages (box-course.ts); generated maps never see them.
  if (options.tiles === 'box' || (options.course !== undefined && options.course !== 'none')) return generateBoxCourse(seed, options);
  const build = new GoldCityBuild(seed, options);
  for (const stage of STAGES) stage.run(build);
  return build.map;
}
