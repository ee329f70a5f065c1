import { existsSync, statfsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The one SQL surface both backends answer: parameterised queries ($1, $2, …) and nothing
 * else, so the store's SQL is written once. Every write the store makes is a single statement,
 * acknowledged once it has committed. PGlite runs with synchronous_commit on, so its COMMIT has
 * written the WAL into GOLDMAPS_DATA (through Node's fs, into the kernel) before the query
 * resolves: a killed process loses nothing it acknowledged. Its fsync is off and its Node file
 * system has no fsync at all, so a machine that loses power may lose the last writes; a
 * PostgreSQL server is the store for that (test/store/cli-and-kill.test.ts kills a server mid-load).
 * PGlite's transaction() wrapper skips the sync step a top-level query ends with (pglite#1065):
 * the store never uses it.
 */
export interface Db {
  readonly backend: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /**
   * Runs `work` in one transaction on one connection holding a transaction-scoped advisory lock
   * (migrations, restores); `snapshot` makes it a read-only repeatable-read one (backups).
   */
  exclusive<T>(lock: number, work: (query: Db['query']) => Promise<T>, opts?: { snapshot?: boolean }): Promise<T>;
  close(): Promise<void>;
}

export interface QueryOptions {
  /**
   * A statement the store runs many times with one text (the group commit's INSERT of n rows):
   * PostgreSQL parses and plans it once a connection, as a named prepared statement. PGlite, one
   * statement at a time in process, ignores it.
   */
  prepared?: boolean;
}

/** Named statements a process keeps at most: one per batch size the group commit has written. */
const MAX_PREPARED = 512;

const BEGIN_SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';

/** What an embedded store keeps free by default: two of PostgreSQL's 16 MB WAL segments. */
export const DEFAULT_RESERVE_BYTES = 32 * 1024 * 1024;

// Rows only: a migration or an open on a full disk goes on, so the service still starts and serves maps.
const WRITES = /^\s*(INSERT|UPDATE|DELETE)\b/i;

/** The error PostgreSQL raises for a full disk, so callers see one kind whichever found it. */
const diskFull = (message: string) => Object.assign(new Error(message), { code: '53100' });

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WASM memory, touched as pages are
 * used: a store held ~250 MB of RSS with them, ~130 MB with 8 MB (1,000 pages, many times a
 * play-report store's hot rows; docs/performance.md#memory).
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=8MB'];

/**
 * `reserveBytes`: a write is refused (as a full disk, SQLSTATE 53100) while less than this is
 * free under the directory. PostgreSQL meets a full disk cleanly when a table grows, but not
 * when its WAL needs a new segment: that is a PANIC, after which PGlite answers no query again
 * (seen on 0.5.16). Keeping a WAL segment's worth free means the PANIC is never reached. A PANIC
 * from any other cause fails every later query at once instead of letting it hang.
 */
export async function openPglite(dataDir: string, { reserveBytes = DEFAULT_RESERVE_BYTES }: { reserveBytes?: number } = {}): Promise<Db> {
  // PGlite's PostgreSQL is WebAssembly, which V8 compiles twice by default: a quick baseline
  // (Liftoff) at once, then optimised code for hot functions beside it. The baseline alone held
  // ~45 MB less RSS (a store alone: 131 against 180 MB after 1,000 inserts and 300 grouped
  // reads), its inserts no slower and its reads ~1.3× slower (docs/performance.md#memory). Set
  // before the module is compiled; the process has no other WebAssembly.
  setFlagsFromString('--liftoff-only');
  // Loaded when a store is opened, so CLI commands that never touch one do not pay for it.
  const { PGlite } = await import('@electric-sql/pglite');
  const fresh = !existsSync(`${dataDir}/PG_VERSION`);
  const db = await PGlite.create(dataDir, { relaxedDurability: false, startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
  // A new directory's initdb ran in WebAssembly memory of its own, ~600 MB that stays in RSS
  // until V8 next collects, which a quiet process may not do for a long time. One full
  // collection now gives it back (614 -> 226 MB measured); the flag is set for this call only.
  // (After a turn of the event loop: until then initdb's instance is still referenced.)
  if (fresh) {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  let panicked: unknown;
  const query: Db['query'] = async <T>(sql: string, params: readonly unknown[] = []) => {
    if (panicked)
      throw Object.assign(new Error('the embedded store stopped after a PANIC and must be restarted'), { code: '57P02', cause: panicked });
    if (reserveBytes > 0 && WRITES.test(sql)) {
      const fs = statfsSync(dataDir);
      const free = fs.bavail * fs.bsize;
      if (free < reserveBytes)
        throw diskFull(
          `No space left on device: ${Math.floor(free / 2 ** 20)} MB free under ${dataDir}, under the ${Math.round(reserveBytes / 2 ** 20)} MB kept free for the store's log`,
        );
    }
    try {
      return (await db.query<T>(sql, params as unknown[])).rows;
    } catch (e) {
      if ((e as { severity?: string }).severity === 'PANIC') panicked = e;
      throw e;
    }
  };
  return {
    backend: 'pglite',
    query,
    // One process owns a PGlite directory (lock.ts), and PGlite runs one statement at a time.
    async exclusive(_lock, work, { snapshot = false } = {}) {
      await query(snapshot ? BEGIN_SNAPSHOT : 'BEGIN');
      try {
        const out = await work(query);
        await query('COMMIT');
        return out;
      } catch (e) {
        await query('ROLLBACK');
        throw e;
      }
    },
    close: () => db.close(),
  };
}

export async function openPostgres(url: string, { connections = 16 }: { connections?: number } = {}): Promise<Db> {
  const { default: pg } = await import('pg');
  // A server that is away must fail a request within seconds (503, retry), not queue it forever.
  const pool = new pg.Pool({ connectionString: url, max: connections, connectionTimeoutMillis: 5_000 });
  // An idle client whose server went away must not take the process with it.
  pool.on('error', () => {});
  // One name per statement text, the same on every connection: node-postgres sends the Parse on
  // a connection's first use of a name and only Bind/Execute after. Parsing and planning a batch's
  // multi-row INSERT cost PostgreSQL a median of ~18 µs of CPU a report (4–31 µs over six pairs,
  // docs/studies/report-ingestion.md).
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_PREPARED) names.set(sql, (name = `goldmaps_${names.size}`));
    return name;
  };
  const query: Db['query'] = async <T>(sql: string, params: readonly unknown[] = [], { prepared = false }: QueryOptions = {}) => {
    const name = prepared ? nameOf(sql) : undefined;
    return (await pool.query(name ? { name, text: sql, values: params as unknown[] } : { text: sql, values: params as unknown[] }))
      .rows as T[];
  };
  await query('SELECT 1');
  return {
    backend: 'postgres',
    query,
    async exclusive(lock, work, { snapshot = false } = {}) {
      const client = await pool.connect();
      const q: Db['query'] = async <T>(sql: string, params: readonly unknown[] = []) =>
        (await client.query(sql, params as unknown[])).rows as T[];
      try {
        await q(snapshot ? BEGIN_SNAPSHOT : 'BEGIN');
        await q('SELECT pg_advisory_xact_lock($1)', [lock]);
        const out = await work(q);
        await q('COMMIT');
        return out;
      } catch (e) {
        await q('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
