import { describe, expect, it } from 'vitest';
import { buildMap, buildScoredMap } from '../../../core/maps.ts';
import { reroll } from '../../../seeds/reroll.ts';
import { spearman } from '../../../core/stats.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap } from '../model.ts';
import { BOTS } from '../rules/bots.ts';
import { tuningHash } from '../../../core/play/tuning.ts';
import { TEMPLE_BOT_WEIGHTS, BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { playGame } from '../rules/playtest.ts';
import { effortToFinish } from '../rules/potential.ts';
import { buildTable } from '../rules/table.ts';
import type { GoldCityScore } from '../score.ts';
import { calibrationCases } from '../calibrate/cases.ts';
import calibration from '../data/temples.json' with { type: 'json' };

/** Mean rounds of `games` planner games, as the temple calibration measures a map. */
function meanRounds(map: GoldCityMap, games: number): number {
  const table = buildTable(map);
  const potential = effortToFinish(table);
  const bots = Array.from({ length: map.options!.players }, () => BOTS.planner!);
  const rounds = Array.from({ length: games }, (_, g) => playGame(table, bots, `${map.digest}/${g}`, potential).rounds);
  return rounds.reduce((a, b) => a + b, 0) / games;
}

describe('Golden Temples difficulty against playtests', () => {
  it('ranks 90 fresh temple maps as the bots experience them (Spearman ≥ 0.85 overall and within each table size)', () => {
    const rows = calibrationCases('ttest', 90).map(({ seed, options }) => {
      const map = buildMap(goldCity, seed, { ...options, temples: true });
      const score = goldCity.score(map);
      return {
        players: options.players as number,
        difficulty: score.difficulty,
        predicted: score.predictedRounds,
        rounds: meanRounds(map, calibration.fit.gamesPerMap),
      };
    });
    const overall = spearman(
      rows.map((r) => r.predicted),
      rows.map((r) => r.rounds),
    );
    console.log(
      `temple calibration: Spearman(predicted, playtest mean rounds) = ${overall.toFixed(3)} over ${rows.length} maps (${calibration.version})`,
    );
    expect(overall).toBeGreaterThanOrEqual(0.85);
    for (const players of [2, 3, 4]) {
      const group = rows.filter((r) => r.players === players);
      const rho = spearman(
        group.map((r) => r.difficulty),
        group.map((r) => r.rounds),
      );
      console.log(
        `temple calibration: ${players} players: Spearman(difficulty, mean rounds) = ${rho.toFixed(3)} over ${group.length} maps`,
      );
      expect(rho).toBeGreaterThanOrEqual(0.85);
    }
  });

  it('the temple fixture was made with the bots as they are weighted now', () => {
    expect(calibration.botWeights).toBe(tuningHash(BOT_WEIGHTS));
    expect(calibration.templeBotWeights, 'TEMPLE_BOT_WEIGHTS changed: rerun npx tsx src/games/gold-city/calibrate/temples.ts').toBe(
      tuningHash(TEMPLE_BOT_WEIGHTS),
    );
    expect(Object.isFrozen(TEMPLE_BOT_WEIGHTS)).toBe(true);
  });

  it('a temple course is scored by the temple model with the tour among its features; a base course is not', () => {
    const on = buildScoredMap(goldCity, '42', { temples: true }).score as GoldCityScore;
    const off = buildScoredMap(goldCity, '42', {}).score as GoldCityScore;
    expect(on.model.version).toBe(calibration.version);
    for (const f of ['templeEffort', 'templeDetour', 'guardiansOnRoute', 'torchStrongest']) expect(on.model.features).toHaveProperty(f);
    expect(on.metrics.temples!.detour).toBeGreaterThan(1.1);
    expect(off.model.version).not.toBe(calibration.version);
    expect(off.metrics.temples).toBeUndefined();
  });

  it('rerolls with temples on: the tier is steered, temples stay pinned, every band is reached', () => {
    for (const band of ['easy', 'medium', 'hard', 'expert'] as const) {
      const r = reroll(goldCity, { seed: 'temple-reroll', options: { temples: true }, target: { band }, maxAttempts: 100 })!;
      expect(r.hit, band).toBe(true);
      expect(r.options.temples).toBe(true);
      expect((r.map as unknown as GoldCityMap).options!.temples).toBe(true);
      expect((r.map.score as GoldCityScore).band).toBe(band);
    }
  });
});
