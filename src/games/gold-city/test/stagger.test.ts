import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMap, buildScoredMap } from '../../../core/maps.ts';
import { check } from '../../../core/schema.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap } from '../model.ts';
import { newGame } from '../rules/state.ts';
import { buildTable } from '../rules/table.ts';
import type { GoldCityScore } from '../score.ts';
import { calibratedStaggers, predictSeatShares, seatCalibration, seatFeatures, unevenness } from '../seats.ts';
import { layStagger, rowsFromOption, rowsOf } from '../stagger.ts';
import { STAGGERS, balanceSeats, seatShares } from '../rules/balance.ts';
import { tuningHash } from '../../../core/play/tuning.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { readFileSync } from 'node:fs';
import { fitLinear } from '../../../core/fit.ts';
import { sceneToSvg } from '../../../formats/svg-document.ts';
import { DEFAULT_STYLE } from '../../../core/scene.ts';
import templeSeats from '../data/temple-seats.json' with { type: 'json' };

const hexDistance = (a: { q: number; r: number }, b: { q: number; r: number }) =>
  (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2;
const staggered = (seed: string, rows: number[], options: object = {}) => {
  const map = structuredClone(buildMap(goldCity, seed, options)) as GoldCityMap;
  map.stagger = layStagger(map, buildTable(map), rows);
  return map;
};
const rules = (map: GoldCityMap) => goldCity.validate(map).map((p) => p.rule);

describe('staggered start (option stagger)', () => {
  it('a staggered map is valid and schema-conforming, seat 1 never moves, each moved pawn is at most as many spaces in as its seat was given, and games begin there (100 seeds)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom(2, 3, 4),
        fc.stringMatching(/^0[0-2]{1,3}$/),
        (seed, players, stagger) => {
          const map = buildMap(goldCity, `st-${seed}`, { players, stagger });
          expect(goldCity.validate(map)).toEqual([]);
          expect(check(goldCity.mapSchema, map).ok).toBe(true);
          expect(map.options?.stagger).toBe(stagger);
          const rows = rowsFromOption(stagger, players);
          const plain = { ...map, stagger: undefined };
          expect(map.stagger ?? []).toEqual(layStagger(plain, buildTable(plain), rows));
          const table = buildTable(map);
          const state = newGame(table, players, 'g');
          const begins = state.players.flatMap((p) => p.pawns.map((pawn) => pawn.at));
          expect(new Set(begins).size).toBe(begins.length);
          for (const e of map.stagger ?? []) {
            const home = map.spaces.find((s) => s.start === e.start)!;
            const seat = players === 2 ? (e.start - 1) % 2 : e.start - 1;
            expect(seat).toBeGreaterThan(0);
            expect(hexDistance(home, e)).toBeGreaterThan(0);
            expect(hexDistance(home, e)).toBeLessThanOrEqual(rows[seat]!);
            expect(begins).toContain(map.spaces.findIndex((s) => s.q === e.q && s.r === e.r));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it("reports the seat model's predicted shares for the course and its stagger, and says so where no model fits", () => {
    const plain = buildScoredMap(goldCity, '42', {}) as GoldCityMap & { score: GoldCityScore };
    const map = buildScoredMap(goldCity, '42', { stagger: '0012' }) as GoldCityMap & { score: GoldCityScore };
    expect(rowsOf(map, 4, calibratedStaggers(4))).toEqual([0, 0, 1, 2]);
    const features = seatFeatures(plain.score.predictedRounds, plain.score.model.features);
    expect(map.score.fairness.winRates).toEqual(predictSeatShares(features, 4, [0, 0, 1, 2])!.map((s) => Math.round(10000 * s) / 100));
    expect(plain.score.fairness.winRates).toEqual(predictSeatShares(features, 4, [0, 0, 0, 0])!.map((s) => Math.round(10000 * s) / 100));
    expect(map.score.fairness.winRates!.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
    const odd = buildScoredMap(goldCity, '42', { stagger: '0200' }) as GoldCityMap & { score: GoldCityScore };
    expect(odd.stagger).toHaveLength(1);
    expect(odd.score.fairness.winRates).toBeUndefined();
    expect(odd.score.fairness.note).toMatch(/not one the seat model knows/);
  });

  it('off, nothing moves: no stagger field and no option recorded', () => {
    for (const stagger of [undefined, 'none', '00', '0000']) {
      const map = buildMap(goldCity, '42', stagger === undefined ? {} : { stagger });
      expect(map.stagger).toBeUndefined();
    }
    expect(buildMap(goldCity, '42', {}).options).not.toHaveProperty('stagger');
    expect(buildMap(goldCity, '42', { stagger: 'none' }).digest).toBe(buildMap(goldCity, '42', {}).digest);
  });

  it('a temple course takes the stagger asked for, and says its seat figures were measured from the plain start only', () => {
    const map = buildScoredMap(goldCity, '42', { stagger: '0001', temples: true }) as GoldCityMap & { score: GoldCityScore };
    expect(map.stagger).toHaveLength(1);
    expect(map.score.fairness.winRates).toBeUndefined();
    expect(map.score.fairness.note).toMatch(/Golden Temples.*plain start/);
  });

  it('a temple course from the plain start gets the seat shares measured on temple courses', () => {
    const plain = buildScoredMap(goldCity, '42', { temples: true }) as GoldCityMap & { score: GoldCityScore };
    const measured = templeSeats as { version: string; tables: Record<string, { winRates: number[] }> };
    expect(plain.score.fairness.winRates).toEqual(measured.tables['4']!.winRates);
    expect(plain.score.fairness.model).toBe(measured.version);
  });

  it('the balance search plays every stagger of the table size on the same game seeds and keeps the most even, the same twice', () => {
    const map = buildMap(goldCity, 'balance', { players: 3 });
    const report = balanceSeats(map, { screen: 12, confirm: 24 });
    expect(Object.keys(report.shares)).toEqual([...STAGGERS[3]!]);
    for (const shares of Object.values(report.shares)) expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
    const uneven = (s: number[]) => Math.max(...s.map((x) => Math.abs(x - 1 / 3)));
    // The plain start and two others go to the final round; the pick is the most even of them,
    // or within a point of it while moving fewer pawns.
    const finalists = Object.keys(report.games).filter((k) => report.games[k] === 36);
    expect(finalists).toHaveLength(3);
    expect(finalists).toContain('000');
    expect(finalists).toContain(report.stagger);
    const least = Math.min(...finalists.map((k) => uneven(report.shares[k]!)));
    expect(uneven(report.shares[report.stagger]!)).toBeLessThanOrEqual(least + 0.0101);
    expect(balanceSeats(map, { screen: 12, confirm: 24 })).toEqual(report);
  });

  it('draws each staggered pawn: a ring, a numbered badge, and a note in the legend', () => {
    const map = buildMap(goldCity, '42', { stagger: '0012' });
    expect(map.stagger).toHaveLength(2);
    const svg = sceneToSvg(goldCity.scene(map, DEFAULT_STYLE));
    expect(svg.match(/class="stagger hover"/g)).toHaveLength(2);
    expect(svg).toContain('Staggered start: the pawn of start 4 begins here');
    expect(svg).toContain('aria-label="Staggered start:');
  });
});

describe('stagger invariants: each broken by a hand-written document', () => {
  it('accepts a laid stagger', () => {
    expect(goldCity.validate(staggered('broken', [0, 1, 1, 2]))).toEqual([]);
  });

  it('stagger-start: an unknown start, a start moved twice, a start nobody uses at 3 players', () => {
    const unknown = staggered('broken', [0, 0, 0, 1]);
    unknown.stagger![0]!.start = 4;
    unknown.stagger!.push({ ...unknown.stagger![0]!, start: 4, q: unknown.stagger![0]!.q });
    expect(rules(unknown)).toContain('stagger-start');
    const three = staggered('broken', [0, 0, 1], { players: 3 });
    three.stagger![0]!.start = 4;
    expect(goldCity.validate(three).find((p) => p.rule === 'stagger-start')!.message).toMatch(/nobody uses at 3 players/);
  });

  it('stagger-space: off the course, off the start piece, on a start space, two pawns on one space', () => {
    const off = staggered('broken', [0, 0, 0, 1]);
    off.stagger![0] = { start: 4, q: 99, r: 99 };
    expect(goldCity.validate(off).find((p) => p.rule === 'stagger-space')!.message).toMatch(/not a space of the course/);
    const far = staggered('broken', [0, 0, 0, 1]);
    const elsewhere = far.spaces.find((s) => s.piece !== far.pieces[0]!.id && s.terrain === 'jungle')!;
    far.stagger![0] = { start: 4, q: elsewhere.q, r: elsewhere.r };
    expect(goldCity.validate(far).find((p) => p.rule === 'stagger-space')!.message).toMatch(/off the start piece/);
    const onStart = staggered('broken', [0, 0, 0, 1]);
    const one = onStart.spaces.find((s) => s.start === 1)!;
    onStart.stagger![0] = { start: 4, q: one.q, r: one.r };
    expect(goldCity.validate(onStart).find((p) => p.rule === 'stagger-space')!.message).toMatch(/a start space/);
    const twice = staggered('broken', [0, 0, 1, 1]);
    twice.stagger![1] = { ...twice.stagger![1]!, q: twice.stagger![0]!.q, r: twice.stagger![0]!.r };
    expect(goldCity.validate(twice).find((p) => p.rule === 'stagger-space')!.message).toMatch(/two pawns/);
  });
});

describe('balance check fixture', () => {
  it('was made with the bots as weighted now, and its first course replays to the same shares', () => {
    const fixture = JSON.parse(readFileSync(new URL('../data/balance.json', import.meta.url), 'utf8'));
    expect(fixture.botWeights, 'rerun src/games/gold-city/calibrate/balance.ts').toBe(tuningHash(BOT_WEIGHTS));
    const course = fixture['4'].details[0];
    const map = buildMap(goldCity, course.seed, course.options);
    const round4 = (v: number) => Math.round(v * 10000) / 10000;
    expect(seatShares(map, [0, 0, 0, 0], fixture['4'].verifyGames, 'verify/0').shares.map(round4)).toEqual(course.plain);
  }, 60_000);

  it('says of its courses what their details show: the even counts and mean unevenness follow from the shares, each pick is a stagger the search tries, and balancing helps', () => {
    const fixture = JSON.parse(readFileSync(new URL('../data/balance.json', import.meta.url), 'utf8'));
    const four = fixture['4'] as {
      courses: number;
      evenPlain: number;
      evenBalanced: number;
      meanUnevenPlain: number;
      meanUnevenBalanced: number;
      details: Array<{ stagger: string; plain: number[]; chosen: number[]; search: Record<string, number[]> }>;
    };
    const { details } = four;
    expect(details).toHaveLength(four.courses);
    // Even: every seat's share within five points of an even split, as the check script counts it.
    const even = (pick: 'plain' | 'chosen') => details.filter((c) => unevenness(c[pick]) <= 0.05).length;
    const mean = (pick: 'plain' | 'chosen') => details.reduce((a, c) => a + unevenness(c[pick]), 0) / details.length;
    expect(four.evenPlain).toBe(even('plain'));
    expect(four.evenBalanced).toBe(even('chosen'));
    // The summary's means were taken before the shares were rounded to four places.
    expect(Math.abs(four.meanUnevenPlain - mean('plain'))).toBeLessThan(0.0002);
    expect(Math.abs(four.meanUnevenBalanced - mean('chosen'))).toBeLessThan(0.0002);
    for (const c of details) {
      expect(STAGGERS[4]).toContain(c.stagger);
      expect(Object.keys(c.search).sort()).toEqual([...STAGGERS[4]!].sort());
      for (const shares of [c.plain, c.chosen, ...Object.values(c.search)])
        expect(Math.abs(shares.reduce((a, v) => a + v, 0) - 1)).toBeLessThan(0.01);
      if (c.stagger === '0000') expect(c.chosen).toEqual(c.plain);
    }
    expect(mean('chosen')).toBeLessThan(mean('plain'));
  });
});

describe('seat calibration fixture', () => {
  it('exists, was made with the bots as weighted now, and holds a model for every stagger it measured', () => {
    expect(seatCalibration).toBeDefined();
    expect(seatCalibration!.botWeights, 'rerun src/games/gold-city/calibrate/seats.ts').toBe(tuningHash(BOT_WEIGHTS));
    for (const players of ['2', '3', '4']) {
      const table = seatCalibration!.tables[players]!;
      for (const model of Object.values(table.staggers)) expect(model.seats).toHaveLength(Number(players));
      expect(table.staggers[Array.from({ length: Number(players) }, () => '0').join('')]).toBeDefined();
    }
  });

  it('refits from the courses it records to the models it holds (four players, every stagger and seat)', () => {
    const fixture = JSON.parse(readFileSync(new URL('../data/seats.json', import.meta.url), 'utf8'));
    const courses = fixture.measured['4'] as Array<{ seed: string; options: object; shares: Record<string, number[]> }>;
    const x = courses.map((c) => {
      const score = goldCity.score(buildMap(goldCity, c.seed, c.options));
      const f = seatFeatures(score.predictedRounds, score.model.features);
      return seatCalibration!.features.map((name) => f[name] ?? 0);
    });
    const train = courses.map((c, i) => ({ c, x: x[i]! })).filter((_, i) => i % 5 !== 0);
    for (const [stagger, model] of Object.entries(seatCalibration!.tables['4']!.staggers)) {
      model.seats.forEach((seat, k) => expect(fitLinear(train.map((t) => ({ x: t.x, y: t.c.shares[stagger]![k]! }))).stored).toEqual(seat));
    }
  });
});
