import { describe, expect, it } from 'vitest';
import { buildMap } from '../../../core/maps.ts';
import { pioneerDays } from '../index.ts';
import { settler, baseline } from '../rules/bots.ts';
import { RuleError } from '../../../core/play/rule-error.ts';
import { applyAction, finalScores, strike, winners } from '../rules/engine.ts';
import { playGame, playtest, replay } from '../rules/playtest.ts';
import { newGame, newPlayer, buildTable, seatToMove } from '../rules/state.ts';

const map = buildMap(pioneerDays, 'rules', {});
const trail = buildTable(map);

describe('Pioneer Days rules engine', () => {
  it('replays a trail exactly: the same actions on the same trail give the same game twice', () => {
    const game = playGame(trail, [settler, baseline, settler, baseline], 'replay');
    const again = replay(trail, game.actions);
    expect(again).toEqual(game.state);
    expect(finalScores(again)).toEqual(game.scores);
    expect(playGame(trail, [settler, baseline, settler, baseline], 'replay').actions).toEqual(game.actions);
  });

  it('plays 4 weeks of 5 days: every player takes 20 dice, one die a day is left for the disasters', () => {
    const game = playGame(trail, [settler, settler, settler, settler], 'count');
    expect(game.actions).toHaveLength(4 * 5 * 4);
    expect(game.state.leftovers.map((w) => w.length)).toEqual([5, 5, 5, 5]);
    expect(game.state.over).toBe(true);
  });

  it('refuses an illegal action and leaves the state exactly as it was', () => {
    const state = newGame(trail);
    const before = structuredClone(state);
    const poor = [
      { type: 'die', die: 9, use: 'income' },
      { type: 'die', die: 0, use: 'income', change: state.pool[0]!.face },
      { type: 'die', die: 0, use: 'action', change: state.pool[0]!.face === 'wild' ? 'mine' : 'wild' },
      { type: 'die', die: 0, use: 'income', buy: ['large', 'large'] },
      { type: 'die', die: 0, use: 'steal' },
    ];
    // Changing a face costs 3 silver: strip the seat's silver so a change is refused too.
    state.players[seatToMove(state, trail)]!.silver = 0;
    const stripped = structuredClone(state);
    expect(() =>
      applyAction(state, trail, { type: 'die', die: 0, use: 'income', change: state.pool[0]!.face === 'wood' ? 'mine' : 'wood' }),
    ).toThrow(RuleError);
    expect(state).toEqual(stripped);
    Object.assign(state, structuredClone(before));
    for (const action of poor) {
      expect(() => applyAction(state, trail, action as never)).toThrow(RuleError);
      expect(state).toEqual(before);
    }
  });

  it('takes income, pays 3 silver to change a face, and the bought face triggers nothing', () => {
    const state = newGame(trail);
    const seat = seatToMove(state, trail);
    const p = state.players[seat]!;
    p.equipment.push('G13'); // Axe: a wood die gives 1 wood
    const die = state.pool.findIndex((d) => d.face !== 'wood');
    applyAction(state, trail, { type: 'die', die, use: 'action', change: 'wood' });
    expect(state.players[seat]!.wood).toBe(2); // 1 at start + the action; the Axe did not fire
    expect(state.players[seat]!.silver).toBe(1); // 4 − 3
  });

  it('resolves disasters as written', () => {
    const p = newPlayer();
    p.silver = 7;
    strike(p, 'raid');
    expect(p.silver).toBe(3);
    p.cattle = 5;
    strike(p, 'famine');
    expect([p.cattle, p.silver]).toEqual([3, 0]);
    p.townsfolk = ['A01', 'A02', 'A04'];
    p.medicine = 1;
    strike(p, 'disease');
    expect([p.townsfolk, p.medicine]).toEqual([['A01'], 0]);
    p.wood = 0;
    strike(p, 'storm');
    expect(p.wagons[0]!.damage).toBe(1);
  });

  it('breaks ties on silver, then shares', () => {
    const state = newGame(trail);
    state.players.forEach((p) => (p.vp = 10));
    state.players[2]!.silver = 9;
    expect(winners(state)).toEqual([2]);
    state.players.forEach((p) => (p.silver = 1));
    expect(winners(state)).toEqual([0, 1, 2, 3]);
  });

  it('settlers beat random baselines', () => {
    const small = buildMap(pioneerDays, 'bots', { players: 2 });
    const r = playtest(small, { games: 20, bots: ['settler', 'baseline'] });
    expect(r.winRate[0]!).toBeGreaterThan(70);
  });
});
