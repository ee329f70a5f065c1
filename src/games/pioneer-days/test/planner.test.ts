import { describe, expect, it } from 'vitest';
import { buildMap } from '../../../core/maps.ts';
import { FACES } from '../catalogue.ts';
import { pioneerDays } from '../index.ts';
import { applyAction } from '../rules/engine.ts';
import { legalTurns, planTurn } from '../rules/planner.ts';
import { planner } from '../rules/bots.ts';
import { playGame, replay } from '../rules/playtest.ts';
import { changeCost, newGame, seatToMove, buildTable } from '../rules/state.ts';

const trailFor = (players: number, seed = 'planner') => buildTable(buildMap(pioneerDays, seed, { players }));

describe('Pioneer Days lookahead planner', () => {
  it('plays whole games at every table size through the engine, and a seeded game replays exactly', () => {
    for (const players of [1, 2, 3, 4]) {
      const trail = trailFor(players);
      const game = playGame(
        trail,
        Array.from({ length: players }, () => planner),
        'seeded',
      );
      expect(game.state.over).toBe(true);
      expect(game.actions).toHaveLength(players * 20);
      expect(replay(trail, game.actions)).toEqual(game.state);
      expect(
        playGame(
          trail,
          Array.from({ length: players }, () => planner),
          'seeded',
        ).actions,
      ).toEqual(game.actions);
    }
  });

  it('offers only turns the engine accepts', () => {
    const trail = trailFor(3);
    const state = newGame(trail);
    const p = state.players[seatToMove(state, trail)]!;
    p.silver = 9; // enough for face changes, so those turns are offered too
    const turns = legalTurns(state, p, changeCost(p));
    expect(turns.some((t) => t.change !== undefined)).toBe(true);
    for (const turn of turns) expect(() => applyAction(structuredClone(state), trail, turn)).not.toThrow();
  });

  it('reads stacked scoring: with ten favours it recruits the card that scores per favour', () => {
    const trail = trailFor(1);
    const state = newGame(trail);
    const p = state.players[0]!;
    p.favours = 10;
    state.townsfolkSlots = FACES.map(() => null);
    state.townsfolkSlots[FACES.indexOf(state.pool[0]!.face)] = 'E01'; // Scout: 1 VP per favour
    const turn = planTurn(state, trail, undefined);
    expect(turn).toMatchObject({ die: 0, use: 'recruit' });
  });
});
