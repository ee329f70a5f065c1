import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from '../../src/api/server.ts';
import { openPglite } from '../../src/store/db.ts';
import { openStore } from '../../src/store/open.ts';
import type { PlayStore } from '../../src/store/store.ts';

const report = (reportId: string) => ({
  reportId,
  players: 4,
  rounds: 25,
  winners: [1],
  seats: [{ seat: 1, handle: 'Dee', finishedRound: 25 }],
});

/** Writes zeros into `file` until the file system refuses: the disk is full. */
function fill(file: string): void {
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(256 * 1024);
  try {
    for (;;) writeSync(fd, block);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
}

/**
 * The embedded store on a 96 MB tmpfs (a fresh PGlite directory takes about 40 MB, and the store
 * keeps 32 MB free for its log): mounting needs root, which the test machines and CI run as.
 */
describe('the embedded store on a full disk', () => {
  let dir: string;
  let store: PlayStore;
  let server: Running;
  let url: string;
  let key: string;
  const env = () => ({ GOLDMAPS_DATA: join(dir, 'data') });
  const post = (id: string) =>
    fetch(`${url}/api/v1/games/gold-city/maps/full/plays`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(report(id)),
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'goldmaps-full-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', dir], { stdio: 'pipe' });
    } catch (e) {
      throw new Error(`cannot mount a tmpfs for the full-disk test (it needs root): ${String((e as { stderr?: Buffer }).stderr ?? e)}`);
    }
    store = await openStore('test', env());
    key = await store.createKey('club');
    server = await startServer({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), store });
    url = `http://127.0.0.1:${server.port}`;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await store?.close().catch(() => {});
    if (dir) {
      // Lazily: the PANICked instance below keeps its files open and cannot be closed.
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers writes 507 naming the cause while the disk is full, keeps what it acknowledged, and writes again once space returns', async () => {
    const acked: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(`before-${i}`);
      expect(res.status).toBe(201);
      acked.push(`before-${i}`);
    }
    const filler = join(dir, 'filler');
    fill(filler);
    // Refused by the store's reserve before PostgreSQL itself meets the full disk (a write that
    // raced the filler may still be stored, and then it was acknowledged).
    let refused: Response | undefined;
    for (let i = 0; i < 400 && !refused; i++) {
      const res = await post(`full-${i}`);
      if (res.status === 201) acked.push(`full-${i}`);
      else refused = res;
    }
    expect(refused?.status).toBe(507);
    expect(refused!.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused!.headers.get('retry-after')).toBe('60');
    expect(await refused!.json()).toMatchObject({
      status: 507,
      title: 'The play-report store is out of disk space',
      detail: expect.stringMatching(/disk under the store is full/),
    });
    for (let i = 0; i < 5; i++) expect((await post(`still-full-${i}`)).status).toBe(507);
    // Reads go on: the summary and the maps.
    const summary = await fetch(`${url}/api/v1/games/gold-city/maps/full/plays`);
    expect(summary.status).toBe(200);
    expect(((await summary.json()) as { reports: number }).reports).toBe(acked.length);
    expect((await fetch(`${url}/api/v1/games/gold-city/maps/7.json`)).status).toBe(200);

    rmSync(filler);
    const after = await post('after');
    expect(after.status).toBe(201);
    acked.push('after');
    // A refused report retried once there is room is stored once.
    expect((await post('still-full-0')).status).toBe(201);
    acked.push('still-full-0');

    // Not corrupted: a store opened afresh on the directory holds exactly what was acknowledged.
    await server.close();
    await store.close();
    store = await openStore('test', env());
    server = await startServer({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), store });
    url = `http://127.0.0.1:${server.port}`;
    const ids = (await store.db.query<{ report_id: string }>(`SELECT report_id FROM plays ORDER BY seq`)).map((r) => r.report_id);
    expect(ids).toEqual(acked);
    expect((await post('reopened')).status).toBe(201);
  });

  it('without the reserve, a WAL that cannot grow is a PANIC: every later query then fails at once instead of hanging', async () => {
    // Why the reserve exists. Space for a second store: the first one's files stay.
    await server.close();
    await store.close();
    server = undefined as unknown as Running;
    store = undefined as unknown as PlayStore;
    const db = await openPglite(join(dir, 'bare'), { reserveBytes: 0 });
    await db.query('CREATE TABLE t (id integer PRIMARY KEY)');
    await db.query('INSERT INTO t VALUES (1), (2)');
    const filler = join(dir, 'filler');
    fill(filler);
    // A new WAL segment is needed now, and there is no room for one.
    await db.query('SELECT pg_switch_wal()');
    await expect(db.query('DELETE FROM t WHERE id = 1')).rejects.toMatchObject({ code: '53100', severity: 'PANIC' });
    const t0 = Date.now();
    await expect(db.query('SELECT 1')).rejects.toMatchObject({ code: '57P02' });
    expect(Date.now() - t0).toBeLessThan(1000);
    rmSync(filler);
  }, 120_000);
});
