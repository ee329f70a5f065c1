/**
 * The figures of a score that goldens pin: its top-level numbers and words (difficulty, band,
 * predicted rounds or gold, …), so a scorer change shows as a deliberate diff of the goldens.
 */
export function pinnedScore(score: Record<string, unknown> | undefined): Record<string, number | string> | undefined {
  if (!score) return undefined;
  return Object.fromEntries(Object.entries(score).filter(([, v]) => typeof v === 'number' || typeof v === 'string')) as Record<
    string,
    number | string
  >;
}
