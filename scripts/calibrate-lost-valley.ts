/**
 * Fits the Lost Valley difficulty model against the full prospector race (src/games/lost-valley/
 * rules/: boats, horses, events, hunting, whiskey, trading, the ice block and both ways the game
 * ends). Plays GAMES races on each of FIT landscapes drawn over every option, regresses the gold
 * a prospector banks by the end on the landscape features, checks the ranking on HOLD held-out
 * landscapes (all options, and default options alone), and sets the 0–100 scale so default
 * landscapes spread evenly over the four bands: their lower quartile reads 25 and upper 75.
 * Re-run whenever the generator, the tile set, the rules, the bots or the features change
 * (npx tsx scripts/calibrate-lost-valley.ts).
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { agreement, fitLinear, quantile, round } from './linear-model.ts';
import { lostValley } from '../src/games/lost-valley/index.ts';
import type { LostValleyMap } from '../src/games/lost-valley/model.ts';
import { features } from '../src/games/lost-valley/score.ts';
import { playtest } from '../src/games/lost-valley/rules/playtest.ts';

const REVISION = 2;
const GAMES = 8;
const FIT = 360;
const HOLD = 160;
export const FEATURES = ['scarcity', 'meanTurnsToGold', 'canalShare', 'logIceRounds', 'goldTotal', 'players', 'mountainShare', 'goldNear', 'foodSites', 'forests', 'danger', 'riverTiles'];

const GOLD = ['near', 'scattered', 'far'] as const;
const ICE = ['slow', 'normal', 'fast'] as const;
/** The i-th sample's options: every option value, evenly. */
export const optionsFor = (i: number) => ({ players: 2 + (i % 3), gold: GOLD[Math.floor(i / 3) % 3]!, ice: ICE[Math.floor(i / 9) % 3]!, river: 3 + ((i * 7) % 10) });

function sample(prefix: string, count: number, options: (i: number) => object) {
  return Array.from({ length: count }, (_, i) => {
    const map = buildMap(lostValley, `${prefix}-${i}`, options(i)) as LostValleyMap;
    const f = features(lostValley.score!(map).metrics);
    return { x: FEATURES.map((k) => f[k] ?? 0), y: playtest(map, { games: GAMES }).goldPerProspector };
  });
}

const fit = sample('lv-cal', FIT, optionsFor);
const hold = sample('lv-hold', HOLD, optionsFor);
const defaults = sample('lv-default', HOLD, () => ({}));
const model = fitLinear(fit);
// Less gold banked is harder: the scale runs over the negated prediction, set on default landscapes.
const raws = defaults.map((s) => -model.predict(s.x)).sort((a, b) => a - b);
const q1 = quantile(raws, 0.25);
const q3 = quantile(raws, 0.75);
const span = 2 * (q3 - q1);
const result = {
  version: `lost-valley-calibration-${REVISION}`,
  features: FEATURES,
  ...model.stored,
  low: round(q1 - span / 4, 2),
  high: round(q3 + span / 4, 2),
  fit: {
    maps: fit.length,
    heldOut: hold.length,
    gamesPerMap: GAMES,
    ...agreement(hold.map((s) => model.predict(s.x)), hold.map((s) => s.y)),
    defaultsOnly: agreement(defaults.map((s) => model.predict(s.x)), defaults.map((s) => s.y)),
  },
};
writeFileSync(new URL('../fixtures/calibration/lost-valley.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
