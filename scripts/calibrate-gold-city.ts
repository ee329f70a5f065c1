/**
 * Fits the Gold City difficulty model: playtests a calibration set of maps with one planner bot
 * per player the map is made for, regresses mean rounds to finish on the analytic features,
 * checks the fit on a held-out set, and writes fixtures/calibration/gold-city.json. Re-run it whenever the generator, the
 * rules engine, the bots or the features change (npx tsx scripts/calibrate-gold-city.ts).
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { spearman } from '../src/core/stats.ts';
import { agreement, fitLinear, round } from './linear-model.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../src/games/gold-city/model.ts';
import { botWeightsHash } from '../src/games/gold-city/rules/bot-weights.ts';
import { playtest } from '../src/games/gold-city/rules/playtest.ts';
import { analyse } from '../src/games/gold-city/score.ts';
import { CALIBRATION_GAMES, calibrationCases } from '../fixtures/calibration/cases.ts';

/** Bump when the bots, rules or features change, so scores say which model made them. */
const CALIBRATION_REVISION = 4;
const FEATURES = ['effort', 'steps', 'strongest', 'cardsPaid', 'corridor', 'blockadeLoad', 'chokepoints', 'players', 'twoPlayerEffort'];

function sample(prefix: string, count: number) {
  return calibrationCases(prefix, count).map(({ seed, options }) => {
    const map = buildMap(goldCity, seed, options) as GoldCityMap;
    const features = analyse(map).features;
    const rounds = playtest(map, { games: CALIBRATION_GAMES }).meanRounds;
    return { x: FEATURES.map((f) => features[f] ?? 0), y: rounds, players: options.players as number };
  });
}

const t0 = Date.now();
const fit = sample('cal', 240);
const hold = sample('hold', 120);
const model = fitLinear(fit);
const heldPred = hold.map((s) => model.predict(s.x));
// Beyond these the model extrapolates, and the score says so.
const featureRanges = Object.fromEntries(FEATURES.map((name, k) => [name, [round(Math.min(...fit.map((s) => s.x[k]!)), 3), round(Math.max(...fit.map((s) => s.x[k]!)), 3)]]));
const within = [2, 3, 4].map((players) => {
  const group = hold.map((s, i) => ({ s, p: heldPred[i]! })).filter(({ s }) => s.players === players);
  return [players, round(spearman(group.map((g) => g.p), group.map((g) => g.s.y)), 3)] as const;
});
const result = {
  version: `gold-city-calibration-${CALIBRATION_REVISION}`,
  // The bots the playtests were played by: a test fails when the weights change without a rerun.
  botWeights: botWeightsHash(),
  features: FEATURES,
  ...model.stored,
  featureRanges,
  fit: {
    maps: fit.length,
    heldOut: hold.length,
    gamesPerMap: CALIBRATION_GAMES,
    ...agreement(heldPred, hold.map((s) => s.y)),
    spearmanHeldOutByPlayers: Object.fromEntries(within),
  },
};
writeFileSync(new URL('../fixtures/calibration/gold-city.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2), `\n${((Date.now() - t0) / 1000).toFixed(0)} s`);
