/**
 * The day's seed for duplicate play: a pure function of the date (UTC), so every replica and
 * mirror agrees on it without asking any store.
 */
export const dailySeed = (date: string) => `daily-${date}`;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date, YYYY-MM-DD, in the years a seed is asked for. */
export function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2999) return false;
  // Calendar arithmetic, not a Date: core reads no clock, and this needs none.
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return days !== undefined && d >= 1 && d <= days;
}

/** The UTC date of an instant, YYYY-MM-DD. */
export const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);

/** Seconds from `instant` to the next UTC midnight, when today's seed changes. */
export function secondsToMidnight(instant: Date): number {
  const next = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - instant.getTime()) / 1000));
}
