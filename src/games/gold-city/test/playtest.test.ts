import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMap } from '../../../core/maps.ts';
import { spearman } from '../../../core/stats.ts';
import { goldCity } from '../index.ts';
import { BOTS, type BotContext } from '../rules/bots.ts';
import { playToEnd } from '../../../core/play/play.ts';
import { MAX_ROUNDS, playtest, turnRules } from '../rules/playtest.ts';
import { effortToFinish } from '../rules/potential.ts';
import { newGame, type GameState } from '../rules/state.ts';
import { buildTable } from '../rules/table.ts';
import { CALIBRATION_GAMES, calibrationCases } from '../calibrate/cases.ts';
import calibration from '../data/calibration.json' with { type: 'json' };

function zones(state: GameState): number[] {
  return state.players.flatMap((p) => [...p.deck, ...p.hand, ...p.discard, ...p.inPlay, ...p.removed]);
}

describe('bot games', () => {
  it('every game ends within the round bound, cards conserved but for base camps and used items', () => {
    let finished = 0;
    let games = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('easy', 'normal', 'hard', 'expert'),
        fc.constantFrom(
          ['planner', 'planner', 'planner', 'planner'],
          ['baseline', 'planner', 'baseline'],
          ['planner', 'planner'],
          ['baseline', 'baseline', 'baseline', 'baseline'],
        ),
        (n, tier, botNames) => {
          const map = buildMap(goldCity, `life-${n}`, { tier, players: botNames.length });
          const table = buildTable(map);
          const ctx: BotContext = { table, potential: effortToFinish(table) };
          let removed = new Set<number>();
          let turns = 0;
          // Checked at the end of every turn.
          const state = newGame(table, botNames.length, `life-${n}`);
          playToEnd(
            turnRules(table),
            state,
            botNames.map((b) => BOTS[b]!),
            ctx,
            { rounds: MAX_ROUNDS },
            (action) => {
              if (action.type !== 'end') return;
              turns++;
              const all = zones(state);
              // Every card instance is in exactly one place.
              expect(all.length).toBe(state.cards.length);
              expect(new Set(all).size).toBe(state.cards.length);
              const now = new Set(state.players.flatMap((p) => p.removed));
              for (const c of removed) expect(now.has(c)).toBe(true);
              removed = now;
            },
          );
          expect(turns).toBeGreaterThan(0);
          expect(turns).toBeLessThanOrEqual(MAX_ROUNDS * botNames.length);
          games++;
          if (state.over) finished++;
        },
      ),
      { numRuns: 60, seed: 99 },
    );
    // Stalls happen (walled-in pawns, a sold-out market) but are rare.
    expect(finished / games).toBeGreaterThanOrEqual(0.9);
  });

  it('a playtest reports rounds, their spread to 0.01 and per-seat win percentages that add up to the finished games', () => {
    const map = buildMap(goldCity, 'report', {});
    const p = playtest(map, { games: 12 });
    expect(p.meanRounds).toBeGreaterThan(5);
    expect(p.sdRounds).toBeGreaterThanOrEqual(0);
    expect(Math.round(p.sdRounds * 100)).toBeCloseTo(p.sdRounds * 100, 9);
    expect(p.winRate).toHaveLength(4);
    expect(Math.abs(p.winRate.reduce((a, b) => a + b, 0) - 100 * (1 - p.unfinished / 12))).toBeLessThanOrEqual(0.2);
    for (const w of p.winRate) expect(Math.round(w * 10)).toBeCloseTo(w * 10, 9);
    expect(playtest(map, { games: 12 })).toEqual(p);
  });

  it('a stuck planner buys the card its way on needs (seed t1 stalled in 69 of 400 games when it priced cards through a water-4 it could not enter)', () => {
    const map = buildMap(goldCity, 't1', { players: 4 });
    expect(playtest(map, { games: 100 }).unfinished).toBeLessThanOrEqual(2);
  });

  it('the planner beats the baseline head to head', () => {
    let planner = 0;
    for (let i = 0; i < 10; i++) {
      const map = buildMap(goldCity, `duel-${i}`, {});
      const p = playtest(map, { games: 6, bots: ['baseline', 'planner', 'baseline', 'planner'] });
      planner += (p.winRate[1] ?? 0) + (p.winRate[3] ?? 0);
    }
    expect(planner / 10).toBeGreaterThan(60);
  });
});

describe('analytic difficulty against playtests', () => {
  it('ranks 100 fresh maps across tiers and table sizes as the bots experience them (Spearman ≥ 0.85)', () => {
    const cases = calibrationCases('test', 100);
    const rows = cases.map(({ seed, options }) => {
      const map = buildMap(goldCity, seed, options);
      const score = goldCity.score(map);
      return {
        players: options.players as number,
        difficulty: score.difficulty,
        predicted: score.predictedRounds,
        rounds: playtest(map, { games: CALIBRATION_GAMES }).meanRounds,
      };
    });
    // Predicted rounds track the games across every table size; difficulty ranks within one.
    const overall = spearman(
      rows.map((r) => r.predicted),
      rows.map((r) => r.rounds),
    );
    console.log(
      `calibration: Spearman(predicted rounds, playtest mean rounds) = ${overall.toFixed(3)} over ${rows.length} maps (model ${calibration.version})`,
    );
    expect(overall).toBeGreaterThanOrEqual(0.85);
    for (const players of [2, 3, 4]) {
      const group = rows.filter((r) => r.players === players);
      const rho = spearman(
        group.map((r) => r.difficulty),
        group.map((r) => r.rounds),
      );
      console.log(
        `calibration: ${players} players: Spearman(difficulty, playtest mean rounds) = ${rho.toFixed(3)} over ${group.length} maps`,
      );
      expect(rho).toBeGreaterThanOrEqual(0.85);
    }
  });

  it('tiers order the difficulty', () => {
    const mean = (tier: string) => {
      let sum = 0;
      for (let i = 0; i < 30; i++) sum += goldCity.score(buildMap(goldCity, `tier-${i}`, { tier })).difficulty;
      return sum / 30;
    };
    const [easy, normal, hard, expert] = ['easy', 'normal', 'hard', 'expert'].map(mean) as [number, number, number, number];
    expect(easy).toBeLessThan(normal);
    expect(normal).toBeLessThan(hard);
    expect(hard).toBeLessThan(expert);
  });
});
