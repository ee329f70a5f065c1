import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScoredMap } from '../../src/core/maps.ts';
import { reroll } from '../../src/seeds/reroll.ts';
import { DEFAULT_RENDER_LIMITS } from '../../src/formats/format.ts';
import { pdfFormat } from '../../src/formats/pdf.ts';
import { formatParams, renderRequest } from '../../src/formats/render.ts';
import { goldCity } from '../../src/games/gold-city/index.ts';
import { testServer } from '../support/server.ts';

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server.close();
});

const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('rerolls and PDF drawing in worker threads', () => {
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
    for (const query of [{ paper: 'a4', size: 'true' }, { layout: 'kit', paper: 'letter' }] as Array<Record<string, string>>) {
      const res = await fetch(`${server.url}/api/v1/games/gold-city/maps/42.pdf?${new URLSearchParams(query)}`);
      expect(res.status).toBe(200);
      const map = buildScoredMap(goldCity, '42', {});
      const own = await pdfFormat.render(renderRequest(pdfFormat, goldCity, map, formatParams(pdfFormat, { ...query }), DEFAULT_RENDER_LIMITS));
      expect(Buffer.from(await res.arrayBuffer()).equals(own.body as Buffer)).toBe(true);
    }
  });

  it('other requests are answered at once while a long reroll and a poster PDF are worked on', async () => {
    const long = post('/api/v1/games/gold-city/reroll', { seed: 'slow-pool', options: { tier: 'easy', pieces: 3 }, target: { band: 'expert' }, maxAttempts: 600 }).then((r) => r.json());
    const poster = fetch(`${server.url}/api/v1/games/gold-city/maps/pool-poster.pdf?paper=a4&size=true&hexSize=40`).then((r) => r.arrayBuffer());
    await new Promise((r) => setTimeout(r, 50));
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await (await fetch(`${server.url}/healthz`)).json();
      waits.push(performance.now() - t0);
    }
    const [result] = (await Promise.all([long, poster])) as [{ attempts: number }, ArrayBuffer];
    expect(result.attempts).toBe(600);
    expect(Math.max(...waits)).toBeLessThan(250);
  });
});

describe('the worker pool is replaced after its tasks', () => {
  it('answers what the library answers across replacements, and closes with every pool ended', async () => {
    const { WorkPool } = await import('../../src/workers/work-pool.ts');
    const pool = new WorkPool({ threads: 1, tasksPerPool: 2 });
    try {
      const requests = [0, 1, 2, 3, 4].map((i) => ({ seed: `recycle-${i}`, options: {}, target: { band: 'hard' as const }, maxAttempts: 20 }));
      // Five tasks at once: the first pool takes two and ends after them while later pools draw the rest.
      const answers = await Promise.all(requests.map((r) => pool.reroll('gold-city', r, Date.now() + 60_000)));
      expect(JSON.parse(JSON.stringify(answers))).toEqual(JSON.parse(JSON.stringify(requests.map((r) => reroll(goldCity, r)))));
    } finally {
      await pool.close();
    }
  });
});
