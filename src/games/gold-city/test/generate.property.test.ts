import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapDigest } from '../../../core/canonical.ts';
import { buildMap } from '../../../core/maps.ts';
import { check } from '../../../core/schema.ts';
import { goldCity } from '../index.ts';
import { goldCityOptions, seedString } from './arbitraries.ts';

describe('Gold City generation over many seeds', () => {
  it('builds valid, schema-conforming maps that rebuild to the same digest (2,000 seeds)', () => {
    fc.assert(
      fc.property(seedString, goldCityOptions, (seed, options) => {
        const map = buildMap(goldCity, seed, options);
        expect(goldCity.validate(map)).toEqual([]);
        expect(check(goldCity.mapSchema, map).ok).toBe(true);
        expect(buildMap(goldCity, seed, options).digest).toBe(map.digest);
        expect(mapDigest(map)).toBe(map.digest);
      }),
      { numRuns: 2000, seed: 20261129 },
    );
  });

  it('follows the options: piece count, four numbered starts, blockades and caves', () => {
    fc.assert(
      fc.property(seedString, goldCityOptions, (seed, options) => {
        const map = buildMap(goldCity, seed, options);
        const o = map.options!;
        expect(map.pieces).toHaveLength(o.pieces + 2);
        expect(map.pieces[0]!.kind).toBe('start');
        expect(map.pieces.at(-1)!.kind).toBe('finish');
        expect(map.pieces.filter((p) => p.kind === 'strip').length).toBeLessThanOrEqual(o.strips ? 2 : 0);
        expect(
          map.spaces
            .filter((s) => s.start !== undefined)
            .map((s) => s.start)
            .sort(),
        ).toEqual([1, 2, 3, 4]);
        expect(map.blockades).toHaveLength(o.blockades ? Math.min(6, o.pieces + 1) : 0);
        for (const b of map.blockades) expect(b.points).toBeGreaterThanOrEqual(1);
        if (!o.caves) expect(map.caves).toEqual([]);
        const tokens = (map.caves ?? []).flatMap((c) => c.tokens);
        expect(tokens.length).toBeLessThanOrEqual(36);
        for (const pile of map.caves ?? []) expect(pile.tokens).toHaveLength(4);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('paints ground close to the printed mix at the normal tier', () => {
    const counts = new Map<string, number>();
    let total = 0;
    for (let i = 0; i < 300; i++) {
      const map = buildMap(goldCity, `mix-${i}`, {});
      for (const s of map.spaces) {
        if (s.piece === 'p0' || s.terrain === 'finish') continue;
        counts.set(s.terrain, (counts.get(s.terrain) ?? 0) + 1);
        total++;
      }
    }
    const share = (t: string) => (100 * (counts.get(t) ?? 0)) / total;
    // Printed tiles: jungle 45, water 17, village 17, rubble 9, base camp 3, mountain 9 (%).
    expect(share('jungle')).toBeGreaterThan(40);
    expect(share('jungle')).toBeLessThan(56);
    for (const [t, printed] of [
      ['water', 17],
      ['village', 17],
      ['rubble', 9],
      ['mountain', 9],
    ] as const) {
      expect(Math.abs(share(t) - printed)).toBeLessThan(5);
    }
    expect(share('basecamp')).toBeGreaterThan(1);
    expect(share('basecamp')).toBeLessThan(5);
  });

  it('shifts strengths upwards with the tier', () => {
    const mean = (tier: string) => {
      let sum = 0;
      let n = 0;
      for (let i = 0; i < 100; i++) {
        for (const s of buildMap(goldCity, `tier-${i}`, { tier }).spaces) {
          if (s.strength !== undefined && s.piece !== 'p0') {
            sum += s.strength;
            n++;
          }
        }
      }
      return sum / n;
    };
    const [easy, normal, hard, expert] = ['easy', 'normal', 'hard', 'expert'].map(mean) as [number, number, number, number];
    expect(easy).toBeLessThan(normal);
    expect(normal).toBeLessThan(hard);
    expect(hard).toBeLessThan(expert);
  });
});
