/**
 * How well seat shares measured by a few games of their own predict the calibration's: replays the
 * held-out four-player courses of the seat calibration (every fifth of
 * src/games/gold-city/data/seats.json's measured courses) under every stagger it measured,
 * on a fresh series of games (tagged by the course's seed, unlike the calibration's), and compares
 * the shares after 50, 100, 200 and 400 games, the seat model's predictions, and blends of the
 * two, with the calibration's 200-game shares (Pearson over every seat, stagger and course). The
 * plain start's 200-game Pearson is the test–retest reliability of a 200-game share. Figures for
 * docs/studies/pioneer-days-and-gold-city-difficulty.md#seats-item-5.
 *   npx tsx docs/studies/code/measure-gold-city-seat-noise.ts   (about 4 minutes on one core: 56,000 games)
 */
import { readFileSync } from 'node:fs';
import { buildMap, scoreMap } from '../../../src/core/maps.ts';
import { pearson } from '../../../src/core/stats.ts';
import { round } from '../../../src/core/fit.ts';
import { goldCity } from '../../../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../../../src/games/gold-city/model.ts';
import type { GoldCityScore } from '../../../src/games/gold-city/score.ts';
import { prepareCourse, seatWins, sharesOf } from '../../../src/games/gold-city/rules/balance.ts';
import { predictSeatShares, seatFeatures } from '../../../src/games/gold-city/seats.ts';

const PREFIXES = [50, 100, 200, 400];
const MODEL_WEIGHTS = [0.2, 0.4, 0.6];
const players = 4;
const fixture = JSON.parse(readFileSync(new URL('../../../src/games/gold-city/data/seats.json', import.meta.url), 'utf8'));
const held = (fixture.measured[players] as Array<{ seed: string; options: object; shares: Record<string, number[]> }>).filter(
  (_, i) => i % 5 === 0,
);
const staggers = Object.keys(held[0]!.shares);

const calibrated: number[] = [];
const modelled: number[] = [];
const measured = new Map<number, number[]>(PREFIXES.map((n) => [n, []]));
const plain = { calibrated: [] as number[], modelled: [] as number[], retest: [] as number[] };
const started = performance.now();
for (const course of held) {
  const map = buildMap(goldCity as never, course.seed, course.options) as GoldCityMap;
  const score = scoreMap(goldCity as never, map) as GoldCityScore;
  const features = seatFeatures(score.predictedRounds, score.model.features);
  const prepared = prepareCourse(map);
  for (const key of staggers) {
    const rows = [...key].map(Number);
    const predicted = predictSeatShares(features, players, rows)!;
    const wins = new Array<number>(players).fill(0);
    let played = 0;
    for (const n of PREFIXES) {
      const more = seatWins(prepared, rows, played, n, `fresh/${course.seed}`);
      more.wins.forEach((w, s) => (wins[s] = (wins[s] as number) + w));
      played = n;
      measured.get(n)!.push(...sharesOf(wins));
      if (n === 200 && key === '0000') plain.retest.push(...sharesOf(wins));
    }
    calibrated.push(...course.shares[key]!);
    modelled.push(...predicted);
    if (key === '0000') {
      plain.calibrated.push(...course.shares[key]!);
      plain.modelled.push(...predicted);
    }
  }
  process.stderr.write(`${course.seed}: ${Math.round((performance.now() - started) / 1000)} s\n`);
}
const measuredPearson: Record<string, unknown> = {};
for (const n of PREFIXES) {
  const shares = measured.get(n)!;
  const blends = Object.fromEntries(
    MODEL_WEIGHTS.map((w) => [
      String(w),
      round(
        pearson(
          shares.map((v, i) => (1 - w) * v + w * (modelled[i] as number)),
          calibrated,
        ),
        3,
      ),
    ]),
  );
  measuredPearson[String(n)] = { alone: round(pearson(shares, calibrated), 3), withModelWeight: blends };
}
console.log(
  JSON.stringify(
    {
      courses: held.length,
      staggers: staggers.length,
      model: round(pearson(modelled, calibrated), 3),
      measured: measuredPearson,
      plainStart: {
        model: round(pearson(plain.modelled, plain.calibrated), 3),
        retest200: round(pearson(plain.retest, plain.calibrated), 3),
      },
      gamesPlayed: held.length * staggers.length * PREFIXES.at(-1)!,
      seconds: Math.round((performance.now() - started) / 1000),
    },
    null,
    2,
  ),
);
