import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/api/app.ts';
import { startServer, type Running } from '../../src/api/server.ts';
import type { PlayStore } from '../../src/store/store.ts';
import { raw } from '../support/raw-http.ts';
import { freshPlace, type StorePlace } from '../support/stores.ts';

/**
 * POST …/plays is answered ahead of express (src/api/report-lane.ts): these hold it to what
 * express's chain gives every other route, so the shortcut cannot drift from it unseen.
 */
const report = (reportId: string) =>
  Buffer.from(JSON.stringify({ reportId, players: 4, rounds: 24, winners: [1], seats: [{ seat: 1, handle: 'Ann', finishedRound: 24 }] }));
const REPORTS = '/api/v1/games/gold-city/maps/42/plays';
const JSON_TYPE = { 'content-type': 'application/json' };

describe('reports written ahead of express', () => {
  let place: StorePlace;
  let store: PlayStore;
  let hang = false;
  let server: Running;
  let key: string;

  beforeAll(async () => {
    place = await freshPlace('pglite');
    store = await place.open();
    key = await store.createKey('lane', { writesPerMinute: 1000 });
    // The same store, but a write can be made to hang, as a stuck database would.
    const hanging = new Proxy(store, {
      get: (target, name, receiver) => (name === 'addPlay' && hang ? () => new Promise(() => {}) : Reflect.get(target, name, receiver)),
    });
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      logger: pino({ level: 'silent' }),
      store: hanging,
      trustProxy: 'loopback',
      limits: { ...DEFAULT_LIMITS, writesPerMinutePerAddress: 2, budgetMillis: 1500 },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await place?.drop();
  });

  const post = (path: string, id: string, from: string, headers: Record<string, string> = {}) =>
    raw(server.port, 'POST', path, report(id), { ...JSON_TYPE, authorization: `Bearer ${key}`, 'x-forwarded-for': from, ...headers });

  it("carry every security and CORS header express's answers carry, on a write and on a refusal", async () => {
    const read = await raw(server.port, 'GET', `${REPORTS}/bounds`);
    expect(read.status).toBe(200);
    const shared = Object.keys(read.headers).filter((h) =>
      /^(content-security|cross-origin|origin-agent|referrer|strict-transport|x-|access-control-)/.test(h),
    );
    expect(shared.length).toBeGreaterThanOrEqual(13);
    const written = await post(REPORTS, 'h1', '10.0.0.1');
    const refused = await post(REPORTS, 'h2', '10.0.0.2', { authorization: 'Bearer nope' });
    expect([written.status, refused.status]).toEqual([201, 401]);
    expect(written.headers.location).toBe(`${REPORTS}/h1`);
    expect(refused.type).toMatch(/^application\/problem\+json/);
    for (const answer of [written, refused]) {
      for (const h of shared) expect([h, answer.headers[h]]).toEqual([h, read.headers[h]]);
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('match the paths express matches: any case, a trailing slash; other methods go on to express', async () => {
    expect((await post('/API/v1/games/gold-city/maps/42/PLAYS', 'c1', '10.0.0.3')).status).toBe(201);
    expect((await post(`${REPORTS}/`, 'c2', '10.0.0.4')).status).toBe(201);
    expect((await post(`${REPORTS}?options=%7B%7D`, 'c3', '10.0.0.5')).status).toBe(201);
    expect((await raw(server.port, 'GET', REPORTS)).status).toBe(200);
    const unknown = await post('/api/v1/games/nope/maps/42/plays', 'c4', '10.0.0.6');
    expect([unknown.status, JSON.parse(unknown.body).title]).toEqual([404, 'Unknown game']);
    const badSegment = await post('/api/v1/games/gold-city/maps/%E0%A4%A/plays', 'c5', '10.0.0.7');
    expect([badSegment.status, JSON.parse(badSegment.body).errors]).toEqual([
      400,
      [{ field: 'seed', message: 'is not a valid URL segment' }],
    ]);
  });

  it('count writes by the address the trusted proxy forwarded, as express computes req.ip', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(REPORTS, `a${i}`, '10.0.1.1')).status);
    expect(statuses).toEqual([201, 201, 429]);
    expect((await post(REPORTS, 'b0', '10.0.1.2')).status).toBe(201);
  });

  it('answer a write the store holds past the time budget 503, and serve on', async () => {
    hang = true;
    try {
      const started = performance.now();
      const held = await post(REPORTS, 'held', '10.0.2.1');
      expect(held.status).toBe(503);
      expect(JSON.parse(held.body).title).toBe('The request took too long');
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      hang = false;
    }
    expect((await post(REPORTS, 'after', '10.0.2.2')).status).toBe(201);
  });
});
