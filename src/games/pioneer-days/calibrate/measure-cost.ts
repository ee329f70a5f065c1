/**
 * What a Pioneer Days score costs against building the map (issue 42): buildMap alone against
 * buildScoredMap (build, score, plays calibration and its words) over the same seeds, alternating
 * in blocks of 25 seeds so that a busy machine slows both alike, timed by the process's CPU time
 * (process.cpuUsage), which other processes on a shared machine do not inflate as they do the
 * wall clock. `npx tsx src/games/pioneer-days/calibrate/measure-cost.ts [seeds] [rounds]`
 */
import { buildMap, buildScoredMap } from '../../../core/maps.ts';
import { pioneerDays } from '../index.ts';

const seeds = Number(process.argv[2] ?? 500);
const rounds = Number(process.argv[3] ?? 5);
const BLOCK = 25;
const ORDER = (process.env.ORDER ?? '1,2,3,4').split(',').map(Number);
const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
// Warm both paths first, every table size and deal: until V8 has compiled them (a thousand or
// two scores), the first table measured would pay for it.
for (let i = 0; i < 4000; i++) buildScoredMap(pioneerDays, `warm-${i}`, { players: 1 + (i % 4), firstGame: i % 8 >= 4 });
for (const players of ORDER) {
  let build = 0;
  let scored = 0;
  for (let round = 0; round < rounds; round++)
    for (let from = 0; from < seeds; from += BLOCK) {
      let t = cpu();
      for (let i = from; i < from + BLOCK; i++) buildMap(pioneerDays, `cost-${i}`, { players, firstGame: i % 2 === 1 });
      build += cpu() - t;
      t = cpu();
      for (let i = from; i < from + BLOCK; i++) buildScoredMap(pioneerDays, `cost-${i}`, { players, firstGame: i % 2 === 1 });
      scored += cpu() - t;
    }
  const n = seeds * rounds;
  const b = build / n;
  const s = scored / n - b;
  console.log(
    `${players} players: build ${b.toFixed(1)} µs, score ${s.toFixed(1)} µs (buildScoredMap − buildMap), score/build ${(s / b).toFixed(2)}, ${Math.round(1e6 / s)} scores/s (CPU time)`,
  );
}
