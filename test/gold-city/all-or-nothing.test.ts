import { describe, expect, it } from 'vitest';
import { applyAction, RuleError, type Action } from '../../src/games/gold-city/rules/engine.ts';
import { CARD_TYPES } from '../../src/games/gold-city/rules/cards.ts';
import { newGame, type GameState } from '../../src/games/gold-city/rules/state.ts';
import { prepareTable, type Table } from '../../src/games/gold-city/rules/table.ts';
import type { GoldCityMap } from '../../src/games/gold-city/model.ts';
import { course } from './course-builder.ts';

const type = (name: string) => CARD_TYPES.find((c) => c.name === name)!.id;

function hand(state: GameState, names: string[]): number[] {
  const ids = names.map((n) => state.cards.push(type(n)) - 1);
  state.players[state.seat]!.hand = ids;
  return ids;
}

function setup(map: GoldCityMap): { t: Table; s: GameState; at: (q: number, r: number) => number } {
  const t = prepareTable(map);
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
    refusedCleanly(s, t, { type: 'move', pawn: 0, source: { card: scout! }, symbol: 'machete', path: [at(2, 0), at(3, 0)] }, /needs 1, only 0 left/);
    expect(s.claimed[0]).toBe(-1);
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: scout! }, symbol: 'machete', path: [at(2, 0)] });
    expect(s.claimed[0]).toBe(0);
  });

  it('a clearing move whose walk on fails leaves the blockade intact', () => {
    const blockades = [{ id: 'b1', between: ['p0', 'p1'] as [string, string], terrain: 'jungle' as const, strength: 2, points: 2 }];
    const { t, s, at } = setup(course(['S1 J1 J1 W1 J1 F', ...others], { pieceOf: (q) => (q <= 1 ? 0 : q >= 5 ? 2 : 1), blockades }));
    s.players[0]!.pawns[0]!.at = at(1, 0);
    const [trail] = hand(s, ['Trailblazer']);
    refusedCleanly(s, t, { type: 'move', pawn: 0, source: { card: trail! }, symbol: 'machete', path: [at(2, 0), at(3, 0)], clear: at(2, 0) }, /wants paddle/);
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
