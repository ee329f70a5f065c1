import { describe, expect, it } from 'vitest';
import { buildMap, checkMap } from '../../../core/maps.ts';
import { pioneerDays } from '../index.ts';
import { CATALOGUE, goldSupply } from '../catalogue.ts';
import type { PioneerDaysMap } from '../model.ts';

const fresh = (seed = 'broken', options: Record<string, unknown> = {}) =>
  structuredClone(buildMap(pioneerDays, seed, options)) as PioneerDaysMap;
const rules = (map: PioneerDaysMap) => pioneerDays.validate(map).map((p) => p.rule);

describe('Pioneer Days catalogue (designed)', () => {
  it('has the box counts: 18 towns, 60 townsfolk in five sets of 12, 27 equipment, 20 wagons, 36 gold, 25 dice', () => {
    expect(CATALOGUE.towns).toHaveLength(18);
    expect(CATALOGUE.townsfolk).toHaveLength(60);
    for (const set of 'ABCDE') expect(CATALOGUE.townsfolk.filter((t) => t.set === set)).toHaveLength(12);
    expect(CATALOGUE.equipment).toHaveLength(27);
    expect(CATALOGUE.wagons).toHaveLength(20);
    expect(goldSupply()).toHaveLength(36);
    expect(5 * (CATALOGUE.disasters.length + 1)).toBe(25);
  });
});

describe('Pioneer Days trails', () => {
  it('deal what the rules deal, for every table size', () => {
    for (const players of [1, 2, 3, 4]) {
      const map = fresh('deal', { players });
      expect(rules(map)).toEqual([]);
      expect(map.weeks.map((w) => w.towns.length)).toEqual([2, 2, 2, 3]);
      expect(new Set(map.weeks.flatMap((w) => w.townsfolk)).size).toBe(24);
      for (const w of map.weeks) {
        expect(w.equipment).toHaveLength(players + 1);
        expect(w.days).toHaveLength(5);
        for (const d of w.days) expect(d.dice).toHaveLength(players + 1);
      }
      expect(map.startPlayer).toBeGreaterThanOrEqual(1);
      expect(map.startPlayer).toBeLessThanOrEqual(players);
    }
  });

  it('uses sets A and B for a first game', () => {
    expect(fresh('first', { firstGame: true }).townsfolkSets).toEqual(['A', 'B']);
  });

  it('accepts and scores a hand-written trail (no generator, seed, options or digest)', () => {
    const { game, startPlayer, townsfolkSets, weeks, gold } = fresh('hand');
    const hand = JSON.parse(JSON.stringify({ game, startPlayer, townsfolkSets, weeks, gold }));
    const checked = checkMap(pioneerDays, hand);
    expect(checked.ok && checked.problems).toEqual([]);
    const score = pioneerDays.score(hand);
    expect(score.difficulty).toBeGreaterThanOrEqual(0);
    expect(score.metrics.players).toBe(4);
  });

  // Each invariant, broken by hand.
  const broken: Array<[string, (m: PioneerDaysMap) => void]> = [
    ['players', (m) => (m.options = { players: 5 as never })],
    ['start-player', (m) => (m.startPlayer = 5)],
    ['townsfolk-sets', (m) => (m.townsfolkSets = ['A', 'A'])],
    ['weeks', (m) => m.weeks.pop()],
    ['towns', (m) => m.weeks[3]!.towns.pop()],
    ['town-card', (m) => (m.weeks[0]!.towns[0] = 'T99')],
    ['town-repeated', (m) => (m.weeks[1]!.towns[0] = m.weeks[0]!.towns[0]!)],
    ['townsfolk', (m) => m.weeks[0]!.townsfolk.pop()],
    ['townsfolk-card', (m) => (m.weeks[0]!.townsfolk[0] = 'A13')],
    ['townsfolk-set', (m) => (m.weeks[0]!.townsfolk[0] = `${'ABCDE'.split('').find((s) => !m.townsfolkSets.includes(s))}01`)],
    ['townsfolk-repeated', (m) => (m.weeks[1]!.townsfolk[0] = m.weeks[0]!.townsfolk[0]!)],
    ['equipment', (m) => m.weeks[0]!.equipment.pop()],
    ['equipment-tile', (m) => (m.weeks[0]!.equipment[0] = 'G28')],
    ['equipment-repeated', (m) => (m.weeks[1]!.equipment[0] = m.weeks[0]!.equipment[0]!)],
    ['days', (m) => m.weeks[0]!.days.pop()],
    ['dice', (m) => m.weeks[0]!.days[0]!.dice.pop()],
    ['die-colour', (m) => (m.weeks[0]!.days[0]!.dice[0]!.colour = 'purple' as never)],
    ['die-face', (m) => (m.weeks[0]!.days[0]!.dice[0]!.face = 'gold' as never)],
    ['dice-bag', (m) => (m.weeks[0]!.days[0]!.dice[0]!.colour = m.weeks[0]!.days[0]!.dice[0]!.colour === 'red' ? 'blue' : 'red')],
    ['gold', (m) => (m.gold[0] = m.gold[0] === 3 ? 1 : 3)],
  ];
  it.each(broken)('refuses a trail that breaks %s', (rule, breakIt) => {
    const map = fresh();
    breakIt(map);
    expect(rules(map)).toContain(rule);
  });
});
