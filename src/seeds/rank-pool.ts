import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { type Shard, shardPositions } from '../core/shard.ts';
import { hardestFirst, rankSeeds, type RankRow } from './rank.ts';

const BATCH = 250;

/**
 * Builds and scores `count` seeds (`from/1` … `from/count`), or a shard's share of them
 * (`shardPositions`), on every core, then orders them hardest first. `onProgress` hears how many
 * are done after each batch.
 */
export async function rank(
  game: string,
  { count, from, options, shard }: { count: number; from: string; options: unknown; shard?: Shard },
  onProgress: (done: number) => void = () => {},
): Promise<RankRow[]> {
  const pool = new Piscina({ filename: new URL('./rank-worker.js', import.meta.url).href, maxThreads: availableParallelism() });
  try {
    const batches: Array<Promise<RankRow[]>> = [];
    let done = 0;
    const positions = shardPositions(count, shard);
    for (let start = 0; start < positions.length; start += BATCH) {
      const seeds = rankSeeds(from, positions.slice(start, start + BATCH));
      batches.push(
        (pool.run({ game, seeds, options }) as Promise<RankRow[]>).then((rows) => {
          done += rows.length;
          onProgress(done);
          return rows;
        }),
      );
    }
    return hardestFirst((await Promise.all(batches)).flat());
  } finally {
    await pool.destroy();
  }
}
