import { connect, type Socket } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/api/app.ts';
import { startServer, type Running } from '../../src/api/server.ts';
import type { Db } from '../../src/store/db.ts';
import { PlayStore } from '../../src/store/store.ts';
import { freshPlace, type StorePlace } from '../support/stores.ts';

/** A client that opens a connection, then drips `text` a byte every `gapMs` and never says it is done. */
function drip(port: number, text: string, gapMs: number): Promise<{ answer: string; heldMs: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket: Socket = connect(port, '127.0.0.1');
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < text.length && socket.writable) socket.write(text[i++]!);
    }, gapMs);
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, heldMs: performance.now() - started });
    });
  });
}

const metrics = async (url: string) =>
  (await (await fetch(`${url}/metrics`)).json()) as {
    clients: { slow: number };
    requests: { overBudget: number };
    memory: { rss: number };
  };

describe('slow and stuck clients cannot hold the service', () => {
  let server: Running;
  let url: string;

  beforeAll(async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      logger: pino({ level: 'silent' }),
      limits: { ...DEFAULT_LIMITS, headersMillis: 400, requestMillis: 800, budgetMillis: 300 },
    });
    url = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('cuts off a slowloris (headers a byte at a time, never finished) with 408 and counts it, while others are served', async () => {
    const headers = `GET /api/v1/games HTTP/1.1\r\nHost: x\r\n${'X-Slow: a\r\n'.repeat(50)}`;
    // Three drip their headers; the fourth opens a connection and says nothing at all.
    const slow = [...Array.from({ length: 3 }, () => drip(server.port, headers, 50)), drip(server.port, '', 50)];
    // Served while the slow clients hang on.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const cut = await Promise.all(slow);
    for (const c of cut) {
      expect(c.answer).toMatch(/^HTTP\/1\.1 408 /);
      // The timeout, plus at most the connections check interval (100 ms here) and a loaded machine's lag.
      expect(c.heldMs).toBeLessThan(5000);
    }
    expect((await metrics(url)).clients.slow).toBeGreaterThanOrEqual(4);
    expect((await metrics(url)).memory.rss).toBeGreaterThan(0);
  });

  it('cuts off a client that sends its headers and then drips the body', async () => {
    const before = (await metrics(url)).clients.slow;
    const c = await drip(
      server.port,
      `POST /api/v1/games/gold-city/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n${'{'.repeat(200)}`,
      30,
    );
    expect(c.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(c.heldMs).toBeLessThan(5000);
    expect((await metrics(url)).clients.slow).toBe(before + 1);
  });

  it('answers a handler that overruns its time budget 503 problem+json with Retry-After, and goes on serving', async () => {
    // A fresh seed's 3,000-pixel-wide PNG takes well over 300 ms to draw in the render child.
    const res = await fetch(`${url}/api/v1/games/gold-city/maps/budget-${Date.now()}.png?width=3000`);
    expect(res.status, await res.clone().text()).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as { title: string }).title).toBe('The request took too long');
    expect((await metrics(url)).requests.overBudget).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${url}/api/v1/games/gold-city/maps/42`)).status).toBe(200);
  });
});

describe('/healthz and /readyz', () => {
  let place: StorePlace;
  let store: PlayStore;
  let server: Running;
  let url: string;
  /** The real store's queries, held forever while `stuck` is set: a database that stopped answering. */
  let stuck = false;

  beforeAll(async () => {
    place = await freshPlace('pglite');
    const real = await place.open();
    const db: Db = {
      backend: real.db.backend,
      query: (sql, params) => (stuck ? new Promise(() => {}) : real.db.query(sql, params)),
      exclusive: (lock, work) => real.db.exclusive(lock, work),
      close: () => real.close(),
    };
    store = await PlayStore.open(db);
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      logger: pino({ level: 'silent' }),
      store,
      limits: { ...DEFAULT_LIMITS, readyMillis: 300, budgetMillis: 1500 },
    });
    url = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await place?.drop();
  });

  it('says ready while the store answers, 503 saying so once it does not (healthz unaffected), and ready again after', async () => {
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ status: 'ok', store: 'pglite' });
    stuck = true;
    const started = performance.now();
    const res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const problem = (await res.json()) as { title: string; detail: string };
    expect(problem.title).toBe('The play-report store is unreachable');
    expect(problem.detail).toMatch(/^The pglite store did not answer within 300 ms/);
    expect(performance.now() - started).toBeLessThan(1400);
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
    // A summary waiting on the stuck store is cut by the time budget, not left hanging.
    const summary = await fetch(`${url}/api/v1/games/gold-city/maps/42/plays`);
    expect(summary.status).toBe(503);
    expect(((await summary.json()) as { title: string }).title).toBe('The request took too long');
    stuck = false;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it('says 503 with the reason in words when the store has gone away', async () => {
    const gone = await freshPlace('pglite');
    const closed = await gone.open();
    const s = await startServer({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), store: closed });
    try {
      await closed.close();
      const res = await fetch(`http://127.0.0.1:${s.port}/readyz`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/^The pglite store answered with an error/);
    } finally {
      await s.close();
      await gone.drop();
    }
  });
});
