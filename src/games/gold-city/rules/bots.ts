import type { Bot as PlayBot } from '../../../core/play/bot.ts';
import type { Token } from '../model.ts';
import { BOT_WEIGHTS as W, TEMPLE_BOT_WEIGHTS as TW } from './bot-weights.ts';
import { STARTER_DECK, cardType, coinValue, type CardType } from './cards.ts';
import { buyable, current, type Action, type Source } from './engine.ts';
import { SYMBOLS, SYMBOLS4, SYMBOL_AT, blockadeSymbol, isGroundSymbol, isSymbol3, type GroundSymbol } from '../symbols.ts';
import { blockadeEffort, effortToFinish, entryEffort, gemMask } from './potential.ts';
import { unsealed } from './temples.ts';
import { occupancy, pathTo, reach } from './reach.ts';
import type { GameState, PlayerState } from './state.ts';
import { G, blockadeBetween, type Table } from './table.ts';

const P = W.purchase;

/** What a bot knows of the course beyond the state: effort to the finish from every space. */
export interface BotContext {
  table: Table;
  potential: Float64Array;
  /** What a bot remembers between its turns, by seat: how long its pawns have not advanced. */
  memory?: Map<number, { effort: number; stuck: number }>;
  /**
   * Golden Temples: the effort field for every holding of gems (potential.ts, templeFields); the
   * bot plays on the one for the gems it holds, so the tour order is planned, not guessed.
   */
  fields?: Float64Array[];
  /** This turn the seat's pawns have not advanced for `stuckTurns` turns (set by contextForTurn). */
  stuck?: boolean;
}

/** The context as the seat to move sees it: on a temple course, the field of the gems it holds. */
function view(state: GameState, ctx: BotContext): BotContext {
  if (!ctx.fields) return ctx;
  const potential = ctx.fields[gemMask(current(state).gems)] as Float64Array;
  return potential === ctx.potential ? ctx : { ...ctx, potential };
}

/** The symbols a joker pays on this course: four-way where torch ground is played. */
const jokerSymbols = (t: Table): readonly GroundSymbol[] => (t.temples.length > 0 ? SYMBOLS4 : SYMBOLS);

/**
 * When a seat's pawns have not advanced for a while they are usually queued behind a pawn that
 * cannot pay its next step; plan this turn on a field that treats occupied spaces as closed, so
 * they look for a way round.
 */
function contextForTurn(state: GameState, shared: BotContext): BotContext {
  const memory = (shared.memory ??= new Map());
  const ctx = view(state, shared);
  const player = current(state);
  const effort = player.pawns.reduce((sum, p) => sum + (p.at < 0 ? 0 : (ctx.potential[p.at] as number)), 0);
  const seen = memory.get(state.seat);
  const stuck = seen && effort >= seen.effort - 1e-9 ? seen.stuck + 1 : 0;
  memory.set(state.seat, { effort, stuck });
  if (stuck < W.stuckTurns) return ctx;
  // On a temple course pawns never block one another: nothing to route round.
  if (shared.fields) return ctx;
  const own = new Set(player.pawns.map((p) => p.at));
  const closed = new Uint8Array(ctx.table.n);
  for (const p of state.players) for (const pawn of p.pawns) if (pawn.at >= 0 && !own.has(pawn.at)) closed[pawn.at] = 1;
  return { ...ctx, potential: effortToFinish(ctx.table, closed), stuck: true };
}

/** A Gold City bot's turn ends with `end` (or when the game is over). */
export type Bot = PlayBot<GameState, Action, BotContext>;

const STARTER_TYPES = new Set(STARTER_DECK);

function typeOf(state: GameState, card: number): CardType {
  return cardType(state.cards[card] as number);
}

/** How much a card is worth keeping: used to spend the weakest card that does the job. */
function worth(type: CardType): number {
  return type.strength + W.keep.perCost * type.cost + (type.draw ?? 0);
}

function weakest(state: GameState, player: PlayerState, count: number, exclude: readonly number[] = []): number[] | undefined {
  const pool = player.hand.filter((c) => !exclude.includes(c)).sort((a, b) => worth(typeOf(state, a)) - worth(typeOf(state, b)) || a - b);
  return pool.length >= count ? pool.slice(0, count) : undefined;
}

interface Option {
  gain: number;
  action: Action;
}

type MoveSource = { source: Source; symbols: readonly GroundSymbol[]; strength: number; worth: number };

function movementSources(state: GameState, player: PlayerState, t: Table): MoveSource[] {
  const out: MoveSource[] = [];
  const seen = new Set<number>();
  for (const card of player.hand) {
    const type = typeOf(state, card);
    if (type.symbol === 'action' || seen.has(type.id)) continue;
    seen.add(type.id);
    out.push({
      source: { card },
      symbols: type.symbol === 'joker' ? jokerSymbols(t) : [type.symbol as GroundSymbol],
      strength: type.strength,
      worth: worth(type),
    });
  }
  player.tokens.forEach((tk: Token, k) => {
    if (isSymbol3(tk.kind)) out.push({ source: { token: k }, symbols: [tk.kind], strength: tk.strength ?? 0, worth: W.keep.symbolToken });
  });
  // A gold coin: one step of strength 1 onto any ground.
  if ((player.coins ?? 0) > 0) out.push({ source: { coin: 1 }, symbols: SYMBOLS4, strength: 1, worth: TW.coinWorth });
  return out;
}

function finishStep(state: GameState, t: Table, player: PlayerState): Action | undefined {
  for (let p = 0; p < player.pawns.length; p++) {
    const at = player.pawns[p]!.at;
    if (at < 0) continue;
    if (!unsealed(t, player)) return undefined;
    for (let k = 0; k < 6; k++) {
      const y = t.adj[6 * at + k] as number;
      if (y < 0 || !t.finishes[y]) continue;
      const b = blockadeBetween(t, at, y);
      if (b < 0 || state.claimed[b] !== -1) return { type: 'finish', pawn: p, to: y };
    }
  }
  return undefined;
}

function bestMoves(state: GameState, ctx: BotContext, player: PlayerState, occ: Uint8Array, firstPawnOnly: boolean): Option[] {
  const { table: t, potential } = ctx;
  const options: Option[] = [];
  const pawns = player.pawns.map((p, i) => ({ at: p.at, i })).filter((p) => p.at >= 0);
  for (const src of movementSources(state, player, t)) {
    const coin = 'coin' in src.source;
    for (const pawn of firstPawnOnly ? pawns.slice(0, 1) : pawns) {
      for (const symbol of src.symbols) {
        const r = reach(state, t, occ, pawn.at, symbol, src.strength);
        let best = -1;
        let bestPot = potential[pawn.at] as number;
        for (let y = 0; y < t.n; y++) {
          // A coin pays one step, never a blockade.
          if (
            coin &&
            (r.parent[y] !== pawn.at || (blockadeBetween(t, pawn.at, y) >= 0 && state.claimed[blockadeBetween(t, pawn.at, y)] === -1))
          )
            continue;
          if ((r.left[y] as number) >= 0 && y !== pawn.at && (potential[y] as number) < bestPot - 1e-9) {
            bestPot = potential[y] as number;
            best = y;
          }
        }
        if (best >= 0) {
          options.push({
            gain: (potential[pawn.at] as number) - bestPot - W.spendPerWorth * src.worth,
            action: { type: 'move', pawn: pawn.i, source: src.source, symbol, path: pathTo(r, best) },
          });
        }
      }
    }
  }
  return options;
}

/** Paying a symbol blockade on its own, when the ground beyond wants another card. */
function clearOptions(state: GameState, ctx: BotContext, player: PlayerState): Option[] {
  const t = ctx.table;
  const options: Option[] = [];
  player.pawns.forEach((pawn, p) => {
    if (pawn.at < 0) return;
    for (let k = 0; k < 6; k++) {
      const y = t.adj[6 * pawn.at + k] as number;
      if (y < 0) continue;
      const b = blockadeBetween(t, pawn.at, y);
      if (b < 0 || state.claimed[b] !== -1) continue;
      const blockade = t.blockades[b]!;
      if (blockade.terrain === 'rubble') continue;
      let best: { src: MoveSource; symbol: GroundSymbol } | undefined;
      for (const src of movementSources(state, player, t)) {
        if ('coin' in src.source) continue;
        for (const symbol of src.symbols) {
          if (blockadeSymbol(blockade.terrain) !== symbol || src.strength < blockade.strength) continue;
          if (!best || src.worth < best.src.worth) best = { src, symbol };
        }
      }
      if (best)
        options.push({
          gain:
            blockadeEffort(t, b) + W.clearSymbol.perPoint * blockade.points - W.spendPerWorth * best.src.worth - W.clearSymbol.standingCost,
          action: { type: 'move', pawn: p, source: best.src.source, symbol: best.symbol, path: [], clear: y },
        });
    }
  });
  return options;
}

function roughOptions(state: GameState, ctx: BotContext, player: PlayerState, occ: Uint8Array, thin: boolean): Option[] {
  const { table: t, potential } = ctx;
  const options: Option[] = [];
  player.pawns.forEach((pawn, p) => {
    if (pawn.at < 0) return;
    for (let k = 0; k < 6; k++) {
      const y = t.adj[6 * pawn.at + k] as number;
      if (y < 0 || occ[y]) continue;
      const b = blockadeBetween(t, pawn.at, y);
      const intact = b >= 0 && state.claimed[b] === -1;
      const g = t.ground[y];
      if (intact && t.blockades[b]!.terrain === 'rubble') {
        const cards = weakest(state, player, t.blockades[b]!.strength);
        if (cards)
          options.push({
            gain: blockadeEffort(t, b) - W.clearRubble.perCard * cards.length + W.clearRubble.perPoint * t.blockades[b]!.points,
            action: { type: 'clear', pawn: p, toward: y, cards },
          });
        continue;
      }
      if (intact || (g !== G.rubble && g !== G.basecamp)) continue;
      const n = t.strength[y] as number;
      const cards = weakest(state, player, n);
      if (!cards) continue;
      const drop = (potential[pawn.at] as number) - (potential[y] as number);
      if (g === G.rubble) options.push({ gain: drop - W.rubblePerCard * n, action: { type: 'rough', pawn: p, to: y, cards } });
      else {
        // Base camps thin the deck: worth it when what goes is starter chaff.
        const chaff = cards.filter((c) => STARTER_TYPES.has(state.cards[c] as number)).length;
        const bonus = thin ? W.basecamp.perChaff * chaff - W.basecamp.perGood * (cards.length - chaff) : -W.basecamp.perCard * n;
        options.push({ gain: drop + bonus, action: { type: 'rough', pawn: p, to: y, cards } });
      }
    }
  });
  return options;
}

function freeStepOptions(state: GameState, ctx: BotContext, player: PlayerState, occ: Uint8Array): Option[] {
  const { table: t, potential } = ctx;
  const options: Option[] = [];
  const steppers: Array<(pawn: number, to: number) => Action> = [];
  for (const card of player.hand)
    if (typeOf(state, card).effect === 'native') steppers.push((pawn, to) => ({ type: 'action', card, pawn, to }));
  player.tokens.forEach((tk, k) => {
    if (tk.kind === 'ignore-requirement') steppers.push((pawn, to) => ({ type: 'token', token: k, pawn, to }));
  });
  if (steppers.length === 0) return options;
  player.pawns.forEach((pawn, p) => {
    if (pawn.at < 0) return;
    for (let k = 0; k < 6; k++) {
      const y = t.adj[6 * pawn.at + k] as number;
      if (y < 0 || occ[y] || t.ground[y] === G.mountain) continue;
      const b = blockadeBetween(t, pawn.at, y);
      if (b >= 0 && state.claimed[b] === -1) continue;
      const drop = (potential[pawn.at] as number) - (potential[y] as number);
      if (drop > W.freeStep.minDrop) options.push({ gain: drop - W.freeStep.cost, action: steppers[0]!(p, y) });
    }
  });
  return options;
}

/** What the planner would pay to own one more card of a type, given the ground ahead. */
function purchaseValue(state: GameState, ctx: BotContext, player: PlayerState, type: CardType): number {
  const { table: t, potential } = ctx;
  const need: Record<string, number> = { machete: 0, paddle: 0, coin: 0, torch: 0 };
  const maxNeed: Record<string, number> = { machete: 0, paddle: 0, coin: 0, torch: 0 };
  // The route ahead: the neighbour nearest the goal. On a temple course, and for a seat that is
  // stuck, the step's own cost counts too (entryEffort), so a dear water-4 that ties with a
  // water-3 on the field is not taken for the way on: read through the water-4, the Captain
  // (paddle 3) looked worthless to a pawn stalled before both (seed t1, 69 of 400 games stalled).
  const weighSteps = t.temples.length > 0 || ctx.stuck === true;
  const ahead = (y: number) => (potential[y] as number) + (weighSteps ? entryEffort(t, y) : 0);
  for (const pawn of player.pawns) {
    let at = pawn.at;
    for (let stepCount = 0; at >= 0 && stepCount < P.lookAhead && !t.finishes[at]; stepCount++) {
      let next = -1;
      for (let k = 0; k < 6; k++) {
        const y = t.adj[6 * at + k] as number;
        if (y >= 0 && (next < 0 || ahead(y) < ahead(next))) next = y;
      }
      if (next < 0 || (potential[next] as number) >= (potential[at] as number)) break;
      const b = blockadeBetween(t, at, next);
      const bs = b >= 0 && state.claimed[b] === -1 ? blockadeSymbol(t.blockades[b]!.terrain) : undefined;
      if (bs) maxNeed[bs] = Math.max(maxNeed[bs] as number, t.blockades[b]!.strength);
      const g = t.ground[next] as number;
      const symbol = SYMBOL_AT[g];
      if (symbol) {
        need[symbol] = (need[symbol] as number) + 1;
        maxNeed[symbol] = Math.max(maxNeed[symbol] as number, t.strength[next] as number);
      }
      at = next;
    }
  }
  const owned: Record<string, number> = { machete: 0, paddle: 0, coin: 0, torch: 0, joker: 0 };
  for (const c of [...player.deck, ...player.hand, ...player.discard, ...player.inPlay]) {
    const ty = typeOf(state, c);
    if (ty.symbol in owned) owned[ty.symbol] = Math.max(owned[ty.symbol] as number, ty.strength);
  }
  const total = need.machete! + need.paddle! + need.coin! + need.torch! + P.needSmoothing;
  const remaining = Math.min(...player.pawns.filter((p) => p.at >= 0).map((p) => potential[p.at] as number));
  // Late in the race a bought card may never come round again.
  const horizon = Math.min(1, remaining / P.horizon);
  let value = 0;
  if (isGroundSymbol(type.symbol)) {
    const share = (need[type.symbol] as number) / total;
    const unlocks =
      type.strength >= (maxNeed[type.symbol] as number) &&
      (maxNeed[type.symbol] as number) > Math.max(owned[type.symbol] as number, owned.joker as number);
    value = type.strength * (share + (type.symbol === 'coin' ? P.coinExtra : P.symbolExtra)) + (unlocks ? P.unlock : 0);
  } else if (type.symbol === 'joker') {
    const unlocks = jokerSymbols(t).some(
      (s) => type.strength >= (maxNeed[s] as number) && (maxNeed[s] as number) > Math.max(owned[s] as number, owned.joker as number),
    );
    value = type.strength * P.jokerPerStrength + (unlocks ? P.unlock : 0);
  } else if (type.effect === 'draw') value = (type.draw ?? 0) * P.drawPerCard + (type.trash ?? 0) * P.trashPerCard;
  else if (type.effect === 'native') value = P.native;
  else value = P.otherAction;
  if (type.singleUse) value *= P.singleUse;
  return value * (P.lateFloor + P.lateShare * horizon);
}

function* spendOnPurchase(state: GameState, choose: (affordable: number[]) => number | undefined): Generator<Action, void, void> {
  const player = current(state);
  if (state.bought) return;
  // Gold coins count towards a purchase too (Golden Temples); they are spent only to make up a shortfall.
  const held = player.coins ?? 0;
  const money = player.hand.reduce((sum, c) => sum + coinValue(typeOf(state, c)), 0) + held;
  const affordable = [];
  for (let type = 0; type < state.supply.length; type++) if (buyable(state, type) && cardType(type).cost <= money) affordable.push(type);
  const pick = choose(affordable);
  if (pick === undefined) return;
  // Pay with the cheapest set that covers the cost: coins first, the rest as half coins.
  const cost = cardType(pick).cost;
  const sorted = player.hand.slice().sort((a, b) => coinValue(typeOf(state, b)) - coinValue(typeOf(state, a)) || a - b);
  const pay: number[] = [];
  let sum = 0;
  for (const c of sorted) {
    if (sum >= cost) break;
    pay.push(c);
    sum += coinValue(typeOf(state, c));
  }
  const coins = Math.max(0, Math.ceil(cost - sum));
  yield coins > 0 ? { type: 'buy', cardType: pick, cards: pay, coins } : { type: 'buy', cardType: pick, cards: pay };
}

/** Takes the best play on offer, again and again, while one gains anything. */
function* runOptions(
  state: GameState,
  shared: BotContext,
  gather: (player: PlayerState, occupied: Uint8Array, ctx: BotContext) => Option[],
): Generator<Action, void, void> {
  for (let guard = 0; guard < W.maxPlaysPerTurn; guard++) {
    if (state.over || current(state).finished) return;
    if (state.effects.halted) return;
    // A gem taken mid-turn changes the goal: look again with the field of the gems now held.
    const ctx = view(state, shared);
    const player = current(state);
    const finish = finishStep(state, ctx.table, player);
    if (finish) {
      yield finish;
      continue;
    }
    const options = gather(player, occupancy(state, ctx.table.n, ctx.table), ctx);
    let best: Option | undefined;
    for (const o of options) if (o.gain > W.minGain && (!best || o.gain > best.gain)) best = o;
    if (!best) return;
    yield best.action;
  }
}

/**
 * The competent planner: draws first, then repeatedly takes the single play (a card's walk,
 * rubble, a thinning base camp, a free step) that brings a pawn furthest towards the gate for the
 * weakest card; buys what its route ahead demands; uses cave tokens that draw, swap or remove.
 */
export const plannerBot: Bot = {
  name: 'planner',
  *turn(state, shared) {
    const ctx = contextForTurn(state, shared);
    const player = current(state);
    for (const card of player.hand.slice()) {
      const type = typeOf(state, card);
      if (type.effect !== 'draw') continue;
      const trash = (weakest(state, player, type.trash ?? 0, [card]) ?? []).filter((c) => STARTER_TYPES.has(state.cards[c] as number));
      yield { type: 'action', card, trash: trash.filter((c) => c !== card) };
    }
    for (let k = player.tokens.length - 1; k >= 0; k--) {
      const token = player.tokens[k]!;
      if (token.kind === 'draw') yield { type: 'token', token: k };
      else if (token.kind === 'remove') {
        const chaff = player.hand.find((c) => STARTER_TYPES.has(state.cards[c] as number));
        if (chaff !== undefined) yield { type: 'token', token: k, card: chaff };
      } else if (token.kind === 'replace-hand' && player.hand.every((c) => typeOf(state, c).strength <= W.replaceHandAtMost)) {
        yield { type: 'token', token: k };
      }
    }
    yield* runOptions(state, ctx, (player, occ, now) => [
      ...bestMoves(state, now, player, occ, false),
      ...clearOptions(state, now, player),
      ...roughOptions(state, now, player, occ, true),
      ...freeStepOptions(state, now, player, occ),
    ]);
    if (!state.over && !current(state).finished) {
      const now = ctx.fields ? view(state, ctx) : ctx;
      yield* spendOnPurchase(state, (affordable) => {
        let best: number | undefined;
        let bestValue = P.minValue;
        for (const type of affordable) {
          const v = purchaseValue(state, now, current(state), cardType(type));
          if (v > bestValue) {
            bestValue = v;
            best = type;
          }
        }
        return best;
      });
    }
    if (!state.over) yield { type: 'end' };
  },
};

/**
 * The simple baseline: walks its first pawn greedily with whatever it holds, pays rubble when
 * it is the way on, never thins or uses tokens, and buys the dearest card it can afford.
 */
export const baselineBot: Bot = {
  name: 'baseline',
  *turn(state, ctx) {
    yield* runOptions(state, ctx, (player, occ, now) => [
      ...bestMoves(state, now, player, occ, true),
      ...clearOptions(state, now, player),
      ...roughOptions(state, now, player, occ, false).filter(
        (o) => o.action.type !== 'rough' || now.table.ground[(o.action as { to: number }).to] === G.rubble,
      ),
    ]);
    if (!state.over && !current(state).finished) {
      yield* spendOnPurchase(state, (affordable) => {
        let best: number | undefined;
        for (const type of affordable) if (best === undefined || cardType(type).cost > cardType(best).cost) best = type;
        return best;
      });
    }
    if (!state.over) yield { type: 'end' };
  },
};

export const BOTS: Record<string, Bot> = { planner: plannerBot, baseline: baselineBot };
