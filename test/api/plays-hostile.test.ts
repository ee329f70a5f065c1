import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/api/app.ts';
import { startServer, type Running } from '../../src/api/server.ts';
import type { PlayStore } from '../../src/store/store.ts';
import { expectProblemOrSuccess, hostileText, raw as rawHttp } from '../support/raw-http.ts';
import { BACKENDS, freshPlace, type StorePlace } from '../support/stores.ts';

/** A report the map of seed 42 (4 players) takes: each case below breaks one thing about it. */
const good = (reportId: string, extra: Record<string, unknown> = {}) => ({
  reportId,
  players: 4,
  rounds: 24,
  winners: [1],
  seats: [{ seat: 1, handle: 'Ann', finishedRound: 24 }],
  ...extra,
});

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Text in a report that a store might choke on: lone surrogates, NUL, bidi overrides, SQL. */
const hostileString = fc.oneof(
  hostileText,
  fc.constantFrom(
    '\ud800',
    'a\udc00b',
    '\u0000',
    'a\u0000b',
    '\u202eAnn',
    '\u2066x\u2069',
    '\u200b',
    '\ufeffBOM',
    "'); DROP TABLE plays;--",
    '<img src=x onerror=alert(1)>',
    '</script>',
    'Ann'.repeat(20),
    '🌴'.repeat(41),
    '\\u0000',
  ),
);

const field = fc.constantFrom('reportId', 'players', 'rounds', 'winners', 'seats', 'playedOn', 'perceived', 'extra');
const hostileValue = fc.oneof(
  hostileString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, -1, 0, 1.5, 1e308, 2 ** 53, [], {}, [1, 1], [{}]),
);
const seatValue = fc.record(
  {
    seat: fc.oneof(fc.integer({ min: -2, max: 10 }), hostileValue),
    handle: fc.oneof(fc.constant('Bo'), hostileString),
    finishedRound: fc.oneof(fc.integer({ min: 0, max: 30 }), hostileValue),
  },
  { requiredKeys: [] },
);

/** A good report with some fields replaced by hostile values (and the odd untouched one, which must be stored). */
const hostileReport = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{1,12}$/),
    fc.array(fc.tuple(field, hostileValue), { maxLength: 3 }),
    fc.option(fc.array(seatValue, { maxLength: 3 })),
  )
  .map(([id, changes, seats]) => {
    const out: Record<string, unknown> = good(`h-${id}`);
    for (const [k, v] of changes) out[k] = v;
    if (seats) out.seats = seats;
    return out;
  });

/** Bytes no JSON text should hold: overlong and invalid UTF-8, a BOM, a NUL outside strings. */
const RAW_BODIES: Buffer[] = [
  Buffer.from([0x7b, 0x22, 0x72, 0x65, 0x70, 0x6f, 0x72, 0x74, 0x49, 0x64, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]), // {"reportId":"<overlong />"}
  Buffer.concat([
    Buffer.from('{"reportId":"x","seats":[{"seat":1,"handle":"'),
    Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]),
    Buffer.from('"}]}'),
  ]),
  Buffer.from('{"reportId":"nul"\u0000}'),
  Buffer.from(JSON.stringify(good('dup')).replace('"players":4', '"players":4,"players":"4"')),
  Buffer.from('{"__proto__":{"admin":true},"reportId":"proto"}'),
  Buffer.from(`{"reportId":${deep(5000)}}`),
  Buffer.from(`{"reportId":"deep","seats":[${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}]}`),
];

describe.each(BACKENDS)('hostile requests to the plays, daily and readiness routes on %s', (backend) => {
  let place: StorePlace;
  let store: PlayStore;
  let server: Running;
  let key: string;
  let otherKey: string;
  let revoked: string;
  const raw = (method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) =>
    rawHttp(server.port, method, path, body, headers);
  const REPORTS = '/api/v1/games/gold-city/maps/42/plays';
  const post = (body: Buffer | string, headers: Record<string, string> = {}) =>
    raw('POST', REPORTS, Buffer.from(body), { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers });

  beforeAll(async () => {
    place = await freshPlace(backend);
    store = await place.open();
    // The limits are not under test here: every hostile request must reach the routes.
    key = await store.createKey('hostile club', { writesPerMinute: 100_000 });
    otherKey = await store.createKey('other club', { writesPerMinute: 100_000 });
    revoked = await store.createKey('gone club');
    await store.revokeKey('gone club');
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      logger: pino({ level: 'silent' }),
      store,
      limits: { ...DEFAULT_LIMITS, writesPerMinutePerAddress: 1_000_000 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await place?.drop();
  });

  it('answers every way around the key 401 with one and the same body, and stores nothing', async () => {
    const [, id, secret] = /^gmk_([0-9a-f]{16})_(.+)$/.exec(key)!;
    const otherId = /^gmk_([0-9a-f]{16})_/.exec(otherKey)![1]!;
    const tries: Array<Record<string, string>> = [
      {},
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: `Basic ${Buffer.from(`x:${key}`).toString('base64')}` },
      { authorization: `Bearer ${key} ${key}` },
      { authorization: `Bearer ${key}x` },
      { authorization: `Bearer ${key.slice(0, -1)}` },
      { authorization: `Bearer gmk_${otherId}_${secret}` },
      { authorization: `Bearer gmk_${id}_${'A'.repeat(43)}` },
      { authorization: `Bearer gmk_${'0'.repeat(16)}_${secret}` },
      { authorization: `Bearer ${revoked}` },
      { authorization: "Bearer ' OR '1'='1" },
      { authorization: "Bearer gmk_' OR 1=1;--_x" },
      { authorization: `Bearer ${'k'.repeat(5000)}` },
      { authorization: `Token ${key}` },
      { cookie: `key=${key}` },
      { 'x-api-key': key },
    ];
    const bodies = new Set<string>();
    for (const headers of tries) {
      const res = await raw('POST', REPORTS, Buffer.from(JSON.stringify(good('auth'))), { 'content-type': 'application/json', ...headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="goldmaps"');
      bodies.add(res.body);
      const del = await raw('DELETE', `${REPORTS}/auth`, undefined, headers);
      expect(del.status).toBe(401);
      bodies.add(del.body);
    }
    expect([...bodies]).toHaveLength(1);
    expect(JSON.parse([...bodies][0]!)).toEqual({
      type: 'https://goldmaps.dev/problems/unauthorized',
      title: 'A valid writer key is required',
      status: 401,
      detail: 'Send Authorization: Bearer <key> with a live key (goldmaps keys create).',
    });
    expect((await store.allPlays().next()).done).toBe(true);
  });

  it('answers hostile report bodies 4xx, never 5xx, and stores the good ones (200 runs)', async () => {
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(hostileReport, async (report) => {
        const res = await post(JSON.stringify(report));
        expectProblemOrSuccess(res, 'POST');
        if (res.status === 201 || res.status === 200) stored++;
      }),
      { numRuns: 200, seed: 2525 },
    );
    // A corpus that only ever failed would not show the route still works between the attacks.
    expect(stored).toBeGreaterThan(5);
  });

  it('answers broken bytes, deep nesting, wrong media types and huge bodies 4xx', async () => {
    for (const body of RAW_BODIES) {
      const res = await post(body);
      expectProblemOrSuccess(res, 'POST');
      expect(res.status, body.subarray(0, 60).toString()).toBeGreaterThanOrEqual(400);
    }
    // A byte-order mark before the JSON is allowed by RFC 8259 and ignored: the report is stored.
    expect((await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(good('bom')))]))).status).toBe(201);
    expect((await post(`{"reportId":${deep(10_000)}}`)).status).toBe(413);
    expect((await post(JSON.stringify(good('huge', { extra: 'x'.repeat(DEFAULT_LIMITS.reportBytes) })))).status).toBe(413);
    expect((await post(JSON.stringify(good('huge-1m', { extra: 'x'.repeat(2 * 1024 * 1024) })))).status).toBe(413);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const res = await post(JSON.stringify(good('typed')), { 'content-type': type });
      expectProblemOrSuccess(res, 'POST');
      expect(res.status).toBe(415);
    }
  });

  it('refuses text the store could not hold faithfully (lone surrogates, NUL, bidi overrides) by the field', async () => {
    for (const handle of ['\ud800', 'a\udc00', 'a\u0000', '\u202eAnn', '\u2067x', 'x\u200b', '\ufeffx']) {
      const res = await post(JSON.stringify(good('text', { seats: [{ seat: 1, handle }] })));
      expect(res.status, JSON.stringify(handle)).toBe(400);
      expect((JSON.parse(res.body) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('seats[0].handle');
    }
  });

  it('answers replayed reportIds 200 and conflicting ones 409, also when they race', async () => {
    const body = JSON.stringify(good('race-1'));
    const same = await Promise.all(Array.from({ length: 12 }, () => post(body)));
    expect(same.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const differing = await Promise.all(Array.from({ length: 8 }, (_, i) => post(JSON.stringify(good('race-2', { rounds: 24 + i })))));
    expect(differing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    // Another key's report of the same id on the same map is the same id taken: 409, not a second row.
    expect((await post(JSON.stringify(good('race-1', { rounds: 30 })), { authorization: `Bearer ${otherKey}` })).status).toBe(409);
    // A report deleted while its retries race with new writes: every answer still 2xx/4xx.
    const mixed = await Promise.all([
      ...Array.from({ length: 6 }, () => post(body)),
      raw('DELETE', `${REPORTS}/race-1`, undefined, { authorization: `Bearer ${key}` }),
      raw('DELETE', `${REPORTS}/race-1`, undefined, { authorization: `Bearer ${key}` }),
    ]);
    for (const res of mixed) expectProblemOrSuccess(res, 'POST');
  });

  it('answers hostile reads, deletes, days and probes 4xx or 2xx, never 5xx (300 runs)', async () => {
    // Lone surrogates cannot be percent-encoded; the corpus sends their UTF-8 bytes as %ED%A0%80 instead.
    const onTheWire = (s: string) => encodeURIComponent(s.toWellFormed());
    const request = fc.record({
      route: fc.constantFrom('plays', 'report', 'schema', 'daily', 'dated', 'readyz', 'healthz', 'metrics'),
      game: fc.oneof(fc.constant('gold-city'), fc.constant('pioneer-days'), hostileText.map(onTheWire)),
      seed: fc.oneof(
        fc.constant('42'),
        hostileText.map(onTheWire),
        fc.constantFrom('%00', '%ED%A0%80', '%C0%AF', '%E0%A4%A', '..%2F..%2F'),
      ),
      id: fc.oneof(
        fc.constant('h-1'),
        hostileString.map(onTheWire),
        fc.constantFrom('%00', '%ED%A0%80', '%C0%AF', 'x'.repeat(2000), "'%3B%20DROP%20TABLE%20plays%3B--"),
      ),
      query: fc
        .array(
          fc.tuple(
            fc.constantFrom('options', 'order', 'junk', '__proto__'),
            fc.oneof(hostileText, fc.constantFrom('best', 'recent', '{"players":3}', '{"players":"x"}')),
          ),
          { maxLength: 3 },
        )
        .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${onTheWire(v)}`).join('&')}` : '')),
      method: fc.constantFrom('GET', 'HEAD', 'DELETE', 'OPTIONS', 'PUT'),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const path = {
          plays: `/api/v1/games/${r.game}/maps/${r.seed}/plays`,
          report: `/api/v1/games/${r.game}/maps/${r.seed}/plays/${r.id}`,
          schema: `/api/v1/games/${r.game}/plays`,
          daily: `/api/v1/games/${r.game}/daily`,
          dated: `/api/v1/games/${r.game}/daily/${r.id}`,
          readyz: '/readyz',
          healthz: '/healthz',
          metrics: '/metrics',
        }[r.route];
        const res = await raw(r.method, `${path}${r.query}`, undefined, r.method === 'DELETE' ? { authorization: `Bearer ${key}` } : {});
        expectProblemOrSuccess(res, r.method);
      }),
      { numRuns: 300, seed: 2526 },
    );
  });

  it('stores SQL-looking seeds, key names and handles verbatim (every statement is parameterised)', async () => {
    const name = "'); DROP TABLE keys;--";
    const sqlKey = await store.createKey(name, { writesPerMinute: 1000 });
    expect((await store.listKeys()).map((k) => k.name)).toContain(name);
    const seed = "'); DROP TABLE plays;--";
    const handle = '); DROP TABLE plays;-- OR 1=1';
    // The seed's map is for some number of players: ask it, then send the report it takes.
    const tableSize = (
      JSON.parse((await raw('GET', `/api/v1/games/gold-city/maps/${encodeURIComponent(seed)}/plays`)).body) as { tableSize: number }
    ).tableSize;
    const ok = await raw(
      'POST',
      `/api/v1/games/gold-city/maps/${encodeURIComponent(seed)}/plays`,
      Buffer.from(JSON.stringify({ ...good('sql'), players: tableSize, seats: [{ seat: 1, handle, finishedRound: 24 }] })),
      { 'content-type': 'application/json', authorization: `Bearer ${sqlKey}` },
    );
    expect(ok.status, ok.body).toBe(201);
    const all = [];
    for await (const p of store.allPlays()) all.push(p);
    const mine = all.find((p) => p.report.reportId === 'sql' && p.seed === seed)!;
    expect(mine.report.seats[0]!.handle).toBe(handle);
    expect(mine.writer).toBe(name);
    const summary = JSON.parse((await raw('GET', `/api/v1/games/gold-city/maps/${encodeURIComponent(seed)}/plays?order=best`)).body) as {
      seed: string;
      best: Array<{ handle: string }>;
    };
    expect(summary.seed).toBe(seed);
    expect(summary.best[0]!.handle).toBe(handle);
    expect((await store.listKeys()).length).toBeGreaterThanOrEqual(4);
  });
});
