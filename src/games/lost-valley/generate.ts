import { setMapDigest } from '../../core/canonical.ts';
import { Rng } from '../../core/rng.ts';
import {
  edgeBetween,
  edgeDirection,
  edgeFace,
  edgeHigh,
  edgeLow,
  edgeOf,
  faceA,
  faceAround,
  faceAt,
  faceB,
  faceEdge,
  faceNeighbour,
  faceTriple,
  FACE_IDS,
  firstFaceOfRow,
  hasCorner,
  nextTo,
  sharedEdgeOf,
  StampSet,
  stepFace,
  touch,
  vertexAt,
  vertexX,
  vertexY,
  VERTEX_IDS,
  VERTEX_STEP_IDS,
  WINDOW_LIMIT,
  EDGE_IDS,
} from '../../geometry/trilattice/ids.ts';
import { edge, type Edge, type Face, type Vertex } from '../../geometry/trilattice/lattice.ts';
import { GAME_ID, GENERATOR_VERSION, LAND_TILES, type LostValleyMap, type LostValleyOptions, type LvTile, type Marker, type MarkerKind, type PrintedTile, type Symbols, type TileKind } from './model.ts';
import { TILE_SET, markerSupply } from './tiles.ts';

/** The landscape lies above the cliff: faces whose corners all have y ≥ 0. */
export const inPlay = (f: Face) => f[1] >= 1;

export const TRADING_POST: Vertex = [0, 0];
/** The trading post piece: three faces on the cliff edge; the river leaves over its top edge. */
export const START_FACES: Face[] = [
  [0, 1, 1],
  [0, 1, 0],
  [1, 1, 0],
];
const START_RIVER_EDGE: Edge = edge([-1, 1], [0, 1]);

const MAX_TURNS = 5000;

/*
 * Generation works on lattice ids (geometry/trilattice/ids.ts) and typed-array sets: the replay
 * looks up tens of thousands of faces and edges per map, and tuples with string keys made it
 * allocation- and hash-bound. The window the ids cover is ample: the landscape is vertex-connected
 * (every tile is laid on or next to one already down) and has at most 102 faces, so nothing lies
 * more than about 105 steps from the trading post; `place` checks it all the same.
 */
const TRADING_POST_ID = vertexAt(TRADING_POST[0], TRADING_POST[1]);
const START_FACE_IDS = START_FACES.map(faceAt);
const START_RIVER_EDGE_ID = edgeOf(START_RIVER_EDGE);
/** inPlay on ids: faces with b ≥ 1. */
const IN_PLAY_FROM = firstFaceOfRow(1);
/** Faces with b = 1, on the cliff line, are the ids before this one. */
const ABOVE_CLIFF_LINE_FROM = firstFaceOfRow(2);
const NONE = -1;

// One set of each per module, stamped anew per map (or per search): generation is synchronous and
// never re-entered, and a typed array over the window per call would cost more than the map.
const placedFaces = new StampSet(FACE_IDS);
/** Edges two faces of one tile share (a diamond's diagonal, the trading post piece's inner edges): no way to walk. */
const innerEdges = new StampSet(EDGE_IDS);
const exhaustedVertices = new StampSet(VERTEX_IDS);
const reachedVertices = new StampSet(VERTEX_IDS);
const checkedFaces = new StampSet(FACE_IDS);
const parentOf = new Int32Array(VERTEX_IDS);
const queue = new Int32Array(VERTEX_IDS);
const depthOf = new Int32Array(VERTEX_IDS);

const MARKER_KINDS = ['rivergold', 'mountaingold', 'animal', 'event'] as const;
/** The supplies in their fixed order: shuffles copy, so one list per kind serves every map. */
const SUPPLY: Readonly<Record<MarkerKind, readonly string[]>> = {
  rivergold: markerSupply('rivergold'),
  mountaingold: markerSupply('mountaingold'),
  animal: markerSupply('animal'),
  event: markerSupply('event'),
};

/** Each printed tile's symbols with keys in code-unit order (so the digest takes the fast canonical path), copied per tile placed. */
const sortedSymbols = new Map<PrintedTile, Symbols | undefined>();
function symbolsOf(printed: PrintedTile): Symbols | undefined {
  if (!sortedSymbols.has(printed)) {
    const names = Object.keys(printed.symbols).sort() as Array<keyof Symbols>;
    sortedSymbols.set(printed, names.length > 0 ? (Object.fromEntries(names.map((k) => [k, printed.symbols[k]])) as Symbols) : undefined);
  }
  return sortedSymbols.get(printed);
}

/** Everything the exploration replay keeps: the board, the river's open end, the stacks. */
class Landscape {
  readonly tiles: LvTile[] = [];
  readonly markers: Marker[] = [];
  /** Faces placed since enclosed gaps were last looked for. */
  fresh: number[] = [];
  /** fillGaps' other buffer, swapped with `fresh`. */
  spare: number[] = [];
  readonly crossings: number[] = [];
  river: string[] = [];
  /** The edge the river enters the landscape's next (upstream) tile through; NONE once the spring is down. */
  openEdge = START_RIVER_EDGE_ID;
  springTile: string | undefined;
  landPlaced = 0;
  riverStack: PrintedTile[];
  landStack: PrintedTile[];
  triangleStack: PrintedTile[];
  readonly pools: Record<MarkerKind, string[]>;

  constructor(readonly rng: Rng, options: LostValleyOptions) {
    placedFaces.clear();
    innerEdges.clear();
    exhaustedVertices.clear();
    // A shorter river is a shorter stack: the spring comes when it runs out.
    this.riverStack = rng.fork('river-stack').shuffle(TILE_SET.river).slice(0, options.river);
    this.landStack = stackByGold(rng.fork('land-stack').shuffle(TILE_SET.land), options.gold);
    this.triangleStack = rng.fork('triangle-stack').shuffle(TILE_SET.triangles);
    const markers = rng.fork('markers');
    this.pools = {
      rivergold: markers.fork('rivergold').shuffle(SUPPLY.rivergold),
      mountaingold: markers.fork('mountaingold').shuffle(SUPPLY.mountaingold),
      animal: markers.fork('animal').shuffle(SUPPLY.animal),
      event: markers.fork('event').shuffle(SUPPLY.event),
    };
  }

  empty(f: number): boolean {
    return f >= IN_PLAY_FROM && !placedFaces.has(f);
  }

  /** The face the river will flow out of next: kept free of land until the river reaches it; NONE without one. */
  reserved(): number {
    const e = this.openEdge;
    if (e === NONE) return NONE;
    const f = edgeFace(e, 0);
    if (!placedFaces.has(f)) return f;
    const g = edgeFace(e, 1);
    return placedFaces.has(g) ? NONE : g;
  }

  /** Empty and not reserved: where land may go. */
  open(f: number): boolean {
    return this.empty(f) && f !== this.reserved();
  }

  place(kind: TileKind, printed: PrintedTile, faces: readonly number[]): LvTile {
    const symbols = symbolsOf(printed);
    const order = this.tiles.length;
    // Two literals rather than a conditional spread, which V8 builds key by key on a slow path.
    const tile: LvTile = symbols
      ? { faces: faces.map(faceTriple), id: `t${order}`, kind, order, printed: printed.id, symbols: { ...symbols }, terrain: printed.terrain }
      : { faces: faces.map(faceTriple), id: `t${order}`, kind, order, printed: printed.id, terrain: printed.terrain };
    for (const f of faces) {
      if (Math.abs(faceA(f)) > WINDOW_LIMIT || Math.abs(faceB(f)) > WINDOW_LIMIT) throw new Error(`Lost Valley landscape outgrew the lattice window at face ${JSON.stringify(faceTriple(f))}`);
      placedFaces.add(f);
      this.fresh.push(f);
    }
    for (let i = 0; i < faces.length; i++) {
      for (let j = i + 1; j < faces.length; j++) {
        const e = sharedEdgeOf(faces[i]!, faces[j]!);
        if (e !== NONE) innerEdges.add(e);
      }
    }
    this.tiles.push(tile);
    this.dealMarkers(tile, printed);
    return tile;
  }

  dealMarkers(tile: LvTile, printed: PrintedTile): void {
    for (const kind of MARKER_KINDS) {
      const n = printed.symbols[kind] ?? 0;
      for (let k = 0; k < n; k++) {
        const drawn = this.pools[kind].pop();
        if (drawn === undefined) continue;
        this.markers.push(kind === 'animal' || kind === 'event' ? { kind, tile: tile.id, type: drawn } : { kind, tile: tile.id, value: Number(drawn) });
      }
    }
  }

  /** Partly unexplored: an open face around it, or the river's open end within one edge. Intersections where exploring placed nothing (no tile fits) are not: prospectors stop heading there. */
  partlyUnexplored(v: number): boolean {
    if (exhaustedVertices.has(v)) return false;
    const r = this.reserved();
    for (let k = 0; k < 6; k++) {
      const f = faceAround(v, k);
      if (f !== r && this.empty(f)) return true;
    }
    return this.riverNear(v);
  }

  riverNear(v: number): boolean {
    const e = this.openEdge;
    return e !== NONE && (nextTo(edgeLow(e), v) || nextTo(edgeHigh(e), v));
  }
}

const goldOn = (t: PrintedTile) => (t.symbols.rivergold ?? 0) + (t.symbols.mountaingold ?? 0);

/**
 * Where the gold lies: the land stack is explored top first, so gold-rich tiles on top land near
 * the trading post ('near') and at the bottom far from it ('far'). Only the top or bottom third
 * is taken from the rich tiles, so the landscape still varies; 'scattered' is the plain shuffle.
 */
function stackByGold(stack: PrintedTile[], gold: LostValleyOptions['gold']): PrintedTile[] {
  if (gold === 'scattered') return stack;
  const third = Math.round(stack.length / 3);
  // The shuffle breaks ties, so which rich tiles come first still depends on the seed.
  const byGold = stack.map((t, i) => [t, i] as const).sort((a, b) => goldOn(b[0]) - goldOn(a[0]) || a[1] - b[1]);
  const rich = new Set(byGold.slice(0, third).map(([t]) => t.id));
  const rest = stack.filter((t) => !rich.has(t.id));
  const top = stack.filter((t) => rich.has(t.id));
  return gold === 'near' ? [...top, ...rest] : [...rest, ...top];
}

/** The bottom row of the landscape, along the cliff: faces with a corner on y = 0. */
const onCliffLine = (f: number) => f >= IN_PLAY_FROM && f < ABOVE_CLIFF_LINE_FROM;

interface RiverPlacement {
  faces: [number, number];
  exit: number;
  crossesInside: boolean;
}

/** Every way to lay a river diamond of `shape` on the open end, lengthening the river into empty ground. */
function riverPlacements(land: Landscape, shape: NonNullable<PrintedTile['shape']>): RiverPlacement[] {
  const entry = land.openEdge;
  const f1 = land.reserved();
  if (f1 === NONE || !land.empty(f1)) return [];
  const out: RiverPlacement[] = [];
  for (let j = 0; j < 3; j++) {
    const f2 = faceNeighbour(f1, j);
    if (!land.empty(f2)) continue;
    const inner = sharedEdgeOf(f1, f2);
    let exit = NONE;
    if (shape === 'sharp') {
      // The edge of f1 that is neither the way in nor the shared one.
      for (let k = 0; k < 3 && exit === NONE; k++) {
        const e = faceEdge(f1, k);
        if (e !== entry && e !== inner) exit = e;
      }
    } else {
      for (let k = 0; k < 3 && exit === NONE; k++) {
        const e = faceEdge(f2, k);
        if (e === inner) continue;
        const parallel = edgeDirection(e) === edgeDirection(entry);
        if (shape === 'straight' ? parallel : !parallel && touch(e, entry)) exit = e;
      }
    }
    if (exit === NONE) continue;
    const b0 = edgeFace(exit, 0);
    const beyond = b0 !== f1 && b0 !== f2 ? b0 : edgeFace(exit, 1);
    // The river must run on into unexplored ground, never into land or over the cliff; and it
    // never turns back down to the cliff line, so it runs visibly from the spring to the waterfall.
    if (!land.empty(beyond) || onCliffLine(f2) || onCliffLine(beyond)) continue;
    out.push({ faces: [f1, f2], exit, crossesInside: shape !== 'sharp' });
  }
  return out;
}

function placeSpring(land: Landscape): void {
  const face = land.reserved();
  if (face === NONE || !land.empty(face)) return;
  land.crossings.push(land.openEdge);
  const tile = land.place('spring', TILE_SET.spring, [face]);
  land.river.push(tile.id);
  land.springTile = tile.id;
  land.openEdge = NONE;
}

/** Step 1: lengthen the river next to the prospector where possible; the spring when nothing fits. */
function exploreRiver(land: Landscape, rng: Replayed, at: number): void {
  for (let tries = land.riverStack.length; tries > 0; tries--) {
    const printed = land.riverStack.shift()!;
    const options = riverPlacements(land, printed.shape!);
    if (options.length === 0) {
      land.riverStack.push(printed);
      continue;
    }
    const beside = options.filter((o) => hasCorner(o.faces[0], at) || hasCorner(o.faces[1], at));
    const choice = rng.pick(beside.length > 0 ? beside : options);
    land.crossings.push(land.openEdge);
    if (choice.crossesInside) land.crossings.push(sharedEdgeOf(choice.faces[0], choice.faces[1]));
    const tile = land.place('river', printed, choice.faces);
    land.river.push(tile.id);
    land.openEdge = choice.exit;
    return;
  }
  placeSpring(land);
}

/** Open neighbours a face would still have besides `except`, to prefer diamonds that leave no stranded triangle. */
function openNeighbours(land: Landscape, f: number, except: number): number {
  let n = 0;
  for (let k = 0; k < 3; k++) {
    const g = faceNeighbour(f, k);
    if (g !== except && land.open(g)) n++;
  }
  return n;
}

const partners: number[] = [];
const scores: number[] = [];
const best: number[] = [];

/** Step 2: land diamonds until every face around the intersection is covered. */
function exploreLand(land: Landscape, rng: Replayed, at: number): void {
  for (let i = 0; i < 6; i++) {
    const f = faceAround(at, i);
    if (land.landStack.length === 0) return;
    if (!land.open(f)) continue;
    partners.length = 0;
    for (let k = 0; k < 3; k++) {
      const g = faceNeighbour(f, k);
      if (land.open(g)) partners.push(g);
    }
    if (partners.length === 0) continue;
    // Prefer partners around the same intersection, then ones that strand no neighbour.
    let top = -Infinity;
    scores.length = 0;
    for (const g of partners) {
      let around = false;
      for (let k = 0; k < 6; k++) if (faceAround(at, k) === g) around = true;
      let stranded = 0;
      for (let k = 0; k < 3; k++) {
        const h = faceNeighbour(g, k);
        if (h !== f && land.empty(h) && openNeighbours(land, h, g) === 0) stranded++;
      }
      const score = (around ? 4 : 0) - stranded * 3;
      scores.push(score);
      if (score > top) top = score;
    }
    best.length = 0;
    for (let k = 0; k < partners.length; k++) if (scores[k] === top) best.push(partners[k]!);
    const partner = rng.pick(best);
    land.place('land', land.landStack.shift()!, [f, partner]);
    land.landPlaced++;
  }
}

/** Step 3: enclosed triangular gaps get triangle tiles, or the spring where the river flows out. */
function fillGaps(land: Landscape): void {
  // Only faces next to something placed since the last look can have become enclosed.
  while (land.fresh.length > 0) {
    const placed = land.fresh;
    land.fresh = land.spare;
    land.spare = placed;
    checkedFaces.clear();
    for (const face of placed) {
      for (let j = 0; j < 3; j++) {
        const g = faceNeighbour(face, j);
        if (checkedFaces.has(g) || !land.empty(g)) continue;
        checkedFaces.add(g);
        let open = 0;
        let firstOpen = NONE;
        for (let k = 0; k < 3; k++) {
          const h = faceNeighbour(g, k);
          if (!land.empty(h)) continue;
          if (open++ === 0) firstOpen = h;
        }
        if (g === land.reserved()) {
          // The river flows out of an enclosed triangle, or a diamond-shaped pocket.
          let pocket = open === 0;
          if (open === 1) {
            pocket = true;
            for (let k = 0; k < 3; k++) {
              const h = faceNeighbour(firstOpen, k);
              if (h !== g && land.empty(h)) pocket = false;
            }
          }
          if (pocket) placeSpring(land);
          continue;
        }
        if (open === 0 && land.triangleStack.length > 0) land.place('triangle', land.triangleStack.shift()!, [g]);
      }
    }
    placed.length = 0;
  }
}

/**
 * `exploring.fork('land')` (and 'river') name the same stream at every exploration, so each
 * exploration draws that stream's numbers again from its start. They are drawn once per map and
 * replayed: seeding a stream costs more than the exploration that uses it.
 */
class Replayed {
  private readonly draws: number[] = [];
  private at = 0;

  constructor(private readonly source: Rng) {}

  restart(): this {
    this.at = 0;
    return this;
  }

  /** Rng.pick's draw: the next number scaled to the list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    if (this.at === this.draws.length) this.draws.push(this.source.next());
    return items[Math.floor(this.draws[this.at++]! * items.length)] as T;
  }
}

interface Exploring {
  river: Replayed;
  land: Replayed;
}

function explore(land: Landscape, rng: Exploring, at: number): void {
  const before = land.tiles.length;
  exploreSteps(land, rng, at);
  if (land.tiles.length === before) exhaustedVertices.add(at);
}

function exploreSteps(land: Landscape, rng: Exploring, at: number): void {
  if (land.riverNear(at) && land.springTile === undefined) exploreRiver(land, rng.river.restart(), at);
  exploreLand(land, rng.land.restart(), at);
  fillGaps(land);
  if (land.landPlaced >= LAND_TILES && land.springTile === undefined) {
    placeSpring(land);
    fillGaps(land);
  }
}

/** Edges a prospector may walk while exploring: the outline of an explored tile ("tiles cannot be crossed"). */
function walkable(a: number, b: number): boolean {
  const e = edgeBetween(a, b);
  return (placedFaces.has(edgeFace(e, 0)) || placedFaces.has(edgeFace(e, 1))) && !innerEdges.has(e);
}

const targets: number[] = [];

/** A path (without `from`) to one of the nearest partly unexplored intersections, chosen by the stream. */
function planRoute(land: Landscape, rng: Rng, from: number): number[] | undefined {
  reachedVertices.clear();
  reachedVertices.add(from);
  parentOf[from] = NONE;
  queue[0] = from;
  depthOf[0] = 0;
  let tail = 1;
  targets.length = 0;
  let limit = Infinity;
  for (let head = 0; head < tail; head++) {
    const v = queue[head]!;
    const d = depthOf[head]!;
    if (d > limit) break;
    if (d > 0 && land.partlyUnexplored(v)) {
      targets.push(v);
      // Look a little past the nearest, so exploration wanders rather than spirals.
      if (limit === Infinity) limit = d + 2;
      continue;
    }
    for (let k = 0; k < 6; k++) {
      const n = v + VERTEX_STEP_IDS[k]!;
      if (reachedVertices.has(n) || !(placedFaces.has(stepFace(v, k, 0)) || placedFaces.has(stepFace(v, k, 1))) || innerEdges.has(edgeBetween(v, n))) continue;
      reachedVertices.add(n);
      parentOf[n] = v;
      queue[tail] = n;
      depthOf[tail++] = d + 1;
    }
  }
  if (targets.length === 0) return undefined;
  const target = rng.pick(targets);
  const route: number[] = [target];
  for (let p = parentOf[target]!; p !== NONE && p !== from; p = parentOf[p]!) route.push(p);
  return route.reverse();
}

/** Sees each step a virtual prospector takes, with the tiles down when it takes it (tests watch the replay so). */
export type ExplorationWatch = (from: [number, number], to: [number, number], tiles: readonly LvTile[]) => void;

interface Walker {
  at: number;
  rng: Rng;
  /** The steps still to walk are route[next…]. */
  route: number[];
  next: number;
}

const vertexPair = (v: number): [number, number] => [vertexX(v), vertexY(v)];
const edgePair = (e: number) => [vertexPair(edgeLow(e)), vertexPair(edgeHigh(e))] as [[number, number], [number, number]];

/**
 * Replays exploration: seeded virtual prospectors take turns walking from the trading post to
 * partly unexplored intersections and exploring them as the rules say (river, land diamonds,
 * enclosed gaps, markers) until the last land tile is down; then the spring (if not yet) and
 * the ice block. The document keeps each tile's placement order.
 */
export function generateLostValley(seed: string, options: LostValleyOptions, watch?: ExplorationWatch): LostValleyMap {
  const rng = Rng.fromSeed(`${GAME_ID}\u001f${seed}`);
  const land = new Landscape(rng.fork('stacks'), options);
  const start = land.place('start', TILE_SET.start, START_FACE_IDS);
  land.river.push(start.id);
  const walkers: Walker[] = Array.from({ length: options.players }, (_, i) => ({ at: TRADING_POST_ID, rng: rng.fork(`prospector-${i}`), route: [], next: 0 }));
  const explorer = rng.fork('explore');
  const exploring: Exploring = { river: new Replayed(explorer.fork('river')), land: new Replayed(explorer.fork('land')) };
  for (let turn = 0; turn < MAX_TURNS && land.landPlaced < LAND_TILES && land.landStack.length > 0; turn++) {
    const p = walkers[turn % walkers.length]!;
    if (land.partlyUnexplored(p.at)) {
      explore(land, exploring, p.at);
      continue;
    }
    // A prospector keeps to its route while the place it heads for is still worth exploring.
    const ahead = p.next < p.route.length;
    if (!ahead || !land.partlyUnexplored(p.route[p.route.length - 1]!) || !walkable(p.at, p.route[p.next]!)) {
      p.route = planRoute(land, p.rng, p.at) ?? [];
      p.next = 0;
    }
    if (p.next >= p.route.length) continue;
    const step = p.route[p.next++]!;
    watch?.(vertexPair(p.at), vertexPair(step), land.tiles);
    p.at = step;
    if (land.partlyUnexplored(step)) explore(land, exploring, step);
  }
  if (land.springTile === undefined) placeSpring(land);
  fillGaps(land);

  const doc: LostValleyMap = {
    // The rules allow crossing on foot only "via the two fords near the trading post by the
    // waterfall". The river is only ever lengthened at its open end, which starts at the trading
    // post piece's top edge, so `crossings` is in river order, downstream first. The river also
    // flows across the diagonal inside each straight or wide diamond, but no one walks there
    // (tiles cannot be crossed): the fords are the first two crossings that are tile edges.
    fords: land.crossings.filter((e) => !innerEdges.has(e)).slice(0, 2).map(edgePair),
    game: GAME_ID,
    generator: { name: 'goldmaps', version: GENERATOR_VERSION },
    ...(land.springTile ? { iceBlock: land.springTile } : {}),
    markers: land.markers,
    options: { gold: options.gold, ice: options.ice, players: options.players, river: options.river },
    river: land.river,
    riverCrossings: land.crossings.map(edgePair),
    seed,
    tiles: land.tiles,
    tradingPost: [TRADING_POST[0], TRADING_POST[1]],
  };
  setMapDigest(doc);
  return doc;
}
