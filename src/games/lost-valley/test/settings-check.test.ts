import { describe, expect, it } from 'vitest';
import { Rng } from '../../../core/rng.ts';
import { type Setting, settings } from '../calibrate/corpus.ts';
import { checkPlan, pooled, summarise } from '../calibrate/settings-check.ts';

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
