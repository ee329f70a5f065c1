/**
 * The served OpenAPI document as a validating proxy enforces it: Stoplight Prism
 * (`prism proxy --errors`) built from the document as served, in front of a real listening server
 * with a store, and round trips of every route family sent through it. Prism checks each request
 * against the document (a violation is its own 422, never forwarded) and each answer (a violation
 * is named in an `sl-violations` header, and with --errors replaces the answer with its own
 * problem); every answer here must arrive untouched and unflagged.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Running } from '../../src/api/server.ts';
import { GAMES } from '../../src/games/index.ts';
import type { PlayStore } from '../../src/store/store.ts';
import { freshPlace, type StorePlace } from '../support/stores.ts';
import { report42 } from '../support/reports.ts';

const prismBin = join(dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

/** A port nobody listens on now (Prism takes a port number, not 0). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let place: StorePlace;
let store: PlayStore;
let server: Running;
let prism: ChildProcess;
let prismLog = '';
let key: string;
let direct: string;
let proxy: string;
const scratch = mkdtempSync(join(tmpdir(), 'goldmaps-prism-'));

beforeAll(async () => {
  place = await freshPlace('pglite');
  store = await place.open();
  key = await store.createKey('prism');
  server = await startServer({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), store });
  direct = `http://127.0.0.1:${server.port}`;
  const document = join(scratch, 'openapi.json');
  const served = (await (await fetch(`${direct}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: object }> }> } }>;
  };
  // One answer the served document does not promise, to show answers are checked: this
  // document's own route is told to carry a property it never has (the control below).
  served.paths['/api/v1/openapi.json']!.get.responses['200']!.content['application/json']!.schema = {
    type: 'object',
    required: ['controlNeverThere'],
  };
  writeFileSync(document, JSON.stringify(served));
  const port = await freePort();
  proxy = `http://127.0.0.1:${port}`;
  prism = spawn(process.execPath, [prismBin, 'proxy', '--errors', document, direct, '-p', String(port), '-h', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      prismLog += chunk.toString();
      if (prismLog.includes('Prism is listening')) resolve();
    };
    prism.stdout!.on('data', listen);
    prism.stderr!.on('data', listen);
    prism.once('exit', (code) => reject(new Error(`prism exited (${code}) before listening:\n${prismLog}`)));
  });
});

afterAll(async () => {
  if (prism?.exitCode === null) {
    const exited = new Promise((resolve) => prism.once('exit', resolve));
    process.kill(prism.pid!, 'SIGTERM');
    await exited;
  }
  await server?.close();
  await store?.close();
  await place?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

interface Trip {
  method?: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  status: number;
}

/** Sends `trip` through Prism; the answer must be the server's own, with no violation named. */
async function through({ method = 'GET', path, body, headers = {}, status }: Trip) {
  const res = await fetch(`${proxy}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const what = `${method} ${path}: ${res.status} ${res.headers.get('sl-violations') ?? ''} ${res.status >= 400 ? bytes.toString().slice(0, 600) : ''}`;
  expect(res.headers.get('sl-violations'), what).toBeNull();
  expect(res.status, what).toBe(status);
  return { res, bytes };
}

describe('round trips through a validating proxy built from the served document (Prism)', () => {
  it('finds no violation in the operations routes and the catalogue', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics', '/api/v1/games']) await through({ path, status: 200 });
  });

  it('finds no violation in maps in every format, conditional requests and refusals', async () => {
    for (const game of GAMES) {
      const { res, bytes } = await through({ path: `/api/v1/games/${game.id}/maps/prism`, status: 200 });
      // Prism forwards the answer as the server gave it.
      const mine = Buffer.from(await (await fetch(`${direct}/api/v1/games/${game.id}/maps/prism`)).arrayBuffer());
      expect(bytes.equals(mine)).toBe(true);
      await through({ path: `/api/v1/games/${game.id}/maps/prism`, headers: { 'If-None-Match': res.headers.get('etag')! }, status: 304 });
      await through({ path: `/api/v1/games/${game.id}/maps/prism.svg?theme=screen`, status: 200 });
    }
    // Prism reads every answer that is not JSON as text (stoplightio/prism#1321, #2349): a PNG's
    // or a PDF's bytes come through it re-encoded, so only its status, media type and silence are checked.
    const png = await through({ path: '/api/v1/games/gold-city/maps/prism.png?width=64', status: 200 });
    expect(png.res.headers.get('content-type')).toBe('image/png');
    // layout=kit is the PDF's alone: the document used to give the PNG's layout (board, setup) for both.
    const kit = await through({ path: '/api/v1/games/gold-city/maps/prism.pdf?layout=kit', status: 200 });
    expect(kit.res.headers.get('content-type')).toBe('application/pdf');
    await through({ path: `/api/v1/games/gold-city/maps/prism.tts.json?baseUrl=${encodeURIComponent(direct)}`, status: 200 });
    // Refusals, each problem+json the document describes.
    const tooMany = await through({
      path: `/api/v1/games/gold-city/maps/prism?options=${encodeURIComponent('{"pieces":99}')}`,
      status: 400,
    });
    expect(tooMany.res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    await through({ path: '/api/v1/games/gold-city/maps/prism.jpg', status: 404 });
    await through({ path: '/api/v1/games/gold-city/maps/prism.tts.json', status: 400 });
    await through({ path: '/api/v1/games/gold-city/maps/prism.png?width=8192&dpi=600', status: 400 });
  });

  it('finds no violation in bot games, scores and rerolls, taken or refused', async () => {
    await through({ path: '/api/v1/games/gold-city/maps/prism/playtest?games=2', status: 200 });
    for (const game of GAMES) {
      const map = await (await fetch(`${direct}/api/v1/games/${game.id}/maps/prism`)).json();
      await through({ method: 'POST', path: `/api/v1/games/${game.id}/score`, body: map, status: 200 });
    }
    await through({ method: 'POST', path: '/api/v1/games/gold-city/score', body: { not: 'a map' }, status: 422 });
    await through({
      method: 'POST',
      path: '/api/v1/games/gold-city/reroll',
      body: { seed: 'prism', target: { band: 'medium' }, maxAttempts: 20 },
      status: 200,
    });
    await through({
      method: 'POST',
      path: '/api/v1/games/gold-city/reroll',
      body: { seed: 'prism', options: { pieces: 99 }, target: { band: 'medium' }, maxAttempts: 20 },
      status: 400,
    });
  });

  it('finds no violation in play reports written, read, refused and deleted, and the daily map', async () => {
    const plays = '/api/v1/games/gold-city/maps/prism/plays';
    const auth = { authorization: `Bearer ${key}` };
    await through({ path: '/api/v1/games/gold-city/plays', status: 200 });
    await through({ method: 'POST', path: plays, body: report42('p1'), headers: auth, status: 201 });
    await through({ method: 'POST', path: plays, body: report42('p1'), headers: auth, status: 200 });
    await through({ method: 'POST', path: plays, body: { ...report42('p1'), rounds: 30 }, headers: auth, status: 409 });
    await through({ method: 'POST', path: plays, body: report42('p2'), headers: { authorization: 'Bearer nope' }, status: 401 });
    await through({ method: 'POST', path: plays, body: { ...report42('p3'), seats: [] }, headers: auth, status: 400 });
    await through({ path: plays, status: 200 });
    await through({ path: `${plays}?order=best`, status: 200 });
    await through({ method: 'DELETE', path: `${plays}/p1`, headers: auth, status: 204 });
    await through({ method: 'DELETE', path: `${plays}/p1`, headers: auth, status: 404 });
    await through({ path: '/api/v1/games/gold-city/daily', status: 200 });
    await through({ path: '/api/v1/games/gold-city/daily/2026-12-01', status: 200 });
  });

  it('does refuse what the document forbids, asked or answered: the proxy checks, not passes everything', async () => {
    // Nor did Prism log a violation of any severity for the round trips above.
    expect(prismLog).not.toContain('Violation:');
    const asked = await fetch(`${proxy}/api/v1/games/no-such-game/maps/1`);
    expect(asked.status).toBe(422);
    expect(JSON.stringify(await asked.json())).toContain('game');
    const answered = await fetch(`${proxy}/api/v1/openapi.json`);
    expect(answered.headers.get('sl-violations')).toContain('controlNeverThere');
    expect(answered.status).not.toBe(200);
  });
});
