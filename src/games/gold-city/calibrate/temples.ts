/**
 * Fits the Gold City difficulty model for Golden Temples courses: playtests a calibration set of
 * temple maps with one planner bot per player, regresses mean rounds to finish on the analytic
 * features (the base ones plus the gem tour's), checks the fit on held-out maps per table size,
 * sets the temple scale of rounds per table size and the tiers' reach, and writes
 * src/games/gold-city/data/temples.json. The base model (gold-city.json) is not touched.
 * Re-run it whenever the temple generator, rules, bots or features change
 * (npx tsx src/games/gold-city/calibrate/temples.ts).
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../../../core/maps.ts';
import { difficultyOnScale, predict, type Scale } from '../../../core/difficulty.ts';
import { agreement, featureRanges, fitLinear, round, spearmanByPlayers } from '../../../core/fit.ts';
import { goldCity } from '../index.ts';
import { tuningHash } from '../../../core/play/tuning.ts';
import { BOT_WEIGHTS, TEMPLE_BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { BOTS } from '../rules/bots.ts';
import { playGame } from '../rules/playtest.ts';
import { effortToFinish } from '../rules/potential.ts';
import { buildTable } from '../rules/table.ts';
import { analyse } from '../analysis.ts';
import { calibrationCases } from './cases.ts';

/** Games per map, more than the base game's 8: a temple race is longer and noisier. */
const GAMES = 12;

const CALIBRATION_REVISION = 2;
const FEATURES = [
  'effort',
  'steps',
  'strongest',
  'cardsPaid',
  'corridor',
  'blockadeLoad',
  'chokepoints',
  'players',
  'twoPlayerEffort',
  'templeEffort',
  'templeDetour',
  'guardiansOnRoute',
  'guardians',
  'torchStrongest',
  'twoPlayerTempleEffort',
  'templeSteps',
  'torchOnRoute',
  'orderGap',
];
const TIERS = ['easy', 'normal', 'hard', 'expert'] as const;

const temple = (options: Record<string, unknown>) => ({ ...options, temples: true });

function sample(prefix: string, count: number) {
  return calibrationCases(prefix, count).map(({ seed, options }, i) => {
    const map = buildMap(goldCity, seed, temple(options));
    const features = analyse(map).features;
    const table = buildTable(map);
    const potential = effortToFinish(table);
    const bots = Array.from({ length: options.players as number }, () => BOTS.planner!);
    const played = Array.from({ length: GAMES }, (_, g) => playGame(table, bots, `${map.digest}/${g}`, potential));
    // Mean rounds to finish, as the base model; a stalled game counts at the round cap.
    const rounds = played.reduce((a, r) => a + r.rounds, 0) / played.length;
    stalled += played.filter((r) => !r.finished).length;
    if (i % 20 === 0) process.stderr.write(`${prefix} ${i}/${count}\n`);
    return { x: FEATURES.map((f) => features[f] ?? 0), y: rounds, players: options.players as number };
  });
}

let stalled = 0;

function percentile(xs: number[], p: number): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.round((p / 100) * (s.length - 1))))]!;
}

const t0 = performance.now();
const fit = sample('tcal', 240);
const hold = sample('thold', 120);
const model = fitLinear(fit);
const heldPred = hold.map((s) => model.predict(s.x));
const ranges = featureRanges(FEATURES, fit);
const linear = { version: `gold-city-temples-calibration-${CALIBRATION_REVISION}`, features: FEATURES, ...model.stored };

// The scale, per table size, from predicted rounds of 200 default-length temple maps per tier:
// 0 at the easy tier's 2nd percentile, 100 at the expert tier's 98th, and each band edge halfway
// between the medians of neighbouring tiers, so a tier makes its own band on most seeds.
const scale = Object.fromEntries(
  [2, 3, 4].map((players) => {
    const byTier = TIERS.map((tier) =>
      Array.from({ length: 200 }, (_, i) =>
        predict(linear, analyse(buildMap(goldCity, `tscale-${i}`, { players, tier, temples: true })).features),
      ),
    );
    const mid = byTier.map((r) => percentile(r, 50));
    const edges = [
      percentile(byTier[0]!, 2),
      (mid[0]! + mid[1]!) / 2,
      (mid[1]! + mid[2]!) / 2,
      (mid[2]! + mid[3]!) / 2,
      percentile(byTier[3]!, 98),
    ];
    return [String(players), edges.map((e) => round(e, 2)) as unknown as Scale];
  }),
) as Record<'2' | '3' | '4', Scale>;

// What each tier makes at four players with the other options at their defaults: the reroll steers by it.
const tierReach = Object.fromEntries(
  TIERS.map((tier) => {
    const d = Array.from({ length: 300 }, (_, i) =>
      difficultyOnScale(predict(linear, analyse(buildMap(goldCity, `treach-${i}`, { tier, temples: true })).features), scale['4']),
    );
    return [tier, [percentile(d, 10), percentile(d, 90)]];
  }),
);

const result = {
  ...linear,
  botWeights: tuningHash(BOT_WEIGHTS),
  templeBotWeights: tuningHash(TEMPLE_BOT_WEIGHTS),
  featureRanges: ranges,
  scale,
  tierReach,
  fit: {
    maps: fit.length,
    heldOut: hold.length,
    gamesPerMap: GAMES,
    target: 'mean rounds',
    stalledGames: stalled,
    ...agreement(
      heldPred,
      hold.map((s) => s.y),
    ),
    spearmanHeldOutByPlayers: spearmanByPlayers(hold, heldPred),
    meanRounds: round(fit.reduce((a, s) => a + s.y, 0) / fit.length, 2),
  },
};
writeFileSync(new URL('../data/temples.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify({ fit: result.fit, scale, tierReach }, null, 2), `\n${((performance.now() - t0) / 1000).toFixed(0)} s`);
