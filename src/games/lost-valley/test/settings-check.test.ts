import { describe, expect, it } from 'vitest';
import { Rng } from '../../../core/rng.ts';
import { type Setting, settings } from '../calibrate/corpus.ts';
import { readJson } from '../../../core/json-file.ts';
import { scoreMap } from '../../../core/maps.ts';
import { spearman } from '../../../core/stats.ts';
import { mapOf } from '../calibrate/corpus.ts';
import { checkPlan, pooled, type SettingsCheckFixture, scoreModelDigest, settingMeans, summarise } from '../calibrate/settings-check.ts';
import { lostValley } from '../index.ts';
import type { LostValleyScore } from '../score.ts';

/** Landscapes whose gold is a setting's true mean plus noise of a given spread, scored `difficulty`. */
function rows(noise: number, seed: string, players: readonly number[] = [2]) {
  const rng = Rng.fromSeed(seed);
  const grid = settings().filter((s) => players.includes(s.players));
  // More prospectors share the gold: each table size banks less, and its settings spread inside.
  const truth = (s: Setting, k: number) => 20 - 3 * s.players + (k % 63) * 0.04 + (s.river === 12 ? 0.01 : 0);
  return grid.flatMap((s, k) =>
    Array.from({ length: 16 }, (_, i) => {
      const gold = truth(s, k) + noise * (rng.next() - 0.5);
      return {
        seed: `t-${k}-${i}`,
        options: s,
        games: 8,
        greedy: gold,
        planner: gold + 1,
        greedyHalves: [gold, gold] as [number, number],
        plannerHalves: [gold + 1, gold + 1] as [number, number],
        // The score reads the truth in nuggets, and its difficulty on a scale per table size: the
        // harder the setting among those of its table size (less gold), the higher.
        predictedGold: truth(s, k),
        difficulty: 100 - (k % 63),
      };
    }),
  );
}

describe("Lost Valley's settings check", () => {
  it('plans fresh landscapes for each setting of the table sizes asked', () => {
    const plan = checkPlan([2], 3, 8);
    expect(plan).toHaveLength(63 * 3);
    expect(new Set(plan.map((e) => e.seed)).size).toBe(plan.length);
    expect(plan.every((e) => e.seed.startsWith('lv-check-2-') && e.games === 8)).toBe(true);
  });

  it('reads a score that ranks the true setting means against gold measured with little noise as near 1, and says the measure is reliable', () => {
    const [greedy] = summarise(rows(0.05, 'quiet'));
    expect(greedy).toMatchObject({ players: 2, kind: 'greedy', settings: 63, landscapes: 16 });
    expect(greedy!.spearman).toBeGreaterThan(0.95);
    expect(greedy!.reliability).toBeGreaterThan(0.95);
    expect(greedy!.kindsAgree).toBe(1);
  });

  it('caps what the same score can read when the gold per setting drowns in noise, and says so through the reliability', () => {
    const [greedy] = summarise(rows(60, 'loud'));
    expect(greedy!.reliability).toBeLessThan(0.5);
    expect(greedy!.ceiling).toBeCloseTo(Math.sqrt(Math.max(0, greedy!.reliability)), 3);
    expect(greedy!.spearman).toBeLessThan(0.7);
  });

  it('pools every table size: nuggets rank settings across them, a difficulty scaled per table size only within one', () => {
    const quiet = rows(0.05, 'pooled', [2, 3, 4]);
    const byTable = summarise(quiet);
    expect(byTable.map((f) => f.players)).toEqual([2, 2, 3, 3, 4, 4]);
    for (const f of byTable) expect(Math.min(f.spearman, f.goldSpearman)).toBeGreaterThan(0.95);
    const [greedy, planner] = pooled(quiet);
    expect(greedy).toMatchObject({ players: [2, 3, 4], kind: 'greedy', settings: 189, landscapes: 16 });
    expect(planner!.kind).toBe('planner');
    expect(greedy!.goldSpearman).toBeGreaterThan(0.99);
    expect(greedy!.reliability).toBeGreaterThan(0.99);
    // Each table size's hardest setting reads 100 on its own scale, whatever its gold.
    expect(greedy!.spearman).toBeLessThan(0.5);
  });
});

describe("Lost Valley's settings check as measured (data/settings-check.json, item 4a)", () => {
  const fixture = readJson<SettingsCheckFixture>(new URL('../data/settings-check.json', import.meta.url));
  const keys = Object.keys(fixture.settings);
  const column = (ks: string[], i: number) => ks.map((k) => fixture.settings[k]![i]!);

  it('was measured with the score model that ships: a refit without a new check fails here', () => {
    expect(fixture.scoreModel).toBe(scoreModelDigest());
    expect(fixture.plan).toEqual({ players: [2, 3, 4], landscapes: [192, 64, 64], games: 8 });
    expect(keys).toHaveLength(189);
  });

  it('ranks the settings as each kind does at Spearman ≥ 0.8: the difficulty within each table size, predictedGold across them', () => {
    for (const players of [2, 3, 4]) {
      const ks = keys.filter((k) => k.startsWith(`${players}-`));
      const harder = column(ks, 2).map((d) => -d);
      for (const [kind, i] of [
        ['greedy', 0],
        ['planner', 1],
      ] as const) {
        const rho = spearman(harder, column(ks, i));
        expect(rho, `${players} players, ${kind}`).toBeGreaterThanOrEqual(0.8);
        expect(rho).toBeCloseTo(fixture.byTable.find((f) => f.players === players && f.kind === kind)!.spearman, 2);
      }
    }
    // Pooled, the 0–100 scale is one per table size and does not rank across them; the nuggets do.
    for (const [kind, i] of [
      ['greedy', 0],
      ['planner', 1],
    ] as const) {
      const rho = spearman(column(keys, 3), column(keys, i));
      expect(rho, `pooled, ${kind}`).toBeGreaterThanOrEqual(0.8);
      expect(rho).toBeCloseTo(fixture.pooled.find((f) => f.kind === kind)!.goldSpearman, 2);
    }
  });

  it("holds the shipped score's readings: a setting's landscapes scored again give its stored means", () => {
    const plan = checkPlan([3, 4], 64, 8).filter((e) =>
      ['3-near-fast-3', '4-scattered-slow-12'].includes(`${e.options.players}-${e.options.gold}-${e.options.ice}-${e.options.river}`),
    );
    expect(plan).toHaveLength(128);
    const rows = plan.map((e) => {
      const { difficulty, predictedGold } = scoreMap(lostValley, mapOf(e)) as LostValleyScore;
      const stored = fixture.settings[`${e.options.players}-${e.options.gold}-${e.options.ice}-${e.options.river}`]!;
      // The kinds' gold is what the games measured: taken as stored, it is the score's half that is checked.
      return {
        ...e,
        greedy: stored[0],
        planner: stored[1],
        greedyHalves: [0, 0] as [number, number],
        plannerHalves: [0, 0] as [number, number],
        difficulty,
        predictedGold,
      };
    });
    for (const [key, means] of Object.entries(settingMeans(rows))) expect(means, key).toEqual(fixture.settings[key]);
  });
});
