import { describe, expect, it } from 'vitest';
import { buildMap } from '../../../core/maps.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap, Guardian } from '../model.ts';
import { RuleError } from '../../../core/play/rule-error.ts';
import { applyAction, type Action } from '../rules/engine.ts';
import { CARD_TYPES, HAND_SIZE } from '../rules/cards.ts';
import { playGame } from '../rules/playtest.ts';
import { BOTS } from '../rules/bots.ts';
import { entryEffort, templeFields } from '../rules/potential.ts';
import { newGame, type GameState } from '../rules/state.ts';
import { buildTable, type Table } from '../rules/table.ts';
import { COIN_CAP } from '../rules/temples.ts';
import { course } from './course-builder.ts';

const type = (name: string) => CARD_TYPES.find((c) => c.name === name)!.id;

function hand(state: GameState, names: string[], seat = state.seat): number[] {
  const ids = names.map((n) => state.cards.push(type(n)) - 1);
  state.players[seat]!.hand = ids;
  return ids;
}

const pieces3 = (q: number) => (q === 0 ? 0 : q >= 7 ? 2 : 1);
/**
 * Row 0 is the lane: start, a temple at column 2 and one at column 4, the finish at the end. The
 * other start spaces sit walled in below, out of the way.
 */
function lane(cells: string, guardians: Guardian[] = []): GoldCityMap {
  const map = course([`S1 ${cells}`, 'S2 M M M M M M M', 'S3 M M M M M M M', 'S4 M M M M M M M'], { pieceOf: pieces3 });
  map.temples = [
    { id: 1, q: 2, r: 0 },
    { id: 2, q: 4, r: 0 },
  ];
  map.guardians = guardians;
  return map;
}

function setup(map: GoldCityMap, seats = 4): { t: Table; s: GameState; at: (q: number, r: number) => number } {
  const t = buildTable(map);
  const s = newGame(t, seats, 'temples');
  const at = (q: number, r: number) => map.spaces.findIndex((x) => x.q === q && x.r === r);
  return { t, s, at };
}

/** Applying a refused action throws and leaves the state exactly as it was. */
function refused(s: GameState, t: Table, a: Action, message: RegExp): void {
  const before = structuredClone(s);
  expect(() => applyAction(s, t, a)).toThrow(RuleError);
  expect(() => applyAction(s, t, a)).toThrow(message);
  expect(s).toEqual(before);
}

describe('Golden Temples rules', () => {
  it('the chamber stays sealed until the player holds a gem from both temples; passing through a temple takes its gem and two coins', () => {
    const { t, s, at } = setup(lane('J1 J1 J1 J1 J1 J1 F'));
    s.players[0]!.pawns[0]!.at = at(5, 0);
    s.players[0]!.gems = [0];
    const [pioneer] = hand(s, ['Pioneer']);
    refused(s, t, { type: 'move', pawn: 0, source: { card: pioneer! }, symbol: 'machete', path: [at(6, 0), at(7, 0)] }, /sealed/);
    s.players[0]!.pawns[0]!.at = at(6, 0);
    refused(s, t, { type: 'finish', pawn: 0, to: at(7, 0) }, /sealed/);
    // From the start: one machete-5 walks through temple 1 and temple 2 and then may enter.
    s.players[0]!.pawns[0]!.at = at(0, 0);
    s.players[0]!.gems = [];
    applyAction(s, t, {
      type: 'move',
      pawn: 0,
      source: { card: pioneer! },
      symbol: 'machete',
      path: [at(1, 0), at(2, 0), at(3, 0), at(4, 0), at(5, 0)],
    });
    expect(s.players[0]!.gems).toEqual([0, 1]);
    // Two coins a gem, but never above the cap.
    expect(s.players[0]!.coins).toBe(COIN_CAP);
    const [scout] = hand(s, ['Scout']);
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: scout! }, symbol: 'machete', path: [at(6, 0), at(7, 0)] });
    expect(s.players[0]!.finished).toBe(true);
  });

  it('on a temple course pawns never block one another: they walk through and share spaces', () => {
    const { t, s, at } = setup(lane('J1 J1 J1 J1 J1 J1 F'));
    s.players[1]!.pawns[0]!.at = at(2, 0);
    s.players[2]!.pawns[0]!.at = at(3, 0);
    const [trail, scout] = hand(s, ['Trailblazer', 'Scout']);
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: trail! }, symbol: 'machete', path: [at(1, 0), at(2, 0), at(3, 0)] });
    expect(s.players[0]!.pawns[0]!.at).toBe(at(3, 0));
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: scout! }, symbol: 'machete', path: [at(2, 0)] });
    expect(s.players[0]!.pawns[0]!.at).toBe(at(2, 0));
  });

  it('torch ground wants a torch card or a (four-way) joker; a machete will not do', () => {
    const { t, s, at } = setup(lane('T2 J1 J1 J1 J1 J1 F'));
    const [trail, lantern, jack, adventurer] = hand(s, ['Trailblazer', 'Lantern', 'Jack-of-all-Trades', 'Adventurer']);
    refused(s, t, { type: 'move', pawn: 0, source: { card: trail! }, symbol: 'machete', path: [at(1, 0)] }, /wants torch/);
    refused(s, t, { type: 'move', pawn: 0, source: { card: jack! }, symbol: 'torch', path: [at(1, 0)] }, /needs 2/);
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: adventurer! }, symbol: 'torch', path: [at(1, 0)] });
    s.players[0]!.pawns[0]!.at = at(0, 0);
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: lantern! }, symbol: 'torch', path: [at(1, 0)] });
    expect(s.players[0]!.pawns[0]!.at).toBe(at(1, 0));
  });

  it('a gold coin pays one step of strength 1 on any ground, or a coin towards a purchase; it never pays more', () => {
    const { t, s, at } = setup(lane('T1 J2 J1 J1 J1 J1 F'));
    s.players[0]!.coins = 2;
    hand(s, []);
    refused(s, t, { type: 'move', pawn: 0, source: { coin: 1 }, symbol: 'torch', path: [at(1, 0), at(2, 0)] }, /exactly one step/);
    applyAction(s, t, { type: 'move', pawn: 0, source: { coin: 1 }, symbol: 'torch', path: [at(1, 0)] });
    expect(s.players[0]!.coins).toBe(1);
    refused(s, t, { type: 'move', pawn: 0, source: { coin: 1 }, symbol: 'machete', path: [at(2, 0)] }, /needs 2/);
    // Scout costs 1: one gold coin pays it outright.
    applyAction(s, t, { type: 'buy', cardType: type('Scout'), cards: [], coins: 1 });
    expect(s.players[0]!.coins).toBe(0);
    refused(s, t, { type: 'buy', cardType: type('Trailblazer'), cards: [], coins: 1 }, /purchase ends movement/);
  });

  it('guardians go off where a card’s movement ends beside them: halt, a short hand, a lost coin', () => {
    const guardians: Guardian[] = [
      { q: 2, r: 1, effect: 'halt' },
      { q: 4, r: 1, effect: 'short-hand' },
      { q: 5, r: 1, effect: 'lose-coin' },
    ];
    const map = lane('J1 J1 J1 J1 J1 J1 F', guardians);
    const { t, s, at } = setup(map);
    const [e1, e2] = hand(s, ['Explorer', 'Explorer']);
    // (1,0) touches row 1 at (0,1) and (1,1): no guardian there.
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: e1! }, symbol: 'machete', path: [at(1, 0)] });
    expect(s.effects.halted).toBeFalsy();
    // (2,0) borders (2,1) and (1,1): the halting guardian goes off.
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: e2! }, symbol: 'machete', path: [at(2, 0)] });
    expect(s.effects.halted).toBe(true);
    const [e3] = hand(s, ['Explorer']);
    refused(s, t, { type: 'move', pawn: 0, source: { card: e3! }, symbol: 'machete', path: [at(3, 0)] }, /guardian/);
    // Buying is still allowed; the halt lasts for this turn only.
    applyAction(s, t, { type: 'end' });
    expect(s.effects.halted).toBeFalsy();

    // Seat 0 again, later: stopping at (4,0) (beside (4,1) and (3,1)) shortens the next hand;
    // (5,0) borders (5,1) and (4,1): both the short-hand and the coin guardian go off.
    while (s.seat !== 0) applyAction(s, t, { type: 'end' });
    s.players[0]!.coins = 1;
    s.players[0]!.pawns[0]!.at = at(4, 0);
    const [scout] = hand(s, ['Scout']);
    applyAction(s, t, { type: 'move', pawn: 0, source: { card: scout! }, symbol: 'machete', path: [at(5, 0)] });
    expect(s.players[0]!.coins).toBe(0);
    expect(s.players[0]!.shortHand).toBe(true);
    applyAction(s, t, { type: 'end' });
    expect(s.players[0]!.hand).toHaveLength(HAND_SIZE - 1);
  });

  it('the market offers a torch card from the start of a temple game, and nothing changes on a base course', () => {
    const templeMap = buildMap(goldCity, 'market', { temples: true });
    const baseMap = buildMap(goldCity, 'market', {});
    const withTemples = newGame(buildTable(templeMap), 4, 'm');
    const base = newGame(buildTable(baseMap), 4, 'm');
    expect(withTemples.offer).toContain(type('Lantern'));
    expect(base.offer).not.toContain(type('Lantern'));
    expect(base.players[0]).not.toHaveProperty('gems');
    expect(base.supply).toHaveLength(21);
  });
});

describe('Golden Temples bots', () => {
  it('the bots’ field plans the tour: from the start it is the cheaper of the two temple orders', () => {
    // Temple 1 sits near the start, temple 2 near the finish; going to temple 2 first means
    // walking the lane twice. The field at the start must equal the cheaper order, by hand.
    const map = lane('J1 J1 J1 J1 J1 J1 F');
    const t = buildTable(map);
    const fields = templeFields(t);
    const at = (q: number) => map.spaces.findIndex((x) => x.q === q && x.r === 0);
    const walk = (from: number, to: number) => {
      let sum = 0;
      const step = from < to ? 1 : -1;
      for (let q = from + step; q !== to + step; q += step) sum += entryEffort(t, at(q));
      return sum;
    };
    const oneFirst = walk(0, 2) + walk(2, 4) + walk(4, 7);
    const twoFirst = walk(0, 4) + walk(4, 2) + walk(2, 7);
    expect(fields[0]![at(0)]).toBeCloseTo(Math.min(oneFirst, twoFirst), 9);
    expect(oneFirst).toBeLessThan(twoFirst);
    // Holding temple 2's gem only, the goal is temple 1 and then the finish.
    expect(fields[2]![at(5)]).toBeCloseTo(walk(5, 2) + walk(2, 7), 9);
  });

  it('planners finish generated temple courses, and every finisher holds both gems', () => {
    for (const [seed, options] of [
      ['bots-1', {}],
      ['bots-2', { players: 2 }],
      ['bots-3', { tier: 'hard', players: 3 }],
    ] as const) {
      const map = buildMap(goldCity, seed, { ...options, temples: true });
      const table = buildTable(map);
      const players = map.options!.players;
      const r = playGame(
        table,
        Array.from({ length: players }, () => BOTS.planner!),
        'g',
      );
      expect(r.finished, `${seed}`).toBe(true);
      for (const p of r.state.players.filter((p) => p.finished)) expect(p.gems!.slice().sort()).toEqual([0, 1]);
    }
  });
});
