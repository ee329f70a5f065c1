import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, mapDigest } from '../../src/core/canonical.ts';

describe('canonical JSON', () => {
  it('matches the canonicalize package (RFC 8785) on random JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(canonicalize(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('sorts keys by UTF-16 code units, including numeric-looking and non-ASCII keys', () => {
    const value = { b: 1, a: [true, null, 'x'], '10': 0, '9': 0, é: 1, '\u{1F600}': 2, '\uFB33': 3 };
    expect(canonicalJson(value)).toBe(canonicalize(value));
    expect(canonicalJson({ z: { y: 1, x: 2 }, a: 0 })).toBe('{"a":0,"z":{"x":2,"y":1}}');
  });

  it('refuses what has no canonical form', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
    expect(() => canonicalJson('\uD800')).toThrow();
    expect(() => canonicalJson({ a: 'ok', b: Number.POSITIVE_INFINITY })).toThrow();
  });

  it('leaves digest and score out of a map identity', () => {
    const base = { game: 'g', spaces: [1, 2] };
    expect(mapDigest({ ...base, digest: 'x', score: { difficulty: 3 } })).toBe(mapDigest(base));
    expect(mapDigest(base)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(mapDigest({ ...base, spaces: [2, 1] })).not.toBe(mapDigest(base));
  });
});
