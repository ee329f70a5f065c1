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

/** Which share of a ranking one machine takes: shard `index` of `of`, both counted from 1. */
export interface Shard {
  index: number;
  of: number;
}

export const SHARDS_MAX = 10_000;

export type ShardCheck = { ok: true; shard: Shard } | { ok: false; message: string };

/** `K/N` with 1 ≤ K ≤ N ≤ 10000, whole numbers written plainly. */
export function parseShard(text: string): ShardCheck {
  const m = /^([1-9]\d{0,4})\/([1-9]\d{0,4})$/.exec(text);
  const index = Number(m?.[1]);
  const of = Number(m?.[2]);
  if (!m || of > SHARDS_MAX || index > of)
    return { ok: false, message: `K/N with whole numbers 1 ≤ K ≤ N ≤ ${SHARDS_MAX} (got "${text}")` };
  return { ok: true, shard: { index, of } };
}

/**
 * The positions k (of `from/k`, 1 … count) a shard ranks: every N-th seed, starting at the K-th,
 * so K, K+N, K+2N, …. Shards differ in size by at most one seed whatever the count, and a shard
 * missing from a merge leaves gaps below the highest position, which the merge notices (a missing
 * last block of contiguous shards would look like a shorter run). Without a shard: 1 … count.
 */
export function shardPositions(count: number, shard: Shard = { index: 1, of: 1 }): number[] {
  const positions: number[] = [];
  for (let k = shard.index; k <= count; k += shard.of) positions.push(k);
  return positions;
}

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
