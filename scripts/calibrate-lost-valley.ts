/**
 * Fits the Lost Valley difficulty model: plays the simple prospector race (src/games/lost-valley/
 * sim.ts) on 240 landscapes, regresses gold per prospector before the ice arrives on the
 * landscape features, checks the ranking on 120 held-out landscapes, and sets the 0–100 scale from
 * the 2nd and 98th percentiles. Re-run whenever the generator, the tile set, the race or the
 * features change (npx tsx scripts/calibrate-lost-valley.ts).
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { leastSquares, pearson, spearman } from '../src/core/stats.ts';
import { lostValley } from '../src/games/lost-valley/index.ts';
import type { LostValleyMap } from '../src/games/lost-valley/model.ts';
import { features } from '../src/games/lost-valley/score.ts';
import { simulate } from '../src/games/lost-valley/sim.ts';

const REVISION = 1;
const GAMES = 8;
const FEATURES = ['scarcity', 'meanTurnsToGold', 'canalShare', 'logIceRounds', 'goldTotal', 'players'];

function sample(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const map = buildMap(lostValley, `${prefix}-${i}`, { players: 2 + (i % 3) }) as LostValleyMap;
    const f = features(lostValley.score!(map).metrics);
    return { x: FEATURES.map((k) => f[k] ?? 0), gold: simulate(map, { games: GAMES }).goldPerProspector };
  });
}

const fit = sample('lv-cal', 240);
const hold = sample('lv-hold', 120);
const [intercept, ...coefficients] = leastSquares(fit.map((s) => s.x), fit.map((s) => s.gold));
const predict = (x: number[]) => intercept! + x.reduce((sum, v, k) => sum + v * (coefficients[k] as number), 0);
const raws = fit.map((s) => -predict(s.x)).sort((a, b) => a - b);
const heldPred = hold.map((s) => predict(s.x));
const result = {
  version: `lost-valley-calibration-${REVISION}`,
  features: FEATURES,
  coefficients: coefficients.map((c) => Math.round(c * 1e6) / 1e6),
  intercept: Math.round(intercept! * 1e6) / 1e6,
  low: Math.round(raws[Math.floor(0.02 * raws.length)]! * 100) / 100,
  high: Math.round(raws[Math.floor(0.98 * raws.length)]! * 100) / 100,
  fit: {
    maps: fit.length,
    heldOut: hold.length,
    gamesPerMap: GAMES,
    spearmanHeldOut: Math.round(spearman(heldPred, hold.map((s) => s.gold)) * 1000) / 1000,
    pearsonHeldOut: Math.round(pearson(heldPred, hold.map((s) => s.gold)) * 1000) / 1000,
  },
};
writeFileSync(new URL('../fixtures/calibration/lost-valley.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(result);
