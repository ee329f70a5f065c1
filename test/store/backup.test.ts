import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/api/server.ts';
import { verifyBackup } from '../../src/store/backup.ts';
import { MIGRATIONS } from '../../src/store/migrations.ts';
import type { PlayStore } from '../../src/store/store.ts';
import { BACKENDS, freshPlace, type StorePlace } from '../support/stores.ts';

const cli = new URL('../../bin/goldmaps.js', import.meta.url).pathname;

function goldmaps(env: Record<string, string>, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const report = (reportId: string, finished: number, handle: string) => ({
  reportId,
  players: 4,
  rounds: 25,
  winners: [1],
  seats: [{ seat: 1, handle, finishedRound: finished }],
  perceived: 3,
});

/** Everything a client can read of the store: each map's summary in both orders, with its ETag. */
async function readAll(store: PlayStore): Promise<unknown[]> {
  const server = await startServer({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), store });
  try {
    const out: unknown[] = [];
    for (const seed of ['b1', 'b2', 'b3'])
      for (const order of ['recent', 'best']) {
        const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/games/gold-city/maps/${seed}/plays?order=${order}`);
        out.push({ seed, order, status: res.status, etag: res.headers.get('etag'), body: await res.json() });
      }
    return out;
  } finally {
    await server.close();
  }
}

describe.each(BACKENDS)('store backup and restore on %s', (backend) => {
  let from: StorePlace;
  let into: StorePlace;
  let before: unknown[];
  let key: string;
  const dir = mkdtempSync(join(tmpdir(), 'goldmaps-backup-'));
  const file = join(dir, 'store.jsonl');

  beforeAll(async () => {
    [from, into] = await Promise.all([freshPlace(backend), freshPlace(backend)]);
    const store = await from.open();
    try {
      key = await store.createKey('Club Süd', { writesPerMinute: 900 });
      await store.createKey('old club');
      await store.revokeKey('old club');
      const server = await startServer({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }), store });
      const url = (seed: string) => `http://127.0.0.1:${server.port}/api/v1/games/gold-city/maps/${seed}/plays`;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
      try {
        for (let i = 0; i < 12; i++) {
          const res = await fetch(url(`b${(i % 3) + 1}`), {
            method: 'POST',
            headers,
            body: JSON.stringify(report(`r${i}`, 20 + (i % 5), `P${i}`)),
          });
          expect(res.status).toBe(201);
        }
        // A gap in seq, which the restored store must keep (ties on the leaderboard go by it).
        expect((await fetch(`${url('b1')}/r3`, { method: 'DELETE', headers })).status).toBe(204);
      } finally {
        await server.close();
      }
      before = await readAll(store);
    } finally {
      await store.close();
    }
  }, 180_000);
  afterAll(async () => {
    await from?.drop();
    await into?.drop();
  });

  it('restores into an empty store the same reports, summaries and ETags, and the keys as hashes that still work', async () => {
    const made = await goldmaps(from.env, ['store', 'backup', file]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toMatch(/backed up 2 keys and 11 reports/);
    const text = readFileSync(file, 'utf8');
    // The secret is what follows gmk_<16 hex id>_ (it may itself hold an underscore).
    const secret = /^gmk_[0-9a-f]{16}_(.+)$/.exec(key)![1]!;
    expect(secret.length).toBeGreaterThan(16);
    expect(text).not.toContain(secret);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, Record<string, unknown>>);
    expect(lines[0]!.header).toMatchObject({ format: 'goldmaps-store-backup', version: 1, schema: MIGRATIONS.at(-1)!.version, backend });
    expect(lines.at(-1)!.end).toMatchObject({ keys: 2, plays: 11 });

    const restored = await goldmaps(into.env, ['store', 'restore', file]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toMatch(/restored 2 keys and 11 reports/);
    const store = await into.open();
    try {
      expect(await readAll(store)).toEqual(before);
      // A key's own write limit comes back with it.
      expect((await store.listKeys()).map((k) => [k.name, k.revokedAt !== undefined, k.writesPerMinute])).toEqual([
        ['Club Süd', false, 900],
        ['old club', true, 60],
      ]);
      expect(await store.authenticate(key)).toMatchObject({ name: 'Club Süd' });
      // New reports go on after the restored ones instead of colliding with their seq.
      const { outcome, play } = await store.addPlay({
        game: 'gold-city',
        seed: 'b9',
        options: {},
        digest: 'd9',
        report: report('new', 22, 'N'),
        bodyDigest: 'x',
        measure: 22,
        botMeasure: 20,
        botDifficulty: 40,
      });
      expect(outcome).toBe('created');
      expect(play.seq).toBeGreaterThan(12);
    } finally {
      await store.close();
    }
  });

  it('refuses a non-empty store unless told, and a damaged file with exit 2 naming the line', async () => {
    const again = await goldmaps(into.env, ['store', 'restore', file]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^goldmaps: store: the store holds 2 keys and 12 reports; .* --replace/m);

    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const bad = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const cases: Array<[string, RegExp]> = [
      [
        bad('edited.jsonl', `${lines.map((l) => l.replace('"rounds":25', '"rounds":26')).join('\n')}\n`),
        /end\.sha256: does not match the lines before it/,
      ],
      [bad('cut.jsonl', `${lines.slice(0, -3).join('\n')}\n`), /has no end line: cut short\?/],
      [
        bad(
          'wrong.jsonl',
          `${lines.map((l, i) => (i === 3 ? JSON.stringify({ play: { ...(JSON.parse(l) as { play: object }).play, players: 'four' } }) : l)).join('\n')}\n`,
        ),
        /line 4: play\.players: must be integer/,
      ],
      [bad('other.jsonl', '{"seed":"42"}\n'), /line 1: seed: is not a known field/],
    ];
    // Each is refused as a whole before anything is stored; the CLI says so with exit 2.
    for (const [path, message] of cases) await expect(verifyBackup(path), path).rejects.toThrow(message);
    const res = await goldmaps(into.env, ['store', 'restore', '--replace', cases[2]![0]]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^goldmaps: \S+wrong\.jsonl: line 4: play\.players: must be integer$/m);
    // None of them touched the store; --replace with the real file does.
    const replaced = await goldmaps(into.env, ['store', 'restore', '--replace', file]);
    expect(replaced.code, replaced.stderr).toBe(0);
    const store = await into.open();
    try {
      expect(await readAll(store)).toEqual(before);
    } finally {
      await store.close();
    }
  });
});
