/**
 * What a Lost Valley score costs beside building the map: over the same seeds, alternating,
 * buildMap alone against buildScoredMap (build, score and its words), after a warm-up.
 *
 *   npx tsx src/games/lost-valley/calibrate/cost.ts [seeds=500] [rounds=5]
 */
import { buildMap, buildScoredMap } from '../../../core/maps.ts';
import { lostValley } from '../index.ts';

const seeds = Number(process.argv[2] ?? 500);
const rounds = Number(process.argv[3] ?? 5);
const cases = Array.from({ length: seeds }, (_, i) => ({
  seed: `cost-${i}`,
  options: { players: 2 + (i % 3), gold: (['near', 'scattered', 'far'] as const)[i % 3], river: 3 + (i % 10) },
}));
for (const c of cases.slice(0, 100)) buildScoredMap(lostValley, c.seed, c.options);
let build = 0;
let scored = 0;
for (let r = 0; r < rounds; r++) {
  for (const c of cases) {
    let t = performance.now();
    buildMap(lostValley, c.seed, c.options);
    build += performance.now() - t;
    t = performance.now();
    buildScoredMap(lostValley, c.seed, c.options);
    scored += performance.now() - t;
  }
}
const n = seeds * rounds;
const perBuild = build / n;
const perScore = (scored - build) / n;
console.log(
  JSON.stringify({
    maps: n,
    buildMs: +perBuild.toFixed(4),
    buildScoredMs: +(scored / n).toFixed(4),
    scoreMs: +perScore.toFixed(4),
    scoreOverBuild: +(perScore / perBuild).toFixed(2),
    scoresPerSecond: Math.round(1000 / perScore),
  }),
);
