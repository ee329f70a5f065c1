import { describe, expect, it } from 'vitest';
import { asPlayed, fitAsPlayed, type MapReports } from '../../src/plays/as-played.ts';
import { Rng } from '../../src/core/rng.ts';
import { spearman } from '../../src/core/stats.ts';
import { findGame } from '../../src/games/index.ts';

/** A standard normal draw (Box–Muller) from a seeded stream. */
const normal = (rng: Rng) => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());

const plays = findGame('gold-city')!.plays!;
const map = { options: { players: 4 } } as never;
const difficulty = (rounds: number) => plays.difficultyOf(rounds, 4, map);

/**
 * A population of Gold City maps whose tables differ from the bots' view: each map's true mean
 * rounds is a + b · the bots' prediction + a hidden per-map effect, and each report is that mean
 * plus a table's own noise. The model sees only the bots' predictions and 15 reports a map.
 */
function population(seed: string, maps = 80, reportsPerMap = 16) {
  const rng = Rng.fromSeed(seed);
  return Array.from({ length: maps }, (_, i) => {
    const bot = 15 + 20 * rng.next();
    const truth = 1.5 + 0.95 * bot + 4.5 * normal(rng);
    const reports = Array.from({ length: reportsPerMap }, () => truth + 3 * normal(rng));
    return { key: `m${String(i).padStart(3, '0')}`, bot, truth, reports };
  });
}

describe('difficulty as played', () => {
  const pop = population('as-played/1');
  const seen: MapReports[] = pop.map((m) => ({ key: m.key, prior: m.bot, values: m.reports.slice(0, 15) }));
  const fit = fitAsPlayed(seen, { tau: plays.spread(4), sigma: plays.spread(4) });

  it('recovers the spreads and the mapping it was given', () => {
    expect(fit.sigma).toBeGreaterThan(2.5);
    expect(fit.sigma).toBeLessThan(3.5);
    expect(fit.tau).toBeGreaterThan(3);
    expect(fit.tau).toBeLessThan(6);
    expect(fit.b).toBeGreaterThan(0.7);
    expect(fit.b).toBeLessThan(1.2);
  });

  it('after 15 reports a map ranks the true means far better than the bot score, and predicts a held-out report better', () => {
    const truth = pop.map((m) => difficulty(m.truth));
    const bot = pop.map((m) => difficulty(m.bot));
    const played = pop.map((m, i) => difficulty(asPlayed(fit, m.bot, seen[i]!.values).mean));
    const rhoBot = spearman(bot, truth);
    const rhoPlayed = spearman(played, truth);
    const rmse = (predict: (m: (typeof pop)[number], i: number) => number) =>
      Math.sqrt(pop.reduce((a, m, i) => a + (m.reports[15]! - predict(m, i)) ** 2, 0) / pop.length);
    const errorBot = rmse((m) => m.bot);
    const errorPlayed = rmse((m, i) => asPlayed(fit, m.bot, seen[i]!.values).mean);
    console.log(
      `as played: Spearman ${rhoPlayed.toFixed(3)} vs bots ${rhoBot.toFixed(3)}; held-out report RMSE ${errorPlayed.toFixed(2)} vs bots ${errorBot.toFixed(2)} rounds`,
    );
    expect(rhoPlayed).toBeGreaterThan(0.9);
    expect(rhoPlayed - rhoBot).toBeGreaterThan(0.15);
    expect(errorPlayed).toBeLessThan(0.75 * errorBot);
  });

  it('gives a map with no reports the fitted mapping and a wide interval, and one with many its tables', () => {
    const none = asPlayed(fit, 25, []);
    expect(none.mean).toBeCloseTo(fit.a + fit.b * 25, 6);
    const many = asPlayed(
      fit,
      25,
      Array.from({ length: 60 }, () => 35),
    );
    expect(many.mean).toBeGreaterThan(34);
    expect(many.sd).toBeLessThan(none.sd / 5);
    expect(none.sd).toBeGreaterThan(fit.tau);
  });

  it("keeps the bots' mapping before any report, and does not hang on maps given in another order", () => {
    const empty = fitAsPlayed([], { tau: 4, sigma: 4 });
    expect([empty.a, empty.b]).toEqual([0, 1]);
    const reversed = fitAsPlayed([...seen].reverse(), { tau: plays.spread(4), sigma: plays.spread(4) });
    expect(reversed).toEqual(fit);
  });
});
