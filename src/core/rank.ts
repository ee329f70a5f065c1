import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { RankRow } from './rank-task.ts';

const BATCH = 250;

/**
 * Builds and scores `count` seeds (`from/1` … `from/count`) on every core, then orders them
 * hardest first (seed order on ties, so the ranking is reproducible). `onProgress` hears how many
 * are done after each batch.
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
      const seeds = Array.from({ length: Math.min(BATCH, count - start + 1) }, (_, i) => `${from}/${start + i}`);
      batches.push(
        (pool.run({ game, seeds, options }) as Promise<RankRow[]>).then((rows) => {
          done += rows.length;
          onProgress(done);
          return rows;
        }),
      );
    }
    const rows = (await Promise.all(batches)).flat();
    const order = new Map(rows.map((r, i) => [r.seed, i] as const));
    return rows.sort((a, b) => b.difficulty - a.difficulty || (order.get(a.seed) as number) - (order.get(b.seed) as number));
  } finally {
    await pool.destroy();
  }
}

/** RFC 4180 CSV: a header, then one row per map. */
export function rankCsv(rows: RankRow[]): string {
  const cell = (v: string | number) => (typeof v === 'number' || !/[",\r\n]/.test(v) ? String(v) : `"${v.replace(/"/g, '""')}"`);
  return ['rank,seed,difficulty,band,digest', ...rows.map((r, i) => [i + 1, r.seed, r.difficulty, r.band, r.digest].map(cell).join(','))].join('\n') + '\n';
}
