/**
 * `npm run bench`: the speed targets of the open issues, measured on this machine, and every
 * figure that has a floor as a ratio to that floor measured in the same run, interleaved with it
 * (this machine's speed drifts 1.5–2× between runs, so only same-run ratios compare; the layout
 * ratio is given by wall clock and by CPU time, see measure.ts `interleaved`):
 *   layout: honeycomb-grid's raw `new Grid(Hex, coords)` on the same hexes;
 *   PNG:    raw `sharp(svg).png()` of the same SVG at the same pixel size, in its own process
 *           (and the RSS after a soak of the service with every process under it, summed);
 *   JSON:   a bare Express 5 app and raw node:http answering the same bytes and headers.
 * BENCH_ONLY=generate,score,score-cost,lost-valley,render,http,png,reach,plays,soak,load-pg picks suites (soak and load-pg:
 * issue 25's soak of every route and PostgreSQL load, bench/soak.ts and bench/load-pg.ts) (plays: report
 * ingestion on PGlite and PostgreSQL vs a bare INSERT loop into the same database, bench/plays.ts) (reach: reroll attempts per
 * target from each game's defaults, BENCH_REACH_SEEDS base seeds, 50); BENCH_PNG_RENDERS sets the
 * soak length (2000); BENCH_ROUNDS and BENCH_SECONDS the JSON load rounds (3 × 5 s per server).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineHex, Grid, Orientation } from 'honeycomb-grid';
import sharp from 'sharp';
import { mapDigest } from '../src/core/canonical.ts';
import { buildMap, normaliseOptions } from '../src/core/maps.ts';
import { REACH_TARGETS, measureReach } from '../src/seeds/reroll-reach.ts';
import { GAMES } from '../src/games/index.ts';
import { DEFAULT_STYLE } from '../src/core/scene.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import type { GoldCityOptions } from '../src/games/gold-city/model.ts';
import { STAGE_NAMES, stageTimes } from './gold-city-stages.ts';
import { rasterSize } from '../src/formats/raster-size.ts';
import { sceneToSvg } from '../src/formats/svg-document.ts';
import { sceneToPdf } from '../src/formats/pdf-document.ts';
import { load, rssMb, startBare, startService, stopService, type LoadResult } from './http.ts';
import { reroll } from '../src/seeds/reroll.ts';
import { lostValley } from '../src/games/lost-valley/index.ts';
import { plannerBot } from '../src/games/gold-city/rules/bots.ts';
import { playGame } from '../src/games/gold-city/rules/playtest.ts';
import { effortToFinish } from '../src/games/gold-city/rules/potential.ts';
import { buildTable } from '../src/games/gold-city/rules/table.ts';
import { benchPlays } from './plays.ts';
import { scoreCost } from './score-cost.ts';
import { benchBigPng } from './big-png.ts';
import { soak, writeRssSeries } from './soak.ts';
import { loadPg } from './load-pg.ts';
import { interleaved, measure, median, printTable, timingRow, type Timing } from './measure.ts';

const only = process.env.BENCH_ONLY?.split(',');
const want = (suite: string) => !only || only.includes(suite);
const timings: Timing[] = [];
/** Where Gold City generation spends its time, stage by stage. */
const stages: Array<Record<string, string | number>> = [];
const rows: Array<Record<string, string | number>> = [];
/** Project figure against its floor, measured in the same run. */
const ratios: Array<Record<string, string | number>> = [];
const ratioRow = (what: string, goldmaps: string, baseline: string, ratio: number, target: string) =>
  ratios.push({ what, goldmaps, baseline, ratio: `${ratio.toFixed(2)}×`, target });
/** Issue 15's targets, each as measured in this run: the last table, so a run is read at a glance. */
const verdicts: Array<Record<string, string>> = [];
const verdict = (target: string, measured: string, met: boolean) =>
  verdicts.push({ 'issue 15 target': target, 'this run': measured, met: met ? 'yes' : 'NO' });

if (want('generate')) {
  // The floor: honeycomb-grid building a grid of the same hexes, interleaved round by round.
  const Hex = defineHex({ orientation: Orientation.POINTY });
  const coords = buildMap(goldCity, 'bench', {}).spaces.map((s) => ({ q: s.q, r: s.r }));
  const { wall, cpu } = interleaved([
    (i) => buildMap(goldCity, `bench-${i}`, {}),
    () => new Grid(Hex, coords),
    (i) => buildMap(goldCity, `bench-d-${i}`, {}).digest,
  ]);
  const [gen, grid, genDigest] = wall as [number, number, number];
  const [genCpu, gridCpu, genDigestCpu] = cpu as [number, number, number];
  ratioRow(
    `gold-city generate vs honeycomb new Grid(Hex, coords), ${coords.length} hexes`,
    `${gen.toFixed(3)} ms`,
    `${grid.toFixed(3)} ms`,
    gen / grid,
    '≤ 3×',
  );
  ratioRow('  the same, by CPU time', `${genCpu.toFixed(3)} ms`, `${gridCpu.toFixed(3)} ms`, genCpu / gridCpu, '≤ 3×');
  verdict(
    'Gold City generate ≤ 3× honeycomb raw grid (wall / CPU)',
    `${(gen / grid).toFixed(2)}× / ${(genCpu / gridCpu).toFixed(2)}×`,
    gen / grid <= 3 && genCpu / gridCpu <= 3,
  );
  // A served map is hashed too (a reroll's rejected attempts are not: the digest is taken when first read).
  ratioRow('gold-city generate + digest vs the same grid', `${genDigest.toFixed(3)} ms`, `${grid.toFixed(3)} ms`, genDigest / grid, '');
  ratioRow('  the same, by CPU time', `${genDigestCpu.toFixed(3)} ms`, `${gridCpu.toFixed(3)} ms`, genDigestCpu / gridCpu, '');
  timings.push(measure('gold-city generate (default options)', (i) => buildMap(goldCity, `bench-${i}`, {})));
  timings.push(measure('gold-city generate (10 pieces, expert)', (i) => buildMap(goldCity, `bench-${i}`, { pieces: 10, tier: 'expert' })));
  const map = buildMap(goldCity, 'bench', {});
  timings.push(measure('gold-city validate (default map)', () => goldCity.validate(map)));
  const digestMaps = Array.from({ length: 64 }, (_, i) => buildMap(goldCity, `digest-${i}`, {}));
  timings.push(measure('gold-city map digest (default map, serialise + sha256)', (i) => mapDigest(digestMaps[i % digestMaps.length]!)));
  // Defaults leave the temples and stagger stages idle; the second column makes them work.
  const layered = { temples: true, stagger: '0012' };
  const times = stageTimes(normaliseOptions(goldCity, {}) as unknown as GoldCityOptions);
  const layeredTimes = stageTimes(normaliseOptions(goldCity, layered) as unknown as GoldCityOptions);
  for (const stage of STAGE_NAMES) {
    stages.push({
      'gold-city generate stage': stage,
      'median µs per map, default options': Math.round(times[stage] * 10) / 10,
      [`the same, ${JSON.stringify(layered)}`]: Math.round(layeredTimes[stage] * 10) / 10,
    });
  }
}

if (want('lost-valley')) {
  const lvGenerate = measure('lost-valley generate (4 prospectors)', (i) => buildMap(lostValley, `bench-${i}`, {}), {
    warmup: 50,
    iterations: 1000,
    target: 'median ≤ 0.3 ms',
  });
  timings.push(lvGenerate);
  verdict('Lost Valley generate ≤ 0.3 ms (median)', `${lvGenerate.median.toFixed(3)} ms`, lvGenerate.median <= 0.3);
  const maps = Array.from({ length: 32 }, (_, i) => buildMap(lostValley, `lv-score-${i}`, {}));
  timings.push(
    measure('lost-valley score', (i) => lostValley.score(maps[i % maps.length]!), {
      warmup: 50,
      iterations: 1000,
      target: 'median ≤ 2 ms',
    }),
  );
}

if (want('score')) {
  const maps = Array.from({ length: 64 }, (_, i) => buildMap(goldCity, `score-${i}`, {}));
  const score = measure('gold-city analytic score (default map)', (i) => goldCity.score(maps[i % maps.length]!), {
    target: 'median ≤ 0.1 ms',
  });
  timings.push(score);
  verdict('Gold City analytic score ≤ 0.1 ms (median)', `${score.median.toFixed(3)} ms`, score.median <= 0.1);
  const start = performance.now();
  const r = reroll(goldCity, { seed: 'bench', options: {}, target: { min: 101, max: 101 }, maxAttempts: 2000 });
  const perSecond = (r!.attempts / (performance.now() - start)) * 1000;
  timings.push({
    name: 'reroll: generate + score, one core (2000 attempts)',
    median: 1000 / perSecond,
    p95: Number.NaN,
    perSecond,
    target: '≥ 4,000 per second',
  });
  verdict('reroll ≥ 4,000 attempts a second, one core', `${Math.round(perSecond)}`, perSecond >= 4000);
  const table = buildTable(maps[0]!);
  const potential = effortToFinish(table);
  const bots = [plannerBot, plannerBot, plannerBot, plannerBot];
  timings.push(
    measure('one 4-bot game (planner ×4, default map)', (i) => playGame(table, bots, `g${i}`, potential), {
      warmup: 20,
      iterations: 300,
      target: 'median ≤ 5 ms',
    }),
  );
}

if (want('score-cost')) {
  for (const c of await scoreCost()) {
    timings.push({
      name: `${c.game}: score of a built map, compiled (CPU ms; build ${c.buildMs.toFixed(3)} ms)`,
      median: c.scoreMs,
      p95: Number.NaN,
      perSecond: 1000 / c.scoreMs,
      target: '≤ 2 × build',
    });
    verdict(
      `${c.game}: a score costs at most twice its build`,
      `${c.ratio.toFixed(2)} × (${c.scoreMs.toFixed(3)} / ${c.buildMs.toFixed(3)} ms)`,
      c.ratio <= 2,
    );
    verdict(`${c.game}: a reroll tries ≥ 1,000 maps a second, one core`, `${Math.round(c.attemptsPerSecond)}`, c.attemptsPerSecond >= 1000);
  }
}

if (want('render')) {
  const map = buildMap(goldCity, 'bench', {});
  timings.push(
    measure('gold-city scene + SVG (default map)', () => sceneToSvg(goldCity.scene(map, DEFAULT_STYLE)), { warmup: 20, iterations: 200 }),
  );
  const scene = goldCity.scene(map, DEFAULT_STYLE);
  const size = rasterSize(scene, { width: 1024 });
  const svg = Buffer.from(sceneToSvg(scene, { pixels: size }));
  const samples: number[] = [];
  for (let i = 0; i < 23; i++) {
    const t0 = performance.now();
    await sharp(svg).png().toBuffer();
    if (i >= 3) samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  timings.push({
    name: 'sharp raster of that SVG to a 1024 px PNG',
    median: samples[10]!,
    p95: samples[18]!,
    perSecond: 1000 / samples[10]!,
  });
  const pdfSamples: number[] = [];
  for (let i = 0; i < 13; i++) {
    const t0 = performance.now();
    await sceneToPdf(scene, { paper: 'a4', size: 'true', label: 'bench' });
    if (i >= 3) pdfSamples.push(performance.now() - t0);
  }
  pdfSamples.sort((a, b) => a - b);
  timings.push({ name: 'true-size A4 PDF of that map', median: pdfSamples[5]!, p95: pdfSamples[9]!, perSecond: 1000 / pdfSamples[5]! });
}

/** The service's JSON answer as sent: the bytes and every header a client sees (not the per-connection ones). */
async function capture(url: string, file: string): Promise<void> {
  const res = await fetch(url);
  const body = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k)) headers[k] = v;
  });
  writeFileSync(file, JSON.stringify({ headers, body }));
}

if (want('http')) {
  const url = 'http://127.0.0.1:18080';
  const path = '/api/v1/games/gold-city/maps/42';
  const file = join(tmpdir(), `goldmaps-bench-${process.pid}.json`);
  const service = await startService(18080);
  const servers = [service];
  try {
    await capture(`${url}${path}`, file);
    servers.push(await startBare('express', 18081, file), await startBare('http', 18082, file));
    const names = ['goldmaps (npm start)', 'bare Express 5', 'raw node:http'];
    const ports = [18080, 18081, 18082];
    for (const port of ports) await load({ url: `http://127.0.0.1:${port}${path}`, connections: 32, duration: 2 });
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    const seconds = Number(process.env.BENCH_SECONDS ?? 5);
    const results: LoadResult[][] = ports.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (let j = 0; j < ports.length; j++) {
        const which = (round + j) % ports.length;
        (results[which] as LoadResult[]).push(
          await load({ url: `http://127.0.0.1:${ports[which]}${path}`, connections: 32, duration: seconds }),
        );
      }
    }
    const rps = results.map((rs) => median(rs.map((r) => r.requestsPerSecond)));
    const p99 = results.map((rs) => median(rs.map((r) => r.p99)));
    results.forEach((rs, j) =>
      rows.push({
        benchmark: `GET ${path}, 32 conns: ${names[j]}`,
        'req/s': Math.round(rps[j]!),
        'p50 ms': median(rs.map((r) => r.p50)),
        'p99 ms': p99[j]!,
        errors: rs.reduce((n, r) => n + r.errors + r.non2xx, 0),
        target: '',
      }),
    );
    ratioRow(
      'JSON /maps/42 req/s vs bare Express 5 (same bytes, headers)',
      `${Math.round(rps[0]!)} req/s`,
      `${Math.round(rps[1]!)} req/s`,
      rps[0]! / rps[1]!,
      '≥ 0.9×',
    );
    ratioRow('JSON /maps/42 p99 vs bare Express 5', `${p99[0]} ms`, `${p99[1]} ms`, p99[0]! / p99[1]!, '≤ 1.2×');
    verdict(
      'JSON route ≥ 0.9× bare Express 5 req/s, p99 ≤ 1.2× its',
      `${(rps[0]! / rps[1]!).toFixed(2)}×, p99 ${(p99[0]! / p99[1]!).toFixed(2)}×`,
      rps[0]! / rps[1]! >= 0.9 && p99[0]! / p99[1]! <= 1.2,
    );
    ratioRow('JSON /maps/42 req/s vs raw node:http', `${Math.round(rps[0]!)} req/s`, `${Math.round(rps[2]!)} req/s`, rps[0]! / rps[2]!, '');
    ratioRow(
      '(scale) bare Express 5 req/s vs raw node:http',
      `${Math.round(rps[1]!)} req/s`,
      `${Math.round(rps[2]!)} req/s`,
      rps[1]! / rps[2]!,
      '',
    );
    const fresh = await load({ url, connections: 32, duration: seconds, paths: (i) => `/api/v1/games/gold-city/maps/fresh-${i}` });
    rows.push({
      benchmark: 'GET map JSON, a new seed each (uncached), 32 conns',
      'req/s': Math.round(fresh.requestsPerSecond),
      'p50 ms': fresh.p50,
      'p99 ms': fresh.p99,
      errors: fresh.errors + fresh.non2xx,
      target: '',
    });
  } finally {
    for (const s of servers) await stopService(s);
  }
}

if (want('png')) {
  const url = 'http://127.0.0.1:18080';
  const file = join(tmpdir(), `goldmaps-bench-${process.pid}.svg`);
  const map = buildMap(goldCity, '42', {});
  const scene = goldCity.scene(map, DEFAULT_STYLE);
  writeFileSync(file, sceneToSvg(scene, { pixels: rasterSize(scene, { width: 1024 }) }));
  // Every render drawn, none read back from the render cache: this suite measures drawing.
  const service = await startService(18080, { GOLDMAPS_RENDER_CACHE_MB: '0' });
  const servers = [service];
  try {
    servers.push(await startBare('sharp', 18083, file, '/'));
    // One request at a time, the route and raw sharp alternating.
    const targets = [`${url}/api/v1/games/gold-city/maps/42.png?width=1024`, 'http://127.0.0.1:18083/'];
    const times: number[][] = [[], []];
    for (let i = 0; i < 43; i++) {
      for (let j = 0; j < 2; j++) {
        const which = (i + j) % 2;
        const t0 = performance.now();
        const res = await fetch(targets[which]!);
        await res.arrayBuffer();
        if (i >= 3) times[which]!.push(performance.now() - t0);
      }
    }
    const [route, raw] = times.map(median) as [number, number];
    ratioRow(
      'PNG 1024 px, one at a time: route under npm start vs raw sharp(svg).png()',
      `${route.toFixed(1)} ms`,
      `${raw.toFixed(1)} ms`,
      route / raw,
      '≤ 1.2×',
    );
    verdict('PNG route ≤ 1.2× raw sharp(svg).png()', `${(route / raw).toFixed(2)}×`, route / raw <= 1.2);
    await benchBigPng(url, ratioRow, verdict);
    const renders = Number(process.env.BENCH_PNG_RENDERS ?? 2000);
    const before = rssMb(service);
    // The most the service and its children held at once during the soak, sampled every 250 ms.
    let peak = before.total;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(service).total)), 250);
    const soak = await load({
      url,
      connections: 2,
      amount: renders,
      paths: (i) => `/api/v1/games/gold-city/maps/soak-${i}.png?width=1024`,
    });
    clearInterval(sampler);
    const after = rssMb(service);
    const parts = (r: ReturnType<typeof rssMb>) =>
      [`service ${Math.round(r.service)}`, ...r.children.map((c) => `${c.name} ${Math.round(c.mb)}`)].join(' + ');
    rows.push({
      benchmark: `RSS before → after ${renders} PNG renders (MB, service + children), 2 conns`,
      'req/s': Math.round(soak.requestsPerSecond * 10) / 10,
      'p50 ms': Math.round(before.total),
      'p99 ms': Math.round(after.total),
      errors: soak.errors + soak.non2xx,
      target: 'after ≤ 400 MB',
    });
    ratioRow(
      `RSS after ${renders} PNG renders, the service and every process under it (${parts(after)}; peak ${Math.round(peak)})`,
      `${Math.round(after.total)} MB`,
      `${Math.round(before.total)} MB before`,
      after.total / before.total,
      '≤ 400 MB',
    );
    verdict(`RSS after ${renders} PNG renders ≤ 400 MB (service and children)`, `${Math.round(after.total)} MB`, after.total <= 400);
  } finally {
    for (const s of servers) await stopService(s);
  }
}

if (want('plays')) await benchPlays(ratioRow, rows);

/** Issue 25's load: writers and readers at once on PostgreSQL. */
const loadRows: Array<Record<string, string | number>> = [];
if (want('load-pg')) {
  const out = await loadPg();
  if (typeof out === 'string') console.log(out);
  else loadRows.push(...out.map((r) => ({ ...r })));
}

/** Issue 25's soak: every route mixed, with the service's RSS (and its children's) each second. */
const soakRoutes: Array<Record<string, string | number>> = [];
const soakSummary: Array<Record<string, string>> = [];
if (want('soak')) {
  const s = await soak();
  soakRoutes.push(...s.routes);
  const file = join(tmpdir(), `goldmaps-soak-rss-${process.pid}.csv`);
  writeRssSeries(process.env.BENCH_SOAK_RSS_FILE ?? file, s.rss);
  const drift = s.lastMinute / s.secondMinute - 1;
  const line = (what: string, measured: string, met?: boolean) =>
    soakSummary.push({ 'issue 25 soak': what, 'this run': measured, met: met === undefined ? '' : met ? 'yes' : 'NO' });
  line(`duration, requests`, `${s.seconds} s, ${s.routes.reduce((a, r) => a + r.requests, 0)}`);
  line('unexpected 5xx', String(s.unexpected5xx), s.unexpected5xx === 0);
  line("no answer (connection reset) or 408 (the server's request timeout)", String(s.cutOff), s.cutOff === 0);
  line('503 from the render gate (shedding under overload, expected)', String(s.shed));
  line('reroll 422 "ran out of time" (its 5 s count from arrival, queue included)', String(s.outOfTime));
  line(
    `RSS, service + children: mean of the last ${s.window} s vs the second ${s.window} s`,
    `${Math.round(s.lastMinute)} vs ${Math.round(s.secondMinute)} MB (${drift >= 0 ? '+' : ''}${(drift * 100).toFixed(1)}%)`,
    Math.abs(drift) <= 0.1,
  );
  line('RSS peak, service + children (sampled each second)', `${Math.round(s.peak)} MB (at the end: ${s.lastParts})`, s.peak <= 500);
  line('RSS series', process.env.BENCH_SOAK_RSS_FILE ?? file);
}

// Difficulty you can ask for: attempts a reroll from each game's default options needs per target.
const reach: Array<Record<string, string | number>> = [];
if (want('reach')) {
  const seeds = Number(process.env.BENCH_REACH_SEEDS ?? 50);
  for (const game of GAMES.filter((g) => g.score)) {
    const players = (game.optionsSchema.properties as Record<string, { minimum?: number; maximum?: number }> | undefined)?.players ?? {};
    for (let n = players.minimum ?? 0; n <= (players.maximum ?? 0); n++) {
      for (const target of REACH_TARGETS) {
        const options = players.minimum === undefined ? {} : { players: n };
        const r = measureReach(game, target, options, { seeds, maxAttempts: 200, prefix: 'bench' });
        // Bands also with every kind of player agreeing (ranges ten wide rarely hold an interval).
        const a =
          'band' in target ? measureReach(game, target, options, { seeds, maxAttempts: 200, prefix: 'bench', agree: true }) : undefined;
        reach.push({
          game: game.id,
          players: players.minimum === undefined ? '' : n,
          target: r.target,
          hits: `${r.hits}/${r.seeds}`,
          'median attempts': r.medianAttempts,
          'mean attempts': r.meanAttempts,
          'agree: hits': a ? `${a.hits}/${a.seeds}` : '',
          'agree: median attempts': a?.medianAttempts ?? '',
        });
      }
    }
  }
}

console.log(`node ${process.version}, ${process.platform} ${process.arch}`);
if (timings.length) printTable(timings.map(timingRow));
if (stages.length) {
  console.log('');
  printTable(stages);
}
if (rows.length) {
  console.log('');
  printTable(rows);
}
if (ratios.length) {
  console.log('');
  printTable(ratios);
}
if (reach.length) {
  console.log('');
  printTable(reach);
}
if (loadRows.length) {
  console.log('');
  printTable(loadRows);
}
if (soakRoutes.length) {
  console.log('');
  printTable(soakRoutes);
  console.log('');
  printTable(soakSummary);
}
if (verdicts.length) {
  console.log('');
  printTable(verdicts);
}
