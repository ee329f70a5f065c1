import { canonicalJson, sha256Hex } from '../canonical.ts';

/**
 * A table of tuning numbers (a bot's weights), frozen all the way down: the numbers a difficulty
 * model was calibrated on cannot be changed by a caller at run time.
 */
export function frozenTuning<T extends object>(table: T): T {
  for (const inner of Object.values(table)) if (typeof inner === 'object' && inner !== null) frozenTuning(inner);
  return Object.freeze(table);
}

/**
 * Which tuning a calibration was made with: the first 12 hex digits of the sha256 of the table's
 * canonical JSON (so key order does not count). A calibration fixture records it, and a test
 * compares: change a number without refitting and that test fails.
 */
export function tuningHash(table: object): string {
  return sha256Hex(canonicalJson(table)).slice(0, 12);
}
