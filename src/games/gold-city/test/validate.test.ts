import { describe, expect, it } from 'vitest';
import { buildMap, checkMap } from '../../../core/maps.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap, Space } from '../model.ts';

const fresh = () => structuredClone(buildMap(goldCity, 'broken', {})) as GoldCityMap;
const rules = (map: GoldCityMap) => goldCity.validate(map).map((p) => p.rule);

describe('Gold City validate() catches each broken invariant by name', () => {
  it('accepts the generated map', () => {
    expect(goldCity.validate(fresh())).toEqual([]);
  });

  it('overlap: two spaces on one hex', () => {
    const map = fresh();
    const other = map.spaces.find((s) => s.piece === 'p2')!;
    map.spaces.push({ ...other, piece: 'p3' });
    const problems = goldCity.validate(map);
    expect(problems.map((p) => p.rule)).toContain('overlap');
    expect(problems.find((p) => p.rule === 'overlap')!.message).toContain(`(${other.q},${other.r})`);
  });

  it('cut-off start: walled in by mountains', () => {
    const map = fresh();
    const starts = map.spaces.filter((s) => s.terrain === 'start');
    const startKeys = new Set(starts.map((s) => `${s.q},${s.r}`));
    for (const s of map.spaces) {
      if (s.piece !== 'p0' || startKeys.has(`${s.q},${s.r}`)) continue;
      s.terrain = 'mountain';
      delete s.strength;
    }
    const got = rules(map);
    expect(got).toContain('start-cut-off');
    expect(goldCity.validate(map).find((p) => p.rule === 'start-cut-off')!.message).toMatch(/^start \d/);
  });

  it('cut-off space: an open space enclosed by mountains', () => {
    const map = fresh();
    const index = new Map(map.spaces.map((s) => [`${s.q},${s.r}`, s] as const));
    const target = map.spaces.find((s) => s.piece === 'p2' && s.terrain === 'jungle')!;
    for (const [dq, dr] of [
      [1, 0],
      [0, 1],
      [-1, 1],
      [-1, 0],
      [0, -1],
      [1, -1],
    ] as const) {
      const n = index.get(`${target.q + dq},${target.r + dr}`);
      if (n && n.terrain !== 'start' && n.terrain !== 'finish') {
        n.terrain = 'mountain';
        delete n.strength;
        delete n.cave;
      }
    }
    map.caves = [];
    expect(rules(map)).toContain('cut-off');
  });

  it('blockade between pieces that are not neighbours', () => {
    const map = fresh();
    map.blockades[0]!.between = ['p0', 'p3'];
    const problems = goldCity.validate(map);
    expect(problems.find((p) => p.rule === 'blockade-between')!.at).toBe('blockades[0].between');
  });

  it('37 tokens: more than the box holds', () => {
    const map = fresh();
    const all = map.caves!.flatMap((c) => c.tokens);
    expect(all.length).toBeLessThanOrEqual(36);
    // Nine piles of four use the whole set; a 37th token of any kind must exceed it.
    const piles = [...map.caves!];
    const supplyFilled = structuredClone(piles);
    while (supplyFilled.flatMap((c) => c.tokens).length < 37) supplyFilled[0]!.tokens.push({ kind: 'draw' });
    map.caves = supplyFilled;
    expect(rules(map)).toContain('token-supply');
  });

  it('cave on jungle', () => {
    const map = fresh();
    const jungle = map.spaces.find((s) => s.terrain === 'jungle' && s.piece === 'p1')!;
    jungle.cave = true;
    map.caves!.push({ q: jungle.q, r: jungle.r, tokens: [] });
    const got = rules(map);
    expect(got).toContain('cave-terrain');
    expect(got).toContain('cave-placement');
  });

  it('pieces that are not chain neighbours touching', () => {
    const map = fresh();
    // Move a space of p3 next to p1 by relabelling a p2 seam space as p3's.
    const p1 = new Set(map.spaces.filter((s) => s.piece === 'p1').map((s) => `${s.q},${s.r}`));
    const seam = map.spaces.find(
      (s) =>
        s.piece === 'p2' &&
        [
          [1, 0],
          [0, 1],
          [-1, 1],
          [-1, 0],
          [0, -1],
          [1, -1],
        ].some(([dq, dr]) => p1.has(`${s.q + dq!},${s.r + dr!}`)),
    )!;
    seam.piece = 'p3';
    expect(rules(map)).toContain('piece-contact');
  });

  it('strength missing or out of the printed range', () => {
    const map = fresh();
    const water = map.spaces.find((s) => s.terrain === 'jungle')!;
    water.strength = 4;
    const mountain = map.spaces.find((s) => s.terrain === 'mountain')! as Space;
    mountain.strength = 2;
    expect(rules(map).filter((r) => r === 'strength')).toHaveLength(2);
  });
});

describe('a course typed in by hand', () => {
  const handMade = {
    game: 'gold-city',
    orientation: 'pointy',
    name: 'Hand-typed practice course',
    pieces: [
      { id: 'start', kind: 'start', printedTile: 'A' },
      { id: 'mid', kind: 'terrain' },
      { id: 'end', kind: 'finish' },
    ],
    spaces: [
      { q: 0, r: 0, piece: 'start', terrain: 'start', start: 1 },
      { q: 1, r: 0, piece: 'start', terrain: 'start', start: 2 },
      { q: 0, r: 1, piece: 'mid', terrain: 'jungle', strength: 1, note: 'extra fields are fine' },
      { q: 1, r: 1, piece: 'mid', terrain: 'water', strength: 2 },
      { q: 2, r: 1, piece: 'mid', terrain: 'mountain' },
      { q: 0, r: 2, piece: 'end', terrain: 'finish' },
    ],
    blockades: [{ id: 'b1', between: ['start', 'mid'], terrain: 'jungle', strength: 1, points: 2 }],
  };

  it('passes the schema and validate() without generator, seed, options, digest, caves or score', () => {
    const result = checkMap(goldCity, handMade);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.problems).toEqual([]);
  });

  it('fails the schema naming the field when the shape is wrong', () => {
    const result = checkMap(goldCity, { ...handMade, spaces: [{ q: 'x', r: 0, piece: 'start', terrain: 'lava' }] });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      const fields = result.errors.map((e) => e.field);
      expect(fields).toContain('spaces[0].q');
      expect(fields).toContain('spaces[0].terrain');
    }
  });
});
