import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScoredMap } from '../../src/core/maps.ts';
import { reroll } from '../../src/seeds/reroll.ts';
import { DEFAULT_RENDER_LIMITS } from '../../src/formats/format.ts';
import { pdfFormat } from '../../src/formats/pdf.ts';
import { formatParams, renderRequest } from '../../src/formats/render.ts';
import { goldCity } from '../../src/games/gold-city/index.ts';
import { testServer } from '../support/server.ts';

// The service's own clocks (a reroll's deadline, a request's budget) would race the work on a
// loaded machine and turn an answer into a 422 or 503: these tests are about the answers, so the
// clocks are set past any wait, and vitest's timeout below is only a guard against a hang.
const NEVER = 3_600_000;
const HANG = 600_000;

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer({ rerollMillis: NEVER, requestMillis: NEVER, budgetMillis: NEVER });
}, HANG);
afterAll(async () => {
  await server.close();
}, HANG);

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('rerolls and PDF drawing in worker threads', { timeout: HANG }, () => {
  it('a reroll answers what the library answers, hit or miss', async () => {
    for (const request of [
      { seed: 'pool', options: {}, target: { band: 'hard' as const }, maxAttempts: 40 },
      { seed: 'pool-miss', options: { tier: 'easy', pieces: 3 }, target: { min: 99, max: 100 }, maxAttempts: 30 },
    ]) {
      const res = await post('/api/v1/games/gold-city/reroll', request);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(JSON.parse(JSON.stringify(reroll(goldCity, request))));
    }
  });

  it('a bad reroll request is still a 400 naming the field', async () => {
    const res = await post('/api/v1/games/gold-city/reroll', { seed: 'x'.repeat(127), target: { band: 'hard' }, maxAttempts: 100 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('seed');
  });

  it('a PDF has the bytes the library draws', async () => {
    for (const query of [
      { paper: 'a4', size: 'true' },
      { layout: 'kit', paper: 'letter' },
    ] as Array<Record<string, string>>) {
      const res = await fetch(`${server.url}/api/v1/games/gold-city/maps/42.pdf?${new URLSearchParams(query)}`);
      expect(res.status).toBe(200);
      const map = buildScoredMap(goldCity, '42', {});
      const own = await pdfFormat.render(
        renderRequest(pdfFormat, goldCity, map, formatParams(pdfFormat, { ...query }), DEFAULT_RENDER_LIMITS),
      );
      expect(Buffer.from(await res.arrayBuffer()).equals(own.body as Buffer)).toBe(true);
    }
  });

  // Told by the order things happen in, not by milliseconds: on a loaded machine every answer is
  // slower, but one the event loop is free to give still comes before the long work ends.
  it('other requests are answered while a long reroll and a poster PDF are worked on', async () => {
    const paths = ['/api/v1/games/gold-city/reroll', '/api/v1/games/gold-city/maps/pool-poster.pdf'];
    const reached = new Promise<void>((resolve) => {
      const seen = new Set<string>();
      const onRequest = (req: IncomingMessage) => {
        const path = paths.find((p) => req.url?.startsWith(p));
        if (path) seen.add(path);
        if (seen.size === paths.length) {
          server.server.off('request', onRequest);
          resolve();
        }
      };
      server.server.on('request', onRequest);
    });
    let settled = 0;
    const long = post(paths[0]!, { seed: 'slow-pool', options: { tier: 'easy', pieces: 3 }, target: { band: 'expert' }, maxAttempts: 600 })
      .then((r) => r.json())
      .finally(() => settled++);
    const poster = fetch(`${server.url}${paths[1]}?paper=a4&size=true&hexSize=40`)
      .then((r) => r.arrayBuffer())
      .finally(() => settled++);
    await reached;
    for (let i = 0; i < 5; i++) {
      expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
      expect(settled, `health check ${i + 1} waited for the long work`).toBe(0);
    }
    const [result] = (await Promise.all([long, poster])) as [{ attempts: number }, ArrayBuffer];
    expect(result.attempts).toBe(600);
  });
});

describe('the worker pool is replaced after its tasks', { timeout: HANG }, () => {
  it('answers what the library answers across replacements, and closes with every pool ended', async () => {
    const { WorkPool } = await import('../../src/workers/work-pool.ts');
    const pool = new WorkPool({ threads: 1, tasksPerPool: 2 });
    try {
      const requests = [0, 1, 2, 3, 4].map((i) => ({
        seed: `recycle-${i}`,
        options: {},
        target: { band: 'hard' as const },
        maxAttempts: 20,
      }));
      // Five tasks at once: the first pool takes two and ends after them while later pools draw the rest.
      const answers = await Promise.all(requests.map((r) => pool.reroll('gold-city', r, Number.POSITIVE_INFINITY)));
      expect(JSON.parse(JSON.stringify(answers))).toEqual(JSON.parse(JSON.stringify(requests.map((r) => reroll(goldCity, r)))));
    } finally {
      await pool.close();
    }
  });
});
