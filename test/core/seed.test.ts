import { describe, expect, it } from 'vitest';
import { normaliseSeed } from '../../src/core/seed.ts';

describe('normaliseSeed', () => {
  it('accepts 1–128 characters, counted as code points, and integers as their decimal string', () => {
    expect(normaliseSeed('a')).toEqual({ ok: true, seed: 'a' });
    expect(normaliseSeed('🌴'.repeat(128)).ok).toBe(true);
    expect(normaliseSeed(42)).toEqual({ ok: true, seed: '42' });
  });

  it('normalises to NFC so composed and decomposed text are one seed', () => {
    const composed = normaliseSeed('\u00e9');
    const decomposed = normaliseSeed('e\u0301');
    expect(composed).toEqual(decomposed);
  });

  it('rejects empty, over-long, control characters and lone surrogates, naming the seed', () => {
    for (const bad of ['', 'x'.repeat(129), 'a\u0000b', 'tab\there', '\uD800']) {
      const r = normaliseSeed(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/^seed: /);
    }
    expect(normaliseSeed(2 ** 60).ok).toBe(false);
  });
});
