import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuTicks } from '../../bench/http.ts';
import { RasterPool } from '../../src/workers/raster-pool.ts';
import { DEFAULT_LIMITS } from '../../src/api/app.ts';
import { startServer } from '../../src/api/server.ts';
import { buildScoredMap } from '../../src/core/maps.ts';
import { DEFAULT_RENDER_LIMITS } from '../../src/formats/format.ts';
import { pngFormat } from '../../src/formats/png.ts';
import { formatParams, renderRequest } from '../../src/formats/render.ts';
import { GAMES } from '../../src/games/index.ts';
import { svgToPng } from '../../src/formats/png-raster.js';
import type { testServer } from '../support/server.ts';

/** The render children under `parent`: processes whose parent it is, running raster-child.js. */
function rasterChildren(parent = process.pid): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parent) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('raster-child.js')) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Kills (SIGKILL) each child seen drawing while `until` is pending, up to `times`: a child the
 * log says is ready (so its start-up is over) that has since used CPU. How many it killed.
 */
async function killDrawing(lines: string[], until: Promise<unknown>, times: number): Promise<number> {
  let done = false;
  void until.finally(() => (done = true));
  const since = new Map<number, number>();
  const killed = new Set<number>();
  while (!done && killed.size < times) {
    const ready = lines.filter((l) => l.includes('render child ready')).map((l) => (JSON.parse(l) as { pid: number }).pid);
    for (const pid of ready.filter((p) => !killed.has(p))) {
      const ticks = cpuTicks(pid);
      if (!since.has(pid)) since.set(pid, ticks);
      else if (ticks - since.get(pid)! >= 3) {
        process.kill(pid, 'SIGKILL');
        killed.add(pid);
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return killed.size;
}

async function libraryPng(game: string, seed: string, query: Record<string, string>): Promise<Buffer> {
  const g = GAMES.find((x) => x.id === game)!;
  const request = renderRequest(pngFormat, g, buildScoredMap(g, seed, {}), formatParams(pngFormat, { ...query }), DEFAULT_RENDER_LIMITS);
  // No rasterise: the library draws in this process, as the CLI does.
  return (await pngFormat.render(request)).body as Buffer;
}

describe('the render pool on its own', () => {
  it('kills a child that stops answering (SIGSTOP) and draws its render again in a new one', async () => {
    const pool = new RasterPool({ concurrency: 1, renderMillis: 800 });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><circle cx="30" cy="20" r="12" fill="#275"/></svg>';
    try {
      await pool.render(svg, 96);
      const [hung] = pool.pids as [number];
      process.kill(hung, 'SIGSTOP');
      const started = performance.now();
      const png = await pool.render(svg, 96);
      expect(performance.now() - started).toBeGreaterThanOrEqual(790);
      expect(png.equals(await svgToPng(svg, 96))).toBe(true);
      expect(alive(hung)).toBe(false);
      expect(pool.pids).not.toContain(hung);
    } finally {
      await pool.close();
    }
  });

  it('draws the library’s bytes, replaces a child after its renders, and leaves no process after close', async () => {
    const pool = new RasterPool({ concurrency: 1, rendersPerChild: 2 });
    const svg = (i: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect x="${i}" y="4" width="30" height="20" fill="#a52"/></svg>`;
    const pids = new Set<number>();
    for (let i = 0; i < 5; i++) {
      const png = await pool.render(svg(i), 96);
      expect(png.equals(await svgToPng(svg(i), 96))).toBe(true);
      pool.pids.forEach((p) => pids.add(p));
    }
    // Renders 1–2, 3–4 and 5: three children in turn.
    expect(pids.size).toBe(3);
    await pool.close();
    expect([...pids].filter(alive)).toEqual([]);
  });

  it('never holds two children at once: a successor starts when the child it replaces has exited', async () => {
    // Two at once were the soak's RSS peaks (a retiring child's 150 MB beside its successor).
    const pool = new RasterPool({ concurrency: 2, rendersPerChild: 2 });
    const svg = (i: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect x="${i}" y="4" width="300" height="200" fill="#a52"/></svg>`;
    let most = 0;
    const pids = new Set<number>();
    const watch = setInterval(() => {
      most = Math.max(most, pool.pids.length);
      pool.pids.forEach((p) => pids.add(p));
    }, 1);
    try {
      const pngs = await Promise.all(Array.from({ length: 6 }, (_, i) => pool.render(svg(i), 96)));
      for (const [i, png] of pngs.entries()) expect(png.equals(await svgToPng(svg(i), 96))).toBe(true);
    } finally {
      clearInterval(watch);
      await pool.close();
    }
    expect(pids.size).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it('a child whose render fails answers the error and keeps drawing', async () => {
    const pool = new RasterPool({ concurrency: 1 });
    try {
      await expect(pool.render('not an svg', 96)).rejects.toThrow();
      const ok = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>';
      expect((await pool.render(ok, 96)).equals(await svgToPng(ok, 96))).toBe(true);
    } finally {
      await pool.close();
    }
  });
});

describe('PNGs drawn in render children', () => {
  const lines: string[] = [];
  let server: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const running = await startServer({
      port: 0,
      host: '127.0.0.1',
      logger: pino({ level: 'debug' }, sink),
      limits: DEFAULT_LIMITS,
      graceMillis: 20_000,
    });
    server = { ...running, url: `http://127.0.0.1:${running.port}` };
  });
  afterAll(async () => {
    await server?.close();
  });

  const png = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  };

  it('start with the first PNG, and answer the bytes the library draws in-process', async () => {
    expect(rasterChildren()).toEqual([]);
    for (const [game, seed, query] of [
      ['gold-city', '42', { width: '1024' }],
      ['lost-valley', 'kids', { dpi: '40', theme: 'print' }],
    ] as Array<[string, string, Record<string, string>]>) {
      const res = await png(`/api/v1/games/${game}/maps/${seed}.png?${new URLSearchParams(query)}`);
      expect(res.status).toBe(200);
      expect(res.body.equals(await libraryPng(game, seed, query))).toBe(true);
    }
    expect(rasterChildren().length).toBeGreaterThan(0);
  });

  it('a child killed mid-render: the render is drawn again in a new child', async () => {
    await png('/api/v1/games/gold-city/maps/warm.png?width=200');
    const answer = png('/api/v1/games/gold-city/maps/killed-once.png?width=2400');
    expect(await killDrawing(lines, answer, 1)).toBe(1);
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.body.equals(await libraryPng('gold-city', 'killed-once', { width: '2400' }))).toBe(true);
    expect(lines.some((l) => l.includes('drawing it again in a new child'))).toBe(true);
  });

  it('a render whose child dies twice answers a clear 500, and the next is drawn', async () => {
    const answer = png('/api/v1/games/gold-city/maps/killed-twice.png?width=2400');
    expect(await killDrawing(lines, answer, 2)).toBe(2);
    const res = await answer;
    expect(res.status).toBe(500);
    expect(res.type).toMatch(/^application\/problem\+json/);
    const problem = JSON.parse(res.body.toString('utf8')) as { title: string; detail: string };
    expect(problem.title).toBe('The PNG could not be drawn');
    expect(problem.detail).toMatch(/stopped twice while drawing this PNG \(SIGKILL\)/);
    expect((await png('/api/v1/games/gold-city/maps/after.png?width=300')).status).toBe(200);
  });

  it('are gone once the server has closed', async () => {
    await png('/api/v1/games/gold-city/maps/last.png?width=300');
    const pids = rasterChildren();
    expect(pids.length).toBeGreaterThan(0);
    await server.close();
    expect(pids.filter(alive)).toEqual([]);
    expect(rasterChildren()).toEqual([]);
  });
});

it('`goldmaps serve` ends its render children on SIGTERM', async () => {
  // A data directory of its own: the repository's ./data may be held by a server someone runs.
  const data = mkdtempSync(join(tmpdir(), 'goldmaps-sigterm-'));
  const serve = spawn(
    process.execPath,
    [new URL('../../bin/goldmaps.js', import.meta.url).pathname, 'serve', '--port', '0', '--host', '127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GOLDMAPS_DATA: data } },
  );
  try {
    let out = '';
    serve.stdout.on('data', (d) => (out += d));
    while (!/"port":(\d+)/.test(out)) {
      if (serve.exitCode !== null) throw new Error(`serve exited: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const port = /"port":(\d+)/.exec(out)![1];
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/games/gold-city/maps/sigterm.png?width=300`)).status).toBe(200);
    const pids = rasterChildren(serve.pid);
    expect(pids.length).toBeGreaterThan(0);
    serve.kill('SIGTERM');
    const [code] = await once(serve, 'exit');
    expect(code).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
  } finally {
    if (serve.exitCode === null) serve.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  }
});
