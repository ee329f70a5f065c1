import { resolve } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/api/app.ts';
import { limitsFromEnv } from '../../src/api/limits-env.ts';
import { TokenBuckets } from '../../src/api/rate-limit.ts';
import { startServer, type Running } from '../../src/api/server.ts';
import type { PlayStore } from '../../src/store/store.ts';
import { raw } from '../support/raw-http.ts';
import { freshPlace, type StorePlace } from '../support/stores.ts';

const report = (reportId: string) =>
  JSON.stringify({ reportId, players: 4, rounds: 24, winners: [1], seats: [{ seat: 1, handle: 'Ann', finishedRound: 24 }] });
const REPORTS = '/api/v1/games/gold-city/maps/42/plays';

describe('token buckets', () => {
  it('allow a burst of the rate, then one a 60/rate seconds, and say how long to wait', () => {
    let now = 0;
    const b = new TokenBuckets(100, () => now);
    for (let i = 0; i < 6; i++) expect(b.take('a', 6)).toBe(0);
    expect(b.take('a', 6)).toBe(10);
    now += 5_000;
    expect(b.take('a', 6)).toBe(5);
    now += 5_000;
    expect(b.take('a', 6)).toBe(0);
    expect(b.take('a', 6)).toBe(10);
    // Each name has its own bucket and its own rate.
    expect(b.take('b', 1)).toBe(0);
    expect(b.take('b', 1)).toBe(60);
  });

  it('keep at most their bound of names, forgetting full buckets first', () => {
    let now = 0;
    const b = new TokenBuckets(1000, () => now);
    for (let i = 0; i < 10_000; i++) b.take(`n${i}`, 10);
    expect(b.size).toBeLessThanOrEqual(1000);
    b.take('busy', 1);
    now += 1;
    for (let i = 0; i < 950; i++) b.take(`m${i}`, 10);
    // The drained bucket survived the sweeps that dropped the full ones.
    expect(b.take('busy', 1)).toBeGreaterThan(0);
  });
});

describe("the limits an operator sets in serve's environment", () => {
  it('takes positive whole numbers and names any other value', () => {
    // Nothing set: the defaults, with rendered files kept under the embedded store's directory.
    expect(limitsFromEnv({}).limits).toEqual({ ...DEFAULT_LIMITS, renderCacheDir: resolve('data', 'renders') });
    const set = limitsFromEnv({
      GOLDMAPS_WRITES_PER_MINUTE_PER_ADDRESS: '600',
      GOLDMAPS_HEADERS_TIMEOUT_MS: '5000',
      GOLDMAPS_REQUEST_BUDGET_MS: '',
    });
    expect(set.errors).toEqual([]);
    expect(set.limits).toMatchObject({ writesPerMinutePerAddress: 600, headersMillis: 5000, budgetMillis: DEFAULT_LIMITS.budgetMillis });
    expect(limitsFromEnv({ GOLDMAPS_REPORT_BYTES: '16k', GOLDMAPS_READY_TIMEOUT_MS: '0' }).errors).toEqual([
      'GOLDMAPS_REPORT_BYTES: "16k" is not a positive whole number',
      'GOLDMAPS_READY_TIMEOUT_MS: "0" is not a positive whole number',
    ]);
    expect(limitsFromEnv({ GOLDMAPS_HEADERS_TIMEOUT_MS: '40000' }).errors).toEqual([
      'GOLDMAPS_HEADERS_TIMEOUT_MS: 40000 must not exceed GOLDMAPS_REQUEST_TIMEOUT_MS (30000)',
    ]);
  });

  it('puts rendered files where the data is, or where GOLDMAPS_RENDER_CACHE_DIR says, bounded by GOLDMAPS_RENDER_CACHE_MB (0: none)', () => {
    expect(limitsFromEnv({ GOLDMAPS_DATA: '/srv/goldmaps' }).limits.renderCacheDir).toBe('/srv/goldmaps/renders');
    const set = limitsFromEnv({
      GOLDMAPS_RENDER_CACHE_DIR: '/var/cache/goldmaps',
      GOLDMAPS_RENDER_CACHE_MB: '0',
      GOLDMAPS_DATA_RESERVE_MB: '100',
    });
    expect(set.errors).toEqual([]);
    expect(set.limits).toMatchObject({ renderCacheDir: '/var/cache/goldmaps', renderCacheBytes: 0, renderCacheFreeBytes: 200 * 2 ** 20 });
    expect(limitsFromEnv({ GOLDMAPS_RENDER_CACHE_MB: '-1' }).errors).toEqual(['GOLDMAPS_RENDER_CACHE_MB: "-1" is not a whole number']);
  });
});

describe('write limits, keys and CORS over HTTP', () => {
  let place: StorePlace;
  let store: PlayStore;
  let server: Running;
  let url: string;

  beforeAll(async () => {
    place = await freshPlace('pglite');
    store = await place.open();
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      logger: pino({ level: 'silent' }),
      store,
      limits: { ...DEFAULT_LIMITS, writesPerMinutePerAddress: 8 },
    });
    url = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await place?.drop();
  });

  const post = (key: string | null, id: string, from?: string) =>
    raw(
      server.port,
      'POST',
      REPORTS,
      Buffer.from(report(id)),
      { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      from,
    );

  it('holds a key to its own writes a minute (429 + Retry-After), independent of other keys', async () => {
    const club = await store.createKey('small club', { writesPerMinute: 3 });
    const client = await store.createKey('game client', { writesPerMinute: 600 });
    // From an address of its own (all of 127/8 is loopback), so the address limit stays out of it.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(club, `k${i}`, '127.0.0.2')).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await post(club, 'k9', '127.0.0.3');
    expect(refused.status).toBe(429);
    expect(refused.type).toMatch(/^application\/problem\+json/);
    // One write every 20 s refills the bucket: the wait is at most that, less the time these requests took.
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(10);
    expect(wait).toBeLessThanOrEqual(20);
    expect(JSON.parse(refused.body)).toMatchObject({
      status: 429,
      title: 'Too many writes',
      detail: `This key may write 3 times a minute; try again in ${wait} s.`,
    });
    expect((await post(client, 'c1', '127.0.0.3')).status).toBe(201);
    expect((await store.listKeys()).find((k) => k.name === 'game client')!.writesPerMinute).toBe(600);
  });

  it('holds a client address to its writes a minute, keyed or not, and leaves reads alone', async () => {
    const key = await store.createKey('address club', { writesPerMinute: 1000 });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(null, `a${i}`, '127.0.0.4')).status);
    for (let i = 0; i < 4; i++) statuses.push((await post(key, `a${i}`, '127.0.0.4')).status);
    // Guessing keys costs the address its writes as surely as writing does.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 201, 201, 201, 429]);
    const del = await raw(server.port, 'DELETE', `${REPORTS}/a0`, undefined, { authorization: `Bearer ${key}` }, '127.0.0.4');
    expect(del.status).toBe(429);
    expect(Number(del.headers['retry-after'])).toBeGreaterThan(0);
    expect((await raw(server.port, 'GET', REPORTS, undefined, {}, '127.0.0.4')).status).toBe(200);
    expect((await post(key, 'a9', '127.0.0.5')).status).toBe(201);
    const m = (await (await fetch(`${url}/metrics`)).json()) as {
      writes: { unauthorised: number; rateLimited: { address: number; key: number } };
    };
    expect(m.writes.unauthorised).toBe(5);
    expect(m.writes.rateLimited.address).toBe(2);
    expect(m.writes.rateLimited.key).toBe(2);
  });

  it('opens reads to every origin, answers the write preflight, and never sets a cookie', async () => {
    const pre = await fetch(`${url}${REPORTS}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://game.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'content-type']),
    );
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    for (const path of [
      '/api/v1/games/gold-city/maps/42',
      '/api/v1/games/gold-city/maps/42.svg',
      REPORTS,
      '/api/v1/games/gold-city/daily',
      '/readyz',
    ]) {
      const res = await fetch(`${url}${path}`, { headers: { origin: 'https://game.example' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('set-cookie')).toBeNull();
      // An <img> on another origin may show the map.
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    }
    const refused = await post(null, 'cors');
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.headers['access-control-expose-headers']).toContain('Retry-After');
    expect(refused.headers['set-cookie']).toBeUndefined();
  });
});
