import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/api/app.ts';
import { WorkerOutOfMemory, WorkPool } from '../../src/workers/work-pool.ts';
import { buildScoredMap } from '../../src/core/maps.ts';
import { findFormat } from '../../src/formats/index.ts';
import { formatParams, renderRequest } from '../../src/formats/render.ts';
import { findGame } from '../../src/games/index.ts';

const pdf = findFormat('pdf')!;
// The heaviest documents the API accepts: the most pieces with every layer, 1:1 on the largest
// paper and fitted onto one page, and the longest river's kit (bench/memory/pdf-heap-need.mts
// measured them drawing in 40 MB and failing in 32).
const WORST = [
  {
    game: 'gold-city',
    options: { pieces: 10, temples: true, caves: true, strips: true, players: 4 },
    params: [
      { layout: 'board', paper: 'a0', size: 'true' },
      { layout: 'board', paper: 'a4', size: 'fit' },
      { layout: 'kit', paper: 'a4' },
    ],
  },
  { game: 'lost-valley', options: { river: 12, players: 4 }, params: [{ layout: 'kit', paper: 'a4' }] },
];

const pools: WorkPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

const request = (game: string, options: object, params: Record<string, unknown>) => {
  const g = findGame(game)!;
  return renderRequest(pdf, g, buildScoredMap(g, 'heap-bound', options as never), formatParams(pdf, params), DEFAULT_LIMITS);
};

describe("worker threads' heap bound", () => {
  it('draws the largest PDFs the API accepts within the default bound', async () => {
    const pool = new WorkPool({ threads: 1 });
    pools.push(pool);
    for (const { game, options, params } of WORST) {
      for (const p of params) {
        const out = await pool.render('pdf', request(game, options, p));
        expect(Buffer.from(out.body).subarray(0, 5).toString(), `${game} ${JSON.stringify(p)}`).toBe('%PDF-');
      }
    }
  });

  it('names the bound when a drawing outgrows it, and replaces the thread', async () => {
    // 20 MB loads a worker's modules but draws no PDF (bench/memory/pdf-heap-need.mts).
    const pool = new WorkPool({ threads: 1, heapMb: 20 });
    pools.push(pool);
    const [worst] = WORST;
    for (let i = 0; i < 2; i++)
      await expect(pool.render('pdf', request(worst!.game, worst!.options, worst!.params[0]!))).rejects.toBeInstanceOf(WorkerOutOfMemory);
  });
});
