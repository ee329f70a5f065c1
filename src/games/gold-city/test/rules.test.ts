import { describe, expect, it } from 'vitest';
import { RuleError } from '../../../core/play/rule-error.ts';
import { applyAction, cardCount, winners, type Action } from '../rules/engine.ts';
import { CARD_TYPES } from '../rules/cards.ts';
import { newGame, type GameState } from '../rules/state.ts';
import { buildTable, type Table } from '../rules/table.ts';
import type { GoldCityMap } from '../model.ts';
import { course } from './course-builder.ts';

const type = (name: string) => CARD_TYPES.find((c) => c.name === name)!.id;

/** Gives the seat to move exactly these cards in hand (new instances), nothing else drawn. */
function hand(state: GameState, names: string[], seat = state.seat): number[] {
  const ids = names.map((n) => state.cards.push(type(n)) - 1);
  state.players[seat]!.hand = ids;
  return ids;
}

function setup(map: GoldCityMap, seats = 2): { t: Table; s: GameState; at: (q: number, r: number) => number } {
  const t = buildTable(map);
  const s = newGame(t, seats, 'rules');
  const at = (q: number, r: number) => map.spaces.findIndex((x) => x.q === q && x.r === r);
  return { t, s, at };
}

const pieces3 = (q: number) => (q === 0 ? 0 : q >= 6 ? 2 : 1);
// Row 0 is the lane under test; rows 1–3 hold the other start spaces out of the way.
const lane = (cells: string) => course([`S1 ${cells}`, 'S2 M M M M M F', 'S3 M M M M M M', 'S4 M M M M M M'], { pieceOf: pieces3 });

describe('Gold City rules: the contested ones', () => {
  it('no combining: two machete-1 cards cannot enter a jungle-2', () => {
    const { t, s, at } = setup(lane('J2 J1 J1 J1 F'), 4);
    const [a, b] = hand(s, ['Explorer', 'Explorer']);
    expect(() => applyAction(s, t, { type: 'move', pawn: 0, source: { card: a! }, symbol: 'machete', path: [at(1, 0)] })).toThrow(
      RuleError,
    );
    expect(() => applyAction(s, t, { type: 'move', pawn: 0, source: { card: b! }, symbol: 'machete', path: [at(1, 0)] })).toThrow(
      /needs 2/,
    );
    const [scout] = hand(s, ['Scout']);
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: scout! }, symbol: 'machete', path: [at(1, 0)] });
    expect(s.players[0]!.pawns[0]!.at).toBe(at(1, 0));
  });

  it('leftover strength walks on over the same kind, and evaporates when the card is done', () => {
    const { t, s, at } = setup(lane('J1 J1 W1 J1 F'), 4);
    const [trail, sailor, explorer] = hand(s, ['Trailblazer', 'Sailor', 'Explorer']);
    // Machete-3: 1 + 1 spent, 1 left, but the next space is water: the walk stops there.
    expect(() =>
      applyAction(s, t, { type: 'move', pawn: 0, source: { card: trail! }, symbol: 'machete', path: [at(1, 0), at(2, 0), at(3, 0)] }),
    ).toThrow(/wants paddle/);
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: trail! }, symbol: 'machete', path: [at(1, 0), at(2, 0)] });
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: sailor! }, symbol: 'paddle', path: [at(3, 0)] });
    // The Trailblazer's last point is gone: it is no longer in hand to walk on with.
    expect(() => applyAction(s, t, { type: 'move', pawn: 0, source: { card: trail! }, symbol: 'machete', path: [at(4, 0)] })).toThrow(
      /not in hand/,
    );
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: explorer! }, symbol: 'machete', path: [at(4, 0)] });
    expect(s.players[0]!.pawns[0]!.at).toBe(at(4, 0));
  });

  it('a requirement-ignoring step does not pass an intact blockade; paying it opens the seam for everybody', () => {
    const map = lane('J1 J1 J3 J1 F');
    map.blockades = [{ id: 'b1', between: ['p1', 'p2'], terrain: 'jungle', strength: 2, points: 3 }];
    // Make column 5 (J1 before F) a piece boundary: p1 = 1..4, p2 = 5..6.
    const m = course([`S1 J1 J1 J3 J1 J1 F`, 'S2 M M M M M M', 'S3 M M M M M M', 'S4 M M M M M M'], {
      pieceOf: (q) => (q === 0 ? 0 : q >= 5 ? 2 : 1),
      blockades: map.blockades,
    });
    const { t, s, at } = setup(m, 4);
    s.players[0]!.pawns[0]!.at = at(4, 0);
    const [native, scout] = hand(s, ['Native', 'Scout']);
    expect(() => applyAction(s, t, { type: 'action', card: native!, pawn: 0, to: at(5, 0) })).toThrow(/blockade/);
    s.players[0]!.tokens.push({ kind: 'ignore-requirement' });
    expect(() => applyAction(s, t, { type: 'token', token: 0, pawn: 0, to: at(5, 0) })).toThrow(/blockade/);
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: scout! }, symbol: 'machete', path: [], clear: at(5, 0) });
    expect(s.claimed[0]).toBe(0);
    expect(s.players[0]!.blockades).toEqual([0]);
    hand(s, ['Native']);
    applyAction(s, t, { type: 'action', card: s.players[0]!.hand[0]!, pawn: 0, to: at(5, 0) });
    expect(s.players[0]!.pawns[0]!.at).toBe(at(5, 0));
  });

  it('a blockade is paid from the card like a space, and its leftover walks on', () => {
    const m = course([`S1 J1 J1 J1 F`, 'S2 M M M M', 'S3 M M M M', 'S4 M M M M'], {
      pieceOf: (q) => (q <= 1 ? 0 : q >= 4 ? 2 : 1),
      blockades: [{ id: 'b1', between: ['p0', 'p1'], terrain: 'jungle', strength: 1, points: 2 }],
    });
    const { t, s, at } = setup(m, 4);
    s.players[0]!.pawns[0]!.at = at(1, 0);
    const [trail] = hand(s, ['Trailblazer']);
    // 3 strength: blockade 1, then jungle-1, jungle-1.
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: trail! }, symbol: 'machete', path: [at(2, 0), at(3, 0)] });
    expect(s.players[0]!.pawns[0]!.at).toBe(at(3, 0));
    expect(s.claimed[0]).toBe(0);
  });

  it('a cave is explored only where a card’s movement ends beside it', () => {
    const caves = [{ q: 2, r: 1, tokens: [{ kind: 'draw' as const }, { kind: 'machete' as const, strength: 2 }] }];
    const m = course([`S1 J1 J1 J1 J1 F`, 'S2 M M M M M', 'S3 M M M M M', 'S4 M M M M M'], { pieceOf: pieces3, caves });
    const { t, s, at } = setup(m, 4);
    const [pioneer, explorer] = hand(s, ['Pioneer', 'Explorer']);
    // Sweeps past (1,0) and (2,0), both beside the cave at (2,1), and stops at (4,0): nothing.
    applyAction(s, t, {
      type: 'move',
      pawn: 0,
      source: { card: pioneer! },
      symbol: 'machete',
      path: [at(1, 0), at(2, 0), at(3, 0), at(4, 0)],
    });
    expect(s.players[0]!.tokens).toEqual([]);
    s.players[0]!.pawns[0]!.at = at(1, 0);
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: explorer! }, symbol: 'machete', path: [at(2, 0)] });
    expect(s.players[0]!.tokens).toEqual([{ kind: 'machete', strength: 2 }]);
    expect(s.caves[0]).toHaveLength(1);
  });

  it('a purchase ends movement for the turn, and the card bought goes to the discard pile', () => {
    const { t, s, at } = setup(lane('J1 J1 J1 J1 F'), 4);
    const [coin1, coin2, explorer] = hand(s, ['Photographer', 'Traveller', 'Explorer']);
    applyAction(s, t, { type: 'buy', cardType: type('Trailblazer'), cards: [coin1!, coin2!] });
    expect(() => applyAction(s, t, { type: 'move', pawn: 0, source: { card: explorer! }, symbol: 'machete', path: [at(1, 0)] })).toThrow(
      /purchase ends movement/,
    );
    expect(() => applyAction(s, t, { type: 'buy', cardType: type('Scout'), cards: [explorer!] })).toThrow();
    const bought = s.players[0]!.discard.at(-1)!;
    expect(s.cards[bought]).toBe(type('Trailblazer'));
    expect(s.players[0]!.hand).not.toContain(bought);
  });

  it('an arrived pawn leaves play and stops blocking its finishing space', () => {
    const m = course([`S1 J1 F`, 'S2 J1 M', 'S3 M M', 'S4 M M'], { pieceOf: (q) => (q === 0 ? 0 : q === 1 ? 1 : 2) });
    const { t, s, at } = setup(m, 2);
    // Two players, two pawns each: seat 0 holds starts 1 and 3.
    s.players[0]!.pawns[0]!.at = at(1, 0);
    s.players[1]!.pawns[0]!.at = at(1, 1);
    applyAction(s, t, { type: 'finish', pawn: 0, to: at(2, 0) });
    expect(s.players[0]!.pawns[0]!.at).toBe(-1);
    expect(() => applyAction(s, t, { type: 'finish', pawn: 0, to: at(2, 0) })).toThrow(/out of play/);
    applyAction(s, t, { type: 'end' });
    applyAction(s, t, { type: 'finish', pawn: 0, to: at(2, 0) });
    expect(s.players[1]!.pawns[0]!.at).toBe(-1);
  });

  it('ties go to blockade points, then are shared; arrival order never decides', () => {
    const m = lane('J1 J1 J1 J1 F');
    m.blockades = [
      { id: 'b1', between: ['p0', 'p1'], terrain: 'jungle', strength: 1, points: 3 },
      { id: 'b2', between: ['p1', 'p2'], terrain: 'jungle', strength: 1, points: 2 },
    ];
    const { t, s } = setup(m, 4);
    s.players[0]!.finished = s.players[2]!.finished = s.players[3]!.finished = true;
    s.players[2]!.blockades = [0];
    s.players[3]!.blockades = [1];
    expect(winners(s, t)).toEqual([2]);
    s.players[0]!.blockades = [1];
    s.players[2]!.blockades = [];
    expect(winners(s, t)).toEqual([0, 3]);
    s.players[0]!.blockades = [];
    s.players[3]!.blockades = [];
    expect(winners(s, t)).toEqual([0, 2, 3]);
  });

  it('the final round: everyone after the arriving player gets one more turn, then it ends', () => {
    const m = course([`S1 F`, 'S2 M', 'S3 M', 'S4 M'], { pieceOf: (q) => q });
    const { t, s, at } = setup(m, 4);
    s.seat = 1;
    s.players[1]!.pawns[0]!.at = at(0, 0);
    applyAction(s, t, { type: 'finish', pawn: 0, to: at(1, 0) });
    expect(s.finalRound).toBe(true);
    applyAction(s, t, { type: 'end' });
    expect(s.over).toBe(false);
    applyAction(s, t, { type: 'end' }); // seat 2
    applyAction(s, t, { type: 'end' }); // seat 3: the round is complete
    expect(s.over).toBe(true);
    expect(() => applyAction(s, t, { type: 'end' })).toThrow(/over/);
  });

  it('rubble discards N cards, a base camp removes them, an item thrown in is only discarded', () => {
    const m = lane('R2 B1 J1 J1 F');
    const { t, s, at } = setup(m, 4);
    const [chest, explorer, traveller] = hand(s, ['Treasure Chest', 'Explorer', 'Traveller']);
    applyAction(s, t, { type: 'rough', pawn: 0, to: at(1, 0), cards: [chest!, explorer!] });
    expect(s.players[0]!.inPlay).toEqual([chest, explorer]);
    applyAction(s, t, { type: 'rough', pawn: 0, to: at(2, 0), cards: [traveller!] });
    expect(s.players[0]!.removed).toEqual([traveller]);
    expect(() => applyAction(s, t, { type: 'rough', pawn: 0, to: at(3, 0), cards: [] })).toThrow();
  });

  it('a single-use item used for its function leaves the game', () => {
    const { t, s, at } = setup(lane('J1 J1 J1 J1 F'), 4);
    const [giant] = hand(s, ['Giant Machete']);
    applyAction(s, t, {
      type: 'move',
      pawn: 0,
      source: { card: giant! },
      symbol: 'machete',
      path: [at(1, 0), at(2, 0), at(3, 0), at(4, 0)],
    });
    expect(s.players[0]!.removed).toEqual([giant]);
  });

  it('mountains and occupied spaces are closed, your own pawns included', () => {
    const m = course([`S1 J1 M J1 F`, 'S2 J1 J1 J1 M', 'S3 M M M M', 'S4 M M M M'], { pieceOf: pieces3 });
    const { t, s, at } = setup(m, 2);
    // Seat 0 runs the pawns on starts 1 and 3; seat 1's pawn stands on start 2.
    s.players[0]!.pawns[1]!.at = at(1, 0);
    const [a] = hand(s, ['Pioneer']);
    expect(() => applyAction(s, t, { type: 'move', pawn: 0, source: { card: a! }, symbol: 'machete', path: [at(1, 0)] })).toThrow(
      /occupied/,
    );
    expect(() => applyAction(s, t, { type: 'move', pawn: 0, source: { card: a! }, symbol: 'machete', path: [at(0, 1)] })).toThrow(
      /occupied/,
    );
    s.players[0]!.pawns[1]!.at = at(1, 1);
    expect(() => applyAction(s, t, { type: 'move', pawn: 0, source: { card: a! }, symbol: 'machete', path: [at(1, 0), at(2, 0)] })).toThrow(
      /mountains/,
    );
  });

  it('while a market slot is empty any type may be bought, and it takes the slot', () => {
    const { t, s } = setup(lane('J1 J1 J1 J1 F'), 4);
    const [m1, m2] = hand(s, ['Millionaire', 'Millionaire']);
    expect(() => applyAction(s, t, { type: 'buy', cardType: type('Pioneer'), cards: [m1!, m2!] })).toThrow(/cannot be bought/);
    s.offer[0] = -1;
    applyAction(s, t, { type: 'buy', cardType: type('Pioneer'), cards: [m1!, m2!] });
    expect(s.offer[0]).toBe(type('Pioneer'));
  });

  it('rejects actions that are not the mover’s or not legal', () => {
    const { t, s } = setup(lane('J1 J1 J1 J1 F'), 4);
    const bad: Action[] = [
      { type: 'move', pawn: 3, source: { card: 0 }, symbol: 'machete', path: [1] },
      { type: 'rough', pawn: 0, to: 999, cards: [] },
      { type: 'action', card: 12345 },
    ];
    for (const a of bad) expect(() => applyAction(s, t, a)).toThrow();
    expect(cardCount(s.players[0]!)).toBe(8);
  });
});
