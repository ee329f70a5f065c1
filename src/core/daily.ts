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
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** The UTC date of an instant, YYYY-MM-DD. */
export const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);

/** Seconds from `instant` to the next UTC midnight, when today's seed changes. */
export function secondsToMidnight(instant: Date): number {
  const next = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - instant.getTime()) / 1000));
}
