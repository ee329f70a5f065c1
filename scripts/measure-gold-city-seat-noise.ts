/**
 * How far the seat shares themselves repeat: replays the held-out four-player courses of the
 * seat calibration (every fifth of fixtures/calibration/gold-city-seats.json's measured
 * courses) from the plain start with a fresh series of GAMES seeded games, and compares the
 * shares with the measured ones. Their Pearson is the test–retest reliability of a 200-game
 * share, which bounds what any predictor of the measured shares can reach (about its square
 * root of the true shares' variance). Figures for docs/difficulty-pioneer-days-gold-city.md.
 *   npx tsx scripts/measure-gold-city-seat-noise.ts   (about 4 minutes on one core)
 */
import { readFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { pearson } from '../src/core/stats.ts';
import { round } from './linear-model.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../src/games/gold-city/model.ts';
import { seatShares } from '../src/games/gold-city/rules/balance.ts';

const GAMES = 200;
const players = 4;
const fixture = JSON.parse(readFileSync(new URL('../fixtures/calibration/gold-city-seats.json', import.meta.url), 'utf8'));
const held = (fixture.measured[players] as Array<{ seed: string; options: object; shares: Record<string, number[]> }>).filter((_, i) => i % 5 === 0);
const first: number[] = [];
const again: number[] = [];
for (const course of held) {
  const map = buildMap(goldCity as never, course.seed, course.options) as GoldCityMap;
  const r = seatShares(map, [0, 0, 0, 0], GAMES, `retest/${course.seed}`);
  first.push(...course.shares['0000']!);
  again.push(...r.shares);
  process.stderr.write(`${course.seed}: ${course.shares['0000']!.join(' ')} | ${r.shares.map((s) => round(s, 3)).join(' ')}\n`);
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const varOf = (xs: number[]) => mean(xs.map((x) => (x - mean(xs)) ** 2));
console.log(JSON.stringify({ courses: held.length, games: GAMES, stagger: '0000', retestPearson: round(pearson(first, again), 3), shareVariance: round(varOf(first), 5), differenceVarianceHalf: round(varOf(first.map((x, i) => x - again[i]!)) / 2, 5) }, null, 2));
