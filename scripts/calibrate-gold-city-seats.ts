/**
 * Calibrates seat fairness (src/games/gold-city/seats.ts): for each table size, courses across
 * every tier and 3–10 pieces, each played GAMES times with one planner per seat under every
 * stagger in STAGGERS; one least-squares model per stagger and seat of that seat's share of the
 * wins, fitted on four maps in five and checked on the fifth. Then VERIFY fresh courses are
 * played with many more games, plain and with the stagger the model picks, to count how many
 * come out with every seat within ±5 points of an even split.
 *
 *   npx tsx scripts/calibrate-gold-city-seats.ts            (about an hour on 2 cores)
 *   MEASURED=file.json npx tsx scripts/…                    (reuse measurements: same seeds, same games)
 *
 * Every figure is seeded: a rerun writes the same fixture.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { pearson } from '../src/core/stats.ts';
import { fitLinear, round } from './linear-model.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import type { GoldCityMap, GoldCityOptions } from '../src/games/gold-city/model.ts';
import { botWeightsHash } from '../src/games/gold-city/rules/bot-weights.ts';
import { BOTS } from '../src/games/gold-city/rules/bots.ts';
import { playGame } from '../src/games/gold-city/rules/playtest.ts';
import { effortToFinish } from '../src/games/gold-city/rules/potential.ts';
import { prepareTable } from '../src/games/gold-city/rules/table.ts';
import { chooseStagger, predictSeatShares, seatFeatures, unevenness, type SeatCalibration } from '../src/games/gold-city/seats.ts';
import { staggeredStarts } from '../src/games/gold-city/stagger.ts';

const STAGGERS: Record<number, string[]> = { 4: ['0000', '0001', '0011', '0111', '0002', '0012', '0112'], 3: ['000', '001', '011', '002', '012'], 2: ['00', '01', '02'] };
const MAPS = Number(process.env.MAPS ?? 120);
const GAMES = 200;
const VERIFY = Number(process.env.VERIFY ?? 30);
const VERIFY_GAMES = 600;
const FEATURES = ['perRound', 'strongestPerRound', 'cardsPaidPerRound'];
const TIERS = ['easy', 'normal', 'hard', 'expert'] as const;
const FIXTURE = new URL('../fixtures/calibration/gold-city-seats.json', import.meta.url);

interface Measured {
  seed: string;
  options: Partial<GoldCityOptions>;
  /** Share of the wins per seat under each stagger (games a seat shared count in part). */
  shares: Record<string, number[]>;
  unfinished: Record<string, number>;
}

const courseOptions = (players: number, m: number): Partial<GoldCityOptions> => ({ players: players as 2 | 3 | 4, tier: TIERS[m % 4], pieces: 3 + (m % 8) });

/** The planner games on one course under one stagger, seeded by the map's number and the game's. */
function measure(map: GoldCityMap, players: number, rows: readonly number[], games: number, tag: string): { shares: number[]; unfinished: number } {
  const table = prepareTable(map);
  const toFinish = effortToFinish(table);
  const staggered = { ...table, starts: staggeredStarts(table, toFinish, players, rows) };
  const bots = Array.from({ length: players }, () => BOTS.planner!);
  const wins = new Array<number>(players).fill(0);
  let unfinished = 0;
  for (let g = 0; g < games; g++) {
    const r = playGame(staggered, bots, `${tag}/${g}`, toFinish);
    if (!r.finished) unfinished++;
    for (const w of r.winners) wins[w] = (wins[w] as number) + 1 / r.winners.length;
  }
  const total = wins.reduce((a, b) => a + b, 0);
  // A share of the games someone won: a stalled game says nothing about the seats.
  return { shares: wins.map((w) => (total > 0 ? w / total : 1 / players)), unfinished };
}

function featuresOf(map: GoldCityMap): Record<string, number> {
  const score = goldCity.score!(map);
  return seatFeatures(score.predictedRounds, score.model.features);
}
const vector = (f: Record<string, number>) => FEATURES.map((name) => f[name] ?? 0);

const reused: Measured[] = process.env.MEASURED ? JSON.parse(readFileSync(process.env.MEASURED, 'utf8')) : [];
const previous: Partial<SeatCalibration> & { measured?: Record<string, Measured[]> } = existsSync(FIXTURE) ? JSON.parse(readFileSync(FIXTURE, 'utf8')) : {};
const known = new Map([...reused, ...Object.values(previous.measured ?? {}).flat()].map((m) => [m.seed, m]));

const result: SeatCalibration & { measured: Record<string, Measured[]> } = {
  version: 'seats-1',
  botWeights: botWeightsHash(),
  features: FEATURES,
  tables: {},
  measured: {},
};

for (const players of [4, 3, 2]) {
  const staggers = STAGGERS[players]!;
  const courses: Array<Measured & { x: number[] }> = [];
  for (let m = 100; m < 100 + MAPS; m++) {
    const seed = `seat-${players}-${m}`;
    const options = courseOptions(players, m);
    const map = buildMap(goldCity as never, seed, options) as GoldCityMap;
    let row = known.get(seed);
    if (!row || staggers.some((s) => !row!.shares[s])) {
      row = { seed, options, shares: {}, unfinished: {} };
      for (const s of staggers) {
        const r = measure(map, players, [...s].map(Number), GAMES, String(m));
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
  // Held out: how well predicted shares track measured ones, per stagger, and how often the
  // stagger the model would pick comes out within ±5 points against the plain start.
  const predicted: number[] = [];
  const actual: number[] = [];
  let plainEven = 0;
  let chosenEven = 0;
  for (const c of held) {
    const f = Object.fromEntries(FEATURES.map((name, k) => [name, c.x[k]!]));
    for (const s of staggers) {
      const p = predictSeatShares(f, players, [...s].map(Number), cal)!;
      p.forEach((v, seat) => {
        predicted.push(v - 1 / players);
        actual.push(c.shares[s]![seat]! - 1 / players);
      });
    }
    const chosen = chooseStagger(f, players, cal).join('');
    if (unevenness(c.shares[staggers[0]!]!) <= 0.05) plainEven++;
    if (unevenness(c.shares[chosen]!) <= 0.05) chosenEven++;
  }
  table.heldOut = {
    maps: held.length,
    games: GAMES,
    pearsonShares: round(pearson(predicted, actual), 3),
    meanAbsError: round(predicted.reduce((a, p, i) => a + Math.abs(p - actual[i]!), 0) / predicted.length, 4),
    evenPlain: plainEven,
    evenChosen: chosenEven,
  };
  // Fresh courses, many more games: the figure the README quotes for "most maps".
  if (VERIFY > 0) {
    let plain = 0;
    let chosen = 0;
    const spread: Array<{ seed: string; stagger: string; plain: number[]; chosen: number[] }> = [];
    for (let m = 0; m < VERIFY; m++) {
      const seed = `seat-check-${players}-${m}`;
      const map = buildMap(goldCity as never, seed, courseOptions(players, m)) as GoldCityMap;
      const rows = chooseStagger(featuresOf(map), players, cal);
      const a = measure(map, players, rows.map(() => 0), VERIFY_GAMES, `check-${m}`).shares;
      const b = rows.some((r) => r > 0) ? measure(map, players, rows, VERIFY_GAMES, `check-${m}`).shares : a;
      if (unevenness(a) <= 0.05) plain++;
      if (unevenness(b) <= 0.05) chosen++;
      spread.push({ seed, stagger: rows.join(''), plain: a.map((v) => round(v, 3)), chosen: b.map((v) => round(v, 3)) });
      console.error(`${seed} verified: ${rows.join('')}`);
    }
    table.heldOut.verify = { maps: VERIFY, games: VERIFY_GAMES, evenPlain: plain, evenChosen: chosen, courses: spread };
  }
  result.tables[players] = table;
  result.measured[players] = courses.map(({ x: _x, ...c }) => c);
  console.error(`${players} players:`, JSON.stringify(table.heldOut).slice(0, 300));
}
writeFileSync(FIXTURE, `${JSON.stringify(result, null, 2)}\n`);
