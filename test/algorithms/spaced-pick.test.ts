import { describe, expect, it } from 'vitest';
import { pickSpaced } from '../../src/algorithms/spaced-pick.ts';

const apart = (gap: number) => (a: number, b: number) => Math.abs(a - b) >= gap;

describe('pickSpaced', () => {
  it('takes candidates in shuffled order that stand apart from every one already taken', () => {
    // 5 comes first; 6 and 4 are too close to it, 9 is not, 1 is far from both.
    expect(pickSpaced([5, 6, 4, 9, 1], 3, apart(3))).toEqual([1, 5, 9]);
  });

  it('makes up the number in shuffled order when too few stand apart, and returns them ascending', () => {
    expect(pickSpaced([5, 6, 4, 7], 3, apart(3))).toEqual([4, 5, 6]);
  });

  it('never takes more than wanted, nor a candidate twice', () => {
    expect(pickSpaced([3, 2, 1], 2, () => true)).toEqual([2, 3]);
    expect(pickSpaced([3, 2, 1], 5, () => false)).toEqual([1, 2, 3]);
    expect(pickSpaced([], 2, () => true)).toEqual([]);
  });
});
