import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tuningHash } from '../../../core/play/tuning.ts';
import { BAND_RANGES, BANDS } from '../../../core/difficulty.ts';
import { readJson } from '../../../core/json-file.ts';
import { buildMap } from '../../../core/maps.ts';
import { leastDifference } from '../../../core/stats.ts';
import { reroll } from '../../../seeds/reroll.ts';
import { measureReach, REACH_TARGETS } from '../../../seeds/reroll-reach.ts';
import { lostValley } from '../index.ts';
import type { LostValleyMap } from '../model.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { PLAN } from '../rules/planner.ts';
import { scoreLostValley, scoreModel } from '../score.ts';
import { STEER_GOLD, STEER_ICE } from '../setting.ts';
import { hitShare, steerLostValley } from '../steer.ts';

const fresh = (seed: string, options = {}) => structuredClone(buildMap(lostValley, seed, options)) as LostValleyMap;

describe('Lost Valley difficulty: physical sense on hand-made landscapes', () => {
  it('never predicts less than no gold, and says the landscape lies outside the calibration', () => {
    const map = fresh('barren');
    map.markers = map.markers.filter((m) => m.kind !== 'rivergold' && m.kind !== 'mountaingold');
    delete map.digest;
    const s = scoreLostValley(map);
    expect(s.predictedGold).toBe(0);
    expect(s.extrapolated).toBe(true);
    expect(s.extrapolation!.join('; ')).toMatch(/goldMountain 0 lies outside the calibrated/);
    expect(s.difficulty).toBe(100);
  });

  it('never predicts more than an equal share of the gold on the board', () => {
    const map = fresh('rich');
    const heads = structuredClone(scoreModel.heads);
    for (const head of Object.values(heads.greedy)) head.intercept += 500;
    const s = scoreLostValley(map, { ...scoreModel, heads });
    expect(s.predictedGold).toBeLessThanOrEqual(s.metrics.goldTotal / s.metrics.players);
    expect(s.extrapolation!.join('; ')).toMatch(/above an equal share/);
  });

  it('generated landscapes lie inside the calibration', () => {
    for (const seed of ['1', '42', 'valley']) expect(scoreLostValley(fresh(seed)).extrapolated).toBe(false);
  });

  it('was fitted on the planner as it is (its weights hash is in the model)', () => {
    expect(
      (scoreModel as unknown as { plannerWeights: string }).plannerWeights,
      'PLAN changed since the last fit: rerun npx tsx src/games/lost-valley/calibrate/score-model.ts',
    ).toBe(tuningHash(PLAN));
  });

  it('says where the two kinds of player part: the interval spans both, and confidence is no higher than its width allows', () => {
    let wide = 0;
    for (let i = 0; i < 12; i++) {
      const s = scoreLostValley(fresh(`interval-${i}`, { players: 2 + (i % 3) }));
      const { greedy, planner } = s.kinds;
      expect(s.interval).toEqual([Math.min(greedy.difficulty, planner.difficulty), Math.max(greedy.difficulty, planner.difficulty)]);
      const width = s.interval[1] - s.interval[0];
      // Never surer than the kinds agree (landscapes of the options may lower it further: score-model.test.ts).
      const byWidth = width <= 10 ? 2 : width <= 20 ? 1 : 0;
      expect(['low', 'medium', 'high'].indexOf(s.confidence)).toBeLessThanOrEqual(byWidth);
      expect(s.predictedGold).toBeCloseTo((greedy.predictedGold + planner.predictedGold) / 2, 1);
      if (s.interval[1] - s.interval[0] >= 20) wide++;
    }
    // The kinds disagree about many landscapes (held-out Spearman 0.2–0.5 between them): some intervals are wide.
    expect(wide).toBeGreaterThan(0);
  });

  it("docs/lost-valley.md's tables of what the options do are the calibration's, and 'scattered' banks most for both kinds", () => {
    type Setting = { greedyGold: number; plannerGold: number; difficulty: number };
    const fit = (scoreModel as unknown as { fit: Record<'goldOption' | 'iceOption' | 'riverOption', Record<string, Setting>> }).fit;
    for (const kind of ['greedyGold', 'plannerGold'] as const) {
      expect(fit.goldOption.scattered![kind]).toBeGreaterThan(fit.goldOption.near![kind]);
      expect(fit.goldOption.scattered![kind]).toBeGreaterThan(fit.goldOption.far![kind]);
    }
    // The research lives in the game's page; the options schema keeps a one-line hint for the web page.
    const page = readFileSync(new URL('../../../../docs/lost-valley.md', import.meta.url), 'utf8');
    expect(page).toMatch(/'scattered' plays easiest and both 'near' and 'far' play harder/);
    for (const table of ['goldOption', 'iceOption', 'riverOption'] as const) {
      for (const [value, m] of Object.entries(fit[table])) {
        const row = [value, m.greedyGold.toFixed(2), m.plannerGold.toFixed(2), m.difficulty.toFixed(1)];
        expect(page, `${table} ${value}`).toMatch(new RegExp(`^\\| ${row.map((c) => `${c.replace('.', '\\.')} *`).join('\\| ')}\\|$`, 'm'));
      }
    }
  });

  it('was fitted on the bots as they are (their weights hash is in the model)', () => {
    expect(
      (scoreModel as unknown as { botWeights: string }).botWeights,
      'BOT_WEIGHTS changed since the last fit: rerun npx tsx src/games/lost-valley/calibrate/score-model.ts',
    ).toBe(tuningHash(BOT_WEIGHTS));
  });
});

describe('Lost Valley difficulty scale per table size', () => {
  it('makes medium and hard each as wide as strong play tells apart over 50 games, centred on the median landscape', () => {
    const strong = readJson<{ tables: Record<string, { sdOneGame: number }> }>(new URL('../data/strong.json', import.meta.url));
    for (const players of [2, 3, 4]) {
      const w = scoreModel.bandWidth![players]!;
      // 95%, two-sided, between two maps' means of 50 strong games each.
      expect(w).toBeCloseTo(leastDifference(strong.tables[players]!.sdOneGame, 50), 2);
      for (const kind of ['greedy', 'planner'] as const) {
        const [top, easy, mid, hard, bottom] = scoreModel.scales[kind][players]!;
        expect(easy - mid, `${kind} ${players}: medium`).toBeCloseTo(w, 1);
        expect(mid - hard, `${kind} ${players}: hard`).toBeCloseTo(w, 1);
        expect(top - easy, `${kind} ${players}: easy`).toBeGreaterThanOrEqual(w - 0.01);
        expect(hard - bottom, `${kind} ${players}: expert`).toBeGreaterThanOrEqual(w - 0.01);
      }
      // The median landscape over every setting reads about 50: fresh landscapes, every setting in turn.
      const readings = Array.from({ length: 54 }, (_, i) => {
        const options = {
          players,
          ice: STEER_ICE[i % 3]!,
          gold: STEER_GOLD[Math.floor(i / 3) % 3]!,
          river: [3, 6, 9, 12, 4, 10][Math.floor(i / 9)]!,
        };
        return lostValley.score(buildMap(lostValley, `scale-${players}-${i}`, options)).difficulty;
      });
      const above = readings.filter((d) => d >= 50).length / readings.length;
      expect(above, `players ${players}`).toBeGreaterThan(0.25);
      expect(above, `players ${players}`).toBeLessThan(0.75);
    }
  });
});

describe('Lost Valley steer', () => {
  it('reads the share of a setting that lands in a range off its deciles', () => {
    const deciles = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(hitShare(deciles, 0, 100)).toBe(1);
    expect(hitShare(deciles, 40, 59)).toBeCloseTo(0.2, 1);
    expect(hitShare([50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50], 0, 10)).toBe(0);
  });

  it('offers settings of ice, river and gold, never players, for every target and table size', () => {
    for (const players of [2, 3, 4] as const) {
      for (const band of BANDS) {
        const sets = steerLostValley({ min: 0, max: 24 }, { players, ice: 'normal', river: 12, gold: 'scattered' });
        expect(sets.length, band).toBeGreaterThan(0);
        for (const s of sets) expect(Object.keys(s).sort()).toEqual(['gold', 'ice', 'river']);
      }
    }
  });

  it('never changes a pinned option', () => {
    const r = reroll(lostValley, { seed: 'pinned', options: { players: 2, ice: 'fast' }, target: { band: 'easy' }, maxAttempts: 6 })!;
    expect(r.options.players).toBe(2);
    expect(r.options.ice).toBe('fast');
  });

  it('has, for every band and range ten wide at every table size, settings measured to land there', () => {
    const reach = (
      scoreModel as unknown as { reach: Record<string, Array<{ ice: string; river: number; gold: string; deciles: number[] }>> }
    ).reach;
    for (const players of [2, 3, 4] as const) {
      for (const target of REACH_TARGETS) {
        const { min, max } = 'band' in target ? { min: BAND_RANGES[target.band][0], max: BAND_RANGES[target.band][1] } : target;
        const best = steerLostValley({ min, max }, { players, ice: 'normal', river: 12, gold: 'scattered' })[0]!;
        const row = reach[players]!.find((r) => r.ice === best.ice && r.river === best.river && r.gold === best.gold)!;
        const share = hitShare(row.deciles, min, max);
        // At two players the options move the greedy bots' gold (the whole difficulty there) by
        // about 4.6 nuggets, under three bands of 1.67: no setting makes 0–10 or 90–100 its own,
        // and a reroll finds them among other settings' outliers (the next test).
        if (players === 2 && (max <= 10 || min >= 90)) expect(share, `players 2, ${JSON.stringify(target)}`).toBeLessThan(0.08);
        // One attempt in twelve or better: a median of at most about 8 attempts.
        else expect(share, `players ${players}, ${JSON.stringify(target)}`).toBeGreaterThanOrEqual(0.08);
      }
    }
  });

  // One base seed per target and table size here (scoring is analytic and cheap, but the suite is long); docs/difficulty.md's table measures 100 (src/seeds/reroll-reach.ts).
  it('reaches every band and every range ten wide at every table size (1 base seed each)', () => {
    for (const players of [2, 3, 4]) {
      for (const target of REACH_TARGETS) {
        const r = measureReach(lostValley, target, { players }, { seeds: 1, maxAttempts: 200, prefix: 'reach-test' });
        expect(r.hits, `players ${players}, target ${r.target}`).toBe(r.seeds);
      }
    }
  }, 240_000);
});
