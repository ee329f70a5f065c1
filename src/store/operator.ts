import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { alive } from './lock.ts';

/**
 * How the CLI finds a running server to administer keys through (docs/store.md#keys-while-serving):
 * the server keeps an operator credential in its data directory (made on first start, mode 0600,
 * kept across restarts) and, while it listens, a file saying where.
 */
export const CREDENTIAL_FILE = 'goldmaps.admin';
export const SERVING_FILE = 'goldmaps.serving';
/** Where the server's operator routes live: outside /api/, so the CORS middleware never answers for them. */
export const ADMIN_PREFIX = '/admin/v1';

/** The data directory: the embedded store's, and where the server's operator files live on either backend. */
export const dataDirOf = (env: NodeJS.ProcessEnv = process.env) => resolve(env.GOLDMAPS_DATA || './data');

/**
 * Which store an environment names, as a digest (a DATABASE_URL may hold a password): the CLI
 * talks to a server only if it serves the store the CLI would open itself.
 */
export const storeTagOf = (env: NodeJS.ProcessEnv = process.env) =>
  createHash('sha256')
    .update(env.DATABASE_URL ? `postgres\u0000${env.DATABASE_URL}` : `pglite\u0000${dataDirOf(env)}`)
    .digest('hex')
    .slice(0, 32);

/** The operator credential of `dir`, made (256 random bits, readable by its owner only) if there is none. */
export function operatorCredential(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, CREDENTIAL_FILE);
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    // A copy restored or edited by hand may have come back readable by others.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  }
  return readFileSync(file, 'utf8').trim();
}

export interface Serving {
  pid: number;
  port: number;
  host: string;
  store: string;
}

/** Says where this process serves; the returned function takes it back (only if it is still this process's). */
export function announceServing(dir: string, where: Omit<Serving, 'pid'>): () => void {
  const file = join(dir, SERVING_FILE);
  writeFileSync(file, `${JSON.stringify({ pid: process.pid, ...where })}\n`, { mode: 0o600 });
  let done = false;
  const withdraw = () => {
    if (done) return;
    done = true;
    process.off('exit', withdraw);
    if (servingIn(dir)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', withdraw);
  return withdraw;
}

function servingIn(dir: string): Serving | undefined {
  try {
    const s = JSON.parse(readFileSync(join(dir, SERVING_FILE), 'utf8')) as Serving;
    return Number.isInteger(s.pid) && Number.isInteger(s.port) && typeof s.host === 'string' ? s : undefined;
  } catch {
    return undefined;
  }
}

/** The server serving the store `env` names, with its credential and a URL to reach it, if one is alive. */
export function runningServer(env: NodeJS.ProcessEnv = process.env): { url: string; credential: string; pid: number } | undefined {
  const dir = dataDirOf(env);
  const s = servingIn(dir);
  if (!s || s.store !== storeTagOf(env) || !alive(s.pid)) return undefined;
  // A server bound to every address is reached on loopback; the CLI runs on its machine.
  const host = s.host === '0.0.0.0' || s.host === '::' || s.host === '' ? '127.0.0.1' : s.host;
  const credential = readFileSync(join(dir, CREDENTIAL_FILE), 'utf8').trim();
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${s.port}`, credential, pid: s.pid };
}
