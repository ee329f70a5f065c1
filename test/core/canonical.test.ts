import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { canonicalSha256Hex } from '../../src/core/canonical-bytes.ts';
import { canonicalJson, mapDigest, setMapDigest } from '../../src/core/canonical.ts';

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

  it('digests exactly the UTF-8 bytes of the canonicalize package, whatever the value', () => {
    const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    const texts = fc.string({ unit: 'binary', maxLength: 40 });
    const value = fc.letrec((tie) => ({
      json: fc.oneof(fc.jsonValue(), tie('obj'), fc.array(tie('json'), { maxLength: 4 })),
      obj: fc.dictionary(texts, fc.oneof(texts, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), tie('json')), {
        maxKeys: 5,
      }),
    })).json;
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalSha256Hex(v)).toBe(sha(canonicalize(v) as string));
      }),
      { numRuns: 3000 },
    );
    for (const v of [
      -0,
      1e21,
      2 ** 53,
      -(2 ** 53) + 1,
      5e-324,
      0.1,
      '\u007f\u0000\u2028"\\',
      'x'.repeat(200_000),
      { b: [undefined, () => 1], a: undefined },
    ]) {
      expect(canonicalSha256Hex(v)).toBe(sha(canonicalJson(v)));
    }
    // An enumerable key inherited from Object.prototype is not the object's own: left out, as Object.keys leaves it.
    Object.defineProperty(Object.prototype, 'zz', { value: 1, enumerable: true, configurable: true, writable: true });
    try {
      expect(canonicalSha256Hex({ a: 1, b: { c: 2, d: 1 } })).toBe(sha('{"a":1,"b":{"c":2,"d":1}}'));
      expect(canonicalSha256Hex({ b: { d: 1, c: 2 }, a: 1 })).toBe(sha('{"a":1,"b":{"c":2,"d":1}}'));
    } finally {
      delete (Object.prototype as Record<string, unknown>).zz;
    }
    class Box {
      constructor(
        readonly y = 1,
        readonly x = 2,
      ) {}
    }
    expect(canonicalSha256Hex([new Box()])).toBe(sha('[{"x":2,"y":1}]'));
    expect(() => canonicalSha256Hex({ a: '\uD800' })).toThrow();
    expect(() => canonicalSha256Hex([Number.NaN])).toThrow();
  });

  it('takes a digest inside a digest (a lazy digest read while another is written)', () => {
    const inner: Record<string, unknown> = { game: 'g', spaces: [1] };
    setMapDigest(inner);
    const outer = { maps: [inner], z: 'x'.repeat(100) };
    const expected = createHash('sha256')
      .update(canonicalJson({ maps: [{ ...inner }], z: outer.z }))
      .digest('hex');
    const fresh: Record<string, unknown> = { game: 'g', spaces: [1] };
    setMapDigest(fresh);
    expect(canonicalSha256Hex({ maps: [fresh], z: outer.z })).toBe(expected);
    expect(fresh.digest).toBe(mapDigest({ game: 'g', spaces: [1] }));
  });
});
