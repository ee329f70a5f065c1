import { setMapDigest } from '../../core/canonical.ts';
import { Rng } from '../../core/rng.ts';
import { DIRECTIONS, compareAxial, distance, type Axial } from '../../geometry/hex/axial.ts';
import { buildBoard } from './board.ts';
import { courseBoard, toSpaces, type CourseBoard } from './course-board.ts';
import { hexAt, layCourse, type PlacedPiece } from './course.ts';
import { layBlockades } from './blockades.ts';
import { hideCaves } from './caves.ts';
import { GAME_ID, GENERATOR_VERSION, type GoldCityMap, type GoldCityOptions, type Space, type Tier } from './model.ts';
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
    const ground = piece.kind === 'start' ? paintStart(rng.fork(piece.id), piece.shape) : paintPiece(rng.fork(piece.id), piece.shape, seamFlags(pieces, p), tier);
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
 * The pipeline: course → ground → start and finish → passability → blockades → caves. Each stage
 * takes its own labelled stream, so a change inside one stage leaves the others' draws alone.
 * The stages work on a typed-array board (course-board.ts); the document's spaces are made from
 * it once, at the end. bench/gold-city-stages.ts times the same stages one by one.
 */
export function generateGoldCity(seed: string, options: GoldCityOptions): GoldCityMap {
  const rng = Rng.fromSeed(`${GAME_ID}\u001f${seed}`);
  const { pieces } = layCourse(rng.fork('course'), options);
  const pieceIds = pieces.map((p) => p.id);
  const board = courseBoard({ pieces });
  paintGround(rng.fork('terrain'), board, options.tier);
  makePassable(board);

  const blockades = options.blockades ? layBlockades(rng.fork('blockades'), pieceIds, options.tier) : [];
  const caves = options.caves ? hideCaves(rng.fork('caves'), board, options.pieces) : [];
  let spaces = toSpaces(board);
  // Golden Temples: its own stream, after every other stage, so a map without it is unchanged.
  // It works on Space objects (temples.ts), and may add a strength out of key order: re-sort.
  const layer = options.temples ? addTemples(rng.fork('temples'), buildBoard(spaces, pieceIds), options.tier, options.pieces) : undefined;
  if (layer) spaces = spaces.map(sortedSpace);

  // Keys are written in code-unit order throughout, so the digest sorts none.
  const doc: GoldCityMap = {
    blockades,
    caves,
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
    seed,
    spaces,
    ...(layer ? { temples: layer.temples } : {}),
  };
  // A staggered start: last, and only when asked, so a map without it is unchanged.
  const laid = withStagger(doc, options.stagger);
  setMapDigest(laid);
  return laid;
}
