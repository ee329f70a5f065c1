/**
 * Fits the Gold City difficulty model for Golden Temples courses: playtests a calibration set of
 * temple maps with one planner bot per player, regresses mean rounds to finish on the analytic
 * features (the base ones plus the gem tour's), checks the fit on held-out maps per table size,
 * sets the temple scale of rounds per table size and the tiers' reach, and writes
 * fixtures/calibration/gold-city-temples.json. The base model (gold-city.json) is not touched.
 * Re-run it whenever the temple generator, rules, bots or features change
 * (npx tsx scripts/calibrate-gold-city-temples.ts).
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { difficultyOnScale, predict, type Scale } from '../src/core/difficulty.ts';
import { spearman } from '../src/core/stats.ts';
import { agreement, fitLinear, round } from './linear-model.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../src/games/gold-city/model.ts';
import { botWeightsHash, templeBotWeightsHash } from '../src/games/gold-city/rules/bot-weights.ts';
import { BOTS } from '../src/games/gold-city/rules/bots.ts';
import { playGame } from '../src/games/gold-city/rules/playtest.ts';
import { effortToFinish } from '../src/games/gold-city/rules/potential.ts';
import { prepareTable } from '../src/games/gold-city/rules/table.ts';
import { analyse } from '../src/games/gold-city/score.ts';
import { calibrationCases } from '../fixtures/calibration/cases.ts';

/**
 * Games per map, more than the base game's 8: a temple race is longer and noisier. The target is
 * the median of the games' rounds, not the mean: a game stalled at the round cap (pawns meeting
 * head-on in a lane of rubble, a few in a hundred) says nothing about how long the course is.
 */
const GAMES = 12;

const CALIBRATION_REVISION = 1;
const FEATURES = [
  'effort', 'steps', 'strongest', 'cardsPaid', 'corridor', 'blockadeLoad', 'chokepoints', 'players', 'twoPlayerEffort',
  'templeEffort', 'templeDetour', 'guardiansOnRoute', 'guardians', 'torchStrongest', 'twoPlayerTempleEffort',
];
/** Where the band edges sit on the temple scale: percentiles of predicted rounds over a wide mix of temple maps per table size. */
const SCALE_PERCENTILES = [2, 25, 50, 75, 98] as const;
const TIERS = ['easy', 'normal', 'hard', 'expert'] as const;

const temple = (options: Record<string, unknown>) => ({ ...options, temples: true });

function sample(prefix: string, count: number) {
  return calibrationCases(prefix, count).map(({ seed, options }, i) => {
    const map = buildMap(goldCity, seed, temple(options)) as GoldCityMap;
    const features = analyse(map).features;
    const table = prepareTable(map);
    const potential = effortToFinish(table);
    const bots = Array.from({ length: options.players as number }, () => BOTS.planner!);
    const played = Array.from({ length: GAMES }, (_, g) => playGame(table, bots, `${map.digest}/${g}`, potential));
    const rounds = percentile(played.map((r) => r.rounds), 50);
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

const t0 = Date.now();
const fit = sample('tcal', 240);
const hold = sample('thold', 120);
const model = fitLinear(fit);
const heldPred = hold.map((s) => model.predict(s.x));
const featureRanges = Object.fromEntries(FEATURES.map((name, k) => [name, [round(Math.min(...fit.map((s) => s.x[k]!)), 3), round(Math.max(...fit.map((s) => s.x[k]!)), 3)]]));
const within = [2, 3, 4].map((players) => {
  const group = hold.map((s, i) => ({ s, p: heldPred[i]! })).filter(({ s }) => s.players === players);
  return [players, round(spearman(group.map((g) => g.p), group.map((g) => g.s.y)), 3)] as const;
});
const linear = { version: `gold-city-temples-calibration-${CALIBRATION_REVISION}`, features: FEATURES, ...model.stored };

// The scale: predicted rounds over 300 analytic-only temple maps per table size, every tier and length.
const scale = Object.fromEntries(
  [2, 3, 4].map((players) => {
    const rounds = calibrationCases(`tscale-${players}`, 300).map(({ seed, options }) => predict(linear, analyse(buildMap(goldCity, seed, temple({ ...options, players })) as GoldCityMap).features));
    return [String(players), SCALE_PERCENTILES.map((p) => round(percentile(rounds, p), 2)) as unknown as Scale];
  }),
) as Record<'2' | '3' | '4', Scale>;

// What each tier makes at four players with the other options at their defaults: the reroll steers by it.
const tierReach = Object.fromEntries(
  TIERS.map((tier) => {
    const d = Array.from({ length: 300 }, (_, i) => difficultyOnScale(predict(linear, analyse(buildMap(goldCity, `treach-${i}`, { tier, temples: true }) as GoldCityMap).features), scale['4']));
    return [tier, [percentile(d, 10), percentile(d, 90)]];
  }),
);

const result = {
  ...linear,
  botWeights: botWeightsHash(),
  templeBotWeights: templeBotWeightsHash(),
  featureRanges,
  scale,
  tierReach,
  fit: {
    maps: fit.length,
    heldOut: hold.length,
    gamesPerMap: GAMES,
    target: 'median rounds',
    stalledGames: stalled,
    ...agreement(heldPred, hold.map((s) => s.y)),
    spearmanHeldOutByPlayers: Object.fromEntries(within),
    meanRounds: round(fit.reduce((a, s) => a + s.y, 0) / fit.length, 2),
  },
};
writeFileSync(new URL('../fixtures/calibration/gold-city-temples.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify({ fit: result.fit, scale, tierReach }, null, 2), `\n${((Date.now() - t0) / 1000).toFixed(0)} s`);
