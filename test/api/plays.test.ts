import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from '../../src/api/server.ts';
import type { PlayStore } from '../../src/store/store.ts';
import { report42 } from '../support/reports.ts';
import { BACKENDS, freshPlace, type StorePlace } from '../support/stores.ts';

describe.each(BACKENDS)('play reports over HTTP on %s', (backend) => {
  let place: StorePlace;
  let store: PlayStore;
  let server: Running;
  let url: string;
  let key: string;
  let clock = new Date('2026-12-01T10:00:00Z');
  const plays = (seed = '42', query = '') => `${url}/api/v1/games/gold-city/maps/${encodeURIComponent(seed)}/plays${query}`;
  const post = (payload: unknown, k: string | null = key, seed = '42') =>
    fetch(plays(seed), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(k ? { authorization: `Bearer ${k}` } : {}) },
      body: JSON.stringify(payload),
    });

  beforeAll(async () => {
    place = await freshPlace(backend);
    store = await place.open();
    // A club's key: several of its reports of one map a day reach the leaderboard test's board.
    key = await store.createKey('club', { club: true });
    server = await startServer({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), store, now: () => clock });
    url = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await place?.drop();
  });

  it('stores a report (201), answers a retry 200 with nothing new, and a changed body under its id 409', async () => {
    const first = await post(report42('r1'));
    expect(first.status).toBe(201);
    expect(first.headers.get('location')).toBe('/api/v1/games/gold-city/maps/42/plays/r1');
    expect(((await first.json()) as { report: unknown }).report).toEqual(report42('r1'));
    const retry = await post(report42('r1'));
    expect(retry.status).toBe(200);
    const changed = await post(report42('r1', { rounds: 30, seats: [] }));
    // seats must not be empty: the schema answers before the store is asked.
    expect(changed.status).toBe(400);
    const conflict = await post(report42('r1', { rounds: 30 }));
    expect(conflict.status).toBe(409);
    expect(conflict.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const summary = (await (await fetch(plays())).json()) as { reports: number };
    expect(summary.reports).toBe(1);
  });

  it('stores a report once when a client retries it concurrently, and one body when retries differ', async () => {
    const same = await Promise.all(Array.from({ length: 8 }, () => post(report42('dup'), key, 'dup-map')));
    expect(same.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const answers = (await Promise.all(same.map((r) => r.json()))) as Array<{ receivedAt: string; report: unknown }>;
    // Every retry is answered with the one stored report, not a copy of its own.
    expect(new Set(answers.map((a) => a.receivedAt)).size).toBe(1);
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => post(report42('race', { rounds: 24 + i }), key, 'dup-map')));
    const statuses = racing.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const summary = (await (await fetch(plays('dup-map'))).json()) as {
      reports: number;
      recent: Array<{ reportId: string; rounds: number }>;
    };
    expect(summary.reports).toBe(2);
    const winner = racing.findIndex((r) => r.status === 201);
    expect(summary.recent.find((r) => r.reportId === 'race')?.rounds).toBe(24 + winner);
  });

  it('refuses a report that cannot be true of the map with 422 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ players: 3 }, 'players'],
      [{ rounds: 1 }, 'rounds'],
      [{ winners: [5] }, 'winners[0]'],
      [{ seats: [{ seat: 1 }, { seat: 1 }] }, 'seats[1].seat'],
      [{ seats: [{ seat: 1, finishedRound: 30 }] }, 'seats[0].finishedRound'],
    ];
    for (const [extra, field] of cases) {
      const res = await post(report42('bad', extra));
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(((await res.json()) as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toContain(field);
    }
    const unknown = await post(report42('bad', { seats: [{ seat: 1, gold: 3 }] }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('seats[0].gold');
  });

  it('answers 401 problem+json for no key, a wrong key and a revoked key; reads need none', async () => {
    const wrong = `${key.slice(0, -2)}xx`;
    for (const k of [null, wrong, 'gmk_short']) {
      const res = await post(report42('r-auth'), k);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    const later = await store.createKey('revoked club');
    expect((await post(report42('r-rev'), later)).status).toBe(201);
    await store.revokeKey('revoked club');
    expect((await post(report42('r-rev2'), later)).status).toBe(401);
    expect((await fetch(plays())).status).toBe(200);
  });

  it('serves the summary with an ETag on the store state and a short max-age, 304 when unchanged, never immutable', async () => {
    const res = await fetch(plays());
    expect(res.headers.get('cache-control')).toBe('public, max-age=5');
    const etag = res.headers.get('etag')!;
    const s = (await res.json()) as {
      reports: number;
      rounds: { mean: number };
      winShares: Array<{ seat: number; share: number }>;
      perceived: { mean: number };
      difficulty: { bot: number; asPlayed: number; interval: [number, number] };
      recent: Array<{ reportId: string }>;
    };
    expect(s.rounds.mean).toBe(24);
    expect(s.winShares[1]).toEqual({ seat: 2, share: 1 });
    expect(s.perceived.mean).toBe(4);
    expect(s.difficulty.interval[0]).toBeLessThanOrEqual(s.difficulty.asPlayed);
    expect(s.difficulty.interval[1]).toBeGreaterThanOrEqual(s.difficulty.asPlayed);
    expect(s.recent.map((r) => r.reportId)).toEqual(['r-rev', 'r1']);
    expect((await fetch(plays(), { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await post(report42('r2'))).status).toBe(201);
    // The same URL again: the new report shows at once (no replay of the earlier answer), under a new ETag.
    const again = await fetch(plays());
    expect(again.headers.get('etag')).not.toBe(etag);
    expect(((await again.json()) as { reports: number }).reports).toBe(s.reports + 1);
    expect((await fetch(plays(), { headers: { 'if-none-match': etag } })).status).toBe(200);
  });

  it("orders the leaderboard by the game's own result with ?order=best", async () => {
    await post({ ...report42('fast'), rounds: 20, winners: [1], seats: [{ seat: 1, handle: 'Cy', finishedRound: 19 }] });
    const s = (await (await fetch(plays('42', '?order=best'))).json()) as {
      best: Array<{ handle?: string; result: number; unit: string }>;
    };
    expect(s.best[0]).toMatchObject({ handle: 'Cy', result: 19, unit: 'rounds' });
    expect(s.best.map((b) => b.result)).toEqual([...s.best.map((b) => b.result)].sort((a, b) => a - b));
    expect((await fetch(plays('42', '?order=worst'))).status).toBe(400);
    expect((await fetch(plays('42', '?colour=red'))).status).toBe(400);
  });

  it('deletes a report only by the key that wrote it', async () => {
    const other = await store.createKey('other club');
    const del = (id: string, k: string) => fetch(`${plays()}/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${k}` } });
    expect((await del('r2', other)).status).toBe(403);
    expect((await fetch(`${plays()}/r2`, { method: 'DELETE' })).status).toBe(401);
    expect((await del('r2', key)).status).toBe(204);
    expect((await del('r2', key)).status).toBe(404);
  });

  it('keeps the seed-addressed map immutable and the same whatever the store holds', async () => {
    const first = await fetch(`${url}/api/v1/games/gold-city/maps/42`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const text = await first.text();
    await post(report42('r3'));
    const second = await fetch(`${url}/api/v1/games/gold-city/maps/42`);
    expect(await second.text()).toBe(text);
    expect(text).not.toContain('asPlayed');
  });

  it("answers today's map by the clock, never as immutable, and a dated one immutably", async () => {
    const today = await fetch(`${url}/api/v1/games/gold-city/daily`);
    expect(today.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const t = (await today.json()) as { date: string; seed: string; url: string; plays: string; map: { seed: string; digest: string } };
    expect(t).toMatchObject({
      date: '2026-12-01',
      seed: 'daily-2026-12-01',
      url: '/api/v1/games/gold-city/maps/daily-2026-12-01',
      plays: '/api/v1/games/gold-city/maps/daily-2026-12-01/plays',
    });
    expect(t.map.seed).toBe('daily-2026-12-01');
    clock = new Date('2026-12-02T00:00:01Z');
    const tomorrow = (await (await fetch(`${url}/api/v1/games/gold-city/daily`)).json()) as { seed: string; map: { digest: string } };
    expect(tomorrow.seed).toBe('daily-2026-12-02');
    expect(tomorrow.map.digest).not.toBe(t.map.digest);
    const dated = await fetch(`${url}/api/v1/games/gold-city/daily/2026-12-01`);
    expect(dated.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(((await dated.json()) as { map: { digest: string } }).map.digest).toBe(t.map.digest);
    expect((await fetch(`${url}/api/v1/games/gold-city/daily/2026-02-30`)).status).toBe(400);
    const own = await fetch(`${url}/api/v1/games/gold-city/maps/daily-2026-12-01`);
    expect(((await own.json()) as { digest: string }).digest).toBe(t.map.digest);
  });

  it('says the store is reachable on /readyz', async () => {
    const res = await fetch(`${url}/readyz`);
    expect(await res.json()).toEqual({ status: 'ok', store: backend });
  });
});
