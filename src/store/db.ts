
/**
 * The one SQL surface both backends answer: parameterised queries ($1, $2, …) and nothing
 * else, so the store's SQL is written once. Every write the store makes is a single statement:
 * PGlite syncs its files when a top-level query resolves (relaxedDurability off), which its
 * transaction() wrapper does not do on COMMIT, so the store never uses it.
 */
export interface Db {
  readonly backend: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs `work` on one connection holding a transaction-scoped advisory lock (migrations). */
  exclusive<T>(lock: number, work: (query: Db['query']) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WASM memory, touched as pages are
 * used: a store held ~250 MB of RSS with them, ~130 MB with 8 MB (1,000 pages, many times a
 * play-report store's hot rows; docs/performance.md#memory).
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=8MB'];

export async function openPglite(dataDir: string): Promise<Db> {
  // Loaded when a store is opened, so CLI commands that never touch one do not pay for it.
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir, { relaxedDurability: false, startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
  const query: Db['query'] = async <T>(sql: string, params: readonly unknown[] = []) => (await db.query<T>(sql, params as unknown[])).rows;
  return {
    backend: 'pglite',
    query,
    // One process owns a PGlite directory (lock.ts), and PGlite runs one statement at a time.
    async exclusive(_lock, work) {
      await query('BEGIN');
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
  const pool = new pg.Pool({ connectionString: url, max: connections });
  // An idle client whose server went away must not take the process with it.
  pool.on('error', () => {});
  const query: Db['query'] = async <T>(sql: string, params: readonly unknown[] = []) => (await pool.query(sql, params as unknown[])).rows as T[];
  await query('SELECT 1');
  return {
    backend: 'postgres',
    query,
    async exclusive(lock, work) {
      const client = await pool.connect();
      const q: Db['query'] = async <T>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, params as unknown[])).rows as T[];
      try {
        await q('BEGIN');
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
