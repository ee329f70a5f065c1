import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldmaps, serve } from '../support/cli-process.ts';
import { BACKENDS, freshPlace, type StorePlace } from '../support/stores.ts';

/**
 * Keys made, listed and revoked while `goldmaps serve` holds the store, through its operator
 * route (docs/store.md#keys-while-serving), on each backend; who may not reach that route; and
 * what a withdrawal and a club key do to summaries and leaderboards.
 */

const THROUGH = /^goldmaps: done through the running server \(pid \d+\)$/m;
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!;
const report = (reportId: string, rounds: number) => ({
  reportId,
  players: 4,
  rounds,
  winners: [1],
  seats: [{ seat: 1, handle: reportId, finishedRound: rounds }],
});

describe.each(BACKENDS)('keys while serving on %s', (backend) => {
  let place: StorePlace;
  let env: Record<string, string>;
  let server: { child: ChildProcess; url: string };
  let dataDir: string;
  let credential: string;
  const keys: Record<string, string> = {};

  const post = (key: string, body: unknown, seed = 'admin-1') =>
    fetch(`${server.url}/api/v1/games/gold-city/maps/${seed}/plays`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
  const best = async (seed = 'admin-1') =>
    (await (await fetch(`${server.url}/api/v1/games/gold-city/maps/${seed}/plays?order=best`)).json()) as {
      reports: number;
      best: Array<{ reportId: string }>;
    };
  const admin = (path: string, init: RequestInit = {}) => fetch(`${server.url}/admin/v1${path}`, init);

  beforeAll(async () => {
    place = await freshPlace(backend);
    // The operator files live in the data directory on either backend.
    dataDir = place.env.GOLDMAPS_DATA ?? mkdtempSync(join(tmpdir(), 'goldmaps-admin-'));
    env = { ...place.env, GOLDMAPS_DATA: dataDir };
    server = await serve(env);
    credential = readFileSync(join(dataDir, 'goldmaps.admin'), 'utf8').trim();
  }, 120_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
    await place?.drop();
  });

  it('keeps its operator credential readable by its owner only, and says where it listens', () => {
    expect(statSync(join(dataDir, 'goldmaps.admin')).mode & 0o777).toBe(0o600);
    expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const serving = JSON.parse(readFileSync(join(dataDir, 'goldmaps.serving'), 'utf8')) as { pid: number; port: number };
    expect({ pid: serving.pid, url: `http://127.0.0.1:${serving.port}` }).toEqual({ pid: server.child.pid, url: server.url });
  });

  it('makes and lists keys while the server holds the store, and the new key writes at once', async () => {
    for (const [name, extra] of [
      ['Solo', []],
      ['Team', ['--club']],
    ] as const) {
      const made = await goldmaps(env, ['keys', 'create', '--name', name, ...extra]);
      expect(made.code, made.stderr).toBe(0);
      expect(made.stderr).toMatch(THROUGH);
      keys[name] = lastLine(made.stdout);
      expect(keys[name]).toMatch(/^gmk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    }
    const taken = await goldmaps(env, ['keys', 'create', '--name', 'Solo']);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toMatch(/^goldmaps: --name: a live key named "Solo" exists/m);
    const listed = await goldmaps(env, ['keys', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^Solo\t[0-9a-f]{16}\t\S+\tlive\t60\/min$/m);
    expect(listed.stdout).toMatch(/^Team\t[0-9a-f]{16}\t\S+\tlive\t60\/min\tclub$/m);
    expect((await post(keys.Solo!, report('solo-1', 24))).status).toBe(201);
  }, 120_000);

  it('refuses the operator route without the credential, with a wrong one and from a browser', async () => {
    const right = { authorization: `Bearer ${credential}` };
    expect((await admin('/keys')).status).toBe(401);
    expect((await admin('/keys', { headers: { authorization: `Bearer ${credential.slice(0, -1)}x` } })).status).toBe(401);
    expect((await admin('/keys', { headers: { authorization: 'Bearer gmk_0123456789abcdef_x' } })).status).toBe(401);
    expect((await admin('/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' })).status).toBe(
      401,
    );
    // A page on any origin, even one holding the credential, is refused, and told nothing that lets it read the answer.
    const fromPage = await admin('/keys', { headers: { ...right, origin: 'https://evil.example' } });
    expect(fromPage.status).toBe(403);
    expect(fromPage.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await admin('/keys', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    const fetchMeta = await admin('/keys', { headers: { ...right, 'sec-fetch-site': 'same-origin' } });
    expect(fetchMeta.status).toBe(403);
    // The credential alone opens it; bad input is named by field.
    const ok = await admin('/keys', { headers: right });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await ok.json()) as { keys: Array<{ name: string }> }).keys.map((k) => k.name)).toEqual(['Solo', 'Team']);
    const bad = await admin('/keys', {
      method: 'POST',
      headers: { ...right, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', writesPerMinute: 0 }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual(['writesPerMinute']);
    // Not in the public API description.
    const openapi = JSON.stringify(await (await fetch(`${server.url}/api/v1/openapi.json`)).json());
    expect(openapi).not.toContain('/admin/');
  });

  it("ranks one report a key a map a day, every one of a club's", async () => {
    expect((await post(keys.Solo!, report('solo-2', 20))).status).toBe(201);
    for (const id of ['team-1', 'team-2']) expect((await post(keys.Team!, report(id, 22))).status).toBe(201);
    const board = await best();
    expect(board.reports).toBe(4);
    // solo-2 is the faster game, but Solo's first report of the day is the one that ranks.
    expect(board.best.map((r) => r.reportId).sort()).toEqual(['solo-1', 'team-1', 'team-2']);
  });

  it('revokes a key while serving: refused at once, its reports withdrawn and restored', async () => {
    const id = /^gmk_([0-9a-f]{16})_/.exec(keys.Solo!)![1]!;
    // Checked just before, so the server holds the key's row in its cache: the revocation clears it.
    expect((await post(keys.Solo!, report('solo-3', 23), 'admin-2')).status).toBe(201);
    const revoked = await goldmaps(env, ['keys', 'revoke', id, '--withdraw-reports']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stderr).toMatch(THROUGH);
    expect(revoked.stderr).toContain(`revoked the key of "Solo"; its 3 reports are withdrawn (keys restore-reports ${id})`);
    expect((await post(keys.Solo!, report('solo-4', 23), 'admin-2')).status).toBe(401);
    const after = await best();
    expect(after.reports).toBe(2);
    expect(after.best.map((r) => r.reportId)).toEqual(['team-1', 'team-2']);
    expect(((await best('admin-2')) as { reports: number }).reports).toBe(0);
    expect((await goldmaps(env, ['keys', 'list'])).stdout).toMatch(
      new RegExp(`^Solo\\t${id}\\t\\S+\\t\\S+Z\\t60/min\\twithdrawn \\S+Z$`, 'm'),
    );

    const restored = await goldmaps(env, ['keys', 'restore-reports', id]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toContain('restored the 3 reports of "Solo"');
    expect((await best()).reports).toBe(4);
    expect((await post(keys.Solo!, report('solo-5', 23), 'admin-2')).status).toBe(401);
    const again = await goldmaps(env, ['keys', 'restore-reports', id]);
    expect(again.code).toBe(2);
    expect(lastLine(again.stderr)).toBe(`goldmaps: id: the reports of key ${id} are not withdrawn`);
  }, 120_000);

  it('forgets where it listened when it stops, and the CLI then opens the store itself', async () => {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    expect(existsSync(join(dataDir, 'goldmaps.serving'))).toBe(false);
    const listed = await goldmaps(env, ['keys', 'list']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr).not.toMatch(THROUGH);
    expect(listed.stdout).toMatch(/^Team\t/m);
    // The credential stays for the next start.
    expect(readFileSync(join(dataDir, 'goldmaps.admin'), 'utf8').trim()).toBe(credential);
  }, 60_000);
});
