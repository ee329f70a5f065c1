import { describe, expect, it } from 'vitest';
import { buildScoredMap } from '../../src/core/maps.ts';
import { GAMES } from '../../src/games/index.ts';

/** Every description of a schema, with where it is. */
function descriptions(x: unknown, at = ''): Array<[string, string]> {
  if (Array.isArray(x)) return x.flatMap((v, i) => descriptions(v, `${at}[${i}]`));
  if (!x || typeof x !== 'object') return [];
  return Object.entries(x).flatMap(([k, v]) =>
    k === 'description' && typeof v === 'string' ? [[at || '(root)', v] as [string, string]] : descriptions(v, `${at}/${k}`),
  );
}

describe('words people read', () => {
  it.each(GAMES.map((g) => [g.id, g] as const))('%s: option help is plain words (the page and --help show it as it is)', (_id, game) => {
    const marked = descriptions(game.optionsSchema).filter(([, text]) => /`|README|\bdocs\/|fixtures\/|\.json\b|\*\*/.test(text));
    expect(marked).toEqual([]);
  });

  it.each(GAMES.map((g) => [g.id, g] as const))('%s: every figure a summary shows is rounded (at most two decimals)', (_id, game) => {
    for (const seed of ['1', '42', 'words']) {
      const summary = buildScoredMap(game, seed, {}).score!.summary!;
      const numbers = [...summary.facts.map((f) => f.value), ...(summary.chart?.bars.map((b) => b.value) ?? [])].filter(
        (v): v is number => typeof v === 'number',
      );
      for (const n of numbers) expect(Math.abs(Math.round(n * 100) - n * 100)).toBeLessThan(1e-6);
      // A figure in the headline reads as people write it: "5.25 rounds" is not how a table counts.
      expect(summary.headline).not.toMatch(/\d\.\d+ rounds/);
    }
  });

  it('Gold City lists a table-size term only on its own table', () => {
    for (const players of [2, 3, 4]) {
      const facts = buildScoredMap(GAMES.find((g) => g.id === 'gold-city')!, 'words', { players }).score!.summary!.facts.map(
        (f) => f.label,
      );
      expect(facts.some((l) => l.includes('two-player table'))).toBe(players === 2);
      expect(facts.some((l) => l.includes('four-player table'))).toBe(false);
    }
  });
});
