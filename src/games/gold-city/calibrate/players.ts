/**
 * Measures how Gold City's difficulty (base courses and Golden Temples courses) agrees with two
 * kinds of player on held-out maps: the greedy planner the score is calibrated on
 * (rules/bots.ts) and the Monte-Carlo turn sampler (rules/sampler.ts). Per table size it reports
 * the Spearman of the score's predicted rounds against each kind's mean rounds, and of the kinds
 * with each other, and writes src/games/gold-city/data/players.json, which the score's
 * interval reads (gold-city/kinds.ts), with the sampler model's out-of-fold check (five folds:
 * its Spearman, and whether the readings stand apart where the kinds' games rank a map apart). Maps: calibrationCases('kinds-hold', 3 × MAPS), the same
 * spread of tiers, lengths and strips as the calibration; GAMES seeded games per kind per map.
 * npx tsx src/games/gold-city/calibrate/players.ts (about 6 minutes on one core).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildMap } from '../../../core/maps.ts';
import { spearman } from '../../../core/stats.ts';
import { fitLinear, rankGap, round } from '../../../core/fit.ts';
import { goldCity } from '../index.ts';
import { BOTS } from '../rules/bots.ts';
import { playGame } from '../rules/playtest.ts';
import { effortToFinish } from '../rules/potential.ts';
import { SAMPLER_WEIGHTS, samplerBot } from '../rules/sampler.ts';
import { buildTable } from '../rules/table.ts';
import { analyse } from '../analysis.ts';
import { sha256Hex } from '../../../core/canonical.ts';
import { calibrationCases } from './cases.ts';

const MAPS = 24;
const GAMES = 4;
const KINDS = { planner: BOTS.planner!, sampler: samplerBot };

interface Row {
  features: Record<string, number>;
  players: number;
  predicted: number;
  difficulty: number;
  planner: number;
  sampler: number;
}

// Games take minutes and refits none: MEASURED=file keeps the rows between runs.
const cacheFile = process.env.MEASURED;
const cache: Record<string, Row> = cacheFile && existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, 'utf8')) : {};

function rows(layer: 'base' | 'temples'): Row[] {
  return calibrationCases(`kinds-hold-${layer}`, 3 * MAPS).map(({ seed, options }, i) => {
    const key = `${layer}/${seed}/${GAMES}`;
    if (cache[key]) return cache[key]!;
    const map = buildMap(goldCity, seed, layer === 'temples' ? { ...options, temples: true } : options);
    const score = goldCity.score!(map) as unknown as { predictedRounds: number; difficulty: number };
    const table = buildTable(map);
    const potential = effortToFinish(table);
    const players = options.players as number;
    const meanRounds = (kind: keyof typeof KINDS) => {
      const bots = Array.from({ length: players }, () => KINDS[kind]);
      return (
        Array.from({ length: GAMES }, (_, g) => playGame(table, bots, `${map.digest}/${kind}/${g}`, potential).rounds).reduce(
          (a, r) => a + r,
          0,
        ) / GAMES
      );
    };
    if (i % 12 === 0) process.stderr.write(`${layer} ${i}/${3 * MAPS}\n`);
    return (cache[key] = {
      features: analyse(map).features,
      players,
      predicted: score.predictedRounds,
      difficulty: score.difficulty,
      planner: meanRounds('planner'),
      sampler: meanRounds('sampler'),
    });
  });
}

function agreement(group: Row[]) {
  return {
    maps: group.length,
    planner: round(
      spearman(
        group.map((r) => r.predicted),
        group.map((r) => r.planner),
      ),
      3,
    ),
    sampler: round(
      spearman(
        group.map((r) => r.predicted),
        group.map((r) => r.sampler),
      ),
      3,
    ),
    kindsWithEachOther: round(
      spearman(
        group.map((r) => r.planner),
        group.map((r) => r.sampler),
      ),
      3,
    ),
    meanRounds: {
      planner: round(group.reduce((a, r) => a + r.planner, 0) / group.length, 2),
      sampler: round(group.reduce((a, r) => a + r.sampler, 0) / group.length, 2),
    },
  };
}

/** What the sampler's rounds are read from beside the planner's prediction (kinds.ts). */
const SAMPLER_FEATURES = ['players', 'cardsPaid', 'blockadeLoad', 'corridor', 'strongest', 'steps'];

/** A table size's rows. */
const ofSize = (rows: readonly Row[], n: number) => rows.filter((r) => r.players === n);
/** What the sampler's rounds are read from: the planner's prediction and the few features where the two kinds part. */
const x = (r: Row) => [r.predicted, ...SAMPLER_FEATURES.map((f) => r.features[f] ?? 0)];

/**
 * The sampler's reading fitted on `train`: its rounds from what the score reads, and per table
 * size the shift that carries the planner's scale over to it. The shift is fitted on the model's
 * own readings, so that over a table size's maps the two readings stand level on average and the
 * interval widens only where the model reads a map unlike the planner. (Fitted once over every
 * table size on the sampler's played rounds, as until gold-city-players-1, it left the readings of
 * four-player temple courses 10 points apart on average, and half of them read medium or low.)
 */
function fitReading(train: readonly Row[]) {
  const model = fitLinear(train.map((r) => ({ x: x(r), y: r.sampler })));
  const shifts = Object.fromEntries(
    [2, 3, 4].map((n) => [n, fitLinear(ofSize(train, n).map((r) => ({ x: [r.predicted], y: model.predict(x(r)) })))]),
  );
  /** How far apart the two readings stand, in sampler rounds (the score's scale turns it into the interval's width). */
  const apart = (r: Row) => Math.abs(model.predict(x(r)) - shifts[r.players]!.predict([r.predicted]));
  return { model, shifts, apart };
}

/** Per table size, Spearman of how far apart the readings stand with how far apart the kinds' own games rank a map. */
function tracking(rows: readonly Row[], apart: (r: Row, i: number) => number) {
  return Object.fromEntries(
    [2, 3, 4].map((n) => {
      const idx = rows.map((_, i) => i).filter((i) => rows[i]!.players === n);
      return [
        n,
        round(
          spearman(
            idx.map((i) => apart(rows[i]!, i)),
            rankGap(
              idx.map((i) => rows[i]!.planner),
              idx.map((i) => rows[i]!.sampler),
            ),
          ),
          3,
        ),
      ];
    }),
  );
}

const t0 = performance.now();
const out: Record<string, unknown> = {
  version: 'gold-city-players-2',
  samplerWeights: sha256Hex(JSON.stringify(SAMPLER_WEIGHTS)).slice(0, 16),
  gamesPerMap: GAMES,
};
for (const layer of ['base', 'temples'] as const) {
  const all = rows(layer);
  const byPlayers = Object.fromEntries([2, 3, 4].map((n) => [n, agreement(ofSize(all, n))]));
  const reading = fitReading(all);
  const spearmanBy = (predict: (r: Row, i: number) => number) =>
    Object.fromEntries(
      [2, 3, 4].map((n) => {
        const idx = all.map((_, i) => i).filter((i) => all[i]!.players === n);
        return [
          n,
          round(
            spearman(
              idx.map((i) => predict(all[i]!, i)),
              idx.map((i) => all[i]!.sampler),
            ),
            3,
          ),
        ];
      }),
    );
  // The reading is fitted on every map, so it is also checked out of fold: five folds, each map
  // read by a reading fitted on the other four. A fold takes whole runs of three maps, so every
  // fold holds each table size alike; folds by i % 5 would have lined up with the cases' strips.
  const foldOf = (i: number) => Math.floor(i / 3) % 5;
  const folds = [0, 1, 2, 3, 4].map((fold) => fitReading(all.filter((_, i) => foldOf(i) !== fold)));
  out[layer] = {
    byPlayers,
    sampler: {
      features: ['predictedRounds', ...SAMPLER_FEATURES],
      ...reading.model.stored,
      spearmanInSample: spearmanBy((r) => reading.model.predict(x(r))),
      spearmanOutOfFold: spearmanBy((r, i) => folds[foldOf(i)]!.model.predict(x(r))),
    },
    /** Per table size: the sampler's reading from the planner's predicted rounds, [rounds]; carries the planner's scale over. */
    samplerFromPlanner: Object.fromEntries([2, 3, 4].map((n) => [n, reading.shifts[n]!.stored])),
    readingsApartTrackRankGap: {
      inSample: tracking(all, (r) => reading.apart(r)),
      outOfFold: tracking(all, (r, i) => folds[foldOf(i)]!.apart(r)),
    },
  };
}
if (cacheFile) writeFileSync(cacheFile, JSON.stringify(cache));
writeFileSync(new URL('../data/players.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2), `\n${((performance.now() - t0) / 1000).toFixed(0)} s`);
