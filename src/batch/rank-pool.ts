import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { hardestFirst, rankSeeds, type RankRow } from '../core/rank.ts';

const BATCH = 250;

/**
 * Builds and scores `count` seeds (`from/1` … `from/count`) on every core, then orders them
 * hardest first. `onProgress` hears how many are done after each batch.
 */
export async function rank(
  game: string,
  { count, from, options }: { count: number; from: string; options: unknown },
  onProgress: (done: number) => void = () => {},
): Promise<RankRow[]> {
  const pool = new Piscina({ filename: new URL('./rank-worker.js', import.meta.url).href, maxThreads: availableParallelism() });
  try {
    const batches: Array<Promise<RankRow[]>> = [];
    let done = 0;
    for (let start = 1; start <= count; start += BATCH) {
      const seeds = rankSeeds(from, start, Math.min(BATCH, count - start + 1));
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
