/**
 * A four-player Gold City report two seats fill in, as a table would send it for seed 42 (about
 * 24 rounds there): the API tests' ordinary report, with `extra` fields over it.
 */
export const report42 = (reportId: string, extra: Record<string, unknown> = {}) => ({
  reportId,
  players: 4,
  rounds: 24,
  winners: [2],
  seats: [
    { seat: 1, handle: 'Ann', finishedRound: 24 },
    { seat: 2, handle: 'Bo', finishedRound: 23 },
  ],
  perceived: 4,
  ...extra,
});
