/**
 * Fits the Pioneer Days difficulty model: plays 8 seeded settler games (one bot a seat) on each
 * of 240 trails for 1–4 players, regresses mean VP per player on the trail's features (the
 * noiseless reference game and the dice script), checks the ranking on 120 held-out trails, and
 * sets the 0–100 scale per table size from the 2nd and 98th percentiles of predicted VP.
 * Re-run whenever the generator, the catalogue, the engine, the bots or the features change
 * (npx tsx scripts/calibrate-pioneer-days.ts).
 */
import { writeFileSync } from 'node:fs';
import { sha256Hex } from '../src/core/canonical.ts';
import { spearman } from '../src/core/stats.ts';
import { buildMap } from '../src/core/maps.ts';
import { agreement, fitLinear, quantile, round } from './linear-model.ts';
import { pioneerDays } from '../src/games/pioneer-days/index.ts';
import type { PioneerDaysMap } from '../src/games/pioneer-days/model.ts';
import { features, trailMetrics } from '../src/games/pioneer-days/score.ts';
import { playtest } from '../src/games/pioneer-days/rules/playtest.ts';
import { BOT_WEIGHTS } from '../src/games/pioneer-days/rules/bot-weights.ts';

const REVISION = 2;
const GAMES = 12;
const FEATURES = ['referenceVp', 'referenceDisasters', 'referenceUnmet', 'referenceLost', 'wildShare', 'earlyGold', 'townItems', 'townFavours', 'stacking', 'players'];

function sample(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const players = 1 + (i % 4);
    const map = buildMap(pioneerDays, `${prefix}-${i}`, { players }) as PioneerDaysMap;
    const f = features(trailMetrics(map));
    return { players, x: FEATURES.map((k) => f[k] ?? 0), y: playtest(map, { games: GAMES }).meanVp };
  });
}

const fit = sample('pd-cal', 240);
const hold = sample('pd-hold', 120);
const model = fitLinear(fit);
const scale: Record<string, { easyVp: number; hardVp: number }> = {};
const within: Record<string, number> = {};
for (const players of [1, 2, 3, 4]) {
  const predicted = fit.filter((s) => s.players === players).map((s) => model.predict(s.x)).sort((a, b) => a - b);
  scale[String(players)] = { easyVp: round(quantile(predicted, 0.98), 2), hardVp: round(quantile(predicted, 0.02), 2) };
  const h = hold.filter((s) => s.players === players);
  within[String(players)] = round(spearman(h.map((s) => model.predict(s.x)), h.map((s) => s.y)), 3);
}
const result = {
  version: `pioneer-days-calibration-${REVISION}`,
  features: FEATURES,
  ...model.stored,
  scale,
  botWeights: sha256Hex(JSON.stringify(BOT_WEIGHTS)).slice(0, 16),
  fit: {
    maps: fit.length,
    heldOut: hold.length,
    gamesPerMap: GAMES,
    ...agreement(hold.map((s) => model.predict(s.x)), hold.map((s) => s.y)),
    spearmanHeldOutByPlayers: within,
  },
};
writeFileSync(new URL('../fixtures/calibration/pioneer-days.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
