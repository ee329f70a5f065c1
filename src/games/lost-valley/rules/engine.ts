import { RuleError } from '../../../core/play/rule-error.ts';
import { Rng, seedState, type RngState } from '../../../core/rng.ts';
import type { EdgeKind } from '../movement.ts';
import {
  ANIMALS,
  ANNOUNCE_MARKERS,
  BACKPACK,
  CART_SPACE,
  DRIED_FISH_FOOD,
  EVENTS,
  GEAR,
  GOODS,
  RAW_SPACE,
  RIFLE_BONUS,
  WARES,
  WORKS,
  type Raw,
  type Special,
  type Ware,
} from './prices.ts';
import { isWater, type Table } from './table.ts';

export type Mode = 'foot' | 'boat' | 'horse';
export type Work = 'trap' | 'sawmill' | 'canal' | 'mine';
export interface Marker {
  kind: string;
  value?: number;
  type?: string;
}

export interface Player {
  at: number;
  food: number;
  tool: number;
  timber: number;
  /** Gold markers in the bag, by value. */
  gold: number[];
  wares: Ware[];
  specials: Special[];
}

/** The whole game as plain data, the PRNG state included: copy it and the game copies. */
export interface GameState {
  rng: RngState;
  round: number;
  current: number;
  players: Player[];
  revealed: boolean[];
  markers: Marker[][];
  canal: boolean[];
  mine: boolean[];
  /** Works at intersections (fish trap, sawmill). */
  works: Array<Work | null>;
  stock: Record<Ware, number>;
  /** Index along table.icePath; −1 until the last land tile is explored. */
  ice: number;
  /** What is left of this turn; `arrived`: a movement this turn ended at the trading post. */
  turn: { moves: number; actions: number; whiskey: boolean; arrived: boolean };
  over: null | 'ice' | 'announced' | 'limit';
  stats: {
    moves: Record<Mode, number>;
    taken: Record<string, number>;
    bought: Record<string, number>;
    hunts: { won: number; lost: number };
    whiskey: number;
    iceFrom: number;
  };
}

export type Action =
  | { type: 'move'; mode: Mode; path: number[] }
  | { type: 'mine'; tile: number }
  | { type: 'event'; tile: number; pay: [Raw, Raw]; pick?: number }
  | { type: 'fish' }
  | { type: 'hunt'; tile: number }
  | { type: 'cut'; tile: number }
  | { type: 'build'; work: Work; tile?: number }
  | { type: 'buy'; items: Array<{ item: Ware | Raw | 'whiskey'; gold: number[]; x?: Raw | 'nugget' }> }
  | { type: 'whiskey'; phase: 'move' | 'action' }
  | { type: 'driedFish' }
  | { type: 'announce' }
  | { type: 'end' };

/** Which edges a mode may travel and how many in one movement phase. */
export const MODE_RULES: Readonly<Record<Mode, { overland: number; river: number; across: boolean }>> = Object.freeze({
  // On foot: one edge overland (a ford counts as overland) or two along the river.
  foot: { overland: 1, river: 2, across: false },
  // By boat: up to three along the river, crossing it as it likes; never overland.
  boat: { overland: 0, river: 3, across: true },
  horse: { overland: 2, river: 2, across: false },
});

export const MAX_ROUNDS = 150;

export function newGame(table: Table, seed: string): GameState {
  const players = Array.from(
    { length: table.players },
    (): Player => ({ at: table.post, food: 1, tool: 3, timber: 1, gold: [], wares: [], specials: ['whiskey', 'whiskey'] }),
  );
  const state: GameState = {
    rng: seedState(seed),
    round: 1,
    current: 0,
    players,
    revealed: table.tiles.map(() => false),
    markers: table.markers.map((list) => list.map((m) => ({ ...m }))),
    canal: table.tiles.map(() => false),
    mine: table.tiles.map(() => false),
    works: table.vertices.map(() => null),
    stock: Object.fromEntries(Object.entries(WARES).map(([k, w]) => [k, w.stock])) as Record<Ware, number>,
    ice: -1,
    turn: { moves: 1, actions: 1, whiskey: false, arrived: false },
    over: null,
    stats: { moves: { foot: 0, boat: 0, horse: 0 }, taken: {}, bought: {}, hunts: { won: 0, lost: 0 }, whiskey: 0, iceFrom: -1 },
  };
  reveal(state, table, table.post);
  return state;
}

const roll = (state: GameState, sides = 6) => {
  const r = Rng.fromState('lv', state.rng);
  const v = r.int(1, sides);
  state.rng = r.state();
  return v;
};

export const nuggets = (p: Player) => p.gold.reduce((a, b) => a + b, 0);
/**
 * Whether a rival of `p` could end the race on reaching the post: he holds enough gold markers to
 * announce and more nuggets than `p`, so the game may be over within his walk there.
 */
export function rivalMayAnnounce(state: GameState, p: Player): boolean {
  return state.players.some((q) => q !== p && q.gold.length >= ANNOUNCE_MARKERS && nuggets(q) > nuggets(p));
}
export const backpackSpace = (p: Player) => BACKPACK + (p.wares.includes('cart') ? CART_SPACE : 0);
export const backpackUsed = (p: Player) => p.food * RAW_SPACE.food + p.tool * RAW_SPACE.tool + p.timber * RAW_SPACE.timber;
export const gearUsed = (p: Player) => p.wares.reduce((a, w) => a + WARES[w].gear, 0) + p.specials.length;

/** Partly unexplored: a tile at this intersection is still face down. */
export function unexplored(state: GameState, table: Table, v: number): boolean {
  return table.beside[v]!.some((t) => !state.revealed[t]);
}

export function edgeOpen(state: GameState, table: Table, e: number): boolean {
  return table.edgeTiles[e]!.some((t) => state.revealed[t]);
}

/** Exploring an intersection turns every tile at it face up; the last land tile brings the ice. */
function reveal(state: GameState, table: Table, v: number): void {
  for (const t of table.beside[v]!) state.revealed[t] = true;
  if (state.ice < 0) {
    let land = 0;
    table.tiles.forEach((t, i) => (land += t.kind === 'land' && state.revealed[i] ? 1 : 0));
    if (land >= table.landTiles) {
      // The spring is placed if not yet, the landscape is complete: everything lies open.
      state.revealed.fill(true);
      state.ice = 0;
      state.stats.iceFrom = state.round;
    }
  }
}

/** Room at an intersection: one prospector, two at the riverside, any number at the post. */
export function roomAt(state: GameState, table: Table, v: number, except: number): boolean {
  if (v === table.post) return true;
  let here = 0;
  for (let i = 0; i < state.players.length; i++) if (i !== except && state.players[i]!.at === v) here++;
  return here < (table.riverside[v] ? 2 : 1);
}

function linkBetween(table: Table, a: number, b: number): [number, EdgeKind, number] | undefined {
  return table.links[a]!.find((l) => l[0] === b);
}

/** Checks a path for a mode: its edges, its length, exploration stopping it, room at its end. */
export function checkMove(state: GameState, table: Table, who: number, mode: Mode, path: readonly number[]): string | null {
  const p = state.players[who]!;
  if (mode === 'boat' && !p.wares.includes('boat')) return 'no boat';
  if (mode === 'horse' && !p.wares.includes('horse')) return 'no horse';
  if (path.length === 0) return 'empty path';
  const rule = MODE_RULES[mode];
  let overland = 0;
  let along = 0;
  let from = p.at;
  for (let k = 0; k < path.length; k++) {
    const link = linkBetween(table, from, path[k]!);
    if (!link) return 'not an edge';
    if (!edgeOpen(state, table, link[2])) return 'edge not explored';
    const kind = link[1];
    if (kind === 'across' && !rule.across) return 'only a boat crosses the river away from the fords';
    if (kind === 'overland' || (kind === 'ford' && mode !== 'boat')) overland++;
    else along++;
    if (mode === 'boat' && kind === 'overland') return 'a boat keeps to the river';
    if (mode === 'foot' && overland > 0 && along > 0) return 'on foot: one edge overland or two along the river';
    if (mode === 'horse' ? overland + along > rule.overland : overland > rule.overland || along > rule.river)
      return 'too far for one movement';
    if (k < path.length - 1 && unexplored(state, table, path[k]!)) return 'exploring ends the movement';
    from = path[k]!;
  }
  if (!roomAt(state, table, from, who)) return 'no room at that intersection';
  return null;
}

const adjacent = (table: Table, p: Player, tile: number) => table.beside[p.at]!.includes(tile);
const takeMarker = (state: GameState, tile: number, kind: string, index?: number): Marker | undefined => {
  const list = state.markers[tile]!;
  const k = index ?? list.findIndex((m) => m.kind === kind);
  if (k < 0 || list[k]?.kind !== kind) return undefined;
  state.stats.taken[kind] = (state.stats.taken[kind] ?? 0) + 1;
  return list.splice(k, 1)[0];
};
const has = (state: GameState, tile: number, kind: string) => state.markers[tile]!.some((m) => m.kind === kind);

/** Water reaches a tile: lake, river, spring, or a canal from a tile that has water. */
export function watered(state: GameState, table: Table, tile: number): boolean {
  const t = table.tiles[tile]!;
  if (isWater(t)) return true;
  return state.canal[tile]!;
}

/** A canal may be dug to a tundra or forest tile next to a tile that has water. */
export function canalPossible(state: GameState, table: Table, tile: number): boolean {
  const t = table.tiles[tile]!;
  if ((t.terrain !== 'tundra' && t.terrain !== 'forest') || state.canal[tile]) return false;
  return t.neighbours.some((n) => state.revealed[n] && watered(state, table, n));
}

export function fishCatch(state: GameState, table: Table, p: Player): number {
  const tiles = table.beside[p.at]!.filter((t) => state.revealed[t]);
  const water = tiles.some(
    (t) => table.tiles[t]!.terrain === 'lake' || table.tiles[t]!.kind === 'river' || table.tiles[t]!.kind === 'start',
  );
  return (
    (tiles.some((t) => table.tiles[t]!.fish) ? 1 : 0) + (water && p.wares.includes('rod') ? 1 : 0) + (state.works[p.at] === 'trap' ? 1 : 0)
  );
}

function payRaw(p: Player, raw: Partial<Record<Raw, number>>): boolean {
  for (const [k, n] of Object.entries(raw) as Array<[Raw, number]>) if (p[k] < n) return false;
  for (const [k, n] of Object.entries(raw) as Array<[Raw, number]>) p[k] -= n;
  return true;
}

function needAction(state: GameState): void {
  // Movement is one action of its own, so an action can only come before or after it.
  if (state.turn.actions < 1) throw new RuleError('no action left this turn');
}

function needTile(state: GameState, table: Table, p: Player, tile: number): void {
  if (!Number.isInteger(tile) || tile < 0 || tile >= table.tiles.length || !state.revealed[tile] || !adjacent(table, p, tile))
    throw new RuleError('not an explored tile beside the prospector');
}

/** One rule per action: what it checks and what it changes. */
type Move<T extends Action['type']> = (
  state: GameState,
  table: Table,
  action: Extract<Action, { type: T }>,
  who: number,
  p: Player,
) => void;

const MOVES: { [T in Action['type']]: Move<T> } = {
  move(state, table, action, who, p) {
    if (state.turn.moves < 1) throw new RuleError('no movement left this turn');
    const why = checkMove(state, table, who, action.mode, action.path);
    if (why) throw new RuleError(why);
    state.turn.moves--;
    for (const v of action.path) p.at = v;
    if (p.at === table.post) state.turn.arrived = true;
    state.stats.moves[action.mode]++;
    if (unexplored(state, table, p.at)) reveal(state, table, p.at);
    return;
  },
  mine(state, table, action, _who, p) {
    needAction(state);
    needTile(state, table, p, action.tile);
    const t = table.tiles[action.tile]!;
    if (has(state, action.tile, 'rivergold')) {
      if (!watered(state, table, action.tile)) throw new RuleError('no water at that tile: dig a canal');
      if (p.food < 1) throw new RuleError('mining costs a food');
      p.food--;
      for (let k = p.wares.includes('sieve') ? 2 : 1; k > 0; k--) {
        const m = takeMarker(state, action.tile, 'rivergold');
        if (m) p.gold.push(m.value ?? 1);
      }
    } else if (has(state, action.tile, 'mountaingold')) {
      if (!state.mine[action.tile]) throw new RuleError(`no mine on that ${t.terrain}`);
      if (p.food < 1 || p.timber < 1) throw new RuleError('mining costs a food and a timber');
      p.food--;
      p.timber--;
      let take = 1;
      if (p.wares.includes('crate')) take = 2;
      else if (p.specials.includes('dynamite')) {
        p.specials.splice(p.specials.indexOf('dynamite'), 1);
        take = 2;
      }
      for (let k = take; k > 0; k--) {
        const m = takeMarker(state, action.tile, 'mountaingold');
        if (m) p.gold.push(m.value ?? 3);
      }
    } else throw new RuleError('no gold on that tile');
    state.turn.actions--;
    return;
  },
  event(state, table, action, _who, p) {
    needAction(state);
    needTile(state, table, p, action.tile);
    if (!has(state, action.tile, 'event')) throw new RuleError('no event on that tile');
    const cost: Partial<Record<Raw, number>> = {};
    for (const r of action.pay) cost[r] = (cost[r] ?? 0) + 1;
    if (!(Object.entries(cost) as Array<[Raw, number]>).every(([k, n]) => p[k] >= n))
      throw new RuleError('an event costs two raw materials');
    const list = state.markers[action.tile]!;
    let index: number;
    if (table.tiles[action.tile]!.kind === 'triangle' && action.pick !== undefined) {
      // On a triangle the prospector looks at the markers and chooses.
      if (list[action.pick]?.kind !== 'event') throw new RuleError('pick an event marker on that tile');
      index = action.pick;
    } else {
      const events = list.map((m, i) => (m.kind === 'event' ? i : -1)).filter((i) => i >= 0);
      index = events[roll(state, events.length) - 1]!;
    }
    payRaw(p, cost);
    const m = takeMarker(state, action.tile, 'event', index)!;
    const gain = EVENTS[m.type ?? ''];
    if (gain?.ware && !p.wares.includes(gain.ware) && gearUsed(p) + WARES[gain.ware].gear <= GEAR) p.wares.push(gain.ware);
    else if (gain?.special && gearUsed(p) < GEAR) p.specials.push(gain.special);
    state.turn.actions--;
    return;
  },
  fish(state, table, _action, _who, p) {
    needAction(state);
    const n = fishCatch(state, table, p);
    if (n === 0) throw new RuleError('no fish here');
    p.food += n;
    state.turn.actions--;
    return;
  },
  hunt(state, table, action, _who, p) {
    needAction(state);
    needTile(state, table, p, action.tile);
    const k = state.markers[action.tile]!.findIndex((m) => m.kind === 'animal');
    if (k < 0) throw new RuleError('no animal on that tile');
    const animal = state.markers[action.tile]![k]!;
    const info = ANIMALS[animal.type ?? ''] ?? { food: 1, wound: {} };
    const mine = roll(state) + (p.wares.includes('rifle') ? RIFLE_BONUS : 0);
    const its = roll(state);
    if (mine > its) {
      takeMarker(state, action.tile, 'animal', k);
      p.food += info.food;
      state.stats.hunts.won++;
      // The bear cave is never empty: a new bear comes out after each kill.
      if (table.tiles[action.tile]!.bearCave) state.markers[action.tile]!.push({ kind: 'animal', type: 'bear' });
    } else {
      for (const [r, n] of Object.entries(info.wound) as Array<[Raw, number]>) p[r] = Math.max(0, p[r] - n);
      state.stats.hunts.lost++;
    }
    state.turn.actions--;
    return;
  },
  cut(state, table, action, _who, p) {
    needAction(state);
    needTile(state, table, p, action.tile);
    if (table.tiles[action.tile]!.terrain !== 'forest') throw new RuleError('trees grow in forests');
    p.timber += 1 + (p.wares.includes('axe') ? 1 : 0) + (state.works[p.at] === 'sawmill' ? 1 : 0);
    state.turn.actions--;
    return;
  },
  build(state, table, action, _who, p) {
    needAction(state);
    const cost = WORKS[action.work];
    if (p.tool < cost.tool || p.food < cost.food || p.timber < cost.timber)
      throw new RuleError(`a ${action.work} costs ${JSON.stringify(cost)}`);
    if (action.work === 'trap' || action.work === 'sawmill') {
      if (state.works[p.at]) throw new RuleError('only one work at an intersection');
      const around = table.beside[p.at]!.filter((t) => state.revealed[t]).map((t) => table.tiles[t]!);
      const ok =
        action.work === 'trap'
          ? around.some((t) => t.terrain === 'lake' || t.kind === 'river' || t.kind === 'start')
          : around.some((t) => t.terrain === 'forest');
      if (!ok)
        throw new RuleError(
          action.work === 'trap' ? 'a fish trap needs a river or lake intersection' : 'a sawmill needs a forest intersection',
        );
      state.works[p.at] = action.work;
    } else {
      if (action.tile === undefined) throw new RuleError('name the tile');
      needTile(state, table, p, action.tile);
      if (action.work === 'canal') {
        if (!canalPossible(state, table, action.tile)) throw new RuleError('a canal brings water to tundra or forest next to water');
        state.canal[action.tile] = true;
      } else {
        const terrain = table.tiles[action.tile]!.terrain;
        if ((terrain !== 'mountain' && terrain !== 'spring') || state.mine[action.tile])
          throw new RuleError('a mine goes on a mountain or the spring without one');
        state.mine[action.tile] = true;
      }
    }
    payRaw(p, cost);
    state.turn.actions--;
    return;
  },
  buy(state, table, action, _who, p) {
    needAction(state);
    if (p.at !== table.post) throw new RuleError('wares are bought at the trading post');
    const used = new Set<number>();
    const spend: Partial<Record<Raw, number>> = {};
    const stock = { ...state.stock };
    const got: Array<Ware | Raw | 'whiskey'> = [];
    let gear = gearUsed(p);
    for (const { item, gold, x } of action.items) {
      const ware = (WARES as Record<string, (typeof WARES)[Ware]>)[item];
      const price = ware ? ware.price : GOODS[item as Raw | 'whiskey'];
      if (!price) throw new RuleError(`no such ware: ${item}`);
      if (ware) {
        if ((stock[item as Ware] ?? 0) < 1) throw new RuleError(`${item} is out of stock`);
        if (p.wares.includes(item as Ware) || got.includes(item)) throw new RuleError(`one ${item} is enough`);
        gear += ware.gear;
        stock[item as Ware]--;
      } else if (item === 'whiskey') gear += 1;
      if (gear > GEAR) throw new RuleError('no gear space left');
      let paid = 0;
      for (const g of gold) {
        if (used.has(g) || p.gold[g] === undefined) throw new RuleError('pay with gold markers from the bag, each once');
        used.add(g);
        paid += p.gold[g]!;
      }
      let owed = price.nuggets + price.x;
      if (price.x > 0 && x && x !== 'nugget') {
        spend[x] = (spend[x] ?? 0) + 1;
        owed -= 1;
      }
      if (paid < owed) throw new RuleError(`${item} costs ${owed} nuggets`);
      got.push(item);
    }
    if (!(Object.entries(spend) as Array<[Raw, number]>).every(([k, n]) => p[k] >= n))
      throw new RuleError('not enough raw materials for the x');
    payRaw(p, spend);
    p.gold = p.gold.filter((_, i) => !used.has(i));
    state.stock = stock;
    for (const item of got) {
      state.stats.bought[item] = (state.stats.bought[item] ?? 0) + 1;
      if (item in WARES) p.wares.push(item as Ware);
      else if (item === 'whiskey') p.specials.push('whiskey');
      else p[item as Raw]++;
    }
    state.turn.actions--;
    return;
  },
  whiskey(state, _table, action, _who, p) {
    if (state.turn.whiskey) throw new RuleError('one whiskey a turn');
    if (!p.specials.includes('whiskey')) throw new RuleError('no whiskey');
    p.specials.splice(p.specials.indexOf('whiskey'), 1);
    state.turn.whiskey = true;
    if (action.phase === 'move') state.turn.moves++;
    else state.turn.actions++;
    state.stats.whiskey++;
    return;
  },
  driedFish(_state, _table, _action, _who, p) {
    if (!p.specials.includes('driedFish')) throw new RuleError('no dried fish');
    p.specials.splice(p.specials.indexOf('driedFish'), 1);
    p.food += DRIED_FISH_FOOD;
    return;
  },
  announce(state, table, _action, _who, p) {
    // "A prospector arrives at the trading post … with at least 10 gold markers and announces":
    // on arriving, not on a later turn spent standing there.
    if (p.at !== table.post || p.gold.length < ANNOUNCE_MARKERS)
      throw new RuleError(`announce at the trading post with at least ${ANNOUNCE_MARKERS} gold markers`);
    if (!state.turn.arrived) throw new RuleError('announce on arriving at the trading post, in the turn the prospector moves there');
    state.over = 'announced';
    return;
  },
  end(state, table, _action, _who, p) {
    // What does not fit is returned: timber first (it takes two spaces), then tools, then food.
    while (backpackUsed(p) > backpackSpace(p)) {
      if (p.timber > 0) p.timber--;
      else if (p.tool > 0) p.tool--;
      else p.food--;
    }
    if (state.ice >= 0 && roll(state) >= table.iceRoll) {
      state.ice++;
      if (state.ice >= table.icePath.length - 1) {
        state.over = 'ice';
        return;
      }
    }
    state.current = (state.current + 1) % state.players.length;
    if (state.current === 0) {
      state.round++;
      if (state.round > MAX_ROUNDS) state.over = 'limit';
    }
    state.turn = { moves: 1, actions: 1, whiskey: false, arrived: false };
    return;
  },
};

/** Checks and applies one action; throws RuleError and changes nothing when it is not allowed. */
export function applyAction(state: GameState, table: Table, action: Action): void {
  if (state.over) throw new RuleError('the game is over');
  const who = state.current;
  (MOVES[action.type] as Move<Action['type']>)(state, table, action, who, state.players[who]!);
}
