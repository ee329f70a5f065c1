import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblemOrSuccess, hostileText, raw as rawHttp } from '../support/raw-http.ts';
import { testServer } from '../support/server.ts';

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer({ bodyBytes: 64 * 1024 });
});
afterAll(async () => {
  await server.close();
});

const raw = (method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) =>
  rawHttp(server.port, method, path, body, headers);

/** Make any text safe to put on a request line (the server must still make sense of it). */
const onTheWire = (s: string) => encodeURIComponent(s);

const query = fc
  .array(
    fc.tuple(
      fc.constantFrom('options', 'width', 'dpi', 'theme', 'labels', 'hexSize', 'paper', 'size', 'junk', '__proto__', 'constructor'),
      hostileText,
    ),
    { maxLength: 4 },
  )
  .map((pairs) => {
    const parts = pairs.map(([k, v]) => `${k}=${onTheWire(v)}`);
    // Every render request carries at least one bad value, so the fuzz never waits on a big raster.
    return parts.length ? `?${parts.join('&')}&width=bad` : '?width=bad';
  });

const getRequest = fc.record({
  game: fc.oneof(fc.constant('gold-city'), hostileText.map(onTheWire)),
  seed: fc.oneof(hostileText.map(onTheWire), fc.constantFrom('..%2F..%2F', '%00', '%E0%A4%A', '../..', '%2F')),
  ext: fc.constantFrom('', '.json', '.svg', '.png', '.pdf', '.exe', '.svg.png'),
  query,
  method: fc.constantFrom('GET', 'HEAD', 'DELETE', 'PUT', 'OPTIONS'),
});

const body = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '{',
    '{"game":"gold-city"}',
    '{"seed":"","target":{"band":"hard"}}',
    '{"seed":"x","target":{"min":90,"max":10}}',
    '{"seed":"x","target":{"band":"hard"},"maxAttempts":1e308}',
    'x'.repeat(70 * 1024),
    '{"__proto__":{"polluted":true}}',
    `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
    `{"seed":"1","target":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
  ),
);

const postRequest = fc.record({
  game: fc.oneof(fc.constant('gold-city'), hostileText.map(onTheWire)),
  route: fc.constantFrom('score', 'reroll', 'maps/1', 'nothing'),
  body,
  type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/problem+json', ''),
});

describe('hostile and malformed requests', () => {
  it('never get a 5xx, and every error is problem+json (400 GETs)', async () => {
    await fc.assert(
      fc.asyncProperty(getRequest, async (r) => {
        const res = await raw(r.method, `/api/v1/games/${r.game}/maps/${r.seed}${r.ext}${r.query}`);
        expectProblemOrSuccess(res, r.method);
      }),
      { numRuns: 400, seed: 4242 },
    );
  });

  it('never get a 5xx, and every error is problem+json (150 POSTs)', async () => {
    await fc.assert(
      fc.asyncProperty(postRequest, async (r) => {
        const res = await raw('POST', `/api/v1/games/${r.game}/${r.route}`, Buffer.from(r.body), r.type ? { 'content-type': r.type } : {});
        expectProblemOrSuccess(res, 'POST');
      }),
      { numRuns: 150, seed: 2424 },
    );
  });

  it('treats path traversal as a seed or a 404, never as a file', async () => {
    for (const path of [
      '/api/v1/games/gold-city/maps/..%2F..%2Fpackage.json',
      '/../../package.json',
      '/api/v1/../../../etc/passwd',
      '/api/v1/games/..%2f..%2f/maps/1',
    ]) {
      const res = await raw('GET', path);
      expectProblemOrSuccess(res, 'GET');
      expect(res.body).not.toMatch(/"dependencies"|root:x:0/);
    }
  });
});
