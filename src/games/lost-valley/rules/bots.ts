import type { Bot as PlayBot } from '../../../core/play/bot.ts';
import { ANIMALS, ANNOUNCE_MARKERS, GOODS, WARES, type Raw, type Ware } from './prices.ts';
import {
  rivalMayAnnounce,
  backpackSpace,
  backpackUsed,
  canalPossible,
  checkMove,
  fishCatch,
  gearUsed,
  MODE_RULES,
  nuggets,
  watered,
  type Action,
  type GameState,
  type Mode,
  type Player,
} from './engine.ts';
import type { BotWeights } from './bot-weights.ts';
import { graphOf, groundOf, KIND_CODE, turnsOn, type Graph, type Ground } from './graph.ts';
import type { Table } from './table.ts';

/**
 * A greedy prospector: it acts where it stands when that pays, otherwise heads for the
 * intersection worth most for the walk (gold it can mine, ground to explore, food or timber it
 * lacks, the trading post when a ware would pay), riding or rowing when that gets it nearer.
 * Bots only choose actions; the engine checks them. A bot plays on the prepared table; its turn
 * ends with `end` unless the game did.
 */
export type Bot = PlayBot<GameState, Action, Table>;

export function modesOf(p: Player): Mode[] {
  return ['foot', ...(p.wares.includes('horse') ? (['horse'] as const) : []), ...(p.wares.includes('boat') ? (['boat'] as const) : [])];
}

/** The smallest set of gold markers worth at least `owed` (no change is given). */
export function payment(gold: readonly number[], owed: number): number[] | undefined {
  if (owed <= 0) return [];
  let best: number[] | undefined;
  let bestSum = Infinity;
  const order = gold.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const search = (k: number, sum: number, chosen: number[]) => {
    if (sum >= owed) {
      if (sum < bestSum || (sum === bestSum && chosen.length < best!.length)) {
        bestSum = sum;
        best = [...chosen];
      }
      return;
    }
    if (k >= order.length || chosen.length >= 6) return;
    search(k + 1, sum + order[k]![0], [...chosen, order[k]![1]]);
    search(k + 1, sum, chosen);
  };
  search(0, 0, []);
  return best;
}

interface Choice {
  action: Action;
  value: number;
}

/** The best action where the prospector stands, with what it is worth in nuggets. */
function bestAction(state: GameState, table: Table, who: number, W: BotWeights, roundsLeft: number): Choice | undefined {
  const p = state.players[who]!;
  const out: Choice[] = [];
  const room = backpackSpace(p) - backpackUsed(p);
  for (const t of table.beside[p.at]!) {
    if (!state.revealed[t]) continue;
    const tile = table.tiles[t]!;
    const markers = state.markers[t]!;
    let river = 0;
    let mountain = 0;
    for (const m of markers) {
      if (m.kind === 'rivergold') river++;
      else if (m.kind === 'mountaingold') mountain++;
    }
    if (river && p.food >= 1) {
      if (watered(state, table, t))
        out.push({ action: { type: 'mine', tile: t }, value: W.expected.rivergold * Math.min(river, p.wares.includes('sieve') ? 2 : 1) });
      else if (canalPossible(state, table, t) && p.timber >= 1)
        out.push({ action: { type: 'build', work: 'canal', tile: t }, value: W.opens * W.expected.rivergold * river });
    }
    if (mountain) {
      const take = p.wares.includes('crate') || p.specials.includes('dynamite') ? 2 : 1;
      if (state.mine[t] && p.food >= 1 && p.timber >= 1)
        out.push({ action: { type: 'mine', tile: t }, value: W.expected.mountaingold * Math.min(mountain, take) });
      else if (!state.mine[t] && p.tool >= 1 && p.food >= 1 && p.timber >= 1)
        out.push({
          action: { type: 'build', work: 'mine', tile: t },
          value: W.opens * W.expected.mountaingold * Math.min(mountain, roundsLeft / 2),
        });
    }
    if (tile.terrain === 'forest' && p.timber < W.want.timber && room >= 2)
      out.push({
        action: { type: 'cut', tile: t },
        value:
          W.timber *
          Math.min(W.want.timber - p.timber + 1, 1 + (p.wares.includes('axe') ? 1 : 0) + (state.works[p.at] === 'sawmill' ? 1 : 0)),
      });
    const animal = markers.find((m) => m.kind === 'animal');
    if (animal && p.food < W.want.food && room >= 1) {
      const info = ANIMALS[animal.type ?? ''] ?? { food: 1, wound: {} };
      const win = p.wares.includes('rifle') ? 0.92 : 0.42;
      const loss = Object.values(info.wound).reduce((a, b) => a + b, 0);
      out.push({
        action: { type: 'hunt', tile: t },
        value: W.food * (win * Math.min(info.food, W.want.food + 1 - p.food) - W.huntRisk * (1 - win) * loss),
      });
    }
    if (markers.some((m) => m.kind === 'event')) {
      const spare: Raw[] = [];
      for (const r of ['tool', 'food', 'timber'] as const)
        for (let k = p[r] - (r === 'tool' ? 1 : W.eventReserve / 2); k > 0; k--) spare.push(r);
      if (spare.length >= 2 && gearUsed(p) < 6) {
        const pick = tile.kind === 'triangle' ? markers.findIndex((m) => m.kind === 'event' && m.type !== 'rifle') : undefined;
        out.push({
          action: { type: 'event', tile: t, pay: [spare[0]!, spare[1]!], ...(pick !== undefined && pick >= 0 ? { pick } : {}) },
          value: W.event,
        });
      }
    }
  }
  const fish = fishCatch(state, table, p);
  if (fish > 0 && p.food < W.want.food && room >= 1)
    out.push({ action: { type: 'fish' }, value: W.food * Math.min(fish, W.want.food + 1 - p.food) });
  if (p.at === table.post) {
    const buy = shopping(state, p, W, roundsLeft);
    if (buy) out.push(buy);
  }
  let best: Choice | undefined;
  for (const c of out) if (!best || c.value > best.value + 1e-9) best = c;
  return best;
}

/** Whether some markers pay `owed`: payment picks at most six, so the six largest must reach it. */
export function canPay(gold: readonly number[], owed: number): boolean {
  if (owed <= 0) return true;
  const top = [0, 0, 0, 0, 0, 0];
  for (const v of gold) {
    if (v <= top[5]!) continue;
    let k = 5;
    for (; k > 0 && v > top[k - 1]!; k--) top[k] = top[k - 1]!;
    top[k] = v;
  }
  return top[0]! + top[1]! + top[2]! + top[3]! + top[4]! + top[5]! >= owed;
}

interface Want {
  item: Ware | 'food';
  owed: number;
  x?: Raw | 'nugget';
}

/**
 * What is worth buying now, before the markers to pay with are chosen (walking to the post only
 * asks whether there is something, which spares the search for the markers).
 */
function wanted(state: GameState, p: Player, W: BotWeights, roundsLeft: number): Want | undefined {
  // A ware bought as a rival walks back to announce never pays for itself.
  if (roundsLeft < W.shop.minRoundsLeft || rivalMayAnnounce(state, p)) return undefined;
  for (const ware of W.wares as readonly Ware[]) {
    if (p.wares.includes(ware) || state.stock[ware] < 1 || gearUsed(p) + WARES[ware].gear > 6) continue;
    const { nuggets: n, x } = WARES[ware].price;
    const xRaw: Raw | undefined = x > 0 ? (p.tool > 1 ? 'tool' : undefined) : undefined;
    const owed = n + x - (xRaw ? 1 : 0);
    if (nuggets(p) < owed + W.shop.keep || !canPay(p.gold, owed)) continue;
    return { item: ware, owed, ...(x > 0 ? { x: xRaw ?? 'nugget' } : {}) };
  }
  if (p.food === 0 && nuggets(p) >= GOODS.food.nuggets + W.shop.keep && canPay(p.gold, GOODS.food.nuggets))
    return { item: 'food', owed: GOODS.food.nuggets };
  return undefined;
}

/** Wares worth buying now: the next wanted ware it can pay for and still keep some gold. */
function shopping(state: GameState, p: Player, W: BotWeights, roundsLeft: number): Choice | undefined {
  const want = wanted(state, p, W, roundsLeft);
  if (!want) return undefined;
  const { item, owed, x } = want;
  const gold = payment(p.gold, owed)!;
  return { action: { type: 'buy', items: [{ item, gold, ...(x ? { x } : {}) }] }, value: item === 'food' ? W.food : W.shop.worth };
}

/**
 * What each tile offers the prospector this move, read once rather than once per intersection
 * beside it. Only face-up tiles are filled in (the rest hold stale readings): the scan reads only
 * the tiles at explored intersections, which are all face up.
 */
interface Prospects {
  river: Int32Array;
  mountain: Int32Array;
  /** How ready its river gold is: 1 with water, W.needsWork when a canal can bring it, else 0. */
  wet: Float64Array;
  /** How ready its mountain gold is: 1 with a mine, less when one must be built first. */
  ready: Float64Array;
  /** Worth of the timber or food it gives when the prospector has none (0 when not wanted). */
  supply: Float64Array;
}

/** One set of buffers, refilled at every move choice (a choice never starts inside another). */
let scratch: Prospects | undefined;

function prospects(state: GameState, table: Table, p: Player, W: BotWeights): Prospects {
  const n = table.tiles.length;
  if (scratch?.river.length !== n)
    scratch = {
      river: new Int32Array(n),
      mountain: new Int32Array(n),
      wet: new Float64Array(n),
      ready: new Float64Array(n),
      supply: new Float64Array(n),
    };
  const out = scratch;
  const room = backpackSpace(p) - backpackUsed(p);
  const needTimber = p.timber === 0 && room >= 2;
  const needFood = p.food === 0 && room >= 1;
  const unmined = W.needsWork * (p.tool > 0 ? 1 : W.unpaid);
  for (let t = 0; t < n; t++) {
    if (!state.revealed[t]) continue;
    let river = 0;
    let mountain = 0;
    let animal = false;
    for (const m of state.markers[t]!) {
      if (m.kind === 'rivergold') river++;
      else if (m.kind === 'mountaingold') mountain++;
      else if (m.kind === 'animal') animal = true;
    }
    const tile = table.tiles[t]!;
    out.river[t] = river;
    out.mountain[t] = mountain;
    out.wet[t] = river ? (watered(state, table, t) ? 1 : canalPossible(state, table, t) ? W.needsWork : 0) : 0;
    out.ready[t] = state.mine[t] ? 1 : unmined;
    out.supply[t] = Math.max(
      needTimber && tile.terrain === 'forest' ? 3 * W.timber : 0,
      needFood && (tile.fish || animal) ? 3 * W.food : 0,
    );
  }
  return out;
}

/** What standing at v is worth next (explored v: its caller prices exploring). */
function worth(
  state: GameState,
  table: Table,
  g: Graph,
  at: Prospects,
  p: Player,
  v: number,
  W: BotWeights,
  roundsLeft: number,
  leader: boolean,
): number {
  const riverPaid = p.food > 0 ? 1 : W.unpaid;
  const mountainPaid = p.food > 0 && p.timber > 0 ? 1 : W.unpaid;
  let best = 0;
  for (let i = g.besideStart[v]!, end = g.besideStart[v + 1]!; i < end; i++) {
    const t = g.beside[i]!;
    const river = at.river[t]!;
    const mountain = at.mountain[t]!;
    if (river) best = Math.max(best, at.wet[t]! * Math.min(river, roundsLeft) * W.expected.rivergold * riverPaid);
    if (mountain) best = Math.max(best, at.ready[t]! * Math.min(mountain, roundsLeft / 2) * W.expected.mountaingold * mountainPaid);
    best = Math.max(best, at.supply[t]!);
  }
  if (v === table.post) {
    if (p.gold.length >= ANNOUNCE_MARKERS && leader) best = Math.max(best, 100);
    if (wanted(state, p, W, roundsLeft)) best = Math.max(best, W.shop.worth * 2);
  }
  return best;
}

/** Most nuggets any other prospector holds, or 0. */
function othersBest(state: GameState, who: number): number {
  let most = 0;
  for (let i = 0; i < state.players.length; i++) if (i !== who) most = Math.max(most, nuggets(state.players[i]!));
  return most;
}

/**
 * The movement that brings the prospector nearest the target: every path one movement phase of
 * each owned mode could take, depth first in the order of the table's links, the first strictly
 * nearer one winning. The engine's check is asked only of a path that would win, which picks the
 * same path as checking them all.
 */
function approach(
  state: GameState,
  table: Table,
  g: Graph,
  ground: Ground,
  who: number,
  modes: readonly Mode[],
  target: number,
  toTarget: Float64Array,
): Action | undefined {
  const at = state.players[who]!.at;
  if (onPath.length < toTarget.length) onPath = new Uint8Array(toTarget.length);
  const walk: Walk = {
    state,
    table,
    g,
    unexplored: ground.unexplored,
    open: ground.open,
    who,
    at,
    target,
    toTarget,
    mode: 'foot',
    depth: 0,
    path: [],
    best: undefined,
    bestLeft: toTarget[at]!,
  };
  for (const m of modes) {
    walk.mode = m;
    walk.depth = m === 'boat' ? 3 : 2;
    walkFrom(walk, at, 0, 0);
  }
  return walk.best;
}

/** approach's search in progress. */
interface Walk {
  readonly state: GameState;
  readonly table: Table;
  readonly g: Graph;
  readonly unexplored: Uint8Array;
  readonly open: Uint8Array;
  readonly who: number;
  readonly at: number;
  readonly target: number;
  readonly toTarget: Float64Array;
  mode: Mode;
  depth: number;
  path: number[];
  best: Action | undefined;
  bestLeft: number;
}

/**
 * Paths on from `from`, `overland` and `along` edges into the movement phase so far. checkMove's
 * rules for the edges already taken hold for every longer path too, so a path breaking them is
 * not walked on: none of its extensions could be taken.
 */
/** The intersections on the walk's path so far (1), all 0 between walks. */
let onPath = new Uint8Array(0);

function walkFrom(w: Walk, from: number, overland: number, along: number): void {
  const { g, path, mode } = w;
  if (path.length >= w.depth || (path.length > 0 && w.unexplored[from])) return;
  const rule = MODE_RULES[mode];
  for (let i = g.linkStart[from]!, end = g.linkStart[from + 1]!; i < end; i++) {
    const y = g.linkTo[i]!;
    if (y === w.at || onPath[y] || !w.open[g.linkEdge[i]!]) continue;
    const kind = g.linkKind[i]!;
    if ((kind === KIND_CODE.across && !rule.across) || (kind === KIND_CODE.overland && mode === 'boat')) continue;
    const isOverland = kind === KIND_CODE.overland || (kind === KIND_CODE.ford && mode !== 'boat');
    const o = isOverland ? overland + 1 : overland;
    const a = isOverland ? along : along + 1;
    if ((mode === 'foot' && o > 0 && a > 0) || (mode === 'horse' ? o + a > rule.overland : o > rule.overland || a > rule.river)) continue;
    path.push(y);
    onPath[y] = 1;
    const left = y === w.target ? -1 : w.toTarget[y]!;
    // Foot first among equals: a horse or boat is taken only when it gets the prospector nearer.
    if (left < w.bestLeft - 1e-9 && checkMove(w.state, w.table, w.who, mode, path) === null) {
      w.bestLeft = left;
      w.best = { type: 'move', mode, path: path.slice() };
    }
    walkFrom(w, y, o, a);
    path.pop();
    onPath[y] = 0;
  }
}

function chooseMove(
  state: GameState,
  table: Table,
  who: number,
  W: BotWeights,
  roundsLeft: number,
  goals: Map<number, number>,
): Action | undefined {
  const g = graphOf(table);
  const ground = groundOf(state, table);
  const p = state.players[who]!;
  const modes = modesOf(p);
  const dist = turnsOn(table, ground, p.at, modes);
  const leader = nuggets(p) >= othersBest(state, who) + W.announceLead;
  const at = prospects(state, table, p, W);
  // Exploring grows more pressing as the game goes on: a landscape left half explored never ends.
  const explore = state.ice < 0 ? W.explore * (1 + state.round / W.exploreRounds) : 0;
  // roomAt for every intersection at once: who else stands where, counted once.
  if (crowd.length < dist.length) crowd = new Uint8Array(dist.length);
  crowd.fill(0);
  for (let i = 0; i < state.players.length; i++) if (i !== who) crowd[state.players[i]!.at]!++;
  let target = -1;
  let bestScore = 0;
  for (let v = 0; v < dist.length; v++) {
    const s = scoreOf(state, table, g, ground, at, p, v, dist[v]!, W, roundsLeft, leader, explore);
    if (s > bestScore + 1e-9) {
      bestScore = s;
      target = v;
    }
  }
  // Keep to the goal while it is still worth going to, so two goals never pull it to and fro.
  const goal = goals.get(who);
  if (goal !== undefined && goal !== target) {
    const kept = scoreOf(state, table, g, ground, at, p, goal, dist[goal]!, W, roundsLeft, leader, explore);
    if (kept > 0 && kept * W.keepGoal >= bestScore) target = goal;
  }
  if (target < 0) {
    goals.delete(who);
    return undefined;
  }
  goals.set(who, target);
  return approach(state, table, g, ground, who, modes, target, turnsOn(table, ground, target, modes));
}

/** Prospectors other than the mover at each intersection, as the current move choice counts them. */
let crowd = new Uint8Array(0);

/** What heading for v is worth a turn of the walk there, d turns away. */
function scoreOf(
  state: GameState,
  table: Table,
  g: Graph,
  ground: Ground,
  at: Prospects,
  p: Player,
  v: number,
  d: number,
  W: BotWeights,
  roundsLeft: number,
  leader: boolean,
  explore: number,
): number {
  if (v === p.at || d === Infinity || (v !== table.post && crowd[v]! >= (table.riverside[v] ? 2 : 1))) return 0;
  return (ground.unexplored[v] ? explore : worth(state, table, g, at, p, v, W, roundsLeft - d, leader)) / (1 + d);
}

/** The bot, parametrised by its weights. */
export function makeBot(W: BotWeights): Bot {
  // Where each seat is heading: the bot's only memory between turns.
  const goals = new Map<number, number>();
  return {
    name: 'prospector',
    *turn(state, table, who) {
      const p = state.players[who]!;
      // The ice runs about three turns a tile, shared among the players.
      const roundsLeft = state.ice < 0 ? 40 : ((table.icePath.length - 1 - state.ice) * (6 / (7 - table.iceRoll))) / state.players.length;
      if (p.food === 0 && p.specials.includes('driedFish')) yield { type: 'driedFish' };
      let acted = false;
      const first = bestAction(state, table, who, W, roundsLeft);
      if (first && first.value >= W.actFirst) {
        yield first.action;
        acted = true;
      }
      const move = chooseMove(state, table, who, W, roundsLeft, goals);
      if (move) yield move;
      // The end is announced on arriving at the post, in the same turn.
      if (state.turn.arrived && p.gold.length >= ANNOUNCE_MARKERS && nuggets(p) >= othersBest(state, who) + W.announceLead) {
        yield { type: 'announce' };
        return;
      }
      if (!acted) {
        const after = bestAction(state, table, who, W, roundsLeft);
        if (after && after.value > 0) yield after.action;
      }
      if (state.over) return;
      if (p.specials.includes('whiskey')) {
        const again = bestAction(state, table, who, W, roundsLeft);
        if (again && again.value >= W.whiskeyAction) {
          yield { type: 'whiskey', phase: 'action' };
          yield again.action;
        } else if (state.ice >= 0 && move) {
          const next = chooseMove(state, table, who, W, roundsLeft, goals);
          if (next) {
            yield { type: 'whiskey', phase: 'move' };
            yield next;
          }
        }
      }
      if (!state.over) yield { type: 'end' };
    },
  };
}
