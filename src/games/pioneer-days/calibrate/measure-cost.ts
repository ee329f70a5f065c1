/**
 * What a Pioneer Days score costs against building the map (issue 42): buildMap alone against
 * buildScoredMap (build, score and its words) over the same seeds, alternating seed by seed so
 * that a busy machine slows both alike. `npx tsx src/games/pioneer-days/calibrate/measure-cost.ts [seeds] [rounds]`
 */
import { buildMap, buildScoredMap } from '../../../core/maps.ts';
import { pioneerDays } from '../index.ts';

const seeds = Number(process.argv[2] ?? 500);
const rounds = Number(process.argv[3] ?? 5);
for (const players of [1, 2, 3, 4]) {
  let build = 0;
  let scored = 0;
  for (let round = 0; round < rounds; round++)
    for (let i = 0; i < seeds; i++) {
      const options = { players, firstGame: i % 2 === 1 };
      let t = process.hrtime.bigint();
      buildMap(pioneerDays, `cost-${i}`, options);
      build += Number(process.hrtime.bigint() - t);
      t = process.hrtime.bigint();
      buildScoredMap(pioneerDays, `cost-${i}`, options);
      scored += Number(process.hrtime.bigint() - t);
    }
  const n = seeds * rounds;
  const b = build / n / 1e3;
  const s = scored / n / 1e3 - b;
  console.log(`${players} players: build ${b.toFixed(1)} µs, score ${s.toFixed(1)} µs (buildScoredMap − buildMap), score/build ${(s / b).toFixed(2)}, ${Math.round(1e6 / s)} scores/s`);
}
