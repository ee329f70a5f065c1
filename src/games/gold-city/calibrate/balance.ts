/**
 * Checks the balance search (src/games/gold-city/rules/balance.ts) on courses it was never
 * tuned on: for each, the search plays SCREEN games under every stagger of the table size and
 * CONFIRM more under three finalists, and picks the most even; then VERIFY fresh games (other game seeds) are played on the plain start
 * and on the pick, and a course counts as even when every seat's share is within ±5 points of an
 * even split. Writes src/games/gold-city/data/balance.json.
 *
 *   npx tsx src/games/gold-city/calibrate/balance.ts                  (4 players, 24 courses: ~15 min on 2 quiet cores)
 *   FROM=0 TO=8 PART=a.json npx tsx scripts/…   (a share of the courses, one process each)
 *   REUSE=a.json,b.json npx tsx src/games/gold-city/calibrate/balance.ts   (courses already played, same seeds)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildMap } from '../../../core/maps.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap } from '../model.ts';
import { balanceSeats, seatShares } from '../rules/balance.ts';
import { tuningHash } from '../../../core/play/tuning.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 4);
const COURSES = Number(process.env.COURSES ?? 24);
const FROM = Number(process.env.FROM ?? 0);
const TO = Number(process.env.TO ?? COURSES);
const PART = process.env.PART;
const SCREEN = 200;
const CONFIRM = 600;
const VERIFY = 600;
const TIERS = ['easy', 'normal', 'hard', 'expert'] as const;
const FIXTURE = new URL('../data/balance.json', import.meta.url);

interface Checked {
  seed: string;
  options: { players: number; tier: string; pieces: number };
  stagger: string;
  plain: number[];
  chosen: number[];
  /** What the search measured under each stagger. */
  search?: Record<string, number[]>;
}

const uneven = (s: readonly number[]) => Math.max(...s.map((x) => Math.abs(x - 1 / s.length)));
const round4 = (v: number) => Math.round(v * 10000) / 10000;
const reused = new Map<string, Checked>(
  (process.env.REUSE ?? '')
    .split(',')
    .filter((f) => f && existsSync(f))
    .flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as Checked[])
    .map((c) => [c.seed, c]),
);

const courses: Checked[] = [];
for (let m = FROM; m < TO; m++) {
  const seed = `balance-check-${m}`;
  const options = { players: PLAYERS, tier: TIERS[m % 4]!, pieces: 3 + ((m * 3) % 8) };
  const known = reused.get(seed);
  if (known && known.options.players === PLAYERS) {
    courses.push(known);
    continue;
  }
  const map = buildMap(goldCity as never, seed, options) as GoldCityMap;
  const { stagger, shares } = balanceSeats(map, { screen: SCREEN, confirm: CONFIRM });
  const zero = '0'.repeat(PLAYERS);
  const plain = seatShares(map, [...zero].map(Number), VERIFY, `verify/${m}`).shares;
  const chosen = stagger === zero ? plain : seatShares(map, [...stagger].map(Number), VERIFY, `verify/${m}`).shares;
  courses.push({ seed, options, stagger, plain, chosen, search: shares });
  console.error(`${seed}: ${stagger}`);
  // One part of a run split over processes (FROM/TO/PART): its courses, for a last run to REUSE.
  if (PART) writeFileSync(PART, JSON.stringify(courses));
}
if (PART) process.exit(0);
const fixture = existsSync(FIXTURE) ? JSON.parse(readFileSync(FIXTURE, 'utf8')) : {};
fixture.botWeights = tuningHash(BOT_WEIGHTS);
fixture[PLAYERS] = {
  courses: courses.length,
  searchGames: { screen: SCREEN, confirm: CONFIRM },
  verifyGames: VERIFY,
  evenPlain: courses.filter((c) => uneven(c.plain) <= 0.05).length,
  evenBalanced: courses.filter((c) => uneven(c.chosen) <= 0.05).length,
  meanUnevenPlain: round4(courses.reduce((a, c) => a + uneven(c.plain), 0) / courses.length),
  meanUnevenBalanced: round4(courses.reduce((a, c) => a + uneven(c.chosen), 0) / courses.length),
  details: courses.map((c) => ({ ...c, plain: c.plain.map(round4), chosen: c.chosen.map(round4) })),
};
writeFileSync(FIXTURE, `${JSON.stringify(fixture, null, 2)}\n`);
console.error(JSON.stringify({ ...fixture[PLAYERS], details: undefined }));
