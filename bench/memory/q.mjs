// PGlite statement times: the key's SELECT against a report's INSERT (docs/performance.md#memory):
// node bench/memory/q.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
const dir = mkdtempSync(join(tmpdir(), 's25q-'));
const db = await PGlite.create(join(dir, 'pg'), {
  relaxedDurability: false,
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'],
});
await db.query('create table keys (id text primary key, name text, salt text, hash text, revoked_at timestamptz)');
await db.query("insert into keys values ('abc', 'n', 's', 'h', null)");
await db.query('create table t (seq serial primary key, body text)');
const time = async (what, fn, n = 300) => {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await fn(i);
  console.log(what.padEnd(36), ((performance.now() - t0) / n).toFixed(2), 'ms each');
};
for (let round = 0; round < 2; round++) {
  await time('SELECT key row', () => db.query('SELECT name, salt, hash FROM keys WHERE id = $1 AND revoked_at IS NULL', ['abc']));
  await time('INSERT report row', (_i) => db.query('INSERT INTO t (body) VALUES ($1) RETURNING seq', ['x'.repeat(400)]));
  await time('SELECT count/max (state)', () => db.query('SELECT count(*)::integer, max(seq) FROM t'));
}
await db.close();
rmSync(dir, { recursive: true, force: true });
