import { setMapDigest } from '../../core/canonical.ts';
import { Rng } from '../../core/rng.ts';
import {
  corners,
  edge,
  edgeFaces,
  edgeKey,
  faceEdges,
  faceId,
  faceKey,
  faceNeighbours,
  facesAround,
  sharedEdge,
  vertexDistance,
  vertexId,
  vertexKey,
  vertexNeighbours,
  type Edge,
  type Face,
  type Vertex,
} from '../../geometry/trilattice/lattice.ts';
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

/** Everything the exploration replay keeps: the board, the river's open end, the stacks. */
class Landscape {
  readonly tiles: LvTile[] = [];
  readonly owner = new Map<number, number>();
  readonly markers: Marker[] = [];
  /** Faces placed since enclosed gaps were last looked for. */
  fresh: Face[] = [];
  readonly crossings: Edge[] = [];
  river: string[] = [];
  /** The edge the river enters the landscape's next (upstream) tile through; undefined once the spring is down. */
  openEdge: Edge | undefined = START_RIVER_EDGE;
  springTile: string | undefined;
  landPlaced = 0;
  riverStack: PrintedTile[];
  landStack: PrintedTile[];
  triangleStack: PrintedTile[];
  readonly pools: Record<MarkerKind, string[]>;

  constructor(readonly rng: Rng, options: LostValleyOptions) {
    // A shorter river is a shorter stack: the spring comes when it runs out.
    this.riverStack = rng.fork('river-stack').shuffle(TILE_SET.river).slice(0, options.river);
    this.landStack = stackByGold(rng.fork('land-stack').shuffle(TILE_SET.land), options.gold);
    this.triangleStack = rng.fork('triangle-stack').shuffle(TILE_SET.triangles);
    const markers = rng.fork('markers');
    this.pools = {
      rivergold: markers.fork('rivergold').shuffle(markerSupply('rivergold')),
      mountaingold: markers.fork('mountaingold').shuffle(markerSupply('mountaingold')),
      animal: markers.fork('animal').shuffle(markerSupply('animal')),
      event: markers.fork('event').shuffle(markerSupply('event')),
    };
  }

  empty(f: Face): boolean {
    return inPlay(f) && !this.owner.has(faceId(f));
  }

  /** The face the river will flow out of next: kept free of land until the river reaches it. */
  reserved(): Face | undefined {
    if (!this.openEdge) return undefined;
    return edgeFaces(this.openEdge).find((f) => !this.owner.has(faceId(f)));
  }

  isReserved(f: Face): boolean {
    const r = this.reserved();
    return r !== undefined && r[0] === f[0] && r[1] === f[1] && r[2] === f[2];
  }

  place(kind: TileKind, printed: PrintedTile, faces: Face[]): LvTile {
    const names = Object.keys(printed.symbols).sort() as Array<keyof Symbols>;
    // Keys in code-unit order, so the digest takes the fast canonical path.
    const tile: LvTile = {
      faces: faces.map((f) => [f[0], f[1], f[2]]),
      id: `t${this.tiles.length}`,
      kind,
      order: this.tiles.length,
      printed: printed.id,
      ...(names.length > 0 ? { symbols: Object.fromEntries(names.map((k) => [k, printed.symbols[k]])) } : {}),
      terrain: printed.terrain,
    };
    for (const f of faces) this.owner.set(faceId(f), this.tiles.length);
    this.tiles.push(tile);
    this.fresh.push(...faces);
    this.dealMarkers(tile, printed);
    return tile;
  }

  dealMarkers(tile: LvTile, printed: PrintedTile): void {
    for (const kind of ['rivergold', 'mountaingold', 'animal', 'event'] as const) {
      const n = printed.symbols[kind] ?? 0;
      for (let k = 0; k < n; k++) {
        const drawn = this.pools[kind].pop();
        if (drawn === undefined) continue;
        this.markers.push(kind === 'animal' || kind === 'event' ? { kind, tile: tile.id, type: drawn } : { kind, tile: tile.id, value: Number(drawn) });
      }
    }
  }

  /** Intersections where exploring placed nothing (no tile fits): prospectors stop heading there. */
  readonly exhausted = new Set<number>();

  /** Partly unexplored: an open face around it, or the river's open end within one edge. */
  partlyUnexplored(v: Vertex): boolean {
    if (this.exhausted.has(vertexId(v))) return false;
    if (facesAround(v).some((f) => this.empty(f) && !this.isReserved(f))) return true;
    return this.riverNear(v);
  }

  riverNear(v: Vertex): boolean {
    return this.openEdge !== undefined && this.openEdge.some((end) => vertexDistance(end, v) <= 1);
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
const onCliffLine = (f: Face) => f[1] === 1;

interface RiverPlacement {
  faces: [Face, Face];
  exit: Edge;
  crossesInside: boolean;
}

const parallel = (e: Edge, g: Edge) => {
  const d1 = [e[1][0] - e[0][0], e[1][1] - e[0][1]];
  const d2 = [g[1][0] - g[0][0], g[1][1] - g[0][1]];
  return d1[0] === d2[0] && d1[1] === d2[1];
};
const touches = (e: Edge, g: Edge) => e.some((p) => g.some((q) => vertexKey(p) === vertexKey(q)));

/** Every way to lay a river diamond of `shape` on the open end, lengthening the river into empty ground. */
function riverPlacements(land: Landscape, shape: NonNullable<PrintedTile['shape']>): RiverPlacement[] {
  const entry = land.openEdge!;
  const f1 = land.reserved();
  if (!f1 || !land.empty(f1)) return [];
  const out: RiverPlacement[] = [];
  for (const f2 of faceNeighbours(f1)) {
    if (!land.empty(f2)) continue;
    const inner = sharedEdge(f1, f2)!;
    const f1Other = faceEdges(f1).find((e) => edgeKey(e) !== edgeKey(entry) && edgeKey(e) !== edgeKey(inner))!;
    const f2Outer = faceEdges(f2).filter((e) => edgeKey(e) !== edgeKey(inner));
    let exit: Edge | undefined;
    if (shape === 'sharp') exit = f1Other;
    else if (shape === 'straight') exit = f2Outer.find((e) => parallel(e, entry));
    else exit = f2Outer.find((e) => !parallel(e, entry) && touches(e, entry));
    if (!exit) continue;
    const beyond = edgeFaces(exit).find((f) => faceKey(f) !== faceKey(f1) && faceKey(f) !== faceKey(f2))!;
    // The river must run on into unexplored ground, never into land or over the cliff; and it
    // never turns back down to the cliff line, so it runs visibly from the spring to the waterfall.
    if (!land.empty(beyond) || onCliffLine(f2) || onCliffLine(beyond)) continue;
    out.push({ faces: [f1, f2], exit, crossesInside: shape !== 'sharp' });
  }
  return out;
}

function placeSpring(land: Landscape): void {
  const face = land.reserved();
  if (!face || !land.empty(face)) return;
  land.crossings.push(land.openEdge!);
  const tile = land.place('spring', TILE_SET.spring, [face]);
  land.river.push(tile.id);
  land.springTile = tile.id;
  land.openEdge = undefined;
}

/** Step 1: lengthen the river next to the prospector where possible; the spring when nothing fits. */
function exploreRiver(land: Landscape, rng: Rng, at: Vertex): void {
  for (let tries = land.riverStack.length; tries > 0; tries--) {
    const printed = land.riverStack.shift()!;
    const options = riverPlacements(land, printed.shape!);
    if (options.length === 0) {
      land.riverStack.push(printed);
      continue;
    }
    const beside = options.filter((o) => o.faces.some((f) => corners(f).some((c) => vertexKey(c) === vertexKey(at))));
    const choice = rng.pick(beside.length > 0 ? beside : options);
    land.crossings.push(land.openEdge!);
    if (choice.crossesInside) land.crossings.push(sharedEdge(choice.faces[0], choice.faces[1])!);
    const tile = land.place('river', printed, choice.faces);
    land.river.push(tile.id);
    land.openEdge = choice.exit;
    return;
  }
  placeSpring(land);
}

/** Empty neighbours a face would still have, to prefer diamonds that leave no stranded triangle. */
function openNeighbours(land: Landscape, f: Face, except: Face): number {
  return faceNeighbours(f).filter((g) => faceKey(g) !== faceKey(except) && land.empty(g) && !land.isReserved(g)).length;
}

/** Step 2: land diamonds until every face around the intersection is covered. */
function exploreLand(land: Landscape, rng: Rng, at: Vertex): void {
  for (const f of facesAround(at)) {
    if (land.landStack.length === 0) return;
    if (!land.empty(f) || land.isReserved(f)) continue;
    const partners = faceNeighbours(f).filter((g) => land.empty(g) && !land.isReserved(g));
    if (partners.length === 0) continue;
    // Prefer partners around the same intersection, then ones that strand no neighbour.
    const around = new Set(facesAround(at).map(faceKey));
    const score = (g: Face) => (around.has(faceKey(g)) ? 4 : 0) - faceNeighbours(g).filter((h) => faceKey(h) !== faceKey(f) && land.empty(h) && openNeighbours(land, h, g) === 0).length * 3;
    const best = Math.max(...partners.map(score));
    const partner = rng.pick(partners.filter((g) => score(g) === best));
    land.place('land', land.landStack.shift()!, [f, partner]);
    land.landPlaced++;
  }
}

/** Step 3: enclosed triangular gaps get triangle tiles, or the spring where the river flows out. */
function fillGaps(land: Landscape): void {
  // Only faces next to something placed since the last look can have become enclosed.
  while (land.fresh.length > 0) {
    const placed = land.fresh;
    land.fresh = [];
    const seen = new Set<number>();
    for (const face of placed) {
      for (const g of faceNeighbours(face)) {
        const key = faceId(g);
        if (seen.has(key) || !land.empty(g)) continue;
        seen.add(key);
        const open = faceNeighbours(g).filter((h) => land.empty(h));
        if (land.isReserved(g)) {
          // The river flows out of an enclosed triangle, or a diamond-shaped pocket.
          const pocket = open.length === 0 || (open.length === 1 && faceNeighbours(open[0]!).filter((h) => land.empty(h) && faceId(h) !== key).length === 0);
          if (pocket) placeSpring(land);
          continue;
        }
        if (open.length === 0 && land.triangleStack.length > 0) land.place('triangle', land.triangleStack.shift()!, [g]);
      }
    }
  }
}

function explore(land: Landscape, rng: Rng, at: Vertex): void {
  const before = land.tiles.length;
  exploreSteps(land, rng, at);
  if (land.tiles.length === before) land.exhausted.add(vertexId(at));
}

function exploreSteps(land: Landscape, rng: Rng, at: Vertex): void {
  if (land.riverNear(at) && land.springTile === undefined) exploreRiver(land, rng.fork('river'), at);
  exploreLand(land, rng.fork('land'), at);
  fillGaps(land);
  if (land.landPlaced >= LAND_TILES && land.springTile === undefined) {
    placeSpring(land);
    fillGaps(land);
  }
}

/** Edges a prospector may walk while exploring: any edge of an explored tile. */
function walkable(land: Landscape, a: Vertex, b: Vertex): boolean {
  const [f, g] = edgeFaces(edge(a, b));
  return land.owner.has(faceId(f)) || land.owner.has(faceId(g));
}

/** A path (without `from`) to one of the nearest partly unexplored intersections, chosen by the stream. */
function planRoute(land: Landscape, rng: Rng, from: Vertex): Vertex[] | undefined {
  const parent = new Map<number, Vertex | undefined>([[vertexId(from), undefined]]);
  const queue: Array<[Vertex, number]> = [[from, 0]];
  const targets: Array<[Vertex, number]> = [];
  let limit = Infinity;
  for (let head = 0; head < queue.length; head++) {
    const [v, d] = queue[head]!;
    if (d > limit) break;
    if (d > 0 && land.partlyUnexplored(v)) {
      targets.push([v, d]);
      // Look a little past the nearest, so exploration wanders rather than spirals.
      if (limit === Infinity) limit = d + 2;
      continue;
    }
    for (const n of vertexNeighbours(v)) {
      const key = vertexId(n);
      if (parent.has(key) || !walkable(land, v, n)) continue;
      parent.set(key, v);
      queue.push([n, d + 1]);
    }
  }
  if (targets.length === 0) return undefined;
  const [target] = rng.pick(targets);
  const route: Vertex[] = [target];
  for (let p = parent.get(vertexId(target)); p && vertexId(p) !== vertexId(from); p = parent.get(vertexId(p))) route.unshift(p);
  return route;
}

/**
 * Replays exploration: seeded virtual prospectors take turns walking from the trading post to
 * partly unexplored intersections and exploring them as the rules say (river, land diamonds,
 * enclosed gaps, markers) until the last land tile is down; then the spring (if not yet) and
 * the ice block. The document keeps each tile's placement order.
 */
export function generateLostValley(seed: string, options: LostValleyOptions): LostValleyMap {
  const rng = Rng.fromSeed(`${GAME_ID}\u001f${seed}`);
  const land = new Landscape(rng.fork('stacks'), options);
  const start = land.place('start', TILE_SET.start, START_FACES);
  land.river.push(start.id);
  const walkers = Array.from({ length: options.players }, (_, i) => ({ at: TRADING_POST as Vertex, rng: rng.fork(`prospector-${i}`), route: [] as Vertex[] }));
  const exploring = rng.fork('explore');
  for (let turn = 0; turn < MAX_TURNS && land.landPlaced < LAND_TILES && land.landStack.length > 0; turn++) {
    const p = walkers[turn % walkers.length]!;
    if (land.partlyUnexplored(p.at)) {
      explore(land, exploring, p.at);
      continue;
    }
    // A prospector keeps to its route while the place it heads for is still worth exploring.
    const goal = p.route[p.route.length - 1];
    if (!goal || !land.partlyUnexplored(goal) || !walkable(land, p.at, p.route[0]!)) p.route = planRoute(land, p.rng, p.at) ?? [];
    const step = p.route.shift();
    if (!step) continue;
    p.at = step;
    if (land.partlyUnexplored(step)) explore(land, exploring, step);
  }
  if (land.springTile === undefined) placeSpring(land);
  fillGaps(land);

  const fords = land.crossings.slice(0, 2);
  const pair = (e: Edge) => [[e[0][0], e[0][1]], [e[1][0], e[1][1]]] as [[number, number], [number, number]];
  const doc: LostValleyMap = {
    fords: fords.map(pair),
    game: GAME_ID,
    generator: { name: 'goldmaps', version: GENERATOR_VERSION },
    ...(land.springTile ? { iceBlock: land.springTile } : {}),
    markers: land.markers,
    options: { gold: options.gold, ice: options.ice, players: options.players, river: options.river },
    river: land.river,
    riverCrossings: land.crossings.map(pair),
    seed,
    tiles: land.tiles,
    tradingPost: [TRADING_POST[0], TRADING_POST[1]],
  };
  setMapDigest(doc);
  return doc;
}
