import { mapDigest } from '../../core/canonical.ts';
import { Rng } from '../../core/rng.ts';
import { DIRECTIONS, compareAxial, distance, hexKey, type Axial, type HexKey } from '../../geometry/hex/axial.ts';
import { buildBoard, reachable, type Board } from './board.ts';
import { layCourse, type PlacedPiece } from './course.ts';
import { hideCaves, layBlockades } from './features.ts';
import { GAME_ID, GENERATOR_VERSION, isEnterable, type GoldCityMap, type GoldCityOptions, type Space } from './model.ts';
import { paintPiece, paintStart, type Ground } from './terrain.ts';

function seamSpaces(pieces: readonly PlacedPiece[], index: number): Set<HexKey> {
  const own = pieces[index] as PlacedPiece;
  const others = new Set<HexKey>();
  for (const j of [index - 1, index + 1]) for (const h of pieces[j]?.hexes ?? []) others.add(hexKey(h.q, h.r));
  return new Set(
    own.hexes.filter((h) => DIRECTIONS.some((d) => others.has(hexKey(h.q + d.q, h.r + d.r)))).map((h) => hexKey(h.q, h.r)),
  );
}

/**
 * The start spaces are the side of the start hexagon farthest from the first piece, numbered
 * 1–4 in row order so the numbering is reproducible whatever the course's direction.
 */
function startSide(start: PlacedPiece, next: PlacedPiece): Axial[] {
  const sides: Axial[][] = [];
  for (let d = 0; d < 6; d++) {
    const corner = { q: 3 * (DIRECTIONS[d] as Axial).q, r: 3 * (DIRECTIONS[d] as Axial).r };
    const along = DIRECTIONS[(d + 2) % 6] as Axial;
    sides.push([0, 1, 2, 3].map((i) => ({ q: corner.q + i * along.q, r: corner.r + i * along.r })));
  }
  let best = sides[0] as Axial[];
  let bestScore = -1;
  for (const side of sides) {
    let score = 0;
    for (const h of side) score += Math.min(...next.hexes.map((n) => distance(h, n)));
    if (score > bestScore) {
      bestScore = score;
      best = side;
    }
  }
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
  const n = spaces.length;
  const cost = new Int32Array(n).fill(-1);
  const via = new Int32Array(n).fill(-1);
  const starts = spaces.flatMap((s, i) => (s.terrain === 'start' ? [i] : []));
  for (const i of starts) cost[i] = 0;
  // A simple bucketed 0-1 BFS: distances only ever grow by 0 or 1.
  const buckets: number[][] = [starts.slice()];
  for (let level = 0; level < buckets.length; level++) {
    const bucket = buckets[level] as number[];
    for (let k = 0; k < bucket.length; k++) {
      const i = bucket[k] as number;
      if (cost[i] !== level) continue;
      for (const j of board.neighbours[i] as number[]) {
        const step = (spaces[j] as Space).terrain === 'mountain' ? 1 : 0;
        const c = level + step;
        if (cost[j] === -1 || c < (cost[j] as number)) {
          cost[j] = c;
          via[j] = i;
          (buckets[c] ??= []).push(j);
        }
      }
    }
  }
  const finishes = spaces.flatMap((s, i) => (s.terrain === 'finish' ? [i] : []));
  let target = finishes[0] as number;
  for (const f of finishes) if ((cost[f] as number) < (cost[target] as number)) target = f;
  for (let i = target; i !== -1; i = via[i] as number) {
    const s = spaces[i] as Space;
    if (s.terrain === 'mountain') {
      s.terrain = 'jungle';
      s.strength = 1;
    }
  }
  const open = reachable(board, starts, (j) => isEnterable((spaces[j] as Space).terrain));
  spaces.forEach((s, i) => {
    if (!open[i] && isEnterable(s.terrain)) {
      s.terrain = 'mountain';
      delete s.strength;
    }
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
 */
export function generateGoldCity(seed: string, options: GoldCityOptions): GoldCityMap {
  const rng = Rng.fromSeed(`${GAME_ID}\u001f${seed}`);
  const pieces = layCourse(rng.fork('course'), options);
  const pieceIds = pieces.map((p) => p.id);

  const terrain = rng.fork('terrain');
  const ground = new Map<HexKey, Ground>();
  pieces.forEach((piece, i) => {
    if (piece.kind === 'finish') return;
    const painted =
      piece.kind === 'start' ? paintStart(terrain.fork(piece.id), piece) : paintPiece(terrain.fork(piece.id), piece, seamSpaces(pieces, i), options.tier);
    for (const [k, g] of painted) ground.set(k, g);
  });

  const start = pieces[0] as PlacedPiece;
  const finish = pieces[pieces.length - 1] as PlacedPiece;
  startSide(start, pieces[1] as PlacedPiece).forEach((h, i) => ground.set(hexKey(h.q, h.r), { terrain: 'start', start: i + 1 } as Ground));
  for (const h of finish.hexes) ground.set(hexKey(h.q, h.r), { terrain: 'finish' });

  const spaces: Space[] = [];
  for (const piece of pieces) {
    for (const h of piece.hexes.slice().sort(compareAxial)) {
      const g = ground.get(hexKey(h.q, h.r)) as Ground & { start?: number };
      const space: Space = { q: h.q, r: h.r, piece: piece.id, terrain: g.terrain };
      if (g.strength !== undefined) space.strength = g.strength;
      if (g.start !== undefined) space.start = g.start;
      spaces.push(space);
    }
  }
  const board = buildBoard(spaces, pieceIds);
  makePassable(board);

  const blockades = options.blockades ? layBlockades(rng.fork('blockades'), pieceIds, options.tier) : [];
  const caves = options.caves ? hideCaves(rng.fork('caves'), board, options.pieces) : [];

  // Keys are written in code-unit order throughout so the digest takes the fast canonical path.
  const doc: GoldCityMap = {
    blockades: blockades.map((b) => ({ between: b.between, id: b.id, points: b.points, strength: b.strength, terrain: b.terrain })),
    caves,
    game: GAME_ID,
    gate: gateOf(finish, pieces[pieces.length - 2] as PlacedPiece),
    generator: { name: 'goldmaps', version: GENERATOR_VERSION },
    options: {
      blockades: options.blockades,
      caves: options.caves,
      pieces: options.pieces,
      players: options.players,
      strips: options.strips,
      tier: options.tier,
    },
    orientation: 'pointy',
    pieces: pieces.map((p) => ({ id: p.id, kind: p.kind })),
    seed,
    spaces: spaces.map(sortedSpace),
  };
  doc.digest = mapDigest(doc);
  return doc;
}
