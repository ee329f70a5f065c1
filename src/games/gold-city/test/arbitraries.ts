import fc from 'fast-check';

/** Any valid Gold City options object, with some fields left to their defaults. */
export const goldCityOptions = fc.record(
  {
    players: fc.integer({ min: 2, max: 4 }),
    pieces: fc.integer({ min: 3, max: 10 }),
    tier: fc.constantFrom('easy', 'normal', 'hard', 'expert'),
    caves: fc.boolean(),
    blockades: fc.boolean(),
    strips: fc.boolean(),
  },
  { requiredKeys: [] },
);

export { seedString } from '../../../../test/support/arbitraries.ts';
