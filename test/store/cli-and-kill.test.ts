import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldmaps, serve, writeUntilKilled } from '../support/cli-process.ts';
import { BACKENDS, freshPlace, type StorePlace } from '../support/stores.ts';

const report = (reportId: string) => ({
  reportId,
  players: 4,
  rounds: 25,
  winners: [1],
  seats: [{ seat: 1, handle: 'Dee', finishedRound: 25 }],
});

describe.each(BACKENDS)('the CLI and a killed server on %s', (backend) => {
  let place: StorePlace;
  let key: string;
  // A game client's key: the kill test writes faster than a club's 60 a minute.
  let clientKey: string;

  beforeAll(async () => {
    const fresh = await freshPlace(backend);
    // The server keeps its operator files in GOLDMAPS_DATA on either backend: one of this file's own.
    place = { ...fresh, env: { GOLDMAPS_DATA: mkdtempSync(join(tmpdir(), 'goldmaps-cli-')), ...fresh.env } };
  });
  afterAll(async () => {
    await place?.drop();
  });

  it('prints a new key alone on the last line, lists it by name and never shows it again', async () => {
    const made = await goldmaps(place.env, ['keys', 'create', '--name', 'Club Nord']);
    expect(made.code, made.stderr).toBe(0);
    key = made.stdout.trimEnd().split('\n').at(-1)!;
    expect(key).toMatch(/^gmk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const listed = await goldmaps(place.env, ['keys', 'list']);
    expect(listed.stdout).toMatch(/^Club Nord\t[0-9a-f]{16}\t\S+\tlive\t60\/min$/m);
    expect(listed.stdout).not.toContain(/^gmk_[0-9a-f]{16}_(.+)$/.exec(key)![1]!);
  });

  it('makes a key with its own writes a minute, and refuses a rate it cannot take', async () => {
    const made = await goldmaps(place.env, ['keys', 'create', '--name', 'Game Client', '--writes-per-minute', '900']);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toContain('(900 writes a minute)');
    clientKey = made.stdout.trimEnd().split('\n').at(-1)!;
    expect((await goldmaps(place.env, ['keys', 'list'])).stdout).toMatch(/^Game Client\t[0-9a-f]{16}\t\S+\tlive\t900\/min$/m);
    const bad = await goldmaps(place.env, ['keys', 'create', '--name', 'Other', '--writes-per-minute', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('goldmaps: --writes-per-minute: must be a whole number from 1 to 100000\n');
  });

  it('adds, lists, exports and imports reports, and says which field is wrong', async () => {
    const add = await goldmaps(
      place.env,
      ['plays', 'add', 'gold-city', '--seed', 'cli-1', '--name', 'Club Nord'],
      JSON.stringify(report('c1')),
    );
    expect(add.code, add.stderr).toBe(0);
    const bad = await goldmaps(
      place.env,
      ['plays', 'add', 'gold-city', '--seed', 'cli-1'],
      JSON.stringify({ ...report('c2'), players: 9 }),
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^goldmaps: players: /m);
    // Today is the CLI's clock as it is the server's: a game played next year is refused here too.
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    const future = await goldmaps(
      place.env,
      ['plays', 'add', 'gold-city', '--seed', 'cli-1'],
      JSON.stringify({ ...report('c3'), playedOn: nextYear }),
    );
    expect(future.code).toBe(2);
    expect(future.stderr).toMatch(/^goldmaps: playedOn: must be \d{4}-\d{2}-\d{2} or earlier/m);
    const list = JSON.parse((await goldmaps(place.env, ['plays', 'list', 'gold-city', '--seed', 'cli-1'])).stdout) as { reports: number };
    expect(list.reports).toBe(1);
    // The deliberate step: the fitted mapping as a fixture with a new version each time it is written.
    const fixture = join(mkdtempSync(join(tmpdir(), 'goldmaps-cal-')), 'gold-city.plays.json');
    for (const version of ['gold-city-plays-1', 'gold-city-plays-2']) {
      const cal = await goldmaps(place.env, ['calibrate', 'gold-city', '--from-plays', '--out', fixture]);
      expect(cal.code, cal.stderr).toBe(0);
      expect(JSON.parse(readFileSync(fixture, 'utf8'))).toMatchObject({
        version,
        tables: { '4': { b: expect.any(Number), maps: 1, reports: 1 } },
      });
    }
    const exported = await goldmaps(place.env, ['plays', 'export']);
    const lines = exported.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      game: 'gold-city',
      seed: 'cli-1',
      reportId: 'c1',
      writer: 'Club Nord',
      report: report('c1'),
    });
    const csv = (await goldmaps(place.env, ['plays', 'export', '--format', 'csv'])).stdout.split('\n');
    expect(csv[0]).toBe('game,seed,options,digest,reportId,receivedAt,writer,players,rounds,winners,perceived,playedOn,seats');
    expect(csv[1]).toMatch(/^gold-city,cli-1,/);
    // Into a store of its own: the same reports come back, and importing twice stores nothing new.
    const other = await freshPlace(backend);
    try {
      const first = await goldmaps(other.env, ['plays', 'import'], exported.stdout);
      expect(first.stderr).toMatch(/imported 1 new, 0 already stored/);
      const twice = await goldmaps(other.env, ['plays', 'import'], exported.stdout);
      expect(twice.stderr).toMatch(/imported 0 new, 1 already stored/);
      const back = await goldmaps(other.env, ['plays', 'export']);
      expect(JSON.parse(back.stdout)).toEqual({ ...JSON.parse(lines[0]!), writer: undefined });
    } finally {
      await other.drop();
    }
    // Ten CLI runs, each opening the store: on a loaded machine over the default 60 s, and a
    // timed-out test would leave its CLI holding the directory the next test's server needs.
  }, 180_000);

  it('loses no acknowledged report when the server is killed with SIGKILL in the middle of concurrent writes', async () => {
    const { child, url } = await serve(place.env);
    // 12 writers post new reports back to back; the kill lands while a dozen are in flight.
    const { sent, acked, inFlight } = await writeUntilKilled({
      child,
      url,
      key: clientKey,
      writers: 12,
      enough: 60,
      withinMs: 60_000,
      prefix: 'kill',
      mapOf: () => 'kill',
      body: report,
    });
    expect(acked.length).toBeGreaterThanOrEqual(60);
    // Restarted on the same store: it recovers its files and takes writes again.
    const again = await serve(place.env);
    try {
      const after = await fetch(`${again.url}/api/v1/games/gold-city/maps/kill/plays`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${clientKey}` },
        body: JSON.stringify(report('after-restart')),
      });
      expect(after.status).toBe(201);
      // Keys are administered through the running server, on either backend.
      const keys = await goldmaps(place.env, ['keys', 'list']);
      expect(keys.stdout).toMatch(/^Game Client\t/m);
      expect(keys.stderr).toMatch(/^goldmaps: done through the running server \(pid \d+\)$/m);
      if (backend === 'pglite') {
        // While a server holds the directory, any other CLI command on the store refuses in one line.
        const busy = await goldmaps(place.env, ['plays', 'export']);
        expect(busy.code).toBe(2);
        expect(busy.stderr.trim().split('\n')).toEqual([
          expect.stringMatching(/^goldmaps: store: the data directory .* is in use by a goldmaps server \(pid \d+\)/),
        ]);
      }
    } finally {
      again.child.kill('SIGTERM');
      await new Promise((r) => again.child.once('exit', r));
    }
    const store = await place.open();
    const stored = new Set(
      (await store.db.query<{ report_id: string }>(`SELECT report_id FROM plays WHERE seed = 'kill'`)).map((r) => r.report_id),
    );
    await store.close();
    const lost = acked.filter((id) => !stored.has(id));
    // Every acknowledged report is there; what was in flight may or may not be, nothing else is.
    expect({ acked: acked.length, lost }).toEqual({ acked: acked.length, lost: [] });
    expect(inFlight).toBeGreaterThan(0);
    expect([...stored].filter((id) => id.startsWith('kill-') && !sent.includes(id))).toEqual([]);
    expect(stored.has('after-restart')).toBe(true);
    console.log(
      `kill on ${backend}: ${acked.length} acknowledged, ${inFlight} in flight at the kill, ${stored.size - 1 - acked.length} of those stored, 0 lost`,
    );
  }, 150_000);
});
