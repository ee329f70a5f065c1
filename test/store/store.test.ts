import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayReport } from '../../src/core/plays.ts';
import { MIGRATIONS } from '../../src/store/migrations.ts';
import type { PlayStore } from '../../src/store/store.ts';
import { BACKENDS, freshPlace, newPlay, type StorePlace } from '../support/stores.ts';

const report = (reportId: string, rounds = 20): PlayReport => ({
  reportId,
  players: 4,
  rounds,
  winners: [1],
  seats: [{ seat: 1, handle: 'Ann' }],
});

describe.each(BACKENDS)('the store on %s', (backend) => {
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

  it('applies each migration once, also when opened again', async () => {
    const again = backend === 'postgres' ? await place.open() : undefined;
    const rows = await (again ?? store).db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    await again?.close();
  });

  it('keeps keys only as salted hashes and knows a live key from a wrong or revoked one', async () => {
    const key = await store.createKey('Club A');
    const other = await store.createKey('Club B');
    const [, id, secret] = /^gmk_([0-9a-f]{16})_(.+)$/.exec(key)!;
    const rows = await store.db.query<{ salt: string; hash: string }>('SELECT salt, hash FROM keys WHERE id = $1', [id]);
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await store.db.query('SELECT * FROM keys'))).not.toContain(secret!);
    expect(await store.authenticate(key)).toEqual({ id, name: 'Club A', writesPerMinute: 60 });
    expect(await store.authenticate(`${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(await store.authenticate('nonsense')).toBeUndefined();
    await expect(store.createKey('Club A')).rejects.toThrow(/revoke it first/);
    expect(await store.revokeKey('Club A')).toMatchObject({ name: 'Club A', wasLive: true, withdrawn: 0 });
    expect(await store.authenticate(key)).toBeUndefined();
    expect(await store.authenticate(other)).toMatchObject({ name: 'Club B' });
    expect(await store.revokeKey('Club A')).toBeUndefined();
    const list = await store.listKeys();
    expect(list.map((k) => [k.name, k.revokedAt === undefined])).toEqual([
      ['Club A', false],
      ['Club B', true],
    ]);
  });

  it('stores a report once: a retry is "same", another body under its id a "conflict"', async () => {
    const first = await store.addPlay(newPlay(report('r1')));
    expect(first.outcome).toBe('created');
    expect(first.play.report).toEqual(report('r1'));
    expect((await store.addPlay(newPlay(report('r1')))).outcome).toBe('same');
    expect((await store.addPlay(newPlay(report('r1', 25)))).outcome).toBe('conflict');
    expect((await store.playsOf('g', 'sha256:map')).map((p) => p.report.rounds)).toEqual([20]);
  });

  it('parameterises every value: quotes and SQL in a report are stored as text', async () => {
    const hostile = { ...report("x'); DROP TABLE plays; --"), seats: [{ seat: 1, handle: 'O\'Brien"; --' }] };
    await store.addPlay(newPlay(hostile, { digest: "sha256:'q" }));
    expect((await store.playsOf('g', "sha256:'q"))[0]!.report).toEqual(hostile);
  });

  it("changes its state tag with every write and delete, and deletes only the writer's report", async () => {
    const key = await store.createKey('Club C');
    const who = (await store.authenticate(key))!;
    const before = await store.state('g');
    await store.addPlay(newPlay(report('mine'), { keyId: who.id }));
    const added = await store.state('g');
    expect(added).not.toBe(before);
    expect(await store.deletePlay('g', 'sha256:map', 'mine', 'someone-else')).toBe('forbidden');
    expect(await store.deletePlay('g', 'sha256:map', 'mine', who.id)).toBe('deleted');
    expect(await store.deletePlay('g', 'sha256:map', 'mine', who.id)).toBe('missing');
    expect(await store.state('g')).not.toBe(added);
    expect(await store.state('other-game')).toBe('0.0.0');
  });

  it('gives the table of measures for the model and every report in arrival order', async () => {
    await store.addPlay(newPlay(report('t1', 30), { digest: 'sha256:b', botMeasure: 28 }));
    await store.addPlay(newPlay(report('t2', 31), { digest: 'sha256:b', botMeasure: 28, measure: undefined }));
    const table = await store.table('g', 4);
    expect(table.filter((r) => r.digest === 'sha256:b')).toEqual([{ digest: 'sha256:b', botMeasure: 28, measure: 30 }]);
    const all: string[] = [];
    for await (const p of store.allPlays(2)) all.push(p.report.reportId);
    expect(all).toEqual(['r1', "x'); DROP TABLE plays; --", 't1', 't2']);
    expect(await store.tableSizes('g')).toEqual([4]);
  });
});
