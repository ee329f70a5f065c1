import { setMapDigest } from '../../core/canonical.ts';
import { Rng } from '../../core/rng.ts';
import { DIRECTIONS, compareAxial, distance, type Axial } from '../../geometry/hex/axial.ts';
import { buildBoard, neighboursOf, reachable, type Board } from './board.ts';
import { layCourse, type Course, type PlacedPiece } from './course.ts';
import { layBlockades } from './blockades.ts';
import { hideCaves } from './caves.ts';
import { GAME_ID, GENERATOR_VERSION, isEnterable, type GoldCityMap, type GoldCityOptions, type Space } from './model.ts';
import { paintPiece, paintStart } from './terrain.ts';
import { withStagger } from './stagger.ts';
import { addTemples } from './temples.ts';

/** Local spaces of piece `index` that border the piece before or after it. */
function seamFlags(course: Course, index: number): Uint8Array {
  const piece = course.pieces[index] as PlacedPiece;
  const flags = new Uint8Array(piece.hexes.length);
  piece.hexes.forEach((h, i) => {
    for (const d of DIRECTIONS) {
      const o = course.owner.get(h.q + d.q, h.r + d.r);
      if (o === index - 1 || o === index + 1) flags[i] = 1;
    }
  });
  return flags;
}

/**
 * The start spaces are the side of the start hexagon (always laid at the origin) farthest from
 * the first piece, numbered 1–4 in row order so the numbering is reproducible whatever the
 * course's direction.
 */
function startSide(next: PlacedPiece): Axial[] {
  const sides: Axial[][] = [];
  for (let d = 0; d < 6; d++) {
    const corner = { q: 3 * (DIRECTIONS[d] as Axial).q, r: 3 * (DIRECTIONS[d] as Axial).r };
    const along = DIRECTIONS[(d + 2) % 6] as Axial;
    sides.push([0, 1, 2, 3].map((i) => ({ q: corner.q + i * along.q, r: corner.r + i * along.r })));
  }
  // The side whose corner-to-corner midpoint is farthest from the next piece's centre.
  const centre = next.hexes.reduce((acc, h) => ({ q: acc.q + h.q, r: acc.r + h.r }), { q: 0, r: 0 });
  const n = next.hexes.length;
  const far = (side: Axial[]) => {
    const a = side[0] as Axial;
    const b = side[3] as Axial;
    // Doubled midpoint against n-scaled centre, compared in cube distance, all in integers.
    return distance({ q: n * (a.q + b.q), r: n * (a.r + b.r) }, { q: 2 * centre.q, r: 2 * centre.r });
  };
  let best = sides[0] as Axial[];
  for (const side of sides) if (far(side) > far(best)) best = side;
  return best.slice().sort(compareAxial);
}

/** The gate stands beyond the middle of the finishing row, on the side away from the course. */
function gateOf(finish: PlacedPiece, previous: PlacedPiece): Axial {
  const row = finish.hexes.slice().sort(compareAxial);
  const a = row[1] as Axial;
  const b = row[2] as Axial;
  const beside = DIRECTIONS.map((d) => ({ q: a.q + d.q, r: a.r + d.r })).filter((h) => distance(h, b) === 1);
  const far = (h: Axial) => Math.min(...previous.hexes.map((p) => distance(h, p)));
  return beside.sort((x, y) => far(y) - far(x) || compareAxial(x, y))[0] as Axial;
}

/**
 * Mountains may wall a course shut. First a path of fewest mountains from the start to the
 * finish is cut open (0-1 breadth-first search, so the repair is as small as it can be), then any
 * open pocket the start cannot reach is filled in as mountain.
 */
function makePassable(board: Board): void {
  const spaces = board.spaces as Space[];
  const starts = spaces.flatMap((s, i) => (s.terrain === 'start' ? [i] : []));
  const finishes = spaces.flatMap((s, i) => (s.terrain === 'finish' ? [i] : []));
  const isOpen = (j: number) => isEnterable((spaces[j] as Space).terrain);
  let open = reachable(board, starts, isOpen);
  if (!finishes.some((f) => open[f])) {
    cutCheapestPath(board, starts, finishes, (s) => s.terrain === 'mountain', (s) => {
      s.terrain = 'jungle';
      s.strength = 1;
    });
    open = reachable(board, starts, isOpen);
  }
  // No paddle a player can buy reaches 4 (only the single-use Prop Plane does), so a band of
  // water-4 across the course could stall a race for good: keep one crossing at water 3.
  const wadeable = (j: number) => isEnterable((spaces[j] as Space).terrain) && !isDeepWater(spaces[j] as Space);
  if (!finishes.some((f) => reachable(board, starts, wadeable)[f])) {
    cutCheapestPath(board, starts, finishes, (s) => s.terrain === 'mountain' || isDeepWater(s), (s) => {
      if (isDeepWater(s)) s.strength = 3;
    });
  }
  spaces.forEach((s, i) => {
    if (!open[i] && isEnterable(s.terrain)) {
      s.terrain = 'mountain';
      delete s.strength;
    }
  });
}

const isDeepWater = (s: Space) => s.terrain === 'water' && (s.strength ?? 0) >= 4;

/** 0-1 breadth-first search (a wall costs 1, open ground 0), then `open` the walls on the cheapest path. */
function cutCheapestPath(board: Board, starts: number[], finishes: number[], isWall: (s: Space) => boolean, open: (s: Space) => void): void {
  const spaces = board.spaces as Space[];
  const cost = new Int32Array(spaces.length).fill(-1);
  const via = new Int32Array(spaces.length).fill(-1);
  for (const i of starts) cost[i] = 0;
  const buckets: number[][] = [starts.slice()];
  for (let level = 0; level < buckets.length; level++) {
    const bucket = buckets[level] as number[];
    for (let k = 0; k < bucket.length; k++) {
      const i = bucket[k] as number;
      if (cost[i] !== level) continue;
      for (const j of neighboursOf(board, i)) {
        const c = level + (isWall(spaces[j] as Space) ? 1 : 0);
        if (cost[j] === -1 || c < (cost[j] as number)) {
          cost[j] = c;
          via[j] = i;
          (buckets[c] ??= []).push(j);
        }
      }
    }
  }
  let target = finishes[0] as number;
  for (const f of finishes) if ((cost[f] as number) < (cost[target] as number)) target = f;
  for (let i = target; i !== -1; i = via[i] as number) {
    const s = spaces[i] as Space;
    if (isWall(s)) open(s);
  }
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
 */
export function generateGoldCity(seed: string, options: GoldCityOptions): GoldCityMap {
  const rng = Rng.fromSeed(`${GAME_ID}\u001f${seed}`);
  const course = layCourse(rng.fork('course'), options);
  const { pieces } = course;
  const pieceIds = pieces.map((p) => p.id);

  const terrain = rng.fork('terrain');
  const start = pieces[0] as PlacedPiece;
  const finish = pieces[pieces.length - 1] as PlacedPiece;
  const startNumber = new Map<number, number>();
  startSide(pieces[1] as PlacedPiece).forEach((h, i) => startNumber.set(start.hexes.findIndex((s) => s.q === h.q && s.r === h.r), i + 1));

  const spaces: Space[] = [];
  pieces.forEach((piece, p) => {
    const ground =
      piece.kind === 'finish'
        ? undefined
        : piece.kind === 'start'
          ? paintStart(terrain.fork(piece.id), piece.shape)
          : paintPiece(terrain.fork(piece.id), piece.shape, seamFlags(course, p), options.tier);
    const order = piece.hexes.map((_, i) => i).sort((x, y) => compareAxial(piece.hexes[x] as Axial, piece.hexes[y] as Axial));
    for (const i of order) {
      const h = piece.hexes[i] as Axial;
      const number = p === 0 ? startNumber.get(i) : undefined;
      const space: Space = { q: h.q, r: h.r, piece: piece.id, terrain: 'finish' };
      if (number !== undefined) {
        space.terrain = 'start';
        space.start = number;
      } else if (ground) {
        space.terrain = ground.terrain[i] as Space['terrain'];
        if (ground.strength[i]) space.strength = ground.strength[i];
      }
      spaces.push(space);
    }
  });
  const board = buildBoard(spaces, pieceIds);
  makePassable(board);

  const blockades = options.blockades ? layBlockades(rng.fork('blockades'), pieceIds, options.tier) : [];
  const caves = options.caves ? hideCaves(rng.fork('caves'), board, options.pieces) : [];
  // Golden Temples: its own stream, after every other stage, so a map without it is unchanged.
  const layer = options.temples ? addTemples(rng.fork('temples'), board, options.tier, options.pieces) : undefined;

  // Keys are written in code-unit order throughout so the digest takes the fast canonical path.
  const doc: GoldCityMap = {
    blockades: blockades.map((b) => ({ between: b.between, id: b.id, points: b.points, strength: b.strength, terrain: b.terrain })),
    caves,
    game: GAME_ID,
    gate: gateOf(finish, pieces[pieces.length - 2] as PlacedPiece),
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
    spaces: spaces.map(sortedSpace),
    ...(layer ? { temples: layer.temples } : {}),
  };
  // A staggered start: last, and only when asked, so a map without it is unchanged.
  const laid = withStagger(doc, options.stagger);
  setMapDigest(laid);
  return laid;
}
