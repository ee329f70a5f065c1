import { describe, expect, it } from 'vitest';
import { buildMap } from '../../../core/maps.ts';
import { pioneerDays } from '../index.ts';
import { applyAction } from '../rules/engine.ts';
import { playGame } from '../rules/playtest.ts';
import { planner, settler } from '../rules/bots.ts';
import { cloneState, newGame, buildTable, type GameState } from '../rules/state.ts';

/** Every object and array reachable from a value. */
function objectsIn(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value !== 'object' || value === null || into.has(value)) return into;
  into.add(value);
  for (const v of Object.values(value)) objectsIn(v, into);
  return into;
}

/** States from the start to the end of seeded games: late states hold disasters, leftovers, wagons and townsfolk. */
function statesOf(players: number, seed: string): GameState[] {
  const trail = buildTable(buildMap(pioneerDays, seed, { players }));
  const bots = Array.from({ length: players }, (_, i) => (i % 2 ? planner : settler));
  const { actions } = playGame(trail, bots, seed);
  const state = newGame(trail);
  const out = [structuredClone(state)];
  for (const a of actions) {
    applyAction(state, trail, a);
    out.push(structuredClone(state));
  }
  return out;
}

describe('Pioneer Days state copy', () => {
  it('equals structuredClone and shares no object with the original, over whole games at every table size', () => {
    let checked = 0;
    for (const players of [1, 2, 3, 4])
      for (const state of statesOf(players, `clone-${players}`)) {
        const copy = cloneState(state);
        expect(copy).toStrictEqual(structuredClone(state));
        const shared = [...objectsIn(copy)].filter((o) => objectsIn(state).has(o));
        expect(shared).toEqual([]);
        checked++;
      }
    expect(checked).toBe(4 + 20 * (1 + 2 + 3 + 4));
  });
});
