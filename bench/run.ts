/**
 * `npm run bench`: the speed targets of the open issues, measured on this machine.
 * Set BENCH_ONLY=generate (a comma list of suite names) to run some suites.
 */
import { buildMap } from '../src/core/maps.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../src/games/gold-city/model.ts';
import { measure, printTable, timingRow, type Timing } from './measure.ts';

const only = process.env.BENCH_ONLY?.split(',');
const want = (suite: string) => !only || only.includes(suite);
const timings: Timing[] = [];

if (want('generate')) {
  timings.push(measure('gold-city generate (default options)', (i) => buildMap(goldCity, `bench-${i}`, {}), { target: 'median ≤ 0.5 ms' }));
  timings.push(measure('gold-city generate (10 pieces, expert)', (i) => buildMap(goldCity, `bench-${i}`, { pieces: 10, tier: 'expert' })));
  const map = buildMap(goldCity, 'bench', {}) as GoldCityMap;
  timings.push(measure('gold-city validate (default map)', () => goldCity.validate(map)));
}

console.log(`node ${process.version}, ${process.platform} ${process.arch}`);
printTable(timings.map(timingRow));
