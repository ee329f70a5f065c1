import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMap, buildScoredMap } from '../../src/core/maps.ts';
import { check } from '../../src/core/schema.ts';
import { goldCity } from '../../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../../src/games/gold-city/model.ts';
import { newGame } from '../../src/games/gold-city/rules/state.ts';
import { prepareTable } from '../../src/games/gold-city/rules/table.ts';
import type { GoldCityScore } from '../../src/games/gold-city/score.ts';
import { calibratedStaggers, chooseStagger, seatCalibration, seatFeatures } from '../../src/games/gold-city/seats.ts';
import { layStagger, rowsOf } from '../../src/games/gold-city/stagger.ts';
import { sceneToSvg } from '../../src/render/svg.ts';
import { DEFAULT_STYLE } from '../../src/core/scene.ts';

const hexDistance = (a: { q: number; r: number }, b: { q: number; r: number }) => (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2;
const staggered = (seed: string, rows: number[], options: object = {}) => {
  const map = structuredClone(buildMap(goldCity, seed, options)) as GoldCityMap;
  map.stagger = layStagger(map, prepareTable(map), rows);
  return map;
};
const rules = (map: GoldCityMap) => goldCity.validate(map).map((p) => p.rule);

describe('staggered start (option stagger)', () => {
  it('a staggered map is valid and schema-conforming, seat 1 never moves, each moved pawn is as many spaces in as its seat was given, and games begin there (100 seeds)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom(2, 3, 4), (seed, players) => {
        const map = buildMap(goldCity, `st-${seed}`, { players, stagger: true }) as GoldCityMap;
        expect(goldCity.validate(map)).toEqual([]);
        expect(check(goldCity.mapSchema, map).ok).toBe(true);
        expect(map.options?.stagger).toBe(true);
        const rows = rowsOf(map, players, calibratedStaggers(players))!;
        expect(rows).toBeDefined();
        expect(rows[0]).toBe(0);
        const table = prepareTable(map);
        const state = newGame(table, players, 'g');
        const begins = state.players.flatMap((p) => p.pawns.map((pawn) => pawn.at));
        expect(new Set(begins).size).toBe(begins.length);
        expect(map.stagger ?? []).toEqual(layStagger({ ...map, stagger: undefined }, prepareTable({ ...map, stagger: undefined }), rows));
        for (const e of map.stagger ?? []) {
          const home = map.spaces.find((s) => s.start === e.start)!;
          expect(hexDistance(home, e)).toBeGreaterThan(0);
          expect(hexDistance(home, e)).toBeLessThanOrEqual(Math.max(...rows));
          expect(begins).toContain(map.spaces.findIndex((s) => s.q === e.q && s.r === e.r));
        }
      }),
      { numRuns: 100 },
    );
  });

  it("the stagger is the one the seat model finds most even, and the map reports that model's shares", () => {
    const map = buildScoredMap(goldCity, '42', { stagger: true }) as GoldCityMap & { score: GoldCityScore };
    const plain = buildScoredMap(goldCity, '42', {}) as GoldCityMap & { score: GoldCityScore };
    const rows = chooseStagger(seatFeatures(plain.score.predictedRounds, plain.score.model.features), 4);
    expect(rowsOf(map, 4, calibratedStaggers(4))).toEqual(rows);
    const rates = map.score.fairness.winRates!;
    expect(rates).toHaveLength(4);
    expect(rates.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
    expect(plain.score.fairness.winRates).toHaveLength(4);
  });

  it('off, nothing moves: no stagger field and no option recorded', () => {
    const map = buildMap(goldCity, '42', {}) as GoldCityMap;
    expect(map.stagger).toBeUndefined();
    expect(map.options).not.toHaveProperty('stagger');
  });

  it('a temple course keeps its plain start and says the seats are not calibrated for it', () => {
    const map = buildScoredMap(goldCity, '42', { stagger: true, temples: true }) as GoldCityMap & { score: GoldCityScore };
    expect(map.stagger).toBeUndefined();
    expect(map.score.fairness.winRates).toBeUndefined();
    expect(map.score.fairness.note).toMatch(/Golden Temples/);
  });

  it('draws each staggered pawn: a ring, a numbered badge, and a note in the legend', () => {
    const map = staggered('42', [0, 0, 1, 2]);
    expect(map.stagger).toHaveLength(2);
    const svg = sceneToSvg(goldCity.scene!(map, DEFAULT_STYLE));
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

describe('seat calibration fixture', () => {
  it('exists, was made with the bots as weighted now, and holds a model for every stagger it measured', () => {
    expect(seatCalibration).toBeDefined();
    for (const players of ['2', '3', '4']) {
      const table = seatCalibration!.tables[players]!;
      for (const model of Object.values(table.staggers)) expect(model.seats).toHaveLength(Number(players));
      expect(table.staggers[Array.from({ length: Number(players) }, () => '0').join('')]).toBeDefined();
    }
  });
});
