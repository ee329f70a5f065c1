import { RuleError } from '../../../core/play/rule-error.ts';
import { ANIMALS, ANNOUNCE_MARKERS, GOODS, RAW_SPACE, WARES, type Ware } from './prices.ts';
import {
  rivalMayAnnounce,
  applyAction,
  backpackSpace,
  backpackUsed,
  canalPossible,
  checkMove,
  gearUsed,
  nuggets,
  watered,
  type Action,
  type GameState,
  type Mode,
  type Player,
} from './engine.ts';
import { graphOf, groundOf, turnsOn, type Graph, type Ground } from './graph.ts';
import type { Table } from './table.ts';

/**
 * A second kind of prospector, built unlike the greedy bots (bots.ts): it plans a claim as a
 * whole — the walk there, the canal or mine it needs, the food and timber every dig costs, the
 * digs the ice leaves time for — and picks the plan worth most gold per turn spent on it, then
 * keeps to it until it is done or another is clearly better. Exploring is priced the same way
 * (gold it expects to find per turn of walking, worth less as the race goes on), so whether it
 * explores or mines is one comparison, not a weight that grows with the rounds. It never reads a
 * marker's value before mining it (only the supply's means), never takes events, hunts only when
 * it has nothing to eat, spends whiskey on a second dig at a claim, and announces only with a
 * clear lead. It plays the same engine: it yields actions, and checks each on a copy of the state
 * first, so it never asks for an illegal one.
 */
export type Planner = (state: GameState, table: Table, who: number) => Generator<Action, void, void>;

export const PLAN = Object.freeze({
  /** Supply means of a marker still on a tile (the player sees the marker, not its value). */
  expected: { rivergold: 1.37, mountaingold: 3.51 },
  /** Gold a face-down tile is expected to bring, once found, per turn of the race still to come. */
  findPerTile: 0.09,
  /** Turns a missing food or timber costs to fetch, spread over a plan. */
  fetch: { food: 1.5, timber: 2 },
  /** A new plan must beat the one in hand by this factor. */
  stick: 1.35,
  /**
   * The race's length before the ice runs, as the planner guesses it, by table size: four
   * prospectors explore faster and crowd the claims. Measured head to head against the greedy bots
   * (docs/studies/code/lost-valley-head-to-head.ts, default landscapes, mixed tables): at four players 32 won
   * 0.33 of the games (10 landscapes × 4), 24 won 0.49 (20 × 4);
   * at two and three players nothing shorter or longer did better than 32.
   */
  horizon: { 2: 32, 3: 32, 4: 24 } as Readonly<Record<number, number>>,
  /** Lead in nuggets it wants before announcing. */
  announceLead: 2,
  /** Wares it buys, best first, with the nuggets it keeps after paying. */
  wares: ['sieve', 'crate', 'boat'] as readonly Ware[],
  keep: 2,
  /** Rounds a ware needs still to come to be worth buying. */
  wareRounds: 8,
  /** Worth of a ware bought, in gold per turn of the walk to the post. */
  wareWorth: 3,
});

type Goal =
  | { kind: 'claim'; v: number; tile: number }
  | { kind: 'explore'; v: number }
  | { kind: 'food'; v: number }
  | { kind: 'timber'; v: number }
  | { kind: 'post'; v: number };

interface Priced {
  goal: Goal;
  /** Gold (or its equivalent) per turn. */
  rate: number;
}

const others = (state: GameState, who: number) => Math.max(0, ...state.players.filter((_, i) => i !== who).map(nuggets));

/** Rounds of the race still to come, as a player at the table can count them. */
function roundsLeft(state: GameState, table: Table): number {
  if (state.ice < 0) return Math.max(8, (PLAN.horizon[state.players.length] ?? 32) - state.round / 2);
  return ((table.icePath.length - 1 - state.ice) * 6) / (7 - table.iceRoll) / state.players.length;
}

function modesOf(p: Player): Mode[] {
  const out: Mode[] = ['foot'];
  if (p.wares.includes('horse')) out.push('horse');
  if (p.wares.includes('boat')) out.push('boat');
  return out;
}

/** A copy of everything an action other than a move may change (structuredClone of the whole state cost most of a turn). */
function copyOf(state: GameState): GameState {
  const { stats } = state;
  return {
    ...state,
    players: state.players.map((p) => ({ ...p, gold: p.gold.slice(), wares: p.wares.slice(), specials: p.specials.slice() })),
    markers: state.markers.map((list) => list.slice()),
    canal: state.canal.slice(),
    mine: state.mine.slice(),
    works: state.works.slice(),
    stock: { ...state.stock },
    turn: { ...state.turn },
    stats: { ...stats, moves: { ...stats.moves }, taken: { ...stats.taken }, bought: { ...stats.bought }, hunts: { ...stats.hunts } },
  };
}

/** Whether the engine takes these actions (never a move) now, in turn: applied to a copy, so the game itself never sees a refusal. */
function legal(state: GameState, table: Table, ...actions: Action[]): boolean {
  const copy = copyOf(state);
  try {
    for (const action of actions) applyAction(copy, table, action);
    return true;
  } catch (error) {
    if (error instanceof RuleError) return false;
    throw error;
  }
}

function goldCount(state: GameState, t: number): { river: number; mountain: number } {
  let river = 0;
  let mountain = 0;
  for (const m of state.markers[t]!) {
    if (m.kind === 'rivergold') river++;
    else if (m.kind === 'mountaingold') mountain++;
  }
  return { river, mountain };
}

/** Gold per turn of working tile t's claim from d turns away, everything it needs counted in. */
function claimRate(state: GameState, table: Table, p: Player, t: number, d: number, left: number): number {
  const { river, mountain } = goldCount(state, t);
  if (!river && !mountain) return 0;
  let setup = 0;
  let timber = 0;
  let food = 0;
  let take: number;
  let value: number;
  let markers: number;
  // A claim whose next step it cannot pay for now is no plan yet: fetching food or timber is.
  if (river) {
    if (p.food < 1) return 0;
    if (!watered(state, table, t)) {
      if (!canalPossible(state, table, t) || p.timber < 1) return 0;
      setup = 1;
      timber = 1;
    }
    take = p.wares.includes('sieve') ? 2 : 1;
    value = PLAN.expected.rivergold;
    markers = river;
  } else {
    if (p.food < 1 || p.timber < 1 || (!state.mine[t] && p.tool < 1)) return 0;
    if (!state.mine[t]) {
      setup = 1;
      food = 1;
      timber = 1;
    }
    take = p.wares.includes('crate') ? 2 : 1;
    value = PLAN.expected.mountaingold;
    markers = mountain;
  }
  const room = left - d - setup;
  if (room < 1) return 0;
  const digs = Math.min(Math.ceil(markers / take), Math.floor(room));
  food += digs;
  if (mountain && !river) timber += digs;
  // The mine's tool is in hand (checked above); the food and timber for later digs may not be.
  const fetch = Math.max(0, food - p.food) * PLAN.fetch.food + Math.max(0, timber - p.timber) * PLAN.fetch.timber;
  const gold = Math.min(markers, digs * take) * value;
  return gold / (d + setup + digs + fetch);
}

/** Food it could get at intersection v this turn: fish, or an animal when it must. */
function foodAt(state: GameState, table: Table, p: Player, v: number): number {
  let fish = 0;
  let water = false;
  let animal = 0;
  for (const t of table.beside[v]!) {
    if (!state.revealed[t]) continue;
    const tile = table.tiles[t]!;
    if (tile.fish) fish = 1;
    if (tile.terrain === 'lake' || tile.kind === 'river' || tile.kind === 'start') water = true;
    for (const m of state.markers[t]!)
      if (m.kind === 'animal')
        animal = Math.max(animal, (ANIMALS[m.type ?? ''] ?? { food: 1 }).food * (p.wares.includes('rifle') ? 0.9 : 0.4));
  }
  const catchable = fish + (water && p.wares.includes('rod') ? 1 : 0) + (state.works[v] === 'trap' ? 1 : 0);
  return Math.max(catchable, animal);
}

const forestAt = (state: GameState, table: Table, v: number) =>
  table.beside[v]!.some((t) => state.revealed[t] && table.tiles[t]!.terrain === 'forest');

/** The ware it would buy at the post now, if any. */
function wantedWare(state: GameState, p: Player, left: number): Ware | undefined {
  // A ware bought as a rival walks back to announce never pays for itself.
  if (left < PLAN.wareRounds || rivalMayAnnounce(state, p)) return undefined;
  for (const w of PLAN.wares) {
    const { nuggets: n, x } = WARES[w].price;
    if (p.wares.includes(w) || state.stock[w] < 1 || gearUsed(p) + WARES[w].gear > 6) continue;
    if (nuggets(p) >= n + x + PLAN.keep) return w;
  }
  return undefined;
}

/** Every plan it could make from here, priced in gold per turn. */
function plans(state: GameState, table: Table, g: Graph, ground: Ground, who: number, dist: Float64Array, crowd: Uint8Array): Priced[] {
  const p = state.players[who]!;
  const left = roundsLeft(state, table);
  const out: Priced[] = [];
  const hungry = p.food === 0;
  const room = backpackSpace(p) - backpackUsed(p);
  const wantsTimber = p.timber === 0 && room >= RAW_SPACE.timber;
  for (let v = 0; v < dist.length; v++) {
    const d = dist[v]!;
    if (d === Infinity) continue;
    if (v !== p.at && v !== table.post && crowd[v]! >= (table.riverside[v] ? 2 : 1)) continue;
    if (ground.unexplored[v]) {
      if (state.ice < 0 && v !== p.at)
        out.push({ goal: { kind: 'explore', v }, rate: (ground.faceDown[v]! * PLAN.findPerTile * left) / (d + 1) });
      continue;
    }
    for (let i = g.besideStart[v]!, end = g.besideStart[v + 1]!; i < end; i++) {
      const t = g.beside[i]!;
      const rate = claimRate(state, table, p, t, d, left);
      if (rate > 0) out.push({ goal: { kind: 'claim', v, tile: t }, rate });
    }
    if (hungry && room >= 1) {
      const food = foodAt(state, table, p, v);
      if (food > 0) out.push({ goal: { kind: 'food', v }, rate: (food * 1.2) / (d + 1) });
    }
    if (wantsTimber && forestAt(state, table, v)) out.push({ goal: { kind: 'timber', v }, rate: 1.0 / (d + 1) });
  }
  const d = dist[table.post]!;
  if (d < Infinity) {
    if (p.gold.length >= ANNOUNCE_MARKERS && nuggets(p) >= others(state, who) + PLAN.announceLead)
      out.push({ goal: { kind: 'post', v: table.post }, rate: 100 });
    else if (wantedWare(state, p, left)) out.push({ goal: { kind: 'post', v: table.post }, rate: PLAN.wareWorth / (d + 1) });
  }
  return out;
}

const sameGoal = (a: Goal, b: Goal) =>
  a.kind === b.kind && a.v === b.v && (a.kind !== 'claim' || (b.kind === 'claim' && a.tile === b.tile));

/** What it can do standing where it is, best first, with what each is worth. */
function actionsHere(state: GameState, table: Table, who: number, goal: Goal | undefined): Array<{ action: Action; value: number }> {
  const p = state.players[who]!;
  const out: Array<{ action: Action; value: number }> = [];
  const room = backpackSpace(p) - backpackUsed(p);
  for (const t of table.beside[p.at]!) {
    if (!state.revealed[t]) continue;
    const { river, mountain } = goldCount(state, t);
    const aimed = goal?.kind === 'claim' && goal.tile === t ? 0.5 : 0;
    if (river) {
      if (watered(state, table, t))
        out.push({
          action: { type: 'mine', tile: t },
          value: PLAN.expected.rivergold * Math.min(river, p.wares.includes('sieve') ? 2 : 1) + aimed,
        });
      else out.push({ action: { type: 'build', work: 'canal', tile: t }, value: 0.5 * PLAN.expected.rivergold * river + aimed });
    } else if (mountain) {
      if (state.mine[t])
        out.push({
          action: { type: 'mine', tile: t },
          value: PLAN.expected.mountaingold * Math.min(mountain, p.wares.includes('crate') ? 2 : 1) + aimed,
        });
      else
        out.push({
          action: { type: 'build', work: 'mine', tile: t },
          value: 0.4 * PLAN.expected.mountaingold * Math.min(mountain, 3) + aimed,
        });
    }
    if (table.tiles[t]!.terrain === 'forest' && p.timber < 2 && room >= RAW_SPACE.timber)
      out.push({ action: { type: 'cut', tile: t }, value: p.timber === 0 ? 1.5 : 0.6 });
    if (p.food === 0 && room >= 1 && state.markers[t]!.some((m) => m.kind === 'animal'))
      out.push({ action: { type: 'hunt', tile: t }, value: 0.8 });
  }
  if (p.food < 2 && room >= 1) out.push({ action: { type: 'fish' }, value: p.food === 0 ? 1.6 : 0.7 });
  if (p.at === table.post) {
    const ware = wantedWare(state, p, roundsLeft(state, table));
    if (ware) {
      const { nuggets: n, x } = WARES[ware].price;
      const gold = pay(p.gold, n + x);
      if (gold)
        out.push({ action: { type: 'buy', items: [{ item: ware, gold, ...(x > 0 ? { x: 'nugget' as const } : {}) }] }, value: 2.5 });
    } else if (p.food === 0) {
      const gold = pay(p.gold, GOODS.food.nuggets);
      if (gold) out.push({ action: { type: 'buy', items: [{ item: 'food', gold }] }, value: 1.2 });
    }
  }
  return out.sort((a, b) => b.value - a.value);
}

/** Markers to pay `owed` with, smallest first until it is reached (no change is given). */
function pay(gold: readonly number[], owed: number): number[] | undefined {
  const order = gold.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: number[] = [];
  let sum = 0;
  for (const [v, i] of order) {
    if (sum >= owed) break;
    out.push(i);
    sum += v;
  }
  return sum >= owed ? out : undefined;
}

/** The first action of the list worth at least `least` that the engine takes after `before`. */
function firstLegal(
  state: GameState,
  table: Table,
  list: ReadonlyArray<{ action: Action; value: number }>,
  least: number,
  before: Action[] = [],
): Action | undefined {
  for (const c of list) if (c.value >= least && legal(state, table, ...before, c.action)) return c.action;
  return undefined;
}

/**
 * The one movement that leaves it fewest turns from the goal: every path a movement phase of each
 * owned mode allows (checkMove says which), nearest first, fewer edges before more.
 */
function stepToward(
  state: GameState,
  table: Table,
  g: Graph,
  ground: Ground,
  who: number,
  modes: readonly Mode[],
  goal: number,
): Action | undefined {
  const p = state.players[who]!;
  const toGoal = turnsOn(table, ground, goal, modes);
  let best: Action | undefined;
  let bestLeft = toGoal[p.at]!;
  const path: number[] = [];
  const walk = (from: number, mode: Mode, depth: number) => {
    if (path.length >= depth || (path.length > 0 && ground.unexplored[from])) return;
    for (let i = g.linkStart[from]!, end = g.linkStart[from + 1]!; i < end; i++) {
      const y = g.linkTo[i]!;
      if (y === p.at || path.includes(y) || !ground.open[g.linkEdge[i]!]) continue;
      path.push(y);
      if (checkMove(state, table, who, mode, path) === null) {
        const left = y === goal ? -1 : toGoal[y]!;
        if (left < bestLeft - 1e-9) {
          bestLeft = left;
          best = { type: 'move', mode, path: path.slice() };
        }
        walk(y, mode, depth);
      } else if (path.length < depth) walk(y, mode, depth);
      path.pop();
    }
  };
  for (const m of modes) walk(p.at, m, m === 'boat' ? 3 : 2);
  return best;
}

export function makePlanner(): Planner {
  /** The plan each seat is working on: its only memory between turns. */
  const held = new Map<number, Goal>();
  let crowd = new Uint8Array(0);

  /** The plan to follow; `stuck` is an intersection where its plan can do nothing now (so it plans elsewhere). */
  function choose(state: GameState, table: Table, who: number, stuck = -1): Goal | undefined {
    const g = graphOf(table);
    const ground = groundOf(state, table);
    const p = state.players[who]!;
    const dist = turnsOn(table, ground, p.at, modesOf(p));
    if (crowd.length < dist.length) crowd = new Uint8Array(dist.length);
    crowd.fill(0);
    for (let i = 0; i < state.players.length; i++) if (i !== who) crowd[state.players[i]!.at]!++;
    const priced = plans(state, table, g, ground, who, dist, crowd).filter((c) => c.goal.v !== stuck);
    let best: Priced | undefined;
    for (const c of priced) if (!best || c.rate > best.rate + 1e-9) best = c;
    const kept = held.get(who);
    if (kept && best && !sameGoal(kept, best.goal)) {
      const still = priced.find((c) => sameGoal(c.goal, kept));
      if (still && still.rate * PLAN.stick >= best.rate) best = still;
    }
    if (!best) held.delete(who);
    else held.set(who, best.goal);
    return best?.goal;
  }

  return function* planner(state, table, who) {
    const p = state.players[who]!;
    if (p.food === 0 && p.specials.includes('driedFish')) yield { type: 'driedFish' };
    let goal = choose(state, table, who);
    let acted = false;
    // Work where it stands first when this is the plan's place (or an action here is worth a turn).
    if (goal && goal.v === p.at) {
      const here = actionsHere(state, table, who, goal);
      const first = firstLegal(state, table, here, 0.5);
      if (first) {
        yield first;
        acted = true;
        if (state.over) return;
        // Whiskey buys a second dig at a claim with gold still on it.
        if (first.type === 'mine' && p.specials.includes('whiskey') && goal.kind === 'claim') {
          const again = firstLegal(
            state,
            table,
            actionsHere(state, table, who, goal).filter((c) => c.action.type === 'mine'),
            1,
            [{ type: 'whiskey', phase: 'action' }],
          );
          if (again) {
            yield { type: 'whiskey', phase: 'action' };
            yield again;
          }
        }
        goal = choose(state, table, who);
      } else goal = choose(state, table, who, p.at);
    }
    if (goal && goal.v !== p.at) {
      const g = graphOf(table);
      const ground = groundOf(state, table);
      const move = stepToward(state, table, g, ground, who, modesOf(p), goal.v);
      if (move) yield move;
    }
    if (state.over) return;
    // The end is announced on arriving at the post, in the same turn.
    if (state.turn.arrived && p.gold.length >= ANNOUNCE_MARKERS && nuggets(p) >= others(state, who) + PLAN.announceLead) {
      yield { type: 'announce' };
      return;
    }
    if (!acted) {
      const after = firstLegal(state, table, actionsHere(state, table, who, held.get(who)), 0.5);
      if (after) yield after;
    }
    if (!state.over) yield { type: 'end' };
  };
}
