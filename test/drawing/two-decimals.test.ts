import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { twoDecimals } from '../../src/drawing/two-decimals.ts';

/** The definition it replaces. */
const reference = (v: number) => {
  const s = v.toFixed(2);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
};

describe('twoDecimals', () => {
  it('writes what toFixed(2) writes, trailing zeros dropped, for any double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (v) => twoDecimals(v) === reference(v)),
      { numRuns: 20_000 },
    );
  });

  it('agrees on board-sized coordinates and at every rounding tie', () => {
    fc.assert(
      fc.property(fc.double({ min: -2000, max: 2000, noNaN: true }), (v) => twoDecimals(v) === reference(v)),
      { numRuns: 20_000 },
    );
    // k/200 are the ties (x.xx5) and k/1000 their neighbours, where a scaled value lands nearest .5.
    const misses: number[] = [];
    for (let k = -400_000; k <= 400_000; k++) {
      for (const v of [k / 200, k / 1000, k / 3]) if (twoDecimals(v) !== reference(v)) misses.push(v);
    }
    expect(misses).toEqual([]);
  });

  it('keeps the sign of a negative that rounds to zero, as toFixed does', () => {
    expect([twoDecimals(-0.001), twoDecimals(-0), twoDecimals(0), twoDecimals(12.5), twoDecimals(0.05)]).toEqual([
      '-0',
      '0',
      '0',
      '12.5',
      '0.05',
    ]);
  });
});
