import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMap, checkMap } from '../../src/core/maps.ts';
import { missBy, reroll, rerollAsync } from '../../src/core/reroll.ts';
import { goldCity } from '../../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../../src/games/gold-city/model.ts';
import { BANDS, bandOf } from '../../src/core/difficulty.ts';
import { course } from './course-builder.ts';
import { goldCityOptions, seedString } from './arbitraries.ts';

const run = promisify(execFile);
const cli = new URL('../../bin/goldmaps.js', import.meta.url).pathname;

describe('Gold City score', () => {
  it('is a pure 0–100 difficulty with a band, fairness and the metrics it came from', () => {
    fc.assert(
      fc.property(seedString, goldCityOptions, (seed, options) => {
        const map = buildMap(goldCity, seed, options) as GoldCityMap;
        const s = goldCity.score(map);
        expect(s.difficulty).toBeGreaterThanOrEqual(0);
        expect(s.difficulty).toBeLessThanOrEqual(100);
        expect(s.band).toBe(bandOf(s.difficulty));
        expect(s.metrics.starts).toHaveLength(4);
        expect(s.fairness.spread).toBeGreaterThanOrEqual(0);
        expect(goldCity.score(structuredClone(map))).toEqual(s);
      }),
      { numRuns: 300, seed: 5 },
    );
    expect(BANDS).toEqual(['easy', 'medium', 'hard', 'expert']);
  });

  it('scores a course typed in by hand: no seed, digest or caves, extra fields', () => {
    const hand = course(['S1 J1 J2 W1 V2 J1 F', 'S2 J1 M M R1 J2 F', 'S3 J2 J1 W2 W1 J1 F', 'S4 M J1 B1 J1 J3 F'], { pieceOf: (q) => (q === 0 ? 0 : q === 6 ? 2 : 1) });
    (hand as Record<string, unknown>).printedName = 'Kitchen table course';
    const checked = checkMap(goldCity, hand);
    expect(checked.ok && checked.problems).toEqual([]);
    const s = goldCity.score(hand);
    expect(s.metrics.starts.map((m) => m.start)).toEqual([1, 2, 3, 4]);
    expect(s.metrics.starts.every((m) => m.steps === 6)).toBe(true);
  });

  it('goldmaps score prints the score, and with --playtest the bot games too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'goldmaps-score-'));
    const file = join(dir, 'map.json');
    writeFileSync(file, JSON.stringify(buildMap(goldCity, 'cli-score', {})));
    const { stdout } = await run(process.execPath, [cli, 'score', file, '--playtest', '4']);
    const out = JSON.parse(stdout) as { score: { difficulty: number }; playtest: { games: number; winRate: number[] } };
    expect(out.score.difficulty).toBeTypeOf('number');
    expect(out.playtest.games).toBe(4);
    expect(out.playtest.winRate).toHaveLength(4);
  });
});

describe('reroll', () => {
  it('answers the same request the same way, with a hit inside the target', () => {
    const request = { seed: 'table', options: { tier: 'hard' }, target: { min: 40, max: 60 }, maxAttempts: 100 };
    const a = reroll(goldCity, request)!;
    const b = reroll(goldCity, request)!;
    expect(a.hit).toBe(true);
    expect(a.seed).toBe(`table/${a.attempts}`);
    expect(b.seed).toBe(a.seed);
    expect(b.map.digest).toBe(a.map.digest);
    expect(missBy(a.map.score.difficulty, request.target)).toBe(0);
    // The answer is the map of its seed: fetching that seed gives the same digest.
    expect(buildMap(goldCity, a.seed, request.options).digest).toBe(a.map.digest);
    for (let k = 1; k < a.attempts; k++) {
      expect(missBy(goldCity.score(buildMap(goldCity, `table/${k}`, request.options) as GoldCityMap).difficulty, request.target)).toBeGreaterThan(0);
    }
  });

  it('answers the same whether it runs at once or yielding to the event loop', async () => {
    const request = { seed: 'both', options: {}, target: { band: 'hard' as const }, maxAttempts: 40 };
    expect(await rerollAsync(goldCity, request)).toEqual(reroll(goldCity, request));
  });

  it('on a miss returns the nearest candidate with hit: false', () => {
    const r = reroll(goldCity, { seed: 'm', options: { tier: 'easy', pieces: 3 }, target: { band: 'expert' }, maxAttempts: 15 })!;
    expect(r.hit).toBe(false);
    expect(r.attempts).toBe(15);
    let best = Infinity;
    for (let k = 1; k <= 15; k++) best = Math.min(best, missBy(goldCity.score(buildMap(goldCity, `m/${k}`, { tier: 'easy', pieces: 3 }) as GoldCityMap).difficulty, { band: 'expert' }));
    expect(missBy(r.map.score.difficulty, { band: 'expert' })).toBe(best);
  });

  it('goldmaps reroll prints {seed, attempts, hit, map} and rejects a missing target', async () => {
    const { stdout } = await run(process.execPath, [cli, 'reroll', 'gold-city', '--seed', 'cli', '--band', 'medium', '--max-attempts', '50']);
    const r = JSON.parse(stdout) as { seed: string; attempts: number; hit: boolean; map: { score: { band: string } } };
    expect(r.hit).toBe(true);
    expect(r.map.score.band).toBe('medium');
    await expect(run(process.execPath, [cli, 'reroll', 'gold-city', '--seed', 'cli'])).rejects.toMatchObject({ code: 2 });
  });
});
