import { isFace, isUp, type Face } from '../../geometry/trilattice/lattice.ts';
import { round2 } from '../../core/difficulty.ts';
import { shortestPaths } from '../../algorithms/shortest-paths.ts';
import { ICE_ROLL, type FaceTriple, type LostValleyMap } from './model.ts';

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
  /** Turns one prospector needs for the ten markers that let him announce the end, and the gold they are; harvest within those turns. */
  announceTurns: number;
  announceGold: number;
  harvestAnnounce: number;
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
  'iceRounds',
  'logIceRounds',
  'riverTiles',
  'goldTotal',
  'goldWatered',
  'goldCanal',
  'goldMountain',
  'goldReachable',
  'goldNear',
  'gold2',
  'gold3',
  'gold6',
  'meanTurnsToGold',
  'meanTurnsToGoldFast',
  'turnsToLand',
  'turnsToLandMax',
  'riverMarkers',
  'mountainMarkers',
  'goldSites',
  'riverGoldFed',
  'mountainGoldTimbered',
  'foodSites',
  'forests',
  'danger',
  'events',
  'eventsNear',
  'harvest10',
  'harvest20',
  'harvest35',
  'harvestIce',
  'stackNear',
  'stackFar',
  'markersPerPlayer',
  'announceTurns',
  'announceGold',
  'harvestAnnounce',
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
    markersPerPlayer: r.markersPerPlayer,
    announceTurns: r.announceTurns,
    announceGold: r.announceGold,
    harvestAnnounce: r.harvestAnnounce,
  };
}

/** Turns on foot within which gold counts as near the trading post. */
const NEAR_TURNS = 4;

const numericKey = (a: number, b: number) => (a + 4096) * 8192 + (b + 4096);
/** An edge's key from its two ends' keys, lower first (below 2^52: exact). */
const edgeNumber = (p: number, q: number) => (p < q ? p * 67108864 + q : q * 67108864 + p);

/** 0 overland, 1 along the river, 2 across it (boat only), 3 a ford. */
type LinkKind = 0 | 1 | 2 | 3;

/**
 * The movement graph as movement.ts builds it (tile outlines only; an edge's kind: a ford, across
 * the river, along a river tile, else overland; a riverbank wins over overland), on numeric keys:
 * the score reads only distances and corners off it, which do not depend on the order it is built in.
 */
interface RouteGraph {
  index: Map<number, number>;
  links: Array<Array<[number, LinkKind]>>;
}

function routeGraph(map: LostValleyMap): RouteGraph {
  const vkey = (v: readonly number[]) => numericKey(v[0]!, v[1]!);
  const pairs = (list: LostValleyMap['fords']) => new Set(list.map((e) => edgeNumber(vkey(e[0]), vkey(e[1]))));
  const fords = pairs(map.fords);
  const crossings = pairs(map.riverCrossings);
  const riverTiles = new Set(map.river);
  const kinds = new Map<number, { p: number; q: number; kind: LinkKind }>();
  const seen = new Map<number, { p: number; q: number; n: number }>();
  for (const tile of map.tiles) {
    seen.clear();
    for (const f of tile.faces) {
      if (!isFace(f)) continue;
      const [a, b] = f;
      const c = isUp(f as Face)
        ? [numericKey(a - 1, b - 1), numericKey(a, b - 1), numericKey(a - 1, b)]
        : [numericKey(a, b - 1), numericKey(a - 1, b), numericKey(a, b)];
      for (let k = 0; k < 3; k++) {
        const p = c[k]!;
        const q = c[(k + 1) % 3]!;
        const e = edgeNumber(p, q);
        const known = seen.get(e);
        if (known) known.n++;
        else seen.set(e, { p, q, n: 1 });
      }
    }
    const wet = riverTiles.has(tile.id);
    for (const [e, { p, q, n }] of seen) {
      if (n !== 1) continue;
      const kind: LinkKind = fords.has(e) ? 3 : crossings.has(e) ? 2 : wet ? 1 : 0;
      const known = kinds.get(e);
      if (!known || (known.kind === 0 && kind !== 0)) kinds.set(e, { p, q, kind });
    }
  }
  const index = new Map<number, number>();
  const links: Array<Array<[number, LinkKind]>> = [];
  const id = (k: number) => {
    let i = index.get(k);
    if (i === undefined) {
      i = links.length;
      index.set(k, i);
      links.push([]);
    }
    return i;
  };
  for (const { p, q, kind } of kinds.values()) {
    const a = id(p);
    const b = id(q);
    links[a]!.push([b, kind]);
    links[b]!.push([a, kind]);
  }
  return { index, links };
}

/** The intersections at a tile's corners (a face's corners as lattice.ts `corners` gives them). */
function tileCorners(faces: readonly FaceTriple[], index: ReadonlyMap<number, number>): number[] {
  const out: number[] = [];
  const add = (a: number, b: number) => {
    const i = index.get(numericKey(a, b));
    if (i !== undefined && !out.includes(i)) out.push(i);
  };
  for (const f of faces) {
    if (!isFace(f)) continue;
    const [a, b] = f;
    if (isUp(f as Face)) {
      add(a - 1, b - 1);
      add(a, b - 1);
      add(a - 1, b);
    } else {
      add(a, b - 1);
      add(a - 1, b);
      add(a, b);
    }
  }
  return out;
}

/** Turns per link kind: on foot one edge overland (or at a ford) or two along the river, never across; equipped (a horse and a boat) two overland, three along or across. */
const ON_FOOT = [1, 0.5, Infinity, 1];
const EQUIPPED = [0.5, 1 / 3, 1 / 3, 0.5];

function turnsFrom(g: RouteGraph, start: number, cost: readonly number[]): Float64Array {
  return shortestPaths(g.links, start, (kind) => cost[kind]!);
}

/** Fewest turns from the post to a corner of the tile (Infinity when none is reached). */
function nearest(at: readonly number[], turns: Float64Array): number {
  let best = Infinity;
  for (const i of at) best = Math.min(best, turns[i] as number);
  return best;
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
    .map((s, i) => ({
      s,
      i,
      cost: 2 * s.turns + s.markers * (s.needs === 'mine' ? 1.5 : 1) + (s.needs === 'mine' ? 3 : s.needs === 'canal' ? 2 : 0),
    }))
    .sort((a, b) => b.s.gold / b.cost - a.s.gold / a.cost || a.i - b.i);
  for (const { s, cost } of priced) {
    if (budget <= 0) break;
    const share = Math.min(1, budget / cost);
    gold += share * s.gold;
    budget -= cost;
  }
  return round2(gold / Math.max(1, players));
}

/**
 * Turns a prospector needs to hold ANNOUNCE markers (ten end the race) taking the sites best worth
 * their time in markers first, as `harvest` prices them, and the gold those markers are.
 */
function toAnnounce(sites: readonly Site[]): { turns: number; gold: number } {
  const priced = sites
    .filter((s) => Number.isFinite(s.turns) && s.markers > 0)
    .map((s, i) => ({
      s,
      i,
      cost: 2 * s.turns + s.markers * (s.needs === 'mine' ? 1.5 : 1) + (s.needs === 'mine' ? 3 : s.needs === 'canal' ? 2 : 0),
    }))
    .sort((a, b) => b.s.markers / b.cost - a.s.markers / a.cost || a.i - b.i);
  let need = ANNOUNCE;
  let turns = 0;
  let gold = 0;
  for (const { s, cost } of priced) {
    if (need <= 0) break;
    const share = Math.min(1, need / s.markers);
    turns += share * cost;
    gold += share * s.gold;
    need -= s.markers;
  }
  return need > 0 ? { turns: 99, gold } : { turns: round2(turns), gold: round2(gold) };
}
const ANNOUNCE = 10;

/** Everything read off the landscape itself, without playing. */
export function landscapeMetrics(map: LostValleyMap): LostValleyMetrics {
  const players = map.options?.players ?? 4;
  const graph = routeGraph(map);
  const post = graph.index.get(numericKey(map.tradingPost[0], map.tradingPost[1])) ?? -1;
  const turns = turnsFrom(graph, post, ON_FOOT);
  const fastTurns = turnsFrom(graph, post, EQUIPPED);
  const riverTiles = Math.max(0, map.river.length - 1);
  // The ice moves a tile on a roll of ICE_ROLL or more at the end of each turn.
  const iceRounds = (riverTiles * 6) / (7 - (ICE_ROLL[map.options?.ice ?? 'normal'] ?? 5)) / players;
  const riverIds = new Set(map.river);
  const byTile = new Map(map.tiles.map((t) => [t.id, t] as const));
  const cornersOf = new Map(map.tiles.map((t) => [t.id, tileCorners(t.faces, graph.index)] as const));
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
  const food = new Uint8Array(graph.links.length);
  const timber = new Uint8Array(graph.links.length);
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
  const sites: Site[] = [];
  for (const [tileId, g] of gold) {
    const tile = byTile.get(tileId);
    if (!tile) continue;
    const at = cornersOf.get(tileId)!;
    const needs = g.kind === 'mountaingold' ? 'mine' : tile.terrain === 'tundra' ? 'canal' : 'water';
    sites.push({
      tile: tileId,
      kind: g.kind,
      gold: g.gold,
      markers: g.markers,
      turns: nearest(at, turns),
      fast: nearest(at, fastTurns),
      needs,
      fed: at.some((v) => food[v] === 1),
      timbered: at.some((v) => timber[v] === 1),
    });
  }
  const reach = sites.filter((s) => Number.isFinite(s.turns));
  const sum = (list: readonly Site[]) => list.reduce((a, s) => a + s.gold, 0);
  const within = (n: number) => sum(reach.filter((s) => Math.ceil(s.turns) <= n));
  const goldTotal = sum(sites);
  const meanOver = (list: readonly Site[], key: 'turns' | 'fast') =>
    list.length ? list.reduce((a, s) => a + Math.ceil(s[key]) * s.gold, 0) / Math.max(1, sum(list)) : 0;
  const river = sites.filter((s) => s.kind === 'rivergold');
  const mountain = sites.filter((s) => s.kind === 'mountaingold');
  const land = map.tiles
    .filter((t) => t.kind === 'land')
    .map((t) => nearest(cornersOf.get(t.id)!, turns))
    .filter(Number.isFinite);
  const turnsToLand = land.length ? land.reduce((a, b) => a + b, 0) / land.length : 0;
  const turnsToLandMax = land.length ? Math.max(...land) : 0;
  const events = eventTiles.map((id) => nearest(cornersOf.get(id) ?? [], turns));
  const option = map.options?.gold ?? 'scattered';
  const announce = toAnnounce(sites);
  return {
    players,
    riverTiles,
    iceRounds: round2(iceRounds),
    goldTotal,
    goldReachable: sum(reach.filter((s) => Math.ceil(s.turns) <= iceRounds)),
    sites: sites.map((s) => ({
      tile: s.tile,
      kind: s.kind,
      gold: s.gold,
      turns: Number.isFinite(s.turns) ? Math.ceil(s.turns) : -1,
      needs: s.needs,
    })),
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
      meanTurnsToGoldFast: round2(
        meanOver(
          sites.filter((s) => Number.isFinite(s.fast)),
          'fast',
        ),
      ),
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
      announceTurns: announce.turns,
      announceGold: announce.gold,
      harvestAnnounce: harvest(sites, players, announce.turns),
      markersPerPlayer: round2((river.reduce((a, s) => a + s.markers, 0) + mountain.reduce((a, s) => a + s.markers, 0)) / players),
      stackNear: option === 'near' ? 1 : 0,
      stackFar: option === 'far' ? 1 : 0,
    },
  };
}
