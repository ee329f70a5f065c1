import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (secret: string, salt: Buffer, length: number) => Promise<Buffer>;

/**
 * A writer's key is `gmk_<id>_<secret>`: the id finds the row, the secret is checked against a
 * salted scrypt hash of it, and only the salt and hash are stored. The id says nothing secret.
 */
const KEY_FORMAT = /^gmk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
const HASH_BYTES = 32;

/**
 * A key's writes a minute unless `keys create --writes-per-minute` says otherwise: a club's
 * evening (a game every few minutes, a retry or two) with room to spare. A game client that
 * reports every finished game for many players is given its own, larger number.
 */
export const DEFAULT_KEY_WRITES_PER_MINUTE = 60;
export const MAX_KEY_WRITES_PER_MINUTE = 100_000;

export function newKey(): { id: string; secret: string; key: string } {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { id, secret, key: `gmk_${id}_${secret}` };
}

export function parseKey(key: string): { id: string; secret: string } | undefined {
  const m = KEY_FORMAT.exec(key);
  return m ? { id: m[1]!, secret: m[2]! } : undefined;
}

export async function hashSecret(secret: string, salt = randomBytes(16)): Promise<{ salt: string; hash: string }> {
  const hash = await scryptAsync(secret, salt, HASH_BYTES);
  return { salt: salt.toString('hex'), hash: hash.toString('hex') };
}

/** Secrets seen to match, by key id: scrypt is slow on purpose, a client posting a game a second is not. */
const verified = new Map<string, Buffer>();
const VERIFIED_MAX = 1024;
const fingerprint = (secret: string) => createHash('sha256').update(secret).digest();
const DUMMY = { salt: '00'.repeat(16), hash: '00'.repeat(HASH_BYTES) };

/**
 * Whether `secret` is the one hashed in `stored` (undefined: no such key, checked against a dummy
 * all the same). Only the right secret of a key seen before is answered fast; a wrong secret
 * pays a full scrypt whether its id is live, revoked or unknown, so timing tells none of them
 * apart. Constant-time comparisons only.
 */
export async function secretMatches(id: string, secret: string, stored: { salt: string; hash: string } | undefined): Promise<boolean> {
  const print = fingerprint(secret);
  const seen = stored ? verified.get(id) : undefined;
  if (seen && timingSafeEqual(seen, print)) return true;
  const row = stored ?? DUMMY;
  const derived = await scryptAsync(secret, Buffer.from(row.salt, 'hex'), HASH_BYTES);
  const ok = timingSafeEqual(derived, Buffer.from(row.hash, 'hex')) && stored !== undefined;
  if (ok) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(id, print);
  }
  return ok;
}
