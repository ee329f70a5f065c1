/** The (seed, options) pairs whose digests and scores fixtures/golden/pioneer-days.json pins (scripts/update-goldens.ts writes it); they span every option and odd seeds. */
export const GOLDEN_CASES: Array<{ seed: string; options: Record<string, unknown> }> = [
  ...['1', '2', '42', '1000', '-7', 'trail', 'Oregon', 'Ünïcödé 🐂', 'z'.repeat(128), 'a/b/c', 'daily-2024-06-01'].map((seed) => ({
    seed,
    options: {},
  })),
  { seed: 'solo', options: { players: 1 } },
  { seed: 'two', options: { players: 2 } },
  { seed: 'three', options: { players: 3 } },
  { seed: 'four', options: { players: 4, firstGame: false } },
  { seed: 'first', options: { firstGame: true } },
  { seed: 'first', options: { players: 2, firstGame: true } },
  { seed: 'reroll/1', options: {} },
];
