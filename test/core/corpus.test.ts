import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CorpusError, measureCorpus, mergeShards } from '../../src/core/corpus.ts';

const dir = mkdtempSync(join(tmpdir(), 'goldmaps-corpus-'));
const items = Array.from({ length: 11 }, (_, i) => `m${i}`);

describe('a corpus measured in shards', () => {
  it('shards take every item exactly once and merge into what one run measures', () => {
    const whole = measureCorpus(
      'g/p',
      items,
      (s) => s,
      (s) => s.length * 10,
      {},
    )!;
    const files = [1, 2, 3].map((k) => {
      const out = join(dir, `s${k}.json`);
      expect(
        measureCorpus(
          'g/p',
          items,
          (s) => s,
          (s) => s.length * 10,
          { shard: { index: k, of: 3 }, shardOut: out },
        ),
      ).toBeUndefined();
      return { name: out, text: readFileSync(out, 'utf8') };
    });
    const counts = files.map((f) => Object.keys(JSON.parse(f.text).entries).length);
    expect(counts).toEqual([4, 4, 3]);
    const merged = mergeShards<number>(files.reverse());
    expect(Object.keys(merged.entries).sort()).toEqual([...items].sort());
    for (const [k, v] of whole) expect(merged.entries[k]).toBe(v);
  });

  it('measures only what a cache lacks, and refuses a cache of another plan', () => {
    const cache = join(dir, 'cache.json');
    let calls = 0;
    const measure = (s: string) => {
      calls++;
      return s.length;
    };
    measureCorpus('g/p', items.slice(0, 5), (s) => s, measure, { measured: cache });
    expect(calls).toBe(5);
    measureCorpus('g/p', items.slice(0, 5), (s) => s, measure, { measured: cache });
    expect(calls).toBe(5);
    expect(() => measureCorpus('g/p', items, (s) => s, measure, { measured: cache })).toThrow(CorpusError);
  });

  it('refuses items that share a key', () => {
    expect(() =>
      measureCorpus(
        'g/p',
        ['a', 'a'],
        (s) => s,
        () => 1,
        {},
      ),
    ).toThrow(/share a key/);
  });
});
