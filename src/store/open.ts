import { join, resolve } from 'node:path';
import { DEFAULT_RESERVE_BYTES, openPglite, openPostgres } from './db.ts';
import { ownDataDir } from './lock.ts';
import { PlayStore } from './store.ts';

/** Where the store is: DATABASE_URL (a shared PostgreSQL) wins, else the embedded GOLDMAPS_DATA directory. */
export function storeLocation(
  env: NodeJS.ProcessEnv = process.env,
): { backend: 'postgres'; url: string } | { backend: 'pglite'; dir: string } {
  if (env.DATABASE_URL) return { backend: 'postgres', url: env.DATABASE_URL };
  return { backend: 'pglite', dir: resolve(env.GOLDMAPS_DATA || './data') };
}

/** GOLDMAPS_DATA_RESERVE_MB: how much free space an embedded store keeps (writes answer 507 below it). */
function reserveOf(env: NodeJS.ProcessEnv): number {
  const text = env.GOLDMAPS_DATA_RESERVE_MB;
  if (text === undefined || text === '') return DEFAULT_RESERVE_BYTES;
  const mb = Number(text);
  if (!Number.isInteger(mb) || mb < 0)
    throw new Error(`GOLDMAPS_DATA_RESERVE_MB must be a whole number of megabytes (0 to keep none), not "${text}"`);
  return mb * 2 ** 20;
}

/** Opens (and migrates) the store the environment names; `role` says who holds an embedded directory. */
export async function openStore(role: string, env: NodeJS.ProcessEnv = process.env): Promise<PlayStore> {
  const where = storeLocation(env);
  if (where.backend === 'postgres') return PlayStore.open(await openPostgres(where.url), { where: 'PostgreSQL (DATABASE_URL)' });
  const release = ownDataDir(where.dir, role);
  try {
    return await PlayStore.open(await openPglite(join(where.dir, 'pg'), { reserveBytes: reserveOf(env) }), { release, where: where.dir });
  } catch (e) {
    release();
    throw e;
  }
}
