import { createHash } from 'node:crypto';

/**
 * The canonical JSON (RFC 8785, as `canonicalJson` writes it) of a value, written straight into
 * UTF-8 bytes and hashed: what map digests are taken over.
 *
 * Why not `sha256(canonicalJson(value))`: a map document is ~14 KB, and building its text cost
 * three times the hash. `JSON.stringify` spends most of its time checking every character of
 * every key and string for escapes, and a string built piece by piece in JavaScript has to be
 * flattened before it can be hashed, which costs as much again. Here the bytes go into one
 * reused buffer as they are worked out: keys and strings of printable ASCII are copied code by
 * code, small integers digit by digit, and anything else is handed to `JSON.stringify` for that
 * one value. test/core/canonical.test.ts checks the bytes against the `canonicalize` package.
 */
export function canonicalSha256Hex(value: unknown, skipTopKeys?: ReadonlySet<string>): string {
  // for-in also meets enumerable keys inherited from Object.prototype; should anything have put
  // one there, every object takes the Object.keys path.
  plainPrototype = true;
  for (const _ in Object.prototype) plainPrototype = false;
  // A getter inside the value may itself take a digest (a map's lazy `digest`): it gets a writer of its own.
  const writer = idle ?? new Writer();
  idle = undefined;
  try {
    writer.length = 0;
    writer.value(value, skipTopKeys);
    return createHash('sha256').update(writer.bytes.subarray(0, writer.length)).digest('hex');
  } finally {
    idle = writer;
  }
}

/** For 0 ≤ n < SMALL: the number of digits at 4n, the digits' bytes after it. */
const SMALL = 1000;
const SMALL_DIGITS = new Uint8Array(4 * SMALL);
for (let n = 0; n < SMALL; n++) {
  const text = String(n);
  SMALL_DIGITS[4 * n] = text.length;
  for (let k = 0; k < text.length; k++) SMALL_DIGITS[4 * n + 1 + k] = text.charCodeAt(k);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const encoder = new TextEncoder();

class Writer {
  bytes = new Uint8Array(1 << 16);
  length = 0;

  #room(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + extra) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  #byte(b: number): void {
    this.#room(1);
    this.bytes[this.length++] = b;
  }

  /** Printable ASCII other than quote and backslash needs no escape: copied as is; anything else goes through JSON.stringify. */
  string(text: string): void {
    this.#room(text.length + 2);
    const { bytes } = this;
    let at = this.length;
    bytes[at++] = QUOTE;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === QUOTE || c === BACKSLASH) return this.#escaped(text);
      bytes[at++] = c;
    }
    bytes[at++] = QUOTE;
    this.length = at;
  }

  #escaped(text: string): void {
    if (!text.isWellFormed()) throw new TypeError('lone surrogates have no canonical JSON form');
    const json = JSON.stringify(text);
    // UTF-8 takes at most three bytes per UTF-16 code unit.
    this.#room(3 * json.length);
    this.length += encoder.encodeInto(json, this.bytes.subarray(this.length)).written;
  }

  number(n: number): void {
    if (!Number.isFinite(n)) throw new TypeError(`${n} has no JSON form`);
    this.#room(25);
    const { bytes } = this;
    // Small integers (nearly every number in a map) from a table of their digits; -0 is
    // written 0, as Number::toString does.
    if (n > -SMALL && n < SMALL && Number.isInteger(n)) {
      if (n < 0) {
        bytes[this.length++] = 0x2d;
        n = -n;
      }
      const at = 4 * n;
      const digits = SMALL_DIGITS[at] as number;
      for (let k = 1; k <= digits; k++) bytes[this.length++] = SMALL_DIGITS[at + k] as number;
      return;
    }
    // ECMAScript Number::toString, which is what both JSON.stringify and JCS use; always ASCII.
    const text = String(n);
    for (let i = 0; i < text.length; i++) bytes[this.length++] = text.charCodeAt(i);
  }

  value(value: unknown, skipKeys?: ReadonlySet<string>): void {
    switch (typeof value) {
      case 'string':
        return this.string(value);
      case 'number':
        return this.number(value);
      case 'boolean':
        return this.#ascii(value ? 'true' : 'false');
      case 'object':
        if (value === null) return this.#ascii('null');
        if (Array.isArray(value)) return this.#array(value);
        return this.#object(value as Record<string, unknown>, skipKeys);
      default:
        throw new TypeError(`a ${typeof value} has no JSON form`);
    }
  }

  #ascii(text: string): void {
    this.#room(text.length);
    for (let i = 0; i < text.length; i++) this.bytes[this.length++] = text.charCodeAt(i);
  }

  #array(items: readonly unknown[]): void {
    this.#byte(0x5b);
    for (let i = 0; i < items.length; i++) {
      if (i > 0) this.#byte(0x2c);
      const item = items[i];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') this.#ascii('null');
      else this.value(item);
    }
    this.#byte(0x5d);
  }

  /**
   * Keys in code-unit order. Map documents are built with their keys in that order, so a plain
   * object's members are written as for-in meets them (no key array, and the engine's fastest
   * property reads); one found out of order is rewound and written from its sorted keys.
   */
  #object(record: Record<string, unknown>, skipKeys: ReadonlySet<string> | undefined): void {
    const proto = Object.getPrototypeOf(record);
    if (skipKeys || (proto !== Object.prototype && proto !== null) || !plainPrototype) return this.#sorted(record, skipKeys);
    const start = this.length;
    this.#byte(0x7b);
    let first = true;
    let previous = '';
    for (const key in record) {
      if (key < previous) {
        this.length = start;
        return this.#sorted(record, undefined);
      }
      previous = key;
      const item = record[key];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      if (!first) this.#byte(0x2c);
      first = false;
      this.string(key);
      this.#byte(0x3a);
      this.value(item);
    }
    this.#byte(0x7d);
  }

  /** Members in sorted key order; `skipKeys` are never read (a map's lazy digest would be worked out inside itself). */
  #sorted(record: Record<string, unknown>, skipKeys: ReadonlySet<string> | undefined): void {
    const keys = Object.keys(record);
    if (!isSorted(keys)) keys.sort();
    this.#byte(0x7b);
    let first = true;
    for (const key of keys) {
      if (skipKeys?.has(key)) continue;
      first = this.#member(key, record[key], first);
    }
    this.#byte(0x7d);
  }

  /** Writes `"key":value` unless the value has no JSON form (then the member is left out, as JSON does); answers whether nothing has been written yet. */
  #member(key: string, item: unknown, first: boolean): boolean {
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') return first;
    if (!first) this.#byte(0x2c);
    this.string(key);
    this.#byte(0x3a);
    this.value(item);
    return false;
  }
}

function isSorted(keys: readonly string[]): boolean {
  for (let k = 1; k < keys.length; k++) if ((keys[k] as string) < (keys[k - 1] as string)) return false;
  return true;
}

let idle: Writer | undefined = new Writer();
let plainPrototype = true;
