import { join, resolve } from 'node:path';
import { openPglite, openPostgres } from './db.ts';
import { ownDataDir } from './lock.ts';
import { PlayStore } from './store.ts';

/** Where the store is: DATABASE_URL (a shared PostgreSQL) wins, else the embedded GOLDMAPS_DATA directory. */
export function storeLocation(env: NodeJS.ProcessEnv = process.env): { backend: 'postgres'; url: string } | { backend: 'pglite'; dir: string } {
  if (env.DATABASE_URL) return { backend: 'postgres', url: env.DATABASE_URL };
  return { backend: 'pglite', dir: resolve(env.GOLDMAPS_DATA || './data') };
}

/** Opens (and migrates) the store the environment names; `role` says who holds an embedded directory. */
export async function openStore(role: string, env: NodeJS.ProcessEnv = process.env): Promise<PlayStore> {
  const where = storeLocation(env);
  if (where.backend === 'postgres') return PlayStore.open(await openPostgres(where.url), { where: 'PostgreSQL (DATABASE_URL)' });
  const release = ownDataDir(where.dir, role);
  try {
    return await PlayStore.open(await openPglite(join(where.dir, 'pg')), { release, where: where.dir });
  } catch (e) {
    release();
    throw e;
  }
}
