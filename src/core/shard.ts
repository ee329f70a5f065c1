/**
 * Sharing one long run between machines: shard K of N takes every N-th item from the K-th, so
 * shards differ in size by at most one item and a missing shard leaves gaps a merge notices.
 * Used by `rank --shard` and `calibrate --shard`.
 */

/** Which share of a run one machine takes: shard `index` of `of`, both counted from 1. */
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
 * The positions k (1 … count; for a ranking, the seeds `from/k`) a shard takes: every N-th seed, starting at the K-th,
 * so K, K+N, K+2N, …. Shards differ in size by at most one seed whatever the count, and a shard
 * missing from a merge leaves gaps below the highest position, which the merge notices (a missing
 * last block of contiguous shards would look like a shorter run). Without a shard: 1 … count.
 */
export function shardPositions(count: number, shard: Shard = { index: 1, of: 1 }): number[] {
  const positions: number[] = [];
  for (let k = shard.index; k <= count; k += shard.of) positions.push(k);
  return positions;
}
