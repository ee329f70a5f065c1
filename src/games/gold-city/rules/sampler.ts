/**
 * The second kind of Gold City player: a Monte-Carlo turn sampler. Where the planner takes the
 * single best play again and again, the sampler draws whole turns: orders of its hand (some
 * cards held back to pay for a purchase), each card played where it brings a pawn nearest the
 * goal, then rough ground and the purchase, every step played on a copy through the engine (so
 * a refused step is simply not part of that turn). It keeps the sampled turn that leaves its
 * pawns with the least effort to go, counting what it bought at what the whole remaining route
 * (not a few steps ahead) asks of each symbol. Its dice are seeded by the game's own stream key,
 * the round and the seat, so a game stays a pure function of the map and the game seed.
 */
import { Rng } from '../../../core/rng.ts';
import { SYMBOLS, SYMBOLS4, SYMBOL_AT, blockadeSymbol, isGroundSymbol, isSymbol3, type GroundSymbol } from '../symbols.ts';
import { cardType, coinValue, STARTER_DECK, type CardType } from './cards.ts';
import { applyAction, buyable, current, type Action } from './engine.ts';
import { blockadeEffort, gemMask } from './potential.ts';
import { occupancy, pathTo, reach } from './reach.ts';
import type { GameState, PlayerState } from './state.ts';
import { G, blockadeBetween, type Table } from './table.ts';
import type { Bot, BotContext } from './bots.ts';

export const SAMPLER_WEIGHTS = Object.freeze({
  /** Whole turns sampled each turn. */
  samples: 8,
  /** Chance a card is held back from movement, to pay for a purchase. */
  hold: 0.3,
  /** Effort a bought card is worth per point of strength in a symbol the route asks for, by share. */
  buyPerStrength: 1.1,
  /** A joker's strength, against a single-symbol card's. */
  joker: 0.75,
  /** Effort worth of one more card drawn each turn (a draw action card). */
  drawCard: 0.9,
  /** Effort a starter card removed at a base camp is worth; a bought card removed costs it. */
  thin: 0.6,
  /** Effort a card discarded into rubble costs (it comes back after the next shuffle). */
  discard: 0.35,
  /** Rounds of the race a bought card no longer pays for: it is worth less when the goal is close. */
  lateEffort: 6,
});
const W = SAMPLER_WEIGHTS;
const STARTER = new Set(STARTER_DECK);

const fieldFor = (ctx: BotContext, player: PlayerState): Float64Array =>
  ctx.fields ? (ctx.fields[gemMask(player.gems)] as Float64Array) : ctx.potential;

/** Effort left to the goal for the player's pawns (arrived pawns count nothing). */
function effortLeft(ctx: BotContext, player: PlayerState): number {
  const field = fieldFor(ctx, player);
  return player.pawns.reduce((a, p) => a + (p.at < 0 ? 0 : (field[p.at] as number)), 0);
}

/** Tries an action on the copy; the engine applies all of it or, refusing, none. */
function attempt(sim: GameState, t: Table, action: Action, log: Action[]): boolean {
  try {
    applyAction(sim, t, action);
  } catch {
    return false;
  }
  log.push(action);
  return true;
}

/** What the whole remaining route asks of each symbol: steps and the strongest step, from each pawn down the field. */
function routeDemand(
  ctx: BotContext,
  state: GameState,
  player: PlayerState,
): { steps: Record<string, number>; strongest: Record<string, number>; total: number } {
  const t = ctx.table;
  const field = fieldFor(ctx, player);
  const steps: Record<string, number> = { machete: 0, paddle: 0, coin: 0, torch: 0 };
  const strongest: Record<string, number> = { machete: 0, paddle: 0, coin: 0, torch: 0 };
  for (const pawn of player.pawns) {
    let at = pawn.at;
    for (let guard = 0; at >= 0 && guard < t.n && !t.finishes[at]; guard++) {
      let next = -1;
      for (let k = 0; k < 6; k++) {
        const y = t.adj[6 * at + k] as number;
        if (y >= 0 && (next < 0 || (field[y] as number) < (field[next] as number))) next = y;
      }
      if (next < 0 || (field[next] as number) >= (field[at] as number)) break;
      const b = blockadeBetween(t, at, next);
      const bs = b >= 0 && state.claimed[b] === -1 ? blockadeSymbol(t.blockades[b]!.terrain) : undefined;
      if (bs) strongest[bs] = Math.max(strongest[bs]!, t.blockades[b]!.strength);
      const symbol = SYMBOL_AT[t.ground[next] as number];
      if (symbol) {
        steps[symbol]! += 1;
        strongest[symbol] = Math.max(strongest[symbol]!, t.strength[next] as number);
      }
      at = next;
    }
  }
  return { steps, strongest, total: Object.values(steps).reduce((a, n) => a + n, 0) || 1 };
}

/** Effort a bought card of `type` is worth to this player, read off the whole route ahead. */
function buyWorth(ctx: BotContext, state: GameState, player: PlayerState, type: CardType): number {
  const demand = routeDemand(ctx, state, player);
  const late = Math.min(1, effortLeft(ctx, player) / (W.lateEffort * player.pawns.length));
  const symbols = ctx.table.temples.length > 0 ? SYMBOLS4 : SYMBOLS;
  let v = 0;
  if (isGroundSymbol(type.symbol)) {
    const share = demand.steps[type.symbol]! / demand.total;
    const reaches = type.strength >= demand.strongest[type.symbol]! ? 1 : 0.6;
    v = type.strength * share * reaches * W.buyPerStrength * 2;
  } else if (type.symbol === 'joker')
    v = type.strength * W.joker * W.buyPerStrength * Math.max(...symbols.map((s) => demand.steps[s]! / demand.total)) * 2;
  else if (type.effect === 'draw') v = (type.draw ?? 0) * W.drawCard;
  if (type.singleUse) v *= 0.5;
  return v * late;
}

/** The one play of `card` that brings a pawn nearest the goal (a walk, or a symbol blockade paid). */
function playCard(sim: GameState, ctx: BotContext, card: number, log: Action[]): boolean {
  const t = ctx.table;
  const player = current(sim);
  const type = cardType(sim.cards[card] as number);
  if (type.symbol === 'action') return false;
  const symbols: readonly GroundSymbol[] =
    type.symbol === 'joker' ? (t.temples.length > 0 ? SYMBOLS4 : SYMBOLS) : [type.symbol as GroundSymbol];
  const field = fieldFor(ctx, player);
  const occ = occupancy(sim, t.n, t);
  let best: { action: Action; gain: number } | undefined;
  player.pawns.forEach((pawn, p) => {
    if (pawn.at < 0) return;
    for (const symbol of symbols) {
      const r = reach(sim, t, occ, pawn.at, symbol, type.strength);
      for (let y = 0; y < t.n; y++) {
        if (y === pawn.at || (r.left[y] as number) < 0) continue;
        const gain = (field[pawn.at] as number) - (field[y] as number);
        if (gain > 1e-9 && (!best || gain > best.gain))
          best = { action: { type: 'move', pawn: p, source: { card }, symbol, path: pathTo(r, y) }, gain };
      }
      for (let k = 0; k < 6; k++) {
        const y = t.adj[6 * pawn.at + k] as number;
        const b = y < 0 ? -1 : blockadeBetween(t, pawn.at, y);
        if (
          b < 0 ||
          sim.claimed[b] !== -1 ||
          blockadeSymbol(t.blockades[b]!.terrain) !== symbol ||
          type.strength < t.blockades[b]!.strength
        )
          continue;
        const gain = blockadeEffort(t, b);
        if (!best || gain > best.gain) best = { action: { type: 'move', pawn: p, source: { card }, symbol, path: [], clear: y }, gain };
      }
    }
  });
  return best !== undefined && attempt(sim, t, best.action, log);
}

/** Steps through the gate, rubble and base camps next to the pawns, paid with the cards left. */
function roughAndFinish(sim: GameState, ctx: BotContext, log: Action[]): number {
  const t = ctx.table;
  let bonus = 0;
  for (let guard = 0; guard < 8; guard++) {
    const player = current(sim);
    if (sim.over || player.finished) return bonus;
    const field = fieldFor(ctx, player);
    const occ = occupancy(sim, t.n, t);
    let done = false;
    for (let p = 0; p < player.pawns.length && !done; p++) {
      const at = player.pawns[p]!.at;
      if (at < 0) continue;
      for (let k = 0; k < 6 && !done; k++) {
        const y = t.adj[6 * at + k] as number;
        if (y < 0) continue;
        const b = blockadeBetween(t, at, y);
        if (t.finishes[y] && (b < 0 || sim.claimed[b] !== -1)) {
          done = attempt(sim, t, { type: 'finish', pawn: p, to: y }, log);
          continue;
        }
        const hand = player.hand
          .slice()
          .sort((a, c) => coinValue(cardType(sim.cards[a] as number)) - coinValue(cardType(sim.cards[c] as number)) || a - c);
        if (b >= 0 && sim.claimed[b] === -1) {
          if (t.blockades[b]!.terrain !== 'rubble' || hand.length < t.blockades[b]!.strength) continue;
          const cards = hand.slice(0, t.blockades[b]!.strength);
          if (blockadeEffort(t, b) > W.discard * cards.length && attempt(sim, t, { type: 'clear', pawn: p, toward: y, cards }, log)) {
            bonus += blockadeEffort(t, b) - W.discard * cards.length;
            done = true;
          }
          continue;
        }
        const g = t.ground[y];
        if (occ[y] || t.finishes[y] || (g !== G.rubble && g !== G.basecamp)) continue;
        const n = t.strength[y] as number;
        const drop = (field[at] as number) - (field[y] as number);
        if (hand.length < n || drop <= 0) continue;
        // Base camps remove the cards paid: starter cards first, which thins the deck.
        const cards =
          g === G.basecamp
            ? hand
                .slice()
                .sort((a, c) => Number(!STARTER.has(sim.cards[a] as number)) - Number(!STARTER.has(sim.cards[c] as number)) || a - c)
                .slice(0, n)
            : hand.slice(0, n);
        const cost =
          g === G.rubble ? W.discard * n : cards.reduce((a, c) => a + (STARTER.has(sim.cards[c] as number) ? -W.thin : W.thin), 0);
        if (drop - cost > 0 && attempt(sim, t, { type: 'rough', pawn: p, to: y, cards }, log)) done = true;
      }
    }
    if (!done) return bonus;
  }
  return bonus;
}

/** The best affordable purchase with the cards still in hand, when it is worth anything. */
function purchase(sim: GameState, ctx: BotContext, log: Action[]): number {
  const player = current(sim);
  if (sim.bought || sim.over || player.finished) return 0;
  const money = player.hand.reduce((a, c) => a + coinValue(cardType(sim.cards[c] as number)), 0) + (player.coins ?? 0);
  let best: { type: number; worth: number } | undefined;
  for (let type = 0; type < sim.supply.length; type++) {
    const ct = cardType(type);
    if (!buyable(sim, type) || ct.cost > money) continue;
    const worth = buyWorth(ctx, sim, player, ct);
    if (worth > 0 && (!best || worth > best.worth)) best = { type, worth };
  }
  if (!best) return 0;
  const cost = cardType(best.type).cost;
  const sorted = player.hand
    .slice()
    .sort((a, b) => coinValue(cardType(sim.cards[b] as number)) - coinValue(cardType(sim.cards[a] as number)) || a - b);
  const cards: number[] = [];
  let sum = 0;
  for (const c of sorted) {
    if (sum >= cost) break;
    cards.push(c);
    sum += coinValue(cardType(sim.cards[c] as number));
  }
  const coins = Math.max(0, Math.ceil(cost - sum));
  return attempt(
    sim,
    ctx.table,
    coins > 0 ? { type: 'buy', cardType: best.type, cards, coins } : { type: 'buy', cardType: best.type, cards },
    log,
  )
    ? best.worth
    : 0;
}

/** One sampled turn on a copy of the game: its actions and how good the position it leaves is. */
function sampleTurn(state: GameState, ctx: BotContext, rng: Rng | undefined): { actions: Action[]; value: number } {
  const sim = structuredClone(state);
  const log: Action[] = [];
  const player = current(sim);
  const start = effortLeft(ctx, player);
  const order = rng
    ? rng.shuffle(player.hand)
    : player.hand.slice().sort((a, b) => cardType(sim.cards[b] as number).strength - cardType(sim.cards[a] as number).strength || a - b);
  let bonus = 0;
  for (const card of order) {
    if (sim.over || current(sim).finished) break;
    if (rng && rng.next() < W.hold) continue;
    if (current(sim).hand.includes(card)) playCard(sim, ctx, card, log);
    bonus += roughAndFinish(sim, ctx, log);
  }
  // Symbol tokens and gold coins are played after the cards: they keep.
  const me = current(sim);
  for (let k = me.tokens.length - 1; k >= 0; k--) {
    // A token played leaves the list: read it afresh each time.
    const tk = me.tokens[k];
    if (!tk || !isSymbol3(tk.kind) || sim.over || me.finished) continue;
    const occ = occupancy(sim, ctx.table.n, ctx.table);
    const field = fieldFor(ctx, me);
    for (let p = 0; p < me.pawns.length; p++) {
      const at = me.pawns[p]!.at;
      if (at < 0) continue;
      const r = reach(sim, ctx.table, occ, at, tk.kind, tk.strength ?? 0);
      let bestY = -1;
      for (let y = 0; y < ctx.table.n; y++)
        if (
          y !== at &&
          (r.left[y] as number) >= 0 &&
          (field[y] as number) < (bestY < 0 ? (field[at] as number) : (field[bestY] as number)) - 1e-9
        )
          bestY = y;
      if (
        bestY >= 0 &&
        attempt(sim, ctx.table, { type: 'move', pawn: p, source: { token: k }, symbol: tk.kind, path: pathTo(r, bestY) }, log)
      )
        break;
    }
  }
  bonus += roughAndFinish(sim, ctx, log);
  const bought = purchase(sim, ctx, log);
  const after = current(sim);
  const arrived = after.finished ? 1000 : 0;
  return { actions: log, value: start - effortLeft(ctx, after) + bonus + bought + arrived };
}

/** The sampler: draw cards first, then the best of its sampled turns. */
export const samplerBot: Bot = {
  name: 'sampler',
  *turn(state, ctx) {
    const player = current(state);
    for (const card of player.hand.slice()) {
      if (cardType(state.cards[card] as number).effect === 'draw') yield { type: 'action', card };
    }
    for (let k = current(state).tokens.length - 1; k >= 0; k--)
      if (current(state).tokens[k]!.kind === 'draw') yield { type: 'token', token: k };
    if (state.over || current(state).finished) return;
    const rng = Rng.fromSeed(`${state.rngKey}\u001fsampler\u001f${state.round}\u001f${state.seat}`);
    let best = sampleTurn(state, ctx, undefined);
    for (let s = 1; s < W.samples; s++) {
      const sample = sampleTurn(state, ctx, rng.fork(`sample-${s}`));
      if (sample.value > best.value + 1e-9) best = sample;
    }
    for (const action of best.actions) yield action;
    if (!state.over) yield { type: 'end' };
  },
};
