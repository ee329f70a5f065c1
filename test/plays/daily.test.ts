import { describe, expect, it } from 'vitest';
import { dailySeed, isDate } from '../../src/plays/daily.ts';

describe('the daily seed', () => {
  it('is a pure function of the date', () => {
    expect(dailySeed('2026-12-01')).toBe('daily-2026-12-01');
  });

  it('takes only real calendar dates, leap years by the Gregorian rule', () => {
    for (const day of ['2026-12-01', '2024-02-29', '2000-02-29', '2026-04-30', '2999-12-31']) expect(isDate(day), day).toBe(true);
    for (const day of [
      '2023-02-29',
      '2100-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-12-00',
      '1999-01-01',
      '2026-1-01',
      '2026-12-01T00',
    ])
      expect(isDate(day), day).toBe(false);
  });
});
