/**
 * The Pioneer Days calibration's trail series. In `pd-cal-*`, `pd-hold-*` and `pd-test-*` trail i
 * is for 1 + i % 4 players and every other block of four is a first game (sets A and B); the later
 * series (`pd-val`, `pd-chk`) are laid out per table size by `sizedSeries`.
 * Every script that replays calibration trails reads them through here, so they stay the same trails.
 */
export const CORPUS_TABLES = [1, 2, 3, 4] as const;

export function corpusTrail(i: number): { players: number; firstGame: boolean } {
  return { players: CORPUS_TABLES[i % CORPUS_TABLES.length]!, firstGame: Math.floor(i / CORPUS_TABLES.length) % 2 === 1 };
}

/** The index in a series of the k-th trail for `players`. */
export const corpusIndex = (players: number, k: number): number =>
  k * CORPUS_TABLES.length + CORPUS_TABLES.indexOf(players as 1 | 2 | 3 | 4);

type Trail = { seed: string; players: number; firstGame: boolean };

/** A series laid out as `corpusTrail` lays it: trail i of `prefix` is `prefix-i`, table sizes interleaved. */
export const interleavedSeries = (prefix: string, maps: number): Trail[] =>
  Array.from({ length: maps * CORPUS_TABLES.length }, (_, i) => ({ seed: `${prefix}-${i}`, ...corpusTrail(i) }));

/** A series laid out per table size: `prefix-<players>-<i>`, every odd-numbered trail a first game. */
export const sizedSeries = (prefix: string, maps: number): Trail[] =>
  CORPUS_TABLES.flatMap((players) =>
    Array.from({ length: maps }, (_, i) => ({ seed: `${prefix}-${players}-${i}`, players, firstGame: i % 2 === 1 })),
  );
