import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres } from '../../src/store/db.ts';
import type { PlayReport } from '../../src/core/plays.ts';
import { type NewPlay, PlayStore } from '../../src/store/store.ts';

/**
 * The store tests run once per backend. PostgreSQL is GOLDMAPS_TEST_DATABASE_URL (a server
 * .ci/run starts); without it the PostgreSQL half is skipped locally, and fails where
 * POSTGRES_REQUIRED is set (CI), so a CI run can never pass on PGlite alone.
 */
export const PG_URL = process.env.GOLDMAPS_TEST_DATABASE_URL;
if (!PG_URL && process.env.POSTGRES_REQUIRED)
  throw new Error('POSTGRES_REQUIRED is set but GOLDMAPS_TEST_DATABASE_URL is not: the PostgreSQL half of the store tests cannot run');
if (!PG_URL) console.warn('store tests: GOLDMAPS_TEST_DATABASE_URL is not set, so the PostgreSQL backend is skipped (CI sets it)');

export const BACKENDS = (PG_URL ? ['pglite', 'postgres'] : ['pglite']) as Array<'pglite' | 'postgres'>;

/** A place for one test file's store: an empty PGlite store of its own, or a database of its own. */
export interface StorePlace {
  backend: 'pglite' | 'postgres';
  /** The environment that points the CLI and server at it. */
  env: Record<string, string>;
  open(): Promise<PlayStore>;
  drop(): Promise<void>;
}

let counter = 0;

/**
 * An empty, migrated PGlite store's `pg` directory, made once per run by the real first open
 * (initdb and every migration) and then copied: initdb costs about 4.5 s of CPU on each fresh
 * directory, the copy about 0.25 s, and a run wants a dozen empty stores. Two files may make it
 * at once; the first rename wins and the other's copy is dropped.
 */
let template: Promise<string> | undefined;
function emptyPgliteStore(): Promise<string> {
  template ??= (async () => {
    const root = inject('pgliteTemplates');
    const made = join(root, 'pg');
    if (existsSync(made)) return made;
    const making = mkdtempSync(join(root, 'making-'));
    const { openStore } = await import('../../src/store/open.ts');
    await (await openStore('test', { GOLDMAPS_DATA: making })).close();
    try {
      renameSync(join(making, 'pg'), made);
    } catch (e) {
      if (!existsSync(made)) throw e;
    }
    rmSync(making, { recursive: true, force: true });
    return made;
  })();
  return template;
}

/**
 * An embedded store starts as a copy of one opened once and closed, so its first open here only
 * reopens it. A directory's very first open (initdb, then the migrations) is still run: by
 * emptyPgliteStore once a run, by disk-full.test.ts, by `goldmaps serve` in raster-pool.test.ts and
 * by the CLI in docs/operations.md's backup example, which starts with no store.
 */
export async function freshPlace(backend: 'pglite' | 'postgres'): Promise<StorePlace> {
  if (backend === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'goldmaps-store-'));
    cpSync(await emptyPgliteStore(), join(dir, 'pg'), { recursive: true });
    return {
      backend,
      env: { GOLDMAPS_DATA: dir },
      open: async () => {
        const { openStore } = await import('../../src/store/open.ts');
        return openStore('test', { GOLDMAPS_DATA: dir });
      },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `goldmaps_test_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL!);
  url.pathname = `/${name}`;
  return {
    backend,
    env: { DATABASE_URL: url.href },
    open: async () => PlayStore.open(await openPostgres(url.href)),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A stored play of one made-up map (game "g", seed "s"), its bodyDigest telling reports and their rounds apart. */
export const newPlay = (r: PlayReport, extra: Partial<NewPlay> = {}): NewPlay => ({
  game: 'g',
  seed: 's',
  options: { players: 4 },
  digest: 'sha256:map',
  report: r,
  bodyDigest: `d-${r.reportId}-${r.rounds}`,
  measure: r.rounds,
  botMeasure: 21,
  botDifficulty: 40,
  ...extra,
});
