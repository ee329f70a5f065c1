import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from '../../src/api/server.ts';
import { DEFAULT_LIMITS } from '../../src/api/app.ts';
import { openPostgres } from '../../src/store/db.ts';
import { PlayStore } from '../../src/store/store.ts';

const run = promisify(execFile);
const script = new URL('../../scripts/pg-cluster.sh', import.meta.url).pathname;

/**
 * A PostgreSQL cluster of this file's own, so it can be stopped and started under load. Like the
 * other store tests it is skipped with a message where PostgreSQL is not installed, and fails
 * where POSTGRES_REQUIRED is set (CI installs it).
 */
const installed =
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
if (!installed && process.env.POSTGRES_REQUIRED)
  throw new Error('POSTGRES_REQUIRED is set but no PostgreSQL is installed under /usr/lib/postgresql: the restart test cannot run');
if (!installed) console.warn('pg-restart test: no PostgreSQL under /usr/lib/postgresql, skipped (CI installs it)');

const cluster = (cmd: 'start' | 'stop', dir: string) => run('bash', [script, cmd, dir]).then((r) => r.stdout.trim());

const report = (reportId: string) => ({
  reportId,
  players: 4,
  rounds: 25,
  winners: [1],
  seats: [{ seat: 1, handle: 'Dee', finishedRound: 25 }],
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(installed)('a PostgreSQL restart under load', () => {
  let dir: string;
  let store: PlayStore;
  let server: Running;
  let url: string;
  let key: string;

  beforeAll(async () => {
    dir = mkdtempSync('/tmp/goldmaps-pg-restart-');
    const dbUrl = await cluster('start', dir);
    store = await PlayStore.open(await openPostgres(dbUrl));
    // Limits high enough that this test meets only the database's absence, never a write limit.
    key = await store.createKey('club', { writesPerMinute: 100_000 });
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      logger: pino({ level: 'silent' }),
      store,
      limits: { ...DEFAULT_LIMITS, writesPerMinutePerAddress: 100_000 },
    });
    url = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
    await store?.close().catch(() => {});
    if (dir) await cluster('stop', dir).catch(() => {});
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers writes 503 with Retry-After while the database is away, recovers by itself, loses no acknowledged report, and map reads never notice', async () => {
    const writes: Array<{ id: string; status: number; retryAfter: string | null; type: string | null; title?: string; phase: string }> = [];
    const reads: number[] = [];
    let phase = 'up';
    let stop = false;
    const post = (id: string) =>
      fetch(`${url}/api/v1/games/gold-city/maps/restart/plays`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify(report(id)),
      });
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const id = `w${w}-${i}`;
        const at = phase;
        const res = await post(id);
        const body = (await res.json()) as { title?: string };
        writes.push({
          id,
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          type: res.headers.get('content-type'),
          title: body.title,
          phase: at,
        });
        if (res.status !== 201) await sleep(20);
      }
    };
    const reader = async () => {
      for (let i = 0; !stop; i++) {
        const res = await fetch(`${url}/api/v1/games/gold-city/maps/${i % 4 === 0 ? 7 : `restart-read-${i % 3}`}.json`);
        await res.arrayBuffer();
        reads.push(res.status);
      }
    };
    const load = [...Array.from({ length: 6 }, (_, w) => writer(w)), reader()];
    const count = (f: (w: (typeof writes)[number]) => boolean) => writes.filter(f).length;
    const until = async (what: string, done: () => boolean, ms = 20_000) => {
      for (const t0 = Date.now(); !done(); await sleep(10)) if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    };
    try {
      await until('30 writes acknowledged', () => count((w) => w.status === 201) >= 30);
      phase = 'stopping';
      await cluster('stop', dir);
      phase = 'down';
      const downFrom = writes.length;
      await until('20 writes refused while the database is away', () => writes.length - downFrom >= 20);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(((await ready.json()) as { title: string }).title).toMatch(/unreachable/);
      const readsWhileDown = reads.length;
      await until('map reads while the database is away', () => reads.length >= readsWhileDown + 3);
      phase = 'starting';
      await cluster('start', dir);
      phase = 'back';
      const backFrom = Date.now();
      await until('a write acknowledged again', () => count((w) => w.phase === 'back' && w.status === 201) >= 1);
      const firstBack = Date.now() - backFrom;
      await until('writes acknowledged again', () => count((w) => w.phase === 'back' && w.status === 201) >= 20);
      console.log(
        `pg-restart: ${count((w) => w.status === 201)} acknowledged, ${count((w) => w.status === 503)} answered 503, the first write acknowledged ${firstBack} ms after the database was back, ${reads.length} map reads`,
      );
    } finally {
      stop = true;
      await Promise.all(load);
    }
    // While the database was away every write was a 503 problem saying so, with Retry-After.
    const down = writes.filter((w) => w.phase === 'down');
    expect(down.length).toBeGreaterThan(0);
    for (const w of down)
      expect({ status: w.status, retryAfter: w.retryAfter, type: w.type, title: w.title }).toEqual({
        status: 503,
        retryAfter: '5',
        type: expect.stringMatching(/^application\/problem\+json/),
        title: 'The play-report store is unreachable',
      });
    // Nothing but 201 and 503, ever: no 500, no hang.
    expect(new Set(writes.map((w) => w.status))).toEqual(new Set([201, 503]));
    expect(reads.every((s) => s === 200)).toBe(true);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    // Every acknowledged report is stored; a refused one retried with its reportId is stored once.
    const stored = new Set(
      (await store.db.query<{ report_id: string }>(`SELECT report_id FROM plays WHERE seed = 'restart'`)).map((r) => r.report_id),
    );
    expect(writes.filter((w) => w.status === 201 && !stored.has(w.id)).map((w) => w.id)).toEqual([]);
    for (const w of writes.filter((x) => x.status === 503).slice(0, 10)) expect([200, 201]).toContain((await post(w.id)).status);
  });
});
