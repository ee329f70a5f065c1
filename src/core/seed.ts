export const SEED_MAX_LENGTH = 128;

export type SeedCheck = { ok: true; seed: string } | { ok: false; message: string };

/**
 * Seeds are compared after NFC normalisation so that the same visible text always builds the
 * same map, however the keyboard composed it. Length counts code points, not UTF-16 units.
 */
export function normaliseSeed(input: string | number): SeedCheck {
  if (typeof input === 'number') {
    if (!Number.isSafeInteger(input)) return { ok: false, message: 'seed: a number seed must be a safe integer' };
    input = String(input);
  }
  if (!input.isWellFormed()) return { ok: false, message: 'seed: must be well-formed Unicode (no lone surrogates)' };
  const seed = input.normalize('NFC');
  const length = [...seed].length;
  if (length === 0) return { ok: false, message: 'seed: must not be empty' };
  if (length > SEED_MAX_LENGTH) return { ok: false, message: `seed: must be at most ${SEED_MAX_LENGTH} characters (got ${length})` };
  if (/[\u0000-\u001f\u007f]/.test(seed)) return { ok: false, message: 'seed: must not contain control characters' };
  return { ok: true, seed };
}
