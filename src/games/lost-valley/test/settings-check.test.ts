import { describe, expect, it } from 'vitest';
import { Rng } from '../../../core/rng.ts';
import { type Setting, settings } from '../calibrate/corpus.ts';
import { checkPlan, summarise } from '../calibrate/settings-check.ts';

/** Landscapes whose gold is a setting's true mean plus noise of a given spread, scored `difficulty`. */
function rows(noise: number, seed: string) {
  const rng = Rng.fromSeed(seed);
  const grid = settings().filter((s) => s.players === 2);
  const truth = (s: Setting, k: number) => 10 + k * 0.1 + (s.river === 12 ? 0.05 : 0);
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
        // The score reads the truth: the harder the setting (less gold), the higher.
        difficulty: 100 - truth(s, k) * 5,
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
});
