import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldmaps, serve, writeUntilKilled } from '../support/cli-process.ts';
import { BACKENDS, freshPlace, type StorePlace } from '../support/stores.ts';

/**
 * Group commit (src/store/store.ts) answers a report only once the statement holding it has
 * committed: a server killed with SIGKILL while many reports are in flight, batched together,
 * has stored every one it acknowledged.
 */
const WRITERS = 64;

const report = (reportId: string) => ({ reportId, players: 4, rounds: 25, winners: [1], seats: [{ seat: 1, finishedRound: 25 }] });

describe.each(BACKENDS)('a server killed mid-batch on %s', (backend) => {
  let place: StorePlace;
  let key: string;

  beforeAll(async () => {
    const fresh = await freshPlace(backend);
    place = { ...fresh, env: { GOLDMAPS_DATA: mkdtempSync(join(tmpdir(), 'goldmaps-batch-')), ...fresh.env } };
    const store = await place.open();
    key = await store.createKey('Batch client', { writesPerMinute: 100_000 });
    await store.close();
  });
  afterAll(async () => {
    await place?.drop();
  });

  it(`loses no acknowledged report when killed with ${WRITERS} writes in flight`, async () => {
    const { child, url } = await serve({ ...place.env, GOLDMAPS_WRITES_PER_MINUTE_PER_ADDRESS: '1000000' });
    const { sent, acked, inFlight } = await writeUntilKilled({
      child,
      url,
      key,
      writers: WRITERS,
      enough: 300,
      withinMs: 90_000,
      prefix: 'batch',
      mapOf: (w) => `batch-${w % 4}`,
      body: report,
    });
    expect(acked.length).toBeGreaterThanOrEqual(300);
    expect(inFlight).toBeGreaterThan(WRITERS / 2);
    // The killed server's goldmaps.serving is left behind; its pid is gone, so the CLI opens the store itself.
    expect(existsSync(join(place.env.GOLDMAPS_DATA!, 'goldmaps.serving'))).toBe(true);
    const keys = await goldmaps(place.env, ['keys', 'list']);
    expect(keys.stdout, keys.stderr).toMatch(/^Batch client\t/m);
    expect(keys.stderr).not.toContain('through the running server');

    // Restarted on the same store: it recovers and takes writes again.
    const again = await serve({ ...place.env, GOLDMAPS_WRITES_PER_MINUTE_PER_ADDRESS: '1000000' });
    try {
      const after = await fetch(`${again.url}/api/v1/games/gold-city/maps/batch-0/plays`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify(report('after-restart')),
      });
      expect(after.status).toBe(201);
    } finally {
      again.child.kill('SIGTERM');
      await new Promise((r) => again.child.once('exit', r));
    }
    const store = await place.open();
    const rows = await store.db.query<{ report_id: string; received_at: Date }>(
      `SELECT report_id, received_at FROM plays WHERE seed LIKE 'batch-%' AND report_id LIKE 'batch-%'`,
    );
    await store.close();
    const stored = new Set(rows.map((r) => r.report_id));
    const lost = acked.filter((id) => !stored.has(id));
    expect({ acked: acked.length, lost }).toEqual({ acked: acked.length, lost: [] });
    expect([...stored].filter((id) => !sent.includes(id))).toEqual([]);
    // The reports were written in batches: rows of one statement share its transaction's now().
    const statements = new Set(rows.map((r) => new Date(r.received_at).getTime())).size;
    expect(statements).toBeLessThan(rows.length);
    console.log(
      `batch kill on ${backend}: ${acked.length} acknowledged in ${statements} statements, ${inFlight} in flight at the kill, ${stored.size - acked.length} of those stored, 0 lost`,
    );
  }, 240_000);
});
