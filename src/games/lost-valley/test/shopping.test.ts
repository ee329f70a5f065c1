import { describe, expect, it } from 'vitest';
import { canPay, payment } from '../rules/bots.ts';

describe('Lost Valley bots shopping', () => {
  it('canPay says exactly when payment finds markers (walking to the post asks canPay, buying asks payment)', () => {
    // A fixed walk over bags of gold markers (values 1–4, as dealt), none random.
    let x = 12345;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
    let checked = 0;
    for (let bag = 0; bag < 2000; bag++) {
      const gold = Array.from({ length: next() % 11 }, () => 1 + (next() % 4));
      for (let owed = -1; owed <= 26; owed++) {
        expect(canPay(gold, owed), `${JSON.stringify(gold)} owing ${owed}`).toBe(payment(gold, owed) !== undefined);
        checked++;
      }
    }
    expect(checked).toBe(2000 * 28);
  });
});
