import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/api/app.ts';
import { startServer, type Running } from '../../src/api/server.ts';

describe('the request log', () => {
  const lines: Array<{ msg: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: number }> = [];
  let server: Running;
  let url: string;
  beforeAll(async () => {
    const sink = new Writable({
      write: (chunk, _enc, done) => (
        lines.push(
          ...String(chunk)
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l)),
        ),
        done()
      ),
    });
    server = await startServer({ port: 0, host: '127.0.0.1', logger: pino({ level: 'info' }, sink), limits: DEFAULT_LIMITS });
    url = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
  });

  it('has one line per request, replayed answers included, and none for /healthz', async () => {
    const path = '/api/v1/games/gold-city/maps/logged';
    const sent: Array<[string, number]> = [];
    for (const [p, init] of [
      [path, {}],
      [path, {}], // replayed from the recorded answer, ahead of express
      [path, {}],
      ['/healthz', {}],
      [`${path}?options=%7B`, {}],
      ['/nowhere', {}],
    ] as Array<[string, RequestInit]>) {
      const res = await fetch(`${url}${p}`, init);
      await res.arrayBuffer();
      if (p !== '/healthz') sent.push([p, res.status]);
    }
    // The line is written when the response closes, just after the client has read it.
    await new Promise((r) => setTimeout(r, 50));
    const requests = lines.filter((l) => l.req).map((l) => [l.req!.url, l.res!.statusCode]);
    expect(requests).toEqual(sent);
    expect(sent.map(([, status]) => status)).toEqual([200, 200, 200, 400, 404]);
    expect(
      lines
        .filter((l) => l.req)
        .every((l) => l.msg === 'request completed' && l.req!.method === 'GET' && typeof l.responseTime === 'number'),
    ).toBe(true);
  });
});
