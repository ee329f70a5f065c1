// The largest PNG the service draws (about 40 megapixels: the default limit), through the route
// under `npm start` against raw `sharp(svg).png()` of the very same SVG in a process of its own,
// one request at a time and alternating, so the machine's drift falls on both alike.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildMap } from '../src/core/maps.ts';
import { DEFAULT_STYLE } from '../src/core/scene.ts';
import { DEFAULT_RENDER_LIMITS } from '../src/formats/format.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import { MM_PER_INCH, rasterSize } from '../src/formats/raster-size.ts';
import { sceneToSvg } from '../src/formats/svg-document.ts';
import { startBare, startService, stopService } from './http.ts';
import { median } from './measure.ts';

type RatioRow = (name: string, ours: string, baseline: string, ratio: number, target: string) => void;

export async function benchBigPng(
  serviceUrl: string,
  ratioRow: RatioRow,
  verdict: (name: string, value: string, ok: boolean) => void,
): Promise<void> {
  const options = { pieces: 10 };
  const map = buildMap(goldCity, '42', options);
  const scene = goldCity.scene(map, DEFAULT_STYLE);
  const inches = (scene.width / MM_PER_INCH) * (scene.height / MM_PER_INCH);
  const dpi = Math.floor(Math.sqrt(DEFAULT_RENDER_LIMITS.maxPixels / inches));
  const size = rasterSize(scene, { dpi });
  const file = join(tmpdir(), `goldmaps-bench-big-${process.pid}.svg`);
  writeFileSync(file, sceneToSvg(scene, { pixels: size }));
  const raw = await startBare('sharp', 18084, file, '/');
  try {
    const targets = [
      `${serviceUrl}/api/v1/games/gold-city/maps/42.png?options=${encodeURIComponent(JSON.stringify(options))}&dpi=${dpi}`,
      'http://127.0.0.1:18084/',
    ];
    const rounds = Number(process.env.BENCH_BIG_PNG_ROUNDS ?? 4);
    const times: number[][] = [[], []];
    const bytes = [0, 0];
    for (let i = 0; i <= rounds; i++) {
      for (let j = 0; j < 2; j++) {
        const which = (i + j) % 2;
        const t0 = performance.now();
        const res = await fetch(targets[which]!);
        if (!res.ok) throw new Error(`${targets[which]} answered ${res.status}`);
        bytes[which] = (await res.arrayBuffer()).byteLength;
        // The first round warms both up (the render child starts, librsvg loads its fonts).
        if (i > 0) times[which]!.push(performance.now() - t0);
      }
    }
    const [route, baseline] = times.map(median) as [number, number];
    const mp = ((size.width * size.height) / 1e6).toFixed(1);
    ratioRow(
      `PNG ${size.width}×${size.height} (${mp} MP, ${dpi} dpi), one at a time: route vs raw sharp(svg).png(); bytes ${bytes[0]} vs ${bytes[1]}`,
      `${Math.round(route)} ms`,
      `${Math.round(baseline)} ms`,
      route / baseline,
      '≤ 1.1×',
    );
    verdict(`${mp} MP PNG route ≤ 1.1× raw sharp(svg).png()`, `${(route / baseline).toFixed(2)}×`, route / baseline <= 1.1);
  } finally {
    await stopService(raw);
  }
  await benchCachedPng(ratioRow, verdict);
}

/**
 * The page's largest PNG (Gold City seed 42 at 208 dpi, 4834×8238 px) asked for twice, under
 * `npm start` with a render cache of its own: the first drawn, the second read from disk. Each
 * round empties the cache first, so every first request is a fresh render and the pairs
 * alternate through the run; the second must not draw (the service's own count says so).
 */
async function benchCachedPng(ratioRow: RatioRow, verdict: (name: string, value: string, ok: boolean) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'goldmaps-bench-renders-'));
  const port = 18085;
  const service = await startService(port, { GOLDMAPS_RENDER_CACHE_DIR: dir });
  const base = `http://127.0.0.1:${port}`;
  const metrics = async () =>
    (await (await fetch(`${base}/metrics`)).json()) as { renders: { drawn: number }; renderCache: { stored: number } };
  try {
    const url = `${base}/api/v1/games/gold-city/maps/42.png?dpi=208`;
    const rounds = Number(process.env.BENCH_BIG_PNG_ROUNDS ?? 4);
    const firsts: number[] = [];
    const seconds: number[] = [];
    let bytes = 0;
    for (let i = 0; i < rounds; i++) {
      for (const f of readdirSync(dir)) rmSync(join(dir, f), { force: true });
      const before = await metrics();
      const times: number[] = [];
      for (let j = 0; j < 2; j++) {
        const t0 = performance.now();
        const res = await fetch(url);
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        bytes = (await res.arrayBuffer()).byteLength;
        times.push(performance.now() - t0);
        // The file is written after the answer has gone: the second request waits for it.
        while (j === 0 && (await metrics()).renderCache.stored === before.renderCache.stored) await new Promise((r) => setTimeout(r, 20));
      }
      const after = await metrics();
      if (after.renders.drawn !== before.renders.drawn + 1) throw new Error('the second request was drawn, not read from the cache');
      firsts.push(times[0]!);
      seconds.push(times[1]!);
    }
    const [first, second] = [median(firsts), median(seconds)];
    ratioRow(
      `PNG 4834×8238 (208 dpi, ${bytes} bytes), the same URL twice: second (render cache) vs first (drawn), ${rounds} pairs`,
      `${Math.round(second)} ms`,
      `${Math.round(first)} ms`,
      second / first,
      '< 1.5 s',
    );
    verdict('208 dpi PNG from the render cache < 1.5 s', `${Math.round(second)} ms`, second < 1500);
  } finally {
    await stopService(service);
    rmSync(dir, { recursive: true, force: true });
  }
}
