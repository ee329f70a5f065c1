/**
 * The Pioneer Days calibration's trail series (`pd-cal-*`, `pd-hold-*`, `pd-test-*`): trail i of a
 * series is for 1 + i % 4 players, and every other block of four is a first game (sets A and B).
 * Every script that replays calibration trails reads them through here, so they stay the same trails.
 */
export const CORPUS_TABLES = [1, 2, 3, 4] as const;

export function corpusTrail(i: number): { players: number; firstGame: boolean } {
  return { players: CORPUS_TABLES[i % CORPUS_TABLES.length]!, firstGame: Math.floor(i / CORPUS_TABLES.length) % 2 === 1 };
}

/** The index in a series of the k-th trail for `players`. */
export const corpusIndex = (players: number, k: number): number => k * CORPUS_TABLES.length + CORPUS_TABLES.indexOf(players as 1 | 2 | 3 | 4);
