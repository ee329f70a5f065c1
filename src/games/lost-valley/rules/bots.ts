import { ANIMALS, ANNOUNCE_MARKERS, GOODS, WARES, type Raw, type Ware } from './prices.ts';
import { backpackSpace, backpackUsed, canalPossible, checkMove, fishCatch, gearUsed, nuggets, roomAt, unexplored, watered, type Action, type GameState, type Mode, type Player } from './engine.ts';
import type { BotWeights } from './bot-weights.ts';
import { turnsFrom } from './graph.ts';
import type { Table } from './table.ts';

/**
 * A greedy prospector: it acts where it stands when that pays, otherwise heads for the
 * intersection worth most for the walk (gold it can mine, ground to explore, food or timber it
 * lacks, the trading post when a ware would pay), riding or rowing when that gets it nearer.
 * Bots only choose actions; the engine checks them.
 */
export type Bot = (state: GameState, table: Table, who: number) => Generator<Action, void, void>;

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
    const river = markers.filter((m) => m.kind === 'rivergold').map((m) => m.value ?? 1);
    const mountain = markers.filter((m) => m.kind === 'mountaingold').map((m) => m.value ?? 3);
    if (river.length && p.food >= 1) {
      if (watered(state, table, t)) out.push({ action: { type: 'mine', tile: t }, value: W.expected.rivergold * Math.min(river.length, p.wares.includes('sieve') ? 2 : 1) });
      else if (canalPossible(state, table, t) && p.timber >= 1) out.push({ action: { type: 'build', work: 'canal', tile: t }, value: W.opens * W.expected.rivergold * river.length });
    }
    if (mountain.length) {
      const take = p.wares.includes('crate') || p.specials.includes('dynamite') ? 2 : 1;
      if (state.mine[t] && p.food >= 1 && p.timber >= 1) out.push({ action: { type: 'mine', tile: t }, value: W.expected.mountaingold * Math.min(mountain.length, take) });
      else if (!state.mine[t] && p.tool >= 1 && p.food >= 1 && p.timber >= 1) out.push({ action: { type: 'build', work: 'mine', tile: t }, value: W.opens * W.expected.mountaingold * Math.min(mountain.length, roundsLeft / 2) });
    }
    if (tile.terrain === 'forest' && p.timber < W.want.timber && room >= 2) out.push({ action: { type: 'cut', tile: t }, value: W.timber * Math.min(W.want.timber - p.timber + 1, 1 + (p.wares.includes('axe') ? 1 : 0) + (state.works[p.at] === 'sawmill' ? 1 : 0)) });
    const animal = markers.find((m) => m.kind === 'animal');
    if (animal && p.food < W.want.food && room >= 1) {
      const info = ANIMALS[animal.type ?? ''] ?? { food: 1, wound: {} };
      const win = p.wares.includes('rifle') ? 0.92 : 0.42;
      const loss = Object.values(info.wound).reduce((a, b) => a + b, 0);
      out.push({ action: { type: 'hunt', tile: t }, value: W.food * (win * Math.min(info.food, W.want.food + 1 - p.food) - W.huntRisk * (1 - win) * loss) });
    }
    if (markers.some((m) => m.kind === 'event')) {
      const spare: Raw[] = [];
      for (const r of ['tool', 'food', 'timber'] as const) for (let k = p[r] - (r === 'tool' ? 1 : W.eventReserve / 2); k > 0; k--) spare.push(r);
      if (spare.length >= 2 && gearUsed(p) < 6) {
        const pick = tile.kind === 'triangle' ? markers.findIndex((m) => m.kind === 'event' && m.type !== 'rifle') : undefined;
        out.push({ action: { type: 'event', tile: t, pay: [spare[0]!, spare[1]!], ...(pick !== undefined && pick >= 0 ? { pick } : {}) }, value: W.event });
      }
    }
  }
  const fish = fishCatch(state, table, p);
  if (fish > 0 && p.food < W.want.food && room >= 1) out.push({ action: { type: 'fish' }, value: W.food * Math.min(fish, W.want.food + 1 - p.food) });
  if (p.at === table.post) {
    const buy = shopping(state, p, W, roundsLeft);
    if (buy) out.push(buy);
  }
  let best: Choice | undefined;
  for (const c of out) if (!best || c.value > best.value + 1e-9) best = c;
  return best;
}

/** Wares worth buying now: the next wanted ware it can pay for and still keep some gold. */
function shopping(state: GameState, p: Player, W: BotWeights, roundsLeft: number): Choice | undefined {
  if (roundsLeft < W.shop.minRoundsLeft) return undefined;
  for (const ware of W.wares as readonly Ware[]) {
    if (p.wares.includes(ware) || state.stock[ware] < 1 || gearUsed(p) + WARES[ware].gear > 6) continue;
    const { nuggets: n, x } = WARES[ware].price;
    const xRaw: Raw | undefined = x > 0 ? (p.tool > 1 ? 'tool' : undefined) : undefined;
    const owed = n + x - (xRaw ? 1 : 0);
    if (nuggets(p) < owed + W.shop.keep) continue;
    const gold = payment(p.gold, owed);
    if (!gold) continue;
    return { action: { type: 'buy', items: [{ item: ware, gold, ...(x > 0 ? { x: xRaw ?? 'nugget' } : {}) }] }, value: W.shop.worth };
  }
  if (p.food === 0 && nuggets(p) >= GOODS.food.nuggets + W.shop.keep) {
    const gold = payment(p.gold, GOODS.food.nuggets);
    if (gold) return { action: { type: 'buy', items: [{ item: 'food', gold }] }, value: W.food };
  }
  return undefined;
}

/** What standing at v is worth next. */
function worth(state: GameState, table: Table, who: number, v: number, W: BotWeights, roundsLeft: number, leader: boolean): number {
  const p = state.players[who]!;
  // Exploring grows more pressing as the game goes on: a landscape left half explored never ends.
  if (unexplored(state, table, v)) return state.ice < 0 ? W.explore * (1 + state.round / W.exploreRounds) : 0;
  const room = backpackSpace(p) - backpackUsed(p);
  let best = 0;
  for (const t of table.beside[v]!) {
    const tile = table.tiles[t]!;
    const markers = state.markers[t]!;
    const river = markers.filter((m) => m.kind === 'rivergold').length;
    const mountain = markers.filter((m) => m.kind === 'mountaingold').length;
    if (river) {
      const wet = watered(state, table, t) ? 1 : canalPossible(state, table, t) ? W.needsWork : 0;
      best = Math.max(best, wet * Math.min(river, roundsLeft) * W.expected.rivergold * (p.food > 0 ? 1 : W.unpaid));
    }
    if (mountain) {
      const ready = state.mine[t] ? 1 : W.needsWork * (p.tool > 0 ? 1 : W.unpaid);
      best = Math.max(best, ready * Math.min(mountain, roundsLeft / 2) * W.expected.mountaingold * (p.food > 0 && p.timber > 0 ? 1 : W.unpaid));
    }
    if (p.timber === 0 && tile.terrain === 'forest' && room >= 2) best = Math.max(best, 3 * W.timber);
    if (p.food === 0 && room >= 1 && (tile.fish || markers.some((m) => m.kind === 'animal'))) best = Math.max(best, 3 * W.food);
  }
  if (v === table.post) {
    if (p.gold.length >= ANNOUNCE_MARKERS && leader) best = Math.max(best, 100);
    if (shopping(state, p, W, roundsLeft)) best = Math.max(best, W.shop.worth * 2);
  }
  return best;
}

/** Every path one movement phase of `mode` can take (the engine's own check decides). */
function paths(state: GameState, table: Table, who: number, mode: Mode): number[][] {
  const out: number[][] = [];
  const depth = mode === 'boat' ? 3 : 2;
  const walk = (path: number[]) => {
    const from = path.length ? path[path.length - 1]! : state.players[who]!.at;
    if (path.length >= depth || (path.length > 0 && unexplored(state, table, from))) return;
    for (const [y] of table.links[from]!) {
      if (path.includes(y) || y === state.players[who]!.at) continue;
      const next = [...path, y];
      if (checkMove(state, table, who, mode, next) === null) out.push(next);
      walk(next);
    }
  };
  walk([]);
  return out;
}

function chooseMove(state: GameState, table: Table, who: number, W: BotWeights, roundsLeft: number, goals: Map<number, number>): Action | undefined {
  const p = state.players[who]!;
  const modes = modesOf(p);
  const dist = turnsFrom(state, table, p.at, modes);
  const others = state.players.filter((_, i) => i !== who).map(nuggets);
  const leader = nuggets(p) >= Math.max(0, ...others) + W.announceLead;
  const scoreOf = (v: number) => (v === p.at || !Number.isFinite(dist[v]!) || !roomAt(state, table, v, who) ? 0 : worth(state, table, who, v, W, roundsLeft - dist[v]!, leader) / (1 + dist[v]!));
  let target = -1;
  let bestScore = 0;
  for (let v = 0; v < dist.length; v++) {
    const s = scoreOf(v);
    if (s > bestScore + 1e-9) {
      bestScore = s;
      target = v;
    }
  }
  // Keep to the goal while it is still worth going to, so two goals never pull it to and fro.
  const goal = goals.get(who);
  if (goal !== undefined && goal !== target) {
    const kept = scoreOf(goal);
    if (kept > 0 && kept * W.keepGoal >= bestScore) target = goal;
  }
  if (target < 0) {
    goals.delete(who);
    return undefined;
  }
  goals.set(who, target);
  const toTarget = turnsFrom(state, table, target, modes);
  let best: Action | undefined;
  let bestLeft = toTarget[p.at]!;
  for (const mode of modes) {
    for (const path of paths(state, table, who, mode)) {
      const end = path[path.length - 1]!;
      const left = end === target ? -1 : toTarget[end]!;
      // Foot first among equals: a horse or boat is taken only when it gets the prospector nearer.
      if (left < bestLeft - 1e-9) {
        bestLeft = left;
        best = { type: 'move', mode, path };
      }
    }
  }
  return best;
}

/** The bot, parametrised by its weights. */
export function makeBot(W: BotWeights): Bot {
  // Where each seat is heading: the bot's only memory between turns.
  const goals = new Map<number, number>();
  return function* bot(state, table, who) {
    const p = state.players[who]!;
    // The ice runs about three turns a tile, shared among the players.
    const roundsLeft = state.ice < 0 ? 40 : (table.icePath.length - 1 - state.ice) * (6 / (7 - table.iceRoll)) / state.players.length;
    if (p.food === 0 && p.specials.includes('driedFish')) yield { type: 'driedFish' };
    const others = state.players.filter((_, i) => i !== who).map(nuggets);
    if (p.at === table.post && p.gold.length >= ANNOUNCE_MARKERS && nuggets(p) >= Math.max(0, ...others) + W.announceLead) {
      yield { type: 'announce' };
      return;
    }
    let acted = false;
    const first = bestAction(state, table, who, W, roundsLeft);
    if (first && first.value >= W.actFirst) {
      yield first.action;
      acted = true;
    }
    const move = chooseMove(state, table, who, W, roundsLeft, goals);
    if (move) yield move;
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
  };
}
