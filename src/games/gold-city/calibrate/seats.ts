/**
 * Calibrates the seat models (src/games/gold-city/seats.ts): for each table size, courses
 * across every tier and 3–10 pieces, each played GAMES times with one planner per seat under
 * every stagger the balance search tries (rules/balance.ts); one least-squares model per
 * stagger and seat of that seat's share of the wins, fitted on four courses in five and checked
 * on the fifth against the plain average for the stagger (what turn order alone predicts).
 *
 *   npx tsx src/games/gold-city/calibrate/seats.ts                 (about half an hour on 2 quiet cores)
 *   MEASURED=file.json npx tsx src/games/gold-city/calibrate/seats.ts   (reuse measurements of the same seeds)
 *
 * Every figure is seeded: a rerun writes the same fixture.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildMap } from '../../../core/maps.ts';
import { pearson } from '../../../core/stats.ts';
import { fitLinear, round } from '../../../core/fit.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap, GoldCityOptions } from '../model.ts';
import { tuningHash } from '../../../core/play/tuning.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { STAGGERS, seatShares } from '../rules/balance.ts';
import { predictSeatShares, seatFeatures, type SeatCalibration } from '../seats.ts';

const MAPS = Number(process.env.MAPS ?? 100);
const GAMES = 200;
const FEATURES = ['perRound', 'strongestPerRound', 'cardsPaidPerRound'];
const TIERS = ['easy', 'normal', 'hard', 'expert'] as const;
const FIXTURE = new URL('../data/seats.json', import.meta.url);

interface Measured {
  seed: string;
  options: Partial<GoldCityOptions>;
  /** Share of the decided games each seat won under each stagger. */
  shares: Record<string, number[]>;
  unfinished: Record<string, number>;
}

const courseOptions = (players: number, m: number): Partial<GoldCityOptions> => ({
  players: players as 2 | 3 | 4,
  tier: TIERS[m % 4],
  pieces: 3 + (m % 8),
});

function featuresOf(map: GoldCityMap): Record<string, number> {
  const score = goldCity.score(map);
  return seatFeatures(score.predictedRounds, score.model.features);
}
const vector = (f: Record<string, number>) => FEATURES.map((name) => f[name] ?? 0);

const reused: Measured[] = process.env.MEASURED ? JSON.parse(readFileSync(process.env.MEASURED, 'utf8')) : [];
const previous: Partial<SeatCalibration> & { measured?: Record<string, Measured[]> } = existsSync(FIXTURE)
  ? JSON.parse(readFileSync(FIXTURE, 'utf8'))
  : {};
const known = new Map([...reused, ...Object.values(previous.measured ?? {}).flat()].map((m) => [m.seed, m]));

const result: SeatCalibration & { measured: Record<string, Measured[]> } = {
  version: 'seats-1',
  botWeights: tuningHash(BOT_WEIGHTS),
  features: FEATURES,
  tables: {},
  measured: {},
};

for (const players of [4, 3, 2]) {
  const staggers = [...STAGGERS[players]!];
  const courses: Array<Measured & { x: number[] }> = [];
  for (let m = 100; m < 100 + MAPS; m++) {
    const seed = `seat-${players}-${m}`;
    const options = courseOptions(players, m);
    const map = buildMap(goldCity as never, seed, options) as GoldCityMap;
    let row = known.get(seed);
    if (!row || staggers.some((s) => !row!.shares[s])) {
      row = { seed, options, shares: {}, unfinished: {} };
      for (const s of staggers) {
        const r = seatShares(map, [...s].map(Number), GAMES, String(m));
        row.shares[s] = r.shares.map((v) => round(v, 4));
        row.unfinished[s] = r.unfinished;
      }
      console.error(`${seed} measured`);
    }
    courses.push({ ...row, x: vector(featuresOf(map)) });
  }
  const train = courses.filter((_, i) => i % 5 !== 0);
  const held = courses.filter((_, i) => i % 5 === 0);
  const table: SeatCalibration['tables'][string] = { staggers: {}, heldOut: {} };
  for (const s of staggers) {
    table.staggers[s] = {
      seats: Array.from({ length: players }, (_, seat) => fitLinear(train.map((c) => ({ x: c.x, y: c.shares[s]![seat]! }))).stored),
    };
  }
  const cal: SeatCalibration = { ...result, tables: { [players]: table } };
  // Held out: predicted shares against measured ones, per stagger and seat, next to what the
  // training courses' average for that stagger and seat (turn order alone) would have said.
  const predicted: number[] = [];
  const average: number[] = [];
  const actual: number[] = [];
  for (const c of held) {
    const f = Object.fromEntries(FEATURES.map((name, k) => [name, c.x[k]!]));
    for (const s of staggers) {
      const p = predictSeatShares(f, players, [...s].map(Number), cal)!;
      p.forEach((v, seat) => {
        predicted.push(v);
        average.push(train.reduce((a, t) => a + t.shares[s]![seat]!, 0) / train.length);
        actual.push(c.shares[s]![seat]!);
      });
    }
  }
  const mae = (xs: number[]) => round((100 * xs.reduce((a, x, i) => a + Math.abs(x - actual[i]!), 0)) / xs.length, 2);
  table.heldOut = {
    maps: held.length,
    games: GAMES,
    pearsonShares: round(pearson(predicted, actual), 3),
    pearsonTurnOrderAlone: round(pearson(average, actual), 3),
    meanAbsErrorPoints: mae(predicted),
    meanAbsErrorTurnOrderAlone: mae(average),
  };
  result.tables[players] = table;
  result.measured[players] = courses.map(({ x: _x, ...c }) => c);
  console.error(`${players} players:`, JSON.stringify(table.heldOut));
}
writeFileSync(FIXTURE, `${JSON.stringify(result, null, 2)}\n`);
