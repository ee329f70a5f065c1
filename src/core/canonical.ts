import { createHash } from 'node:crypto';
import { canonicalSha256Hex } from './canonical-bytes.ts';

/**
 * RFC 8785 (JCS) serialisation: the one byte form every digest is taken over.
 *
 * Written here rather than taken from the `canonicalize` package because digests sit on the
 * generate and reroll hot paths and that package costs about 0.9 ms per map document (a Set
 * bookkeeping pass and a `JSON.stringify` call per primitive). The package stays as the oracle:
 * test/core/canonical.test.ts checks this function against it on random JSON values.
 * For I-JSON data JCS is exactly: object keys sorted by UTF-16 code units, no whitespace,
 * strings and numbers as ECMAScript's JSON.stringify writes them.
 */
export function canonicalJson(value: unknown): string {
  return alreadyCanonical(value) ? JSON.stringify(value) : slowCanonical(value);
}

/**
 * When every object's keys are already in order, every number is finite and every string is
 * well formed, the engine's own JSON.stringify writes exactly the JCS bytes, at native speed.
 * Map documents are built with sorted keys so they take this path.
 */
function alreadyCanonical(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return value.isWellFormed();
    case 'number':
      return Number.isFinite(value);
    case 'boolean':
      return true;
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (const item of value) if (!alreadyCanonical(item)) return false;
        return true;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return false;
      let previous = '';
      for (const key in value) {
        if (key < previous) return false;
        previous = key;
        if (!alreadyCanonical((value as Record<string, unknown>)[key])) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

function slowCanonical(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${value} has no JSON form`);
      // ECMAScript Number::toString, which is what both JSON.stringify and JCS use.
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          const item: unknown = value[i];
          out += item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 'null' : slowCanonical(item);
        }
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      if (!isSorted(keys)) keys.sort();
      let out = '{';
      let first = true;
      for (const key of keys) {
        const item = record[key];
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        if (!first) out += ',';
        first = false;
        out += quote(key);
        out += ':';
        out += slowCanonical(item);
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`a ${typeof value} has no JSON form`);
  }
}

function isSorted(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] as string) > (keys[i] as string)) return false;
  return true;
}

/** Printable ASCII without quote or backslash needs no escaping: the common case, done cheaply. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function quote(text: string): string {
  if (PLAIN.test(text)) return `"${text}"`;
  if (!text.isWellFormed()) throw new TypeError('lone surrogates have no canonical JSON form');
  return JSON.stringify(text);
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * A map's identity: everything but `digest` and `score`, so a better scorer never renames a map.
 */
export function mapDigest(doc: Record<string, unknown>): string {
  return `sha256:${canonicalSha256Hex(doc, NOT_IDENTITY)}`;
}

const NOT_IDENTITY: ReadonlySet<string> = new Set(['digest', 'score']);

/**
 * Sets `doc.digest` to `mapDigest(doc)`, computed when first read rather than now: serialising
 * and hashing a map document is a fifth of building one, and a reroll reads the digest of its
 * answer only, never of the maps it rejects. The value is the same whenever it is read, because
 * a built map is not changed afterwards except for its `score`, which the digest leaves out; the
 * first read turns the property into a plain one, in its place among the keys (so JSON, spread
 * and structured clone see a string as before).
 */
export function setMapDigest(doc: Record<string, unknown> & { digest?: string }): void {
  Object.defineProperty(doc, 'digest', LAZY_DIGEST);
}

/**
 * One getter and setter for every document, working on `this`. With closures made per document
 * (as these once were) every document outlived the young collections it should have died in
 * (1.4 MB promoted per scavenge while generating, against 4 KB now), most likely because each
 * document got a hidden class of its own.
 */
const LAZY_DIGEST: PropertyDescriptor = {
  configurable: true,
  enumerable: true,
  get(this: Record<string, unknown>): string {
    const digest = mapDigest(this);
    Object.defineProperty(this, 'digest', { value: digest, writable: true, enumerable: true, configurable: true });
    return digest;
  },
  set(this: Record<string, unknown>, value: string) {
    Object.defineProperty(this, 'digest', { value, writable: true, enumerable: true, configurable: true });
  },
};
