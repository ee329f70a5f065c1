/**
 * `npm run bench`: the speed targets of the open issues, measured on this machine.
 * BENCH_ONLY=generate,score,lost-valley,render,http picks suites; BENCH_PNG_RENDERS sets the soak length (2000).
 */
import sharp from 'sharp';
import { buildMap } from '../src/core/maps.ts';
import { DEFAULT_STYLE } from '../src/core/scene.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../src/games/gold-city/model.ts';
import { rasterSize } from '../src/render/raster-size.ts';
import { sceneToSvg } from '../src/render/svg.ts';
import { sceneToPdf } from '../src/render/pdf.ts';
import { load, rssMb, startService, stopService } from './http.ts';
import { reroll } from '../src/core/reroll.ts';
import { lostValley } from '../src/games/lost-valley/index.ts';
import type { LostValleyMap } from '../src/games/lost-valley/model.ts';
import { plannerBot } from '../src/games/gold-city/rules/bots.ts';
import { playGame } from '../src/games/gold-city/rules/playtest.ts';
import { effortToFinish } from '../src/games/gold-city/rules/potential.ts';
import { prepareTable } from '../src/games/gold-city/rules/table.ts';
import { measure, printTable, timingRow, type Timing } from './measure.ts';

const only = process.env.BENCH_ONLY?.split(',');
const want = (suite: string) => !only || only.includes(suite);
const timings: Timing[] = [];
const rows: Array<Record<string, string | number>> = [];

if (want('generate')) {
  timings.push(measure('gold-city generate (default options)', (i) => buildMap(goldCity, `bench-${i}`, {}), { target: 'median ≤ 0.5 ms' }));
  timings.push(measure('gold-city generate (10 pieces, expert)', (i) => buildMap(goldCity, `bench-${i}`, { pieces: 10, tier: 'expert' })));
  const map = buildMap(goldCity, 'bench', {}) as GoldCityMap;
  timings.push(measure('gold-city validate (default map)', () => goldCity.validate(map)));
}

if (want('lost-valley')) {
  timings.push(measure('lost-valley generate (4 prospectors)', (i) => buildMap(lostValley, `bench-${i}`, {}), { warmup: 50, iterations: 1000, target: 'median ≤ 2 ms' }));
  const maps = Array.from({ length: 32 }, (_, i) => buildMap(lostValley, `lv-score-${i}`, {}) as LostValleyMap);
  timings.push(measure('lost-valley score', (i) => lostValley.score!(maps[i % maps.length]!), { warmup: 50, iterations: 1000, target: 'median ≤ 2 ms' }));
}

if (want('score')) {
  const maps = Array.from({ length: 64 }, (_, i) => buildMap(goldCity, `score-${i}`, {}) as GoldCityMap);
  timings.push(measure('gold-city analytic score (default map)', (i) => goldCity.score!(maps[i % maps.length]!), { target: 'median ≤ 0.5 ms' }));
  const start = performance.now();
  const r = reroll(goldCity, { seed: 'bench', options: {}, target: { min: 101, max: 101 }, maxAttempts: 2000 });
  const perSecond = (r!.attempts / (performance.now() - start)) * 1000;
  timings.push({ name: 'reroll: generate + score, one core (2000 attempts)', median: 1000 / perSecond, p95: Number.NaN, perSecond, target: '≥ 1,000 per second' });
  const table = prepareTable(maps[0]!);
  const potential = effortToFinish(table);
  const bots = [plannerBot, plannerBot, plannerBot, plannerBot];
  timings.push(measure('one 4-bot game (planner ×4, default map)', (i) => playGame(table, bots, `g${i}`, potential), { warmup: 20, iterations: 300, target: 'median ≤ 5 ms' }));
}

if (want('render')) {
  const map = buildMap(goldCity, 'bench', {}) as GoldCityMap;
  timings.push(measure('gold-city scene + SVG (default map)', () => sceneToSvg(goldCity.scene!(map, DEFAULT_STYLE)), { warmup: 20, iterations: 200 }));
  const scene = goldCity.scene!(map, DEFAULT_STYLE);
  const size = rasterSize(scene, { width: 1024 });
  const svg = Buffer.from(sceneToSvg(scene, { pixels: size }));
  const samples: number[] = [];
  for (let i = 0; i < 23; i++) {
    const t0 = performance.now();
    await sharp(svg).png().toBuffer();
    if (i >= 3) samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  timings.push({ name: 'sharp raster of that SVG to a 1024 px PNG', median: samples[10]!, p95: samples[18]!, perSecond: 1000 / samples[10]! });
  const pdfSamples: number[] = [];
  for (let i = 0; i < 13; i++) {
    const t0 = performance.now();
    await sceneToPdf(scene, { paper: 'a4', size: 'true', label: 'bench' });
    if (i >= 3) pdfSamples.push(performance.now() - t0);
  }
  pdfSamples.sort((a, b) => a - b);
  timings.push({ name: 'true-size A4 PDF of that map', median: pdfSamples[5]!, p95: pdfSamples[9]!, perSecond: 1000 / pdfSamples[5]! });
}

if (want('http')) {
  const port = 18080;
  const child = await startService(port);
  const url = `http://127.0.0.1:${port}`;
  try {
    await load({ url: `${url}/api/v1/games/gold-city/maps/warm`, connections: 8, duration: 2 });
    const same = await load({ url: `${url}/api/v1/games/gold-city/maps/42`, connections: 32, duration: 10 });
    rows.push({ benchmark: 'GET map JSON, one seed (cached), 32 conns', 'req/s': Math.round(same.requestsPerSecond), 'p50 ms': same.p50, 'p99 ms': same.p99, errors: same.errors + same.non2xx, target: '≥ 3000 req/s, p99 ≤ 20 ms' });
    const fresh = await load({ url, connections: 32, duration: 10, paths: (i) => `/api/v1/games/gold-city/maps/fresh-${i}` });
    rows.push({ benchmark: 'GET map JSON, a new seed each (uncached), 32 conns', 'req/s': Math.round(fresh.requestsPerSecond), 'p50 ms': fresh.p50, 'p99 ms': fresh.p99, errors: fresh.errors + fresh.non2xx, target: '' });
    const png = await load({ url, connections: 4, duration: 10, paths: (i) => `/api/v1/games/gold-city/maps/png-${i % 50}.png?width=1024` });
    rows.push({ benchmark: 'GET map PNG 1024 px, 4 conns', 'req/s': Math.round(png.requestsPerSecond * 10) / 10, 'p50 ms': png.p50, 'p99 ms': png.p99, errors: png.errors + png.non2xx, target: '' });
    const renders = Number(process.env.BENCH_PNG_RENDERS ?? 2000);
    const before = rssMb(child);
    const soak = await load({ url, connections: 2, amount: renders, paths: (i) => `/api/v1/games/gold-city/maps/soak-${i}.png?width=1024` });
    const after = rssMb(child);
    rows.push({ benchmark: `RSS before → after ${renders} PNG renders (MB)`, 'req/s': Math.round(soak.requestsPerSecond * 10) / 10, 'p50 ms': Math.round(before), 'p99 ms': Math.round(after), errors: soak.errors + soak.non2xx, target: 'flat, < 400 MB' });
  } finally {
    await stopService(child);
  }
}

console.log(`node ${process.version}, ${process.platform} ${process.arch}`);
if (timings.length) printTable(timings.map(timingRow));
if (rows.length) {
  console.log('');
  printTable(rows);
}
