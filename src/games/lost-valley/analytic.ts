import { corners, isFace, vertexKey, type Face } from '../../geometry/trilattice/lattice.ts';
import { round2 } from '../../core/difficulty.ts';
import { MinHeap } from '../../core/min-heap.ts';
import { ICE_ROLL, type FaceTriple, type LostValleyMap } from './model.ts';
import { movementGraph, turnsOnFoot, type MovementGraph } from './movement.ts';

/**
 * What the analytic score reads off a Lost Valley landscape: counts, what the map offers and
 * withholds, and route costs from the trading post (pathfinding on the movement graph). No game
 * is played here.
 */
export type LostValleyMetrics = {
  players: number;
  riverTiles: number;
  /** Expected rounds for the ice block to reach the waterfall once it runs: a move on the `ice` roll at the end of each turn. */
  iceRounds: number;
  goldTotal: number;
  goldReachable: number;
  sites: Array<{ tile: string; kind: 'rivergold' | 'mountaingold'; gold: number; turns: number; needs: string }>;
  meanTurnsToGold: number;
  canalShare: number;
  danger: number;
  /** Share of the gold on the board that is mountain gold (3–4 a marker, needs a mine). */
  mountainShare: number;
  /** Gold within a few turns on foot of the trading post. */
  goldNear: number;
  /** Tiles that feed a prospector: fish, lakes, river tiles, animals. */
  foodSites: number;
  forests: number;
  /** Gold by how it is mined: mountain gold (a mine), river gold beside water, river gold behind a canal. */
  goldMountain: number;
  goldWatered: number;
  goldCanal: number;
  /** Mean turns on foot from the trading post to the land tiles: how long exploring takes, and so when the ice starts. */
  turnsToLand: number;
  /** Route and supply measures the analytic model reads besides the above (see `features`). */
  routes: Routes;
};

/** Route and supply measures: what the map offers a prospector and how far it lies, in turns. */
export interface Routes {
  /** Gold within 2, 3 and 6 turns on foot of the trading post. */
  gold2: number;
  gold3: number;
  gold6: number;
  /** Gold-weighted mean turns to gold for a prospector with a horse and a boat (two edges overland, three along or across the river a turn). */
  meanTurnsToGoldFast: number;
  /** Turns on foot to the farthest land tile: the last one turned up brings the ice. */
  turnsToLandMax: number;
  /** Gold markers (one a mining action) of each kind, and the tiles that hold gold. */
  riverMarkers: number;
  mountainMarkers: number;
  goldSites: number;
  /** River gold with food at hand (fish, lake, river, an animal at a corner of its tile); mountain gold with a forest at hand (timber). */
  riverGoldFed: number;
  mountainGoldTimbered: number;
  /** Event markers, and those within 4 turns on foot. */
  events: number;
  eventsNear: number;
  /**
   * Gold per prospector if the table shares out the sites best worth their time first (gold per
   * turn of the walk there and back, the mining actions and, for a mine or a canal, building it),
   * within 10, 20 or 35 turns a prospector, or within the ice's time after exploring.
   */
  harvest10: number;
  harvest20: number;
  harvest35: number;
  harvestIce: number;
  /** Rounds until the land is all turned up in the exploration relaxation (the ice then starts). */
  exploreRounds: number;
  /** Gold-weighted mean round its tile turns up in that relaxation; gold turned up in its first half. */
  goldFoundMean: number;
  goldFoundEarly: number;
  /** harvest over the whole race: the exploration relaxation's rounds and the ice's. */
  harvestGame: number;
  /** Gold markers on the board per prospector (ten announce the end). */
  markersPerPlayer: number;
  /** The `gold` option: the rich tiles on top of the stack (near) or at the bottom (far). */
  stackNear: number;
  stackFar: number;
}

/** The version of the feature set this code computes: a model fitted on another fails loudly. */
export const SCORE_MODEL_VERSION = 'lost-valley-analytic-1';

/** The features the model reads, in its order. */
export const SCORE_FEATURES: readonly string[] = Object.freeze([
  'iceRounds', 'logIceRounds', 'riverTiles', 'goldTotal', 'goldWatered', 'goldCanal', 'goldMountain', 'goldReachable', 'goldNear',
  'gold2', 'gold3', 'gold6', 'meanTurnsToGold', 'meanTurnsToGoldFast', 'turnsToLand', 'turnsToLandMax', 'riverMarkers', 'mountainMarkers', 'goldSites',
  'riverGoldFed', 'mountainGoldTimbered', 'foodSites', 'forests', 'danger', 'events', 'eventsNear',
  'harvest10', 'harvest20', 'harvest35', 'harvestIce', 'stackNear', 'stackFar',
  'exploreRounds', 'goldFoundMean', 'goldFoundEarly', 'harvestGame', 'markersPerPlayer', 'gameRounds', 'logGameRounds',
]);

const ANIMAL_DANGER: Record<string, number> = { rat: 0, deer: 0, wolf: 1, bear: 2 };

/** The landscape features the fitted model reads, by name (SCORE_FEATURES). */
export function features(m: LostValleyMetrics): Record<string, number> {
  const r = m.routes;
  return {
    iceRounds: m.iceRounds,
    logIceRounds: Math.log(1 + m.iceRounds),
    riverTiles: m.riverTiles,
    goldTotal: m.goldTotal,
    goldWatered: m.goldWatered,
    goldCanal: m.goldCanal,
    goldMountain: m.goldMountain,
    goldReachable: m.goldReachable,
    goldNear: m.goldNear,
    gold2: r.gold2,
    gold3: r.gold3,
    gold6: r.gold6,
    meanTurnsToGold: m.meanTurnsToGold,
    meanTurnsToGoldFast: r.meanTurnsToGoldFast,
    turnsToLand: m.turnsToLand,
    turnsToLandMax: r.turnsToLandMax,
    riverMarkers: r.riverMarkers,
    mountainMarkers: r.mountainMarkers,
    goldSites: r.goldSites,
    riverGoldFed: r.riverGoldFed,
    mountainGoldTimbered: r.mountainGoldTimbered,
    foodSites: m.foodSites,
    forests: m.forests,
    danger: m.danger,
    events: r.events,
    eventsNear: r.eventsNear,
    harvest10: r.harvest10,
    harvest20: r.harvest20,
    harvest35: r.harvest35,
    harvestIce: r.harvestIce,
    stackNear: r.stackNear,
    stackFar: r.stackFar,
    exploreRounds: r.exploreRounds,
    goldFoundMean: r.goldFoundMean,
    goldFoundEarly: r.goldFoundEarly,
    harvestGame: r.harvestGame,
    markersPerPlayer: r.markersPerPlayer,
    gameRounds: r.exploreRounds + m.iceRounds,
    logGameRounds: Math.log(1 + r.exploreRounds + m.iceRounds),
  };
}

/** Turns on foot within which gold counts as near the trading post. */
const NEAR_TURNS = 4;

/** The intersections at a tile's corners. */
function tileCorners(faces: readonly FaceTriple[], graph: MovementGraph): number[] {
  const out: number[] = [];
  for (const f of faces) {
    if (!isFace(f)) continue;
    for (const c of corners(f as Face)) {
      const i = graph.index.get(vertexKey(c));
      if (i !== undefined && !out.includes(i)) out.push(i);
    }
  }
  return out;
}

/** Fewest turns from the post to a corner of the tile (Infinity when none is reached). */
function nearest(at: readonly number[], turns: Float64Array): number {
  let best = Infinity;
  for (const i of at) best = Math.min(best, turns[i] as number);
  return best;
}

/** Turns with a horse and a boat: two edges overland (or at a ford) a turn, three along or across the river. */
function turnsEquipped(g: MovementGraph, start: number): Float64Array {
  const dist = new Float64Array(g.vertices.length).fill(Infinity);
  if (start < 0) return dist;
  const heap = new MinHeap();
  dist[start] = 0;
  heap.push(0, start);
  while (heap.size > 0) {
    const { priority, value: x } = heap.pop();
    if (priority > (dist[x] as number)) continue;
    for (const [y, kind] of g.links[x]!) {
      const d = priority + (kind === 'river' || kind === 'across' ? 1 / 3 : 0.5);
      if (d < (dist[y] as number)) {
        dist[y] = d;
        heap.push(d, y);
      }
    }
  }
  return dist;
}

interface Site {
  tile: string;
  kind: 'rivergold' | 'mountaingold';
  gold: number;
  markers: number;
  turns: number;
  fast: number;
  needs: 'mine' | 'canal' | 'water';
  fed: boolean;
  timbered: boolean;
  /** The round the exploration relaxation turns the tile up. */
  found: number;
}

/**
 * Gold per prospector when `players` prospectors with `turns` turns each take the sites best
 * worth their time first: a site costs the walk there and back, an action a marker and, for a mine
 * or a canal, two more turns to build it (a fraction of the last site counts).
 */
function harvest(sites: readonly Site[], players: number, turns: number): number {
  let budget = players * Math.max(0, turns);
  let gold = 0;
  const priced = sites
    .filter((s) => Number.isFinite(s.turns))
    .map((s, i) => ({ s, i, cost: 2 * s.turns + s.markers * (s.needs === 'mine' ? 1.5 : 1) + (s.needs === 'mine' ? 3 : s.needs === 'canal' ? 2 : 0) }))
    .sort((a, b) => b.s.gold / b.cost - a.s.gold / a.cost || a.i - b.i);
  for (const { s, cost } of priced) {
    if (budget <= 0) break;
    const share = Math.min(1, budget / cost);
    gold += share * s.gold;
    budget -= cost;
  }
  return round2(gold / Math.max(1, players));
}

/** Turns on foot from intersection `start` (index) to every intersection, as turnsOnFoot counts them. */
function footFrom(g: MovementGraph, start: number, heap: MinHeap): Float64Array {
  const dist = new Float64Array(g.vertices.length).fill(Infinity);
  dist[start] = 0;
  heap.push(0, start);
  while (heap.size > 0) {
    const { priority, value: x } = heap.pop();
    if (priority > (dist[x] as number)) continue;
    for (const [y, kind] of g.links[x]!) {
      if (kind === 'across') continue;
      const d = priority + (kind === 'river' ? 0.5 : 1);
      if (d < (dist[y] as number)) {
        dist[y] = d;
        heap.push(d, y);
      }
    }
  }
  return dist;
}

/**
 * How long the table takes to turn up the land, as a relaxation of exploring (no rules, no dice, no
 * player): prospectors leave the post in turn, each walking (on foot, as if every edge were open)
 * to the nearest intersection that would turn up a land tile still face down (the most tiles
 * breaking ties); returns when each tile turns up, in rounds, and the round the last does.
 */
function exploration(g: MovementGraph, post: number, tilesAt: readonly (readonly number[])[], isLand: readonly boolean[], players: number): { revealed: Float64Array; last: number } {
  const revealed = new Float64Array(isLand.length).fill(Infinity);
  let left = isLand.filter(Boolean).length;
  if (post < 0) return { revealed, last: 0 };
  const heap = new MinHeap();
  const at = Array.from({ length: players }, () => post);
  const time = new Float64Array(players);
  const show = (v: number, t: number) => {
    for (const tile of tilesAt[v]!) if (revealed[tile] === Infinity) {
      revealed[tile] = t;
      if (isLand[tile]) left--;
    }
  };
  show(post, 0);
  let last = 0;
  for (let step = 0; left > 0 && step < 200; step++) {
    let who = 0;
    for (let k = 1; k < players; k++) if (time[k]! < time[who]!) who = k;
    const dist = footFrom(g, at[who]!, heap);
    let best = -1;
    let bestDist = Infinity;
    let bestNew = 0;
    for (let v = 0; v < dist.length; v++) {
      const d = dist[v]!;
      if (!Number.isFinite(d) || d > bestDist) continue;
      let fresh = 0;
      for (const tile of tilesAt[v]!) if (revealed[tile] === Infinity && isLand[tile]) fresh++;
      if (fresh === 0) continue;
      if (d < bestDist || fresh > bestNew) {
        best = v;
        bestDist = d;
        bestNew = fresh;
      }
    }
    if (best < 0) break;
    // A turn moves at most one overland edge: at least a turn a move.
    time[who] = time[who]! + Math.max(1, Math.ceil(bestDist));
    at[who] = best;
    show(best, time[who]!);
    last = time[who]!;
  }
  return { revealed, last };
}

/** Everything read off the landscape itself, without playing. */
export function landscapeMetrics(map: LostValleyMap, graph: MovementGraph = movementGraph(map)): LostValleyMetrics {
  const players = map.options?.players ?? 4;
  const turns = turnsOnFoot(graph, map.tradingPost as unknown as [number, number]);
  const post = graph.index.get(vertexKey(map.tradingPost as unknown as [number, number])) ?? -1;
  const fastTurns = turnsEquipped(graph, post);
  const riverTiles = Math.max(0, map.river.length - 1);
  // The ice moves a tile on a roll of ICE_ROLL or more at the end of each turn.
  const iceRounds = (riverTiles * 6) / (7 - (ICE_ROLL[map.options?.ice ?? 'normal'] ?? 5)) / players;
  const riverIds = new Set(map.river);
  const byTile = new Map(map.tiles.map((t) => [t.id, t] as const));
  const cornersOf = new Map(map.tiles.map((t) => [t.id, tileCorners(t.faces, graph)] as const));
  const gold = new Map<string, { kind: 'rivergold' | 'mountaingold'; gold: number; markers: number }>();
  const animals = new Set<string>();
  const eventTiles: string[] = [];
  let danger = 0;
  for (const m of map.markers) {
    if (m.kind === 'rivergold' || m.kind === 'mountaingold') {
      const g = gold.get(m.tile) ?? { kind: m.kind, gold: 0, markers: 0 };
      g.gold += m.value ?? 0;
      g.markers++;
      gold.set(m.tile, g);
    } else if (m.kind === 'animal') {
      danger += ANIMAL_DANGER[m.type ?? ''] ?? 0;
      animals.add(m.tile);
    } else if (m.kind === 'event') eventTiles.push(m.tile);
  }
  if (map.tiles.some((t) => t.symbols?.bearCave)) danger += 1;
  // What lies at each intersection: food (fish, a lake, the river, an animal) and timber (a forest).
  const food = new Uint8Array(graph.vertices.length);
  const timber = new Uint8Array(graph.vertices.length);
  let foodSites = 0;
  let forests = 0;
  for (const t of map.tiles) {
    const feeds = Boolean(t.symbols?.fish) || t.terrain === 'lake' || t.kind === 'river' || animals.has(t.id);
    if (feeds) foodSites++;
    if (t.terrain === 'forest') forests++;
    for (const v of cornersOf.get(t.id)!) {
      if (feeds || riverIds.has(t.id)) food[v] = 1;
      if (t.terrain === 'forest') timber[v] = 1;
    }
  }
  const tileIndex = new Map(map.tiles.map((t, i) => [t.id, i] as const));
  const tilesAt: number[][] = graph.vertices.map(() => []);
  map.tiles.forEach((t, i) => {
    for (const v of cornersOf.get(t.id)!) tilesAt[v]!.push(i);
  });
  const explored = exploration(graph, post, tilesAt, map.tiles.map((t) => t.kind === 'land'), players);
  const sites: Site[] = [];
  for (const [tileId, g] of gold) {
    const tile = byTile.get(tileId);
    if (!tile) continue;
    const at = cornersOf.get(tileId)!;
    const needs = g.kind === 'mountaingold' ? 'mine' : tile.terrain === 'tundra' ? 'canal' : 'water';
    sites.push({ tile: tileId, kind: g.kind, gold: g.gold, markers: g.markers, turns: nearest(at, turns), fast: nearest(at, fastTurns), needs, fed: at.some((v) => food[v] === 1), timbered: at.some((v) => timber[v] === 1), found: explored.revealed[tileIndex.get(tileId)!]! });
  }
  const reach = sites.filter((s) => Number.isFinite(s.turns));
  const sum = (list: readonly Site[]) => list.reduce((a, s) => a + s.gold, 0);
  const within = (n: number) => sum(reach.filter((s) => Math.ceil(s.turns) <= n));
  const goldTotal = sum(sites);
  const meanOver = (list: readonly Site[], key: 'turns' | 'fast') => (list.length ? list.reduce((a, s) => a + Math.ceil(s[key]) * s.gold, 0) / Math.max(1, sum(list)) : 0);
  const river = sites.filter((s) => s.kind === 'rivergold');
  const mountain = sites.filter((s) => s.kind === 'mountaingold');
  const land = map.tiles.filter((t) => t.kind === 'land').map((t) => nearest(cornersOf.get(t.id)!, turns)).filter(Number.isFinite);
  const turnsToLand = land.length ? land.reduce((a, b) => a + b, 0) / land.length : 0;
  const turnsToLandMax = land.length ? Math.max(...land) : 0;
  const events = eventTiles.map((id) => nearest(cornersOf.get(id) ?? [], turns));
  const option = map.options?.gold ?? 'scattered';
  return {
    players,
    riverTiles,
    iceRounds: round2(iceRounds),
    goldTotal,
    goldReachable: sum(reach.filter((s) => Math.ceil(s.turns) <= iceRounds)),
    sites: sites.map((s) => ({ tile: s.tile, kind: s.kind, gold: s.gold, turns: Number.isFinite(s.turns) ? Math.ceil(s.turns) : -1, needs: s.needs })),
    meanTurnsToGold: round2(meanOver(reach, 'turns')),
    canalShare: river.length ? Math.round((1000 * sum(river.filter((s) => s.needs === 'canal'))) / Math.max(1, sum(river))) / 1000 : 0,
    danger,
    mountainShare: goldTotal > 0 ? Math.round((1000 * sum(mountain)) / goldTotal) / 1000 : 0,
    goldNear: within(NEAR_TURNS),
    foodSites,
    forests,
    goldMountain: sum(mountain),
    goldWatered: sum(river.filter((s) => s.needs === 'water')),
    goldCanal: sum(river.filter((s) => s.needs === 'canal')),
    turnsToLand: round2(turnsToLand),
    routes: {
      gold2: within(2),
      gold3: within(3),
      gold6: within(6),
      meanTurnsToGoldFast: round2(meanOver(sites.filter((s) => Number.isFinite(s.fast)), 'fast')),
      turnsToLandMax: round2(turnsToLandMax),
      riverMarkers: river.reduce((a, s) => a + s.markers, 0),
      mountainMarkers: mountain.reduce((a, s) => a + s.markers, 0),
      goldSites: sites.length,
      riverGoldFed: sum(river.filter((s) => s.fed)),
      mountainGoldTimbered: sum(mountain.filter((s) => s.timbered)),
      events: events.length,
      eventsNear: events.filter((t) => Math.ceil(t) <= NEAR_TURNS).length,
      harvest10: harvest(sites, players, 10),
      harvest20: harvest(sites, players, 20),
      harvest35: harvest(sites, players, 35),
      harvestIce: harvest(sites, players, iceRounds + 2 * turnsToLand),
      exploreRounds: explored.last,
      goldFoundMean: round2(reach.length ? reach.reduce((a, s) => a + (Number.isFinite(s.found) ? s.found : explored.last) * s.gold, 0) / Math.max(1, sum(reach)) : 0),
      goldFoundEarly: sum(sites.filter((s) => s.found <= explored.last / 2)),
      harvestGame: harvest(sites, players, explored.last + iceRounds),
      markersPerPlayer: round2((river.reduce((a, s) => a + s.markers, 0) + mountain.reduce((a, s) => a + s.markers, 0)) / players),
      stackNear: option === 'near' ? 1 : 0,
      stackFar: option === 'far' ? 1 : 0,
    },
  };
}

