/**
 * Fits the Gold City difficulty model: playtests a calibration set of maps with one planner bot
 * per player the map is made for, regresses mean rounds to finish on the analytic features,
 * checks the fit on a held-out set, and writes src/games/gold-city/data/calibration.json. Re-run it whenever the generator, the
 * rules engine, the bots or the features change (npx tsx src/games/gold-city/calibrate/difficulty.ts).
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../../../core/maps.ts';
import { agreement, featureRanges, fitLinear, spearmanByPlayers } from '../../../core/fit.ts';
import { goldCity } from '../index.ts';
import { tuningHash } from '../../../core/play/tuning.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { playtest } from '../rules/playtest.ts';
import { analyse } from '../analysis.ts';
import { CALIBRATION_GAMES, calibrationCases } from './cases.ts';

/** Bump when the bots, rules or features change, so scores say which model made them. */
const CALIBRATION_REVISION = 5;
const FEATURES = ['effort', 'steps', 'strongest', 'cardsPaid', 'corridor', 'blockadeLoad', 'chokepoints', 'players', 'twoPlayerEffort'];

function sample(prefix: string, count: number) {
  return calibrationCases(prefix, count).map(({ seed, options }) => {
    const map = buildMap(goldCity, seed, options);
    const features = analyse(map).features;
    const { meanRounds, unfinished } = playtest(map, { games: CALIBRATION_GAMES });
    return { x: FEATURES.map((f) => features[f] ?? 0), y: meanRounds, players: options.players as number, unfinished };
  });
}

const t0 = performance.now();
const fit = sample('cal', 720);
const hold = sample('hold', 360);
const model = fitLinear(fit);
const heldPred = hold.map((s) => model.predict(s.x));
const ranges = featureRanges(FEATURES, fit);
const result = {
  version: `gold-city-calibration-${CALIBRATION_REVISION}`,
  // The bots the playtests were played by: a test fails when the weights change without a rerun.
  botWeights: tuningHash(BOT_WEIGHTS),
  features: FEATURES,
  ...model.stored,
  featureRanges: ranges,
  fit: {
    maps: fit.length,
    heldOut: hold.length,
    gamesPerMap: CALIBRATION_GAMES,
    // Games the bots stalled in (stopped at MAX_ROUNDS and counted there), over fitted and held-out maps.
    unfinishedGames: [...fit, ...hold].reduce((sum, s) => sum + s.unfinished, 0),
    ...agreement(
      heldPred,
      hold.map((s) => s.y),
    ),
    spearmanHeldOutByPlayers: spearmanByPlayers(hold, heldPred),
  },
};
writeFileSync(new URL('../data/calibration.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2), `\n${((performance.now() - t0) / 1000).toFixed(0)} s`);
