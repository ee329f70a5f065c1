import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { Rng, seedState } from '../../src/core/rng.ts';

const draw = (rng: Rng, n = 5) => Array.from({ length: n }, () => rng.next());

describe('Rng', () => {
  it('repeats for the same seed and differs for another', () => {
    expect(draw(Rng.fromSeed('a'))).toEqual(draw(Rng.fromSeed('a')));
    expect(draw(Rng.fromSeed('a'))).not.toEqual(draw(Rng.fromSeed('b')));
  });

  it('forks streams that do not depend on how much the parent has drawn', () => {
    const a = Rng.fromSeed('s');
    const b = Rng.fromSeed('s');
    draw(b, 100);
    expect(draw(a.fork('terrain'))).toEqual(draw(b.fork('terrain')));
    expect(draw(a.fork('terrain'))).not.toEqual(draw(a.fork('caves')));
    expect(draw(a.fork('x').fork('y'))).not.toEqual(draw(a.fork('x\u001fy').fork('')));
  });

  it('resumes exactly from a saved state', () => {
    const rng = Rng.fromSeed('state');
    draw(rng, 7);
    const saved = rng.state();
    const expected = draw(rng);
    expect(draw(Rng.fromState(rng.key, saved))).toEqual(expected);
  });

  it('spreads seeds: nearby keys give unrelated first draws', () => {
    const firsts = Array.from({ length: 4000 }, (_, i) => Rng.fromSeed(`s${i}`).next());
    const buckets = new Array(10).fill(0);
    for (const f of firsts) buckets[Math.floor(f * 10)]++;
    for (const b of buckets) expect(Math.abs(b - 400)).toBeLessThan(80);
    expect(new Set(firsts).size).toBe(firsts.length);
  });

  it('keeps int, pick, weightedIndex and shuffle in range', () => {
    const rng = Rng.fromSeed('range');
    for (let i = 0; i < 2000; i++) {
      const v = rng.int(-2, 3);
      expect(v).toBeGreaterThanOrEqual(-2);
      expect(v).toBeLessThanOrEqual(3);
      expect(rng.weightedIndex([0, 1, 0])).toBe(1);
    }
    const items = [1, 2, 3, 4, 5];
    const shuffled = rng.shuffle(items);
    expect(shuffled.slice().sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(() => rng.pick([])).toThrow();
  });
});

describe('Rng against seedrandom', () => {
  // The alea step is written out in rng.ts; seedrandom's own alea, given the same starting state,
  // is the oracle for every draw, for forked streams and for resumed ones.
  const oracle = (key: string) => seedrandom.alea('', { state: seedState(key) });

  it('draws exactly what seedrandom.alea draws from the same state', () => {
    for (const key of ['', 'a', 'gold-city\u001fseed', 'x'.repeat(200), 'ünïcødé\u{1F600}']) {
      const rng = Rng.fromSeed(key);
      const alea = oracle(key);
      for (let i = 0; i < 500; i++) expect(rng.next()).toBe(alea());
    }
  });

  it('forks as if the whole key were hashed afresh', () => {
    const root = Rng.fromSeed('gold-city\u001f42');
    const leaf = root.fork('terrain').fork('p3').fork('water');
    const key = 'gold-city\u001f42\u001fterrain\u001fp3\u001fwater';
    expect(leaf.key).toBe(key);
    const alea = oracle(key);
    for (let i = 0; i < 50; i++) expect(leaf.next()).toBe(alea());
    const resumed = Rng.fromState(leaf.key, leaf.state());
    expect(resumed.fork('more').next()).toBe(oracle(`${key}\u001fmore`)());
    expect(Rng.fromState('k', seedState('k')).state()).toEqual(seedState('k'));
    expect(Rng.fromSeed('k').state()).toEqual(seedState('k'));
  });
});
