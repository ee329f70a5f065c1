import { describe, expect, it } from 'vitest';
import { canPay, payment } from '../rules/bots.ts';

/** For every sum some markers reach (at most six of them, as a payment may hold), the fewest markers that reach it. */
function fewestBySum(gold: readonly number[]): Map<number, number> {
  const fewest = new Map<number, number>();
  for (let mask = 0; mask < 1 << gold.length; mask++) {
    const picked = gold.filter((_, i) => mask & (1 << i));
    if (picked.length > 6) continue;
    const sum = picked.reduce((a, v) => a + v, 0);
    fewest.set(sum, Math.min(fewest.get(sum) ?? Infinity, picked.length));
  }
  return fewest;
}

describe('Lost Valley bots shopping', () => {
  it('payment pays with the least gold that covers the price (no change is given), then the fewest markers; canPay says exactly when it can', () => {
    // A fixed walk over bags of gold markers (values 1–4, as dealt), none random.
    let x = 12345;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
    for (let bag = 0; bag < 2000; bag++) {
      const gold = Array.from({ length: next() % 11 }, () => 1 + (next() % 4));
      const fewest = fewestBySum(gold);
      for (let owed = -1; owed <= 26; owed++) {
        const at = `${JSON.stringify(gold)} owing ${owed}`;
        const paid = payment(gold, owed);
        // Walking to the post asks canPay, buying asks payment: they must agree.
        expect(canPay(gold, owed), at).toBe(paid !== undefined);
        const least = [...fewest.keys()].filter((sum) => sum >= Math.max(0, owed)).sort((a, b) => a - b)[0];
        if (least === undefined) {
          expect(paid, at).toBeUndefined();
          continue;
        }
        expect(paid, at).toBeDefined();
        expect(new Set(paid).size, `${at}: a marker paid twice`).toBe(paid!.length);
        expect(
          paid!.every((i) => Number.isInteger(i) && i >= 0 && i < gold.length),
          at,
        ).toBe(true);
        expect(
          paid!.reduce((a, i) => a + gold[i]!, 0),
          at,
        ).toBe(least);
        expect(paid!.length, at).toBe(fewest.get(least));
      }
    }
  });

  it('pays nothing when nothing is owed, and never with more than six markers', () => {
    expect(payment([3, 4], 0)).toEqual([]);
    expect(payment([], -2)).toEqual([]);
    expect(payment([1, 1, 1, 1, 1, 1, 1], 7)).toBeUndefined();
    expect(canPay([1, 1, 1, 1, 1, 1, 1], 7)).toBe(false);
    expect(payment([1, 1, 1, 1, 1, 1, 1], 6)).toHaveLength(6);
    expect(
      payment([2, 4, 3], 5)!
        .map((i) => [2, 4, 3][i])
        .sort(),
    ).toEqual([2, 3]);
  });
});
