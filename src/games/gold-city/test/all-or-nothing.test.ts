import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMap } from '../../../core/maps.ts';
import { goldCity } from '../index.ts';
import { playToEnd } from '../../../core/play/play.ts';
import { BOTS, type Bot, type BotContext } from '../rules/bots.ts';
import { MAX_ROUNDS, turnRules } from '../rules/playtest.ts';
import { effortToFinish } from '../rules/potential.ts';
import { SYMBOLS } from '../symbols.ts';
import { RuleError } from '../../../core/play/rule-error.ts';
import { applyAction, type Action, type Source } from '../rules/engine.ts';
import { CARD_TYPES } from '../rules/cards.ts';
import { newGame, type GameState } from '../rules/state.ts';
import { buildTable, type Table } from '../rules/table.ts';
import type { GoldCityMap } from '../model.ts';
import { course } from './course-builder.ts';

const type = (name: string) => CARD_TYPES.find((c) => c.name === name)!.id;

function hand(state: GameState, names: string[]): number[] {
  const ids = names.map((n) => state.cards.push(type(n)) - 1);
  state.players[state.seat]!.hand = ids;
  return ids;
}

function setup(map: GoldCityMap): { t: Table; s: GameState; at: (q: number, r: number) => number } {
  const t = buildTable(map);
  const s = newGame(t, 4, 'all-or-nothing');
  return { t, s, at: (q, r) => map.spaces.findIndex((x) => x.q === q && x.r === r) };
}

/** The action must be refused with a RuleError matching `message`, and leave no trace. */
function refusedCleanly(s: GameState, t: Table, a: Action, message: RegExp): void {
  const before = structuredClone(s);
  expect(() => applyAction(s, t, a)).toThrow(RuleError);
  expect(() => applyAction(s, t, a)).toThrow(message);
  expect(s).toStrictEqual(before);
}

const others = ['S2 M M M M M M', 'S3 M M M M M M', 'S4 M M M M M M'];

describe('Gold City rules: a refused action changes nothing', () => {
  it('a move that pays a blockade on the way and then cannot pay a space claims nothing', () => {
    const blockades = [{ id: 'b1', between: ['p0', 'p1'] as [string, string], terrain: 'jungle' as const, strength: 1, points: 2 }];
    const { t, s, at } = setup(course(['S1 J1 J1 J1 J1 F', ...others], { pieceOf: (q) => (q <= 1 ? 0 : q >= 5 ? 2 : 1), blockades }));
    s.players[0]!.pawns[0]!.at = at(1, 0);
    const [scout] = hand(s, ['Scout']);
    // Scout 2: the blockade takes 1, the first jungle-1 the other; the second is out of reach.
    refusedCleanly(
      s,
      t,
      { type: 'move', pawn: 0, source: { card: scout! }, symbol: 'machete', path: [at(2, 0), at(3, 0)] },
      /needs 1, only 0 left/,
    );
    expect(s.claimed[0]).toBe(-1);
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: scout! }, symbol: 'machete', path: [at(2, 0)] });
    expect(s.claimed[0]).toBe(0);
  });

  it('a clearing move whose walk on fails leaves the blockade intact', () => {
    const blockades = [{ id: 'b1', between: ['p0', 'p1'] as [string, string], terrain: 'jungle' as const, strength: 2, points: 2 }];
    const { t, s, at } = setup(course(['S1 J1 J1 W1 J1 F', ...others], { pieceOf: (q) => (q <= 1 ? 0 : q >= 5 ? 2 : 1), blockades }));
    s.players[0]!.pawns[0]!.at = at(1, 0);
    const [trail] = hand(s, ['Trailblazer']);
    refusedCleanly(
      s,
      t,
      { type: 'move', pawn: 0, source: { card: trail! }, symbol: 'machete', path: [at(2, 0), at(3, 0)], clear: at(2, 0) },
      /wants paddle/,
    );
  });

  it('a rubble payment naming a card not in hand last moves no card', () => {
    const blockades = [{ id: 'b1', between: ['p1', 'p2'] as [string, string], terrain: 'rubble' as const, strength: 2, points: 1 }];
    const { t, s, at } = setup(course(['S1 R2 J1 J1 J1 F', ...others], { pieceOf: (q) => (q <= 2 ? (q === 0 ? 0 : 1) : 2), blockades }));
    const [explorer, traveller] = hand(s, ['Explorer', 'Traveller']);
    const elsewhere = s.players[1]!.hand[0]!;
    refusedCleanly(s, t, { type: 'rough', pawn: 0, to: at(1, 0), cards: [explorer!, elsewhere] }, /not in hand/);
    refusedCleanly(s, t, { type: 'rough', pawn: 0, to: at(1, 0), cards: [explorer!, explorer!] }, /named twice/);
    applyAction(s, t, { type: 'rough', pawn: 0, to: at(1, 0), cards: [explorer!, traveller!] });
    s.players[0]!.pawns[0]!.at = at(2, 0);
    const [a, b] = hand(s, ['Explorer', 'Sailor']);
    refusedCleanly(s, t, { type: 'clear', pawn: 0, toward: at(3, 0), cards: [a!, elsewhere] }, /not in hand/);
    refusedCleanly(s, t, { type: 'clear', pawn: 0, toward: at(3, 0), cards: [a!] }, /exactly 2/);
    applyAction(s, t, { type: 'clear', pawn: 0, toward: at(3, 0), cards: [a!, b!] });
    expect(s.claimed[0]).toBe(0);
  });

  it('an action card with a bad argument stays in hand', () => {
    const { t, s, at } = setup(course(['S1 J1 M J1 F', ...others], { pieceOf: (q) => (q === 0 ? 0 : q >= 3 ? 2 : 1) }));
    const [native, transmitter, log, compass, explorer] = hand(s, ['Native', 'Transmitter', 'Travel Log', 'Compass', 'Explorer']);
    refusedCleanly(s, t, { type: 'action', card: native!, pawn: 0, to: at(2, 0) }, /not next to/);
    refusedCleanly(s, t, { type: 'action', card: native!, pawn: 0 }, /name the space/);
    refusedCleanly(s, t, { type: 'action', card: transmitter! }, /name the card/);
    refusedCleanly(s, t, { type: 'action', card: transmitter!, take: type('Explorer') }, /none of those/);
    // The draw would happen first; a trash that is neither in hand nor drawn must not let it.
    refusedCleanly(s, t, { type: 'action', card: log!, trash: [explorer!, s.players[1]!.hand[0]!] }, /not in hand/);
    refusedCleanly(s, t, { type: 'action', card: log!, trash: [log!] }, /not in hand/);
    refusedCleanly(s, t, { type: 'action', card: compass!, trash: [explorer!] }, /at most 0/);
    s.players[0]!.tokens.push({ kind: 'ignore-requirement' });
    refusedCleanly(s, t, { type: 'token', token: 0, pawn: 0, to: at(2, 0) }, /not next to/);
  });

  it('a trash may name cards the draw brings in, from the deck or after the reshuffle', () => {
    const { t, s } = setup(course(['S1 J1 J1 J1 F', ...others], { pieceOf: (q) => (q === 0 ? 0 : q >= 4 ? 2 : 1) }));
    const player = s.players[0]!;
    const [log] = hand(s, ['Travel Log']);
    // One card left in the deck, the rest in the discard: the second card comes from a reshuffle.
    const top = player.deck.at(-1)!;
    player.discard.push(...player.deck.splice(0, player.deck.length - 1));
    const probe = structuredClone(s);
    applyAction(probe, t, { type: 'action', card: log! });
    const drawn = probe.players[0]!.hand;
    expect(drawn[0]).toBe(top);
    applyAction(s, t, { type: 'action', card: log!, trash: [drawn[1]!, drawn[0]!] });
    expect(player.removed).toEqual([drawn[1], drawn[0], log]);
    expect(player.hand).toEqual([]);
    expect(s.rng).toEqual(probe.rng);
  });
});

/** States met in real bot games, every few decisions, with the table they were played on. */
function gameStates(): Array<{ t: Table; s: GameState }> {
  const out: Array<{ t: Table; s: GameState }> = [];
  const lineups = [
    ['planner', 'baseline'],
    ['planner', 'planner', 'baseline'],
    ['baseline', 'planner', 'planner', 'planner'],
  ];
  lineups.forEach((names, g) => {
    const t = buildTable(buildMap(goldCity, `refusals-${g}`, { players: names.length }));
    const ctx: BotContext = { table: t, potential: effortToFinish(t) };
    let decisions = 0;
    // Each bot, as it chooses, keeps a copy of the state it chose in (before the driver applies it).
    const keeping = (bot: Bot): Bot => ({
      name: bot.name,
      *turn(s, c, seat) {
        for (const action of bot.turn(s, c, seat)) {
          // After a purchase nearly everything is refused at once: keep few of those states.
          if (decisions++ % 4 === 0 && (!s.bought || decisions % 5 === 1)) out.push({ t, s: structuredClone(s) });
          yield action;
        }
      },
    });
    playToEnd(
      turnRules(t),
      newGame(t, names.length, `refusals-${g}`),
      names.map((n) => keeping(BOTS[n]!)),
      ctx,
      { rounds: MAX_ROUNDS },
    );
  });
  return out;
}

const TYPES = ['move', 'rough', 'clear', 'finish', 'action', 'token', 'buy', 'end'] as const;

/**
 * An action built from a list of picks, mostly from what the state offers (cards in hand, spaces
 * next to pawns, walks from them) so that many get deep into the checks before they fail.
 */
function actionFrom(s: GameState, t: Table, picks: number[]): Action {
  let k = 0;
  const next = () => picks[k++ % picks.length]!;
  const pick = <T>(items: readonly T[]): T | undefined => (items.length === 0 ? undefined : items[next() % items.length]);
  const p = s.players[s.seat]!;
  const anyCard = () => (next() % 4 === 0 ? next() % (s.cards.length + 2) : next() % 3 === 0 ? (pick(p.deck) ?? 0) : (pick(p.hand) ?? 0));
  const cards = () => Array.from({ length: next() % 5 }, anyCard);
  const pawn = next() % 8 === 0 ? p.pawns.length : next() % p.pawns.length;
  const from = p.pawns[pawn]?.at ?? 0;
  const near = (x: number) =>
    next() % 8 === 0
      ? next() % t.n
      : (pick(Array.from(t.adj.subarray(6 * Math.max(0, x), 6 * Math.max(0, x) + 6)).filter((y) => y >= 0)) ?? 0);
  const to = near(from);
  const path: number[] = [];
  for (let x = from, steps = next() % 5; path.length < steps; ) path.push((x = near(x)));
  const maybe = <T>(value: T): T | undefined => (next() % 3 === 0 ? undefined : value);
  switch (TYPES[next() % TYPES.length]!) {
    case 'move': {
      const source: Source = next() % 4 === 0 ? { token: next() % (p.tokens.length + 1) } : { card: anyCard() };
      // Mostly the symbol the card or token carries, so the walk itself gets checked.
      const own = 'card' in source ? CARD_TYPES[s.cards[source.card] ?? 0]!.symbol : p.tokens[source.token]?.kind;
      const symbol = next() % 4 !== 0 && SYMBOLS.includes(own as never) ? (own as (typeof SYMBOLS)[number]) : pick(SYMBOLS)!;
      return { type: 'move', pawn, source, symbol, path, clear: next() % 3 === 0 ? to : undefined };
    }
    case 'rough':
      return { type: 'rough', pawn, to, cards: cards() };
    case 'clear':
      return { type: 'clear', pawn, toward: to, cards: cards() };
    case 'finish':
      return { type: 'finish', pawn, to };
    case 'action':
      return {
        type: 'action',
        card: (next() % 4 !== 0 ? pick(p.hand.filter((c) => CARD_TYPES[s.cards[c]!]!.symbol === 'action')) : undefined) ?? anyCard(),
        trash: maybe(cards()),
        take: maybe(next() % 22),
        pawn: maybe(pawn),
        to: maybe(to),
      };
    case 'token':
      return { type: 'token', token: next() % (p.tokens.length + 1), card: maybe(anyCard()), pawn: maybe(pawn), to: maybe(to) };
    case 'buy':
      return {
        type: 'buy',
        cardType: next() % 22,
        cards: cards(),
        tokens: maybe(Array.from({ length: next() % 3 }, () => next() % (p.tokens.length + 1))),
      };
    case 'end':
      return { type: 'end', keep: maybe(cards()) };
  }
}

describe('Gold City rules: refusals on states from real games', () => {
  const states = gameStates();

  it('any action applyAction refuses leaves the state deep-equal to what it was', () => {
    const refused = new Map<string, number>();
    let applied = 0;
    fc.assert(
      fc.property(fc.nat({ max: states.length - 1 }), fc.array(fc.nat({ max: 9999 }), { minLength: 24, maxLength: 24 }), (i, picks) => {
        const { t, s } = states[i]!;
        const action = actionFrom(s, t, picks);
        const trial = structuredClone(s);
        try {
          applyAction(trial, t, action);
          applied++;
        } catch (error) {
          // Anything but a RuleError is a bug in the engine, not a refusal.
          if (!(error instanceof RuleError)) throw error;
          expect(trial).toStrictEqual(s);
          refused.set(action.type, (refused.get(action.type) ?? 0) + 1);
        }
      }),
      { numRuns: 4000, seed: 9 },
    );
    // The picks reach both outcomes and refusals of every kind of action.
    expect(applied).toBeGreaterThan(100);
    for (const type of TYPES) expect(refused.get(type) ?? 0, type).toBeGreaterThan(50);
  });

  it('bots only choose: producing an action leaves the state untouched', () => {
    const t = buildTable(buildMap(goldCity, 'bots-choose', { players: 3 }));
    const ctx: BotContext = { table: t, potential: effortToFinish(t) };
    const s = newGame(t, 3, 'bots-choose');
    const names = ['planner', 'baseline', 'planner'];
    let actions = 0;
    while (!s.over && s.round <= MAX_ROUNDS) {
      const turn = BOTS[names[s.seat]!]!.turn(s, ctx, s.seat);
      for (;;) {
        const before = structuredClone(s);
        const step = turn.next();
        expect(s).toStrictEqual(before);
        if (step.done) break;
        applyAction(s, t, step.value);
        actions++;
      }
    }
    expect(actions).toBeGreaterThan(50);
  });
});
