/**
 * Fits the Gold City difficulty model: playtests a calibration set of maps with one planner bot
 * per player the map is made for, regresses mean rounds to finish on the analytic features, checks the fit on a held-out
 * set, and writes fixtures/calibration/gold-city.json. Re-run it whenever the generator, the
 * rules engine, the bots or the features change (npx tsx scripts/calibrate-gold-city.ts).
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { leastSquares, pearson, spearman } from '../src/core/stats.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../src/games/gold-city/model.ts';
import { playtest } from '../src/games/gold-city/rules/playtest.ts';
import { analyse } from '../src/games/gold-city/score.ts';
import { CALIBRATION_GAMES, calibrationCases } from '../fixtures/calibration/cases.ts';

/** Bump when the bots, rules or features change, so scores say which model made them. */
const CALIBRATION_REVISION = 3;
const FEATURES = ['effort', 'steps', 'strongest', 'cardsPaid', 'corridor', 'blockadeLoad', 'chokepoints', 'players', 'twoPlayerEffort'];

function sample(prefix: string, count: number) {
  return calibrationCases(prefix, count).map(({ seed, options }) => {
    const map = buildMap(goldCity, seed, options) as GoldCityMap;
    const features = analyse(map).features;
    const rounds = playtest(map, { games: CALIBRATION_GAMES }).meanRounds;
    return { x: FEATURES.map((f) => features[f] ?? 0), rounds, players: options.players as number };
  });
}

const t0 = Date.now();
const fit = sample('cal', 240);
const hold = sample('hold', 120);
const [intercept, ...coefficients] = leastSquares(fit.map((s) => s.x), fit.map((s) => s.rounds));
const predict = (x: number[]) => intercept! + x.reduce((sum, v, k) => sum + v * (coefficients[k] as number), 0);
const heldPred = hold.map((s) => predict(s.x));
// The 0–100 scale is set per table size: a 'hard' two-player course is hard for two players.
const scale: Record<string, { easiest: number; hardest: number }> = {};
for (const players of [2, 3, 4]) {
  const fitted = fit.filter((s) => s.players === players).map((s) => predict(s.x)).sort((a, b) => a - b);
  scale[players] = {
    easiest: Math.round(fitted[Math.floor(0.02 * fitted.length)]! * 100) / 100,
    hardest: Math.round(fitted[Math.floor(0.98 * fitted.length)]! * 100) / 100,
  };
}
const within = [2, 3, 4].map((players) => {
  const group = hold.map((s, i) => ({ s, p: heldPred[i]! })).filter(({ s }) => s.players === players);
  return [players, Math.round(spearman(group.map((g) => g.p), group.map((g) => g.s.rounds)) * 1000) / 1000] as const;
});
const result = {
  version: `gold-city-calibration-${CALIBRATION_REVISION}`,
  features: FEATURES,
  coefficients: coefficients.map((c) => Math.round(c * 1e6) / 1e6),
  intercept: Math.round(intercept! * 1e6) / 1e6,
  rounds: scale,
  fit: {
    maps: fit.length,
    heldOut: hold.length,
    gamesPerMap: CALIBRATION_GAMES,
    spearmanHeldOut: Math.round(spearman(heldPred, hold.map((s) => s.rounds)) * 1000) / 1000,
    pearsonHeldOut: Math.round(pearson(heldPred, hold.map((s) => s.rounds)) * 1000) / 1000,
    spearmanHeldOutByPlayers: Object.fromEntries(within),
  },
};
writeFileSync(new URL('../fixtures/calibration/gold-city.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2), `\n${((Date.now() - t0) / 1000).toFixed(0)} s`);
