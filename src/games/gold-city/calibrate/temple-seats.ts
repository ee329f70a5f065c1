/**
 * Seat figures for Golden Temples courses (src/games/gold-city/seats.ts, templeSeatFairness):
 * per table size, COURSES temple courses across every tier and 3–10 pieces, each played GAMES
 * times from the plain start with one planner a seat; the share of the decided games each seat
 * won, averaged over the courses, is the table size's seat figure (turn order: on a temple
 * course pawns never block one another and the gem tour is the same for every seat, so the
 * course changes the shares less than turn order does). Also written: the spread of the
 * courses' shares and what the games' own noise accounts for of it (binomial, per course), so a
 * reader sees how much a per-course model could add.
 *
 *   npx tsx src/games/gold-city/calibrate/temple-seats.ts   (about 6 minutes on one core)
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../../../core/maps.ts';
import { round } from '../../../core/fit.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap, GoldCityOptions } from '../model.ts';
import { tuningHash } from '../../../core/play/tuning.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { seatShares } from '../rules/balance.ts';

const COURSES = 20;
const GAMES = 60;
const TIERS = ['easy', 'normal', 'hard', 'expert'] as const;

const t0 = performance.now();
const tables: Record<string, { winRates: number[]; courses: number; games: number; courseSd: number[]; noiseSd: number[] }> = {};
for (const players of [2, 3, 4]) {
  const shares: number[][] = [];
  const decided: number[] = [];
  for (let m = 0; m < COURSES; m++) {
    const options: Partial<GoldCityOptions> = { players: players as 2 | 3 | 4, tier: TIERS[m % 4], pieces: 3 + (m % 8), temples: true };
    const map = buildMap(goldCity as never, `temple-seat-${players}-${m}`, options) as GoldCityMap;
    const r = seatShares(map, new Array<number>(players).fill(0), GAMES, `temple-seats/${m}`);
    shares.push(r.shares);
    decided.push(GAMES - r.unfinished);
    process.stderr.write(`${players} players, course ${m}: ${r.shares.map((s) => round(s, 2)).join(' ')}\n`);
  }
  const mean = Array.from({ length: players }, (_, seat) => shares.reduce((a, s) => a + s[seat]!, 0) / COURSES);
  tables[players] = {
    winRates: mean.map((s) => round(100 * s, 2)),
    courses: COURSES,
    games: GAMES,
    // How far courses' measured shares scatter about the mean, and how far binomial noise alone would scatter them.
    courseSd: mean.map((m, seat) => round(100 * Math.sqrt(shares.reduce((a, s) => a + (s[seat]! - m) ** 2, 0) / COURSES), 2)),
    noiseSd: mean.map((m) => round(100 * Math.sqrt(decided.reduce((a, n) => a + (m * (1 - m)) / Math.max(1, n), 0) / COURSES), 2)),
  };
}
const result = { version: 'temple-seats-1', botWeights: tuningHash(BOT_WEIGHTS), tables };
writeFileSync(new URL('../data/temple-seats.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2), `\n${((performance.now() - t0) / 1000).toFixed(0)} s`);
