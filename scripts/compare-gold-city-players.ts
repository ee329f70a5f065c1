/**
 * Measures how Gold City's difficulty (base courses and Golden Temples courses) agrees with two
 * kinds of player on held-out maps: the greedy planner the score is calibrated on
 * (rules/bots.ts) and the Monte-Carlo turn sampler (rules/sampler.ts). Per table size it reports
 * the Spearman of the score's predicted rounds against each kind's mean rounds, and of the kinds
 * with each other, and writes fixtures/calibration/gold-city-players.json, which the score's
 * interval reads (gold-city/kinds.ts), with the sampler model's out-of-fold check (five folds:
 * its Spearman, and whether the readings stand apart where the kinds' games rank a map apart). Maps: calibrationCases('kinds-hold', 3 × MAPS), the same
 * spread of tiers, lengths and strips as the calibration; GAMES seeded games per kind per map.
 * npx tsx scripts/compare-gold-city-players.ts (about 6 minutes on one core).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { ranks, spearman } from '../src/core/stats.ts';
import { fitLinear, round } from './linear-model.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../src/games/gold-city/model.ts';
import { BOTS } from '../src/games/gold-city/rules/bots.ts';
import { playGame } from '../src/games/gold-city/rules/playtest.ts';
import { effortToFinish } from '../src/games/gold-city/rules/potential.ts';
import { SAMPLER_WEIGHTS, samplerBot } from '../src/games/gold-city/rules/sampler.ts';
import { prepareTable } from '../src/games/gold-city/rules/table.ts';
import { analyse } from '../src/games/gold-city/analysis.ts';
import { sha256Hex } from '../src/core/canonical.ts';
import { calibrationCases } from '../fixtures/calibration/cases.ts';

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
    const map = buildMap(goldCity, seed, layer === 'temples' ? { ...options, temples: true } : options) as GoldCityMap;
    const score = goldCity.score!(map) as unknown as { predictedRounds: number; difficulty: number };
    const table = prepareTable(map);
    const potential = effortToFinish(table);
    const players = options.players as number;
    const meanRounds = (kind: keyof typeof KINDS) => {
      const bots = Array.from({ length: players }, () => KINDS[kind]);
      return Array.from({ length: GAMES }, (_, g) => playGame(table, bots, `${map.digest}/${kind}/${g}`, potential).rounds).reduce((a, r) => a + r, 0) / GAMES;
    };
    if (i % 12 === 0) process.stderr.write(`${layer} ${i}/${3 * MAPS}\n`);
    return (cache[key] = { features: analyse(map).features, players, predicted: score.predictedRounds, difficulty: score.difficulty, planner: meanRounds('planner'), sampler: meanRounds('sampler') });
  });
}

function agreement(group: Row[]) {
  return {
    maps: group.length,
    planner: round(spearman(group.map((r) => r.predicted), group.map((r) => r.planner)), 3),
    sampler: round(spearman(group.map((r) => r.predicted), group.map((r) => r.sampler)), 3),
    kindsWithEachOther: round(spearman(group.map((r) => r.planner), group.map((r) => r.sampler)), 3),
    meanRounds: { planner: round(group.reduce((a, r) => a + r.planner, 0) / group.length, 2), sampler: round(group.reduce((a, r) => a + r.sampler, 0) / group.length, 2) },
  };
}

/** What the sampler's rounds are read from beside the planner's prediction (kinds.ts). */
const SAMPLER_FEATURES = ['players', 'cardsPaid', 'blockadeLoad', 'corridor', 'strongest', 'steps'];

const t0 = Date.now();
const out: Record<string, unknown> = {
  version: 'gold-city-players-1',
  samplerWeights: sha256Hex(JSON.stringify(SAMPLER_WEIGHTS)).slice(0, 16),
  gamesPerMap: GAMES,
};
for (const layer of ['base', 'temples'] as const) {
  const all = rows(layer);
  const byPlayers = Object.fromEntries([2, 3, 4].map((n) => [n, agreement(all.filter((r) => r.players === n))]));
  // How many more rounds the sampler takes than the planner, from the planner's own prediction:
  // the score turns the difference into the other kind's difficulty for its interval.
  // The sampler's rounds from what the score reads, to place each map for the sampler too: the
  // planner's prediction and the few features where the two kinds part (SAMPLER_FEATURES).
  const x = (r: Row) => [r.predicted, ...SAMPLER_FEATURES.map((f) => r.features[f] ?? 0)];
  const model = fitLinear(all.map((r) => ({ x: x(r), y: r.sampler })));
  // The sampler's own scale: its rounds at the planner scale's anchors, by the plain shift.
  const shift = fitLinear(all.map((r) => ({ x: [r.predicted, r.players], y: r.sampler })));
  const check = Object.fromEntries([2, 3, 4].map((n) => {
    const g = all.filter((r) => r.players === n);
    return [n, round(spearman(g.map((r) => model.predict(x(r))), g.map((r) => r.sampler)), 3)];
  }));
  // The sampler model is fitted on every map, so it is also checked out of fold (five folds, every
  // fifth map held out in turn): its Spearman against the sampler's rounds, and whether the two
  // readings stand further apart where the kinds' own games rank a map further apart. The
  // readings' distance is taken in sampler rounds (the model's reading against the planner's
  // prediction carried over by the shift), which the score's piecewise-linear scale turns into
  // the interval's width.
  const outOfFold = new Array<number>(all.length);
  for (let fold = 0; fold < 5; fold++) {
    const m = fitLinear(all.filter((_, i) => i % 5 !== fold).map((r) => ({ x: x(r), y: r.sampler })));
    all.forEach((r, i) => {
      if (i % 5 === fold) outOfFold[i] = m.predict(x(r));
    });
  }
  const apart = (r: Row, reading: number) => Math.abs(reading - shift.predict([r.predicted, r.players]));
  const tracking = (reading: (i: number) => number) => Object.fromEntries([2, 3, 4].map((n) => {
    const idx = all.map((_, i) => i).filter((i) => all[i]!.players === n);
    const rp = ranks(idx.map((i) => all[i]!.planner));
    const rs = ranks(idx.map((i) => all[i]!.sampler));
    return [n, round(spearman(idx.map((i) => apart(all[i]!, reading(i))), rp.map((v, k) => Math.abs(v - rs[k]!))), 3)];
  }));
  const outOfFoldCheck = Object.fromEntries([2, 3, 4].map((n) => {
    const idx = all.map((_, i) => i).filter((i) => all[i]!.players === n);
    return [n, round(spearman(idx.map((i) => outOfFold[i]!), idx.map((i) => all[i]!.sampler)), 3)];
  }));
  out[layer] = {
    byPlayers,
    sampler: { features: ['predictedRounds', ...SAMPLER_FEATURES], ...model.stored, spearmanInSample: check, spearmanOutOfFold: outOfFoldCheck },
    samplerFromPlanner: shift.stored,
    readingsApartTrackRankGap: { inSample: tracking((i) => model.predict(x(all[i]!))), outOfFold: tracking((i) => outOfFold[i]!) },
  };
}
if (cacheFile) writeFileSync(cacheFile, JSON.stringify(cache));
writeFileSync(new URL('../fixtures/calibration/gold-city-players.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2), `\n${((Date.now() - t0) / 1000).toFixed(0)} s`);
