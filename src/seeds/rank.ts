import type { AnyGameModule } from '../core/game-module.ts';
import { buildScoredMap } from '../core/maps.ts';

export interface RankRow {
  seed: string;
  digest: string;
  difficulty: number;
  band: string;
  /** Where the score's kinds of player read the map, lowest first (`score.interval`), if it says. */
  interval?: [number, number];
}

/** The CSV's columns. The interval comes last, so that a reader of the first five reads as before. */
export const RANK_HEADER = 'rank,seed,difficulty,band,digest,interval_low,interval_high';

/** The seeds at those positions: `from/k`. */
export function rankSeeds(from: string, positions: readonly number[]): string[] {
  return positions.map((k) => `${from}/${k}`);
}

/** One batch of seeds, each built and scored. */
export function rankBatch(game: AnyGameModule, seeds: readonly string[], options: unknown): RankRow[] {
  return seeds.map((seed) => {
    const map = buildScoredMap(game, seed, options);
    const { difficulty, band, interval } = map.score;
    return { seed, digest: map.digest as string, difficulty, band, ...(interval ? { interval } : {}) };
  });
}

/** Hardest first; seed order (as listed) on ties, so a ranking is reproducible. */
export function hardestFirst(rows: readonly RankRow[]): RankRow[] {
  const order = new Map(rows.map((r, i) => [r.seed, i] as const));
  return rows.slice().sort((a, b) => b.difficulty - a.difficulty || (order.get(a.seed) as number) - (order.get(b.seed) as number));
}

/** RFC 4180 CSV: a header, then one row per map. */
export function rankCsv(rows: readonly RankRow[]): string {
  const cell = (v: string | number) => (typeof v === 'number' || !/[",\r\n]/.test(v) ? String(v) : `"${v.replace(/"/g, '""')}"`);
  return `${[RANK_HEADER, ...rows.map((r, i) => [i + 1, r.seed, r.difficulty, r.band, r.digest, r.interval?.[0] ?? '', r.interval?.[1] ?? ''].map(cell).join(','))].join('\n')}\n`;
}
