import { describe, expect, it } from 'vitest';
import { buildMap, checkMap } from '../../../core/maps.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap, Space } from '../model.ts';

const fresh = () => structuredClone(buildMap(goldCity, 'temples-broken', { temples: true })) as GoldCityMap;
const rules = (map: GoldCityMap) => goldCity.validate(map).map((p) => p.rule);
const spaceAt = (map: GoldCityMap, q: number, r: number) => map.spaces.find((s) => s.q === q && s.r === r)!;
const neighbours = (map: GoldCityMap, s: Space) =>
  [
    [1, 0],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [0, -1],
    [1, -1],
  ]
    .map(([dq, dr]) => map.spaces.find((t) => t.q === s.q + dq! && t.r === s.r + dr!))
    .filter((t): t is Space => t !== undefined);

describe('Golden Temples invariants: each broken by a hand-written document', () => {
  it('accepts the generated temple map', () => {
    expect(goldCity.validate(fresh())).toEqual([]);
  });

  it('temple-placement: a temple on a mountain, and two temples on one space', () => {
    const map = fresh();
    const mountain = map.spaces.find((s) => s.terrain === 'mountain')!;
    map.temples![0] = { id: 1, q: mountain.q, r: mountain.r };
    expect(rules(map)).toContain('temple-placement');
    const twice = fresh();
    twice.temples![1] = { ...twice.temples![0]!, id: 2 };
    expect(goldCity.validate(twice).find((p) => p.rule === 'temple-placement')!.message).toMatch(/same space/);
  });

  it('temple-id: two temples with one id', () => {
    const map = fresh();
    map.temples![1]!.id = map.temples![0]!.id;
    expect(rules(map)).toContain('temple-id');
  });

  it('temple-count: a temple map with one temple', () => {
    const map = fresh();
    map.temples!.pop();
    expect(rules(map)).toContain('temple-count');
  });

  it('temple-cut-off: a temple walled in by mountains', () => {
    const map = fresh();
    const t = spaceAt(map, map.temples![0]!.q, map.temples![0]!.r);
    for (const n of neighbours(map, t)) {
      n.terrain = 'mountain';
      delete n.strength;
      delete n.cave;
    }
    map.caves = [];
    map.guardians = [];
    const problems = goldCity.validate(map);
    expect(problems.map((p) => p.rule)).toContain('temple-cut-off');
    expect(problems.find((p) => p.rule === 'temple-cut-off')!.at).toBe('temples[0]');
  });

  it('guardian-placement: a guardian on open ground, and one sharing a cave', () => {
    const map = fresh();
    const open = map.spaces.find((s) => s.terrain === 'jungle')!;
    map.guardians![0] = { ...map.guardians![0]!, q: open.q, r: open.r };
    expect(rules(map)).toContain('guardian-placement');
    const cave = fresh();
    const pile = cave.caves![0]!;
    cave.guardians![0] = { ...cave.guardians![0]!, q: pile.q, r: pile.r };
    expect(goldCity.validate(cave).find((p) => p.rule === 'guardian-placement')!.message).toMatch(/cave/);
  });

  it('guardian-closed: a guardian on a mountain with no open neighbour', () => {
    const map = fresh();
    const g = map.guardians![0]!;
    const s = spaceAt(map, g.q, g.r);
    for (const n of neighbours(map, s)) {
      n.terrain = 'mountain';
      delete n.strength;
    }
    expect(rules(map)).toContain('guardian-closed');
  });

  it('guardian-supply: more halting guardians than the supply holds', () => {
    const map = fresh();
    const mountains = map.spaces.filter((s) => s.terrain === 'mountain' && !s.cave);
    map.guardians = mountains.slice(0, 6).map((s) => ({ q: s.q, r: s.r, effect: 'halt' as const }));
    expect(rules(map)).toContain('guardian-supply');
  });

  it('temples-option: temples on a map whose options leave the layer off', () => {
    const map = fresh();
    delete map.options!.temples;
    expect(rules(map)).toContain('temples-option');
  });

  it('torch ground needs a strength from 1 to 3; the schema knows torch and refuses unknown guardians', () => {
    const map = fresh();
    const torch = map.spaces.find((s) => s.terrain === 'torch')!;
    delete torch.strength;
    expect(rules(map)).toContain('strength');
    const bad = fresh() as unknown as { guardians: Array<{ effect: string }> };
    bad.guardians[0]!.effect = 'steal-a-card';
    const checked = checkMap(goldCity, bad);
    expect(checked.ok).toBe(false);
  });

  it('a user-made temple course (no options, seed or digest) validates and scores', () => {
    const map = fresh() as Partial<GoldCityMap>;
    for (const k of ['options', 'seed', 'digest', 'generator', 'caves'] as const) delete map[k];
    const checked = checkMap(goldCity, map);
    expect(checked.ok && checked.problems).toEqual([]);
    const score = goldCity.score(map as GoldCityMap);
    expect(score.difficulty).toBeGreaterThanOrEqual(0);
    // Scored as a temple course: the gem tour is among its features.
    expect(score.model.version).toMatch(/temples/);
    expect(score.model.features.templeDetour).toBeGreaterThan(1.1);
  });
});
