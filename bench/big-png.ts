// The largest PNG the service draws (about 40 megapixels: the default limit), through the route
// under `npm start` against raw `sharp(svg).png()` of the very same SVG in a process of its own,
// one request at a time and alternating, so the machine's drift falls on both alike.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildMap } from '../src/core/maps.ts';
import { DEFAULT_STYLE } from '../src/core/scene.ts';
import { DEFAULT_RENDER_LIMITS } from '../src/formats/format.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import { MM_PER_INCH, rasterSize } from '../src/formats/raster-size.ts';
import { sceneToSvg } from '../src/formats/svg-document.ts';
import { startBare, stopService } from './http.ts';
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
}
