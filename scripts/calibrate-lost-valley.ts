/**
 * Fits the Lost Valley difficulty model: plays the simple prospector race (src/games/lost-valley/
 * sim.ts) on 240 landscapes, regresses gold per prospector before the ice arrives on the
 * landscape features, checks the ranking on 120 held-out landscapes, and sets the 0–100 scale from
 * the 2nd and 98th percentiles. Re-run whenever the generator, the tile set, the race or the
 * features change (npx tsx scripts/calibrate-lost-valley.ts).
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { agreement, fitLinear, quantile, round } from './linear-model.ts';
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
    return { x: FEATURES.map((k) => f[k] ?? 0), y: simulate(map, { games: GAMES }).goldPerProspector };
  });
}

const fit = sample('lv-cal', 240);
const hold = sample('lv-hold', 120);
const model = fitLinear(fit);
// Less gold before the ice comes is harder: the scale runs over the negated prediction.
const raws = fit.map((s) => -model.predict(s.x)).sort((a, b) => a - b);
const result = {
  version: `lost-valley-calibration-${REVISION}`,
  features: FEATURES,
  ...model.stored,
  low: round(quantile(raws, 0.02), 2),
  high: round(quantile(raws, 0.98), 2),
  fit: {
    maps: fit.length,
    heldOut: hold.length,
    gamesPerMap: GAMES,
    ...agreement(hold.map((s) => model.predict(s.x)), hold.map((s) => s.y)),
  },
};
writeFileSync(new URL('../fixtures/calibration/lost-valley.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(result);
