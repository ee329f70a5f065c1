import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayReport } from '../../src/core/plays.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres } from '../../src/store/db.ts';
import { MIGRATIONS } from '../../src/store/migrations.ts';
import { PlayStore } from '../../src/store/store.ts';
import { BACKENDS, freshPlace, newPlay, type StorePlace } from '../support/stores.ts';

const report = (reportId: string, rounds = 20): PlayReport => ({ reportId, players: 4, rounds, winners: [1], seats: [{ seat: 1 }] });

describe.each(BACKENDS)('group commit, withdrawn reports and the key cache on %s', (backend) => {
  let place: StorePlace;
  let store: PlayStore;

  beforeAll(async () => {
    place = await freshPlace(backend);
    store = await place.open();
  });
  afterAll(async () => {
    await store?.close();
    await place?.drop();
  });

  it('writes reports that arrive together in one statement, and answers each for its own row', async () => {
    const outs = await Promise.all(
      Array.from({ length: 40 }, (_, i) => store.addPlay(newPlay(report(`b${i}`), { digest: 'sha256:batch' }))),
    );
    expect(outs.map((o) => o.outcome)).toEqual(new Array(40).fill('created'));
    expect(outs.map((o) => o.play.report.reportId)).toEqual(Array.from({ length: 40 }, (_, i) => `b${i}`));
    const rows = await store.db.query<{ seq: number; report_id: string; received_at: Date }>(
      `SELECT seq, report_id, received_at FROM plays WHERE digest = 'sha256:batch'`,
    );
    // Each answer is the row its own report made.
    const seqOf = new Map(rows.map((r) => [r.report_id, r.seq]));
    for (const o of outs) expect(o.play.seq).toBe(seqOf.get(o.play.report.reportId));
    // Rows of one statement share its transaction's now(): fewer instants than rows means batches.
    expect(new Set(rows.map((r) => new Date(r.received_at).getTime())).size).toBeLessThan(rows.length);
  });

  it('tells a retry from a conflict when both arrive in the same batch as the first', async () => {
    const [first, retry, other] = await Promise.all([
      store.addPlay(newPlay(report('dup'), { digest: 'sha256:dup' })),
      store.addPlay(newPlay(report('dup'), { digest: 'sha256:dup' })),
      store.addPlay(newPlay(report('dup', 33), { digest: 'sha256:dup' })),
    ]);
    expect([first!.outcome, retry!.outcome, other!.outcome]).toEqual(['created', 'same', 'conflict']);
    expect(retry!.play.seq).toBe(first!.play.seq);
  });

  it('fails only the bad row of a batch', async () => {
    const outs = await Promise.allSettled([
      store.addPlay(newPlay(report('ok1'), { digest: 'sha256:mixed' })),
      store.addPlay(newPlay(report('bad'), { digest: 'x'.repeat(81) })),
      store.addPlay(newPlay(report('ok2'), { digest: 'sha256:mixed' })),
    ]);
    expect(outs.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.playsOf('g', 'sha256:mixed')).map((p) => p.report.reportId)).toEqual(['ok1', 'ok2']);
  });

  it("withdraws a revoked key's reports from summaries and the model, keeps them, and restores them", async () => {
    const key = await store.createKey('Careless');
    const who = (await store.authenticate(key))!;
    await store.addPlay(newPlay(report('honest', 25), { digest: 'sha256:w' }));
    for (const id of ['c1', 'c2']) await store.addPlay(newPlay(report(id, 2), { digest: 'sha256:w', keyId: who.id, writer: who.name }));
    const before = await store.state('g');
    expect((await store.playsOf('g', 'sha256:w')).map((p) => [p.report.reportId, p.keyId ?? null])).toEqual([
      ['honest', null],
      ['c1', who.id],
      ['c2', who.id],
    ]);
    const done = await store.revokeKey({ id: who.id }, { withdrawReports: true });
    expect(done).toEqual({ id: who.id, name: 'Careless', wasLive: true, withdrawn: 2 });
    expect(await store.authenticate(key)).toBeUndefined();
    const withdrawn = await store.state('g');
    expect(withdrawn).not.toBe(before);
    expect((await store.playsOf('g', 'sha256:w')).map((p) => p.report.reportId)).toEqual(['honest']);
    expect((await store.table('g', 4)).filter((r) => r.digest === 'sha256:w').map((r) => r.measure)).toEqual([25]);
    // Still stored: export and backups see every report.
    const all: string[] = [];
    for await (const p of store.allPlays()) if (p.digest === 'sha256:w') all.push(p.report.reportId);
    expect(all).toEqual(['honest', 'c1', 'c2']);
    expect((await store.listKeys()).find((k) => k.id === who.id)).toMatchObject({
      revokedAt: expect.any(String),
      withdrawnAt: expect.any(String),
    });
    // A second revocation of the same key changes nothing it did already.
    expect(await store.revokeKey({ id: who.id }, { withdrawReports: true })).toMatchObject({ wasLive: false, withdrawn: 2 });
    expect(await store.state('g')).toBe(withdrawn);

    expect(await store.restoreReports(who.id)).toEqual({ name: 'Careless', restored: 2 });
    expect((await store.playsOf('g', 'sha256:w')).map((p) => p.report.reportId)).toEqual(['honest', 'c1', 'c2']);
    const restored = await store.state('g');
    expect([before, withdrawn]).not.toContain(restored);
    expect(await store.authenticate(key)).toBeUndefined();
    expect(await store.restoreReports(who.id)).toBe('not-withdrawn');
    expect(await store.restoreReports('0123456789abcdef')).toBe('missing');
    expect(await store.revokeKey({ id: '0123456789abcdef' })).toBeUndefined();
  });

  it('marks a club key and says so in the list and on its reports', async () => {
    const key = await store.createKey('Club C', { club: true });
    const who = (await store.authenticate(key))!;
    await store.addPlay(newPlay(report('club-1'), { digest: 'sha256:club', keyId: who.id, writer: who.name }));
    expect((await store.listKeys()).find((k) => k.name === 'Club C')).toMatchObject({ club: true });
    expect((await store.playsOf('g', 'sha256:club'))[0]).toMatchObject({ keyId: who.id, club: true, writer: 'Club C' });
  });

  it.runIf(backend === 'postgres')('refuses a key revoked by another process once its row is older than the cache allows', async () => {
    const key = await store.createKey('Elsewhere');
    const cached = await PlayStore.open(await openPostgres(place.env.DATABASE_URL!), { keyCacheMillis: 300 });
    try {
      expect(await cached.authenticate(key)).toMatchObject({ name: 'Elsewhere' });
      await store.revokeKey('Elsewhere');
      await new Promise((r) => setTimeout(r, 350));
      expect(await cached.authenticate(key)).toBeUndefined();
    } finally {
      await cached.close();
    }
  });

  it.runIf(backend === 'postgres')('prepares each batch size of the INSERT once a connection, and writes through it', async () => {
    // One connection, so the session that prepared is the one asked.
    const one = await PlayStore.open(await openPostgres(place.env.DATABASE_URL!, { connections: 1 }));
    try {
      for (const id of ['prep-1', 'prep-2'])
        expect(await one.addPlay(newPlay(report(id), { digest: 'sha256:prep' }))).toMatchObject({ outcome: 'created' });
      await Promise.all(['prep-3', 'prep-4'].map((id) => one.addPlay(newPlay(report(id), { digest: 'sha256:prep' }))));
      const prepared = await one.db.query<{ name: string; statement: string }>(
        'SELECT name, statement FROM pg_prepared_statements ORDER BY name',
      );
      const inserts = prepared.filter((p) => p.statement.startsWith('INSERT INTO plays'));
      // A lone report, then two in one statement: two texts, each prepared once however often it ran.
      expect(inserts.map((p) => p.name)).toEqual(['goldmaps_0', 'goldmaps_1']);
      expect((await one.playsOf('g', 'sha256:prep')).map((p) => p.report.reportId).sort()).toEqual([
        'prep-1',
        'prep-2',
        'prep-3',
        'prep-4',
      ]);
    } finally {
      await one.close();
    }
  });

  it('migrates a store made before step 3 with its keys and reports, which then withdraw and restore', async () => {
    const old = backend === 'postgres' ? await freshPlace('postgres') : undefined;
    const dir = old ? undefined : mkdtempSync(join(tmpdir(), 'goldmaps-v2-'));
    const db = old ? await openPostgres(old.env.DATABASE_URL!) : await openPglite(join(dir!, 'pg'));
    let migrated: PlayStore | undefined;
    try {
      await db.query(
        'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      for (const step of MIGRATIONS.filter((m) => m.version <= 2)) {
        for (const sql of step.sql) await db.query(sql);
        await db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [step.version, step.name]);
      }
      await db.query(`INSERT INTO keys (id, name, salt, hash) VALUES ('00000000000000aa', 'Old club', '00', '00')`);
      await db.query(
        `INSERT INTO plays (game, digest, seed, options, report_id, key_id, players, rounds, measure, bot_measure, bot_difficulty, body, body_digest)
         VALUES ('g', 'sha256:old', 's', '{}', 'old-1', '00000000000000aa', 4, 20, 20, 21, 40, $1, 'd')`,
        [JSON.stringify(report('old-1'))],
      );
      migrated = await PlayStore.open(db);
      expect((await migrated.listKeys()).map((k) => [k.name, k.club, k.withdrawnAt ?? null])).toEqual([['Old club', false, null]]);
      expect((await migrated.playsOf('g', 'sha256:old')).map((p) => p.report.reportId)).toEqual(['old-1']);
      expect(await migrated.revokeKey({ id: '00000000000000aa' }, { withdrawReports: true })).toMatchObject({ withdrawn: 1 });
      expect(await migrated.playsOf('g', 'sha256:old')).toEqual([]);
      expect(await migrated.restoreReports('00000000000000aa')).toEqual({ name: 'Old club', restored: 1 });
    } finally {
      await (migrated ?? db).close();
      await old?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
