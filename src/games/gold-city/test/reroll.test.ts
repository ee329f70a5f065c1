import { describe, expect, it } from 'vitest';
import { REACH_TARGETS, measureReach } from '../../../seeds/reroll-reach.ts';
import { buildMap, buildScoredMap } from '../../../core/maps.ts';
import { missBy, reroll, rerollAsync } from '../../../seeds/reroll.ts';
import { goldCity } from '../index.ts';

describe('Gold City rerolls reach every band from the defaults', () => {
  // 25 base seeds a target and table size keeps this to seconds; npm run bench measures 100.
  it.each([2, 3, 4])('at %i players: every band and every range ten wide, all hit within 200 attempts, median ≤ 10', (players) => {
    for (const target of REACH_TARGETS) {
      const r = measureReach(goldCity, target, { players }, { seeds: 25, maxAttempts: 200, prefix: `test-${players}` });
      expect(r.hits, r.target).toBe(r.seeds);
      expect(r.medianAttempts, r.target).toBeLessThanOrEqual(10);
    }
  });

  it('never changes a pinned option, records the options it chose, and says why it missed', () => {
    const free = reroll(goldCity, { seed: 'pin', options: { players: 3 }, target: { band: 'expert' }, maxAttempts: 200 })!;
    expect(free.hit).toBe(true);
    expect(free.options).toMatchObject({ players: 3, tier: 'expert' });
    // The map records every option but those left at a default that leaves no trace (temples: false,
    // stagger: "none", tiles: "generated", course: "none").
    const { temples, stagger, tiles, course, ...recorded } = free.options;
    expect(temples).toBe(false);
    expect(stagger).toBe('none');
    expect([tiles, course]).toEqual(['generated', 'none']);
    expect(free.map.options).toEqual(recorded);
    const pinned = reroll(goldCity, { seed: 'pin', options: { tier: 'easy' }, target: { band: 'expert' }, maxAttempts: 50 })!;
    expect(pinned.hit).toBe(false);
    expect(pinned.options.tier).toBe('easy');
    expect(pinned.message).toMatch(/No map in 50 attempts met band expert .*nearest is pin\/\d+ .*options\.tier/);
  });

  it('says why a box course misses expert: the printed faces reach no higher, as measured', () => {
    const box = reroll(goldCity, {
      seed: 'box-expert',
      options: { tiles: 'box', players: 2 },
      target: { band: 'expert' },
      maxAttempts: 12,
    })!;
    expect(box.hit).toBe(false);
    expect(box.map.score.difficulty).toBeLessThan(75);
    expect(box.message).toMatch(/Courses from the box reach at most difficulty 73 at 2 players .*measured.*not hard enough for 75–100/);
    // A target the box reaches carries no such reason, hit or miss.
    const hard = reroll(goldCity, { seed: 'box-expert', options: { tiles: 'box' }, target: { min: 60, max: 61 }, maxAttempts: 2 })!;
    expect(hard.message ?? '').not.toMatch(/Courses from the box/);
    const preset = reroll(goldCity, { seed: 'p', options: { course: 'serpentine' }, target: { band: 'expert' }, maxAttempts: 2 })!;
    expect(preset.message).toMatch(/options\.course builds one printed course/);
  });

  it('answers, hit or miss, exactly the map and score (summary included) its seed builds', () => {
    // Attempts are scored without a summary; the answer gets its summary when it is chosen.
    const hit = reroll(goldCity, { seed: 'same', options: {}, target: { band: 'hard' }, maxAttempts: 200 })!;
    const miss = reroll(goldCity, { seed: 'same', options: { tier: 'easy' }, target: { band: 'expert' }, maxAttempts: 20 })!;
    expect(hit.hit).toBe(true);
    expect(miss.hit).toBe(false);
    for (const r of [hit, miss]) {
      const built = buildScoredMap(goldCity, r.seed, r.options);
      expect(JSON.stringify(r.map)).toBe(JSON.stringify(built));
      expect(r.map.score.summary).toBeDefined();
    }
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
      expect(missBy(goldCity.score(buildMap(goldCity, `table/${k}`, request.options)).difficulty, request.target)).toBeGreaterThan(0);
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
    for (let k = 1; k <= 15; k++)
      best = Math.min(
        best,
        missBy(goldCity.score(buildMap(goldCity, `m/${k}`, { tier: 'easy', pieces: 3 })).difficulty, { band: 'expert' }),
      );
    expect(missBy(r.map.score.difficulty, { band: 'expert' })).toBe(best);
  });
});
