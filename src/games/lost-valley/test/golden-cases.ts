/** The (seed, options) pairs whose digests and scores fixtures/golden/lost-valley.json pins (scripts/update-goldens.ts writes it); they span every option and odd seeds. */
export const GOLDEN_CASES: Array<{ seed: string; options: Record<string, unknown> }> = [
  ...['1', '2', '3', '42', '1000', '-7', 'valley', 'Lost Valley', 'Ünïcödé 🌲', 'y'.repeat(128), 'a/b/c', 'waterfall', 'ice', 'spring', 'gold rush', 'klondike'].map((seed) => ({ seed, options: {} })),
  { seed: 'two', options: { players: 2 } },
  { seed: 'three', options: { players: 3 } },
  { seed: 'four', options: { players: 4 } },
  { seed: 'seed', options: { players: 2 } },
  { seed: 'seed', options: { players: 3 } },
  { seed: 'reroll/1', options: {} },
  { seed: 'seed', options: { gold: 'near' } },
  { seed: 'seed', options: { gold: 'far' } },
  { seed: 'seed', options: { river: 3 } },
  { seed: 'seed', options: { ice: 'slow' } },
  { seed: 'seed', options: { ice: 'fast', gold: 'far', river: 5, players: 2 } },
];
