// RSS of this process with a WorkPool drawing N PDF kits (docs/performance.md#memory):
// THREADS=1 N=60 TPP=200 node --import tsx bench/memory/pool.mts
import { WorkPool } from '../../src/workers/work-pool.ts';
import { GAMES } from '../../src/games/index.ts';
import { buildScoredMap } from '../../src/core/maps.ts';
import { findFormat } from '../../src/formats/index.ts';
import { formatParams, renderRequest } from '../../src/formats/render.ts';
import { DEFAULT_LIMITS } from '../../src/api/app.ts';
const threads = Number(process.env.THREADS ?? 2);
const n = Number(process.env.N ?? 60);
const pool = new WorkPool({
  threads,
  tasksPerPool: Number(process.env.TPP ?? 200),
  ...(process.env.HEAP ? { heapMb: Number(process.env.HEAP) } : {}),
});
const rss = () => Math.round(process.memoryUsage.rss() / 1048576);
const pdf = findFormat('pdf')!;
console.log('start', rss());
const t0 = performance.now();
for (let i = 0; i < n; i += threads) {
  await Promise.all(
    Array.from({ length: threads }, async (_, k) => {
      const g = GAMES[(i + k) % GAMES.length]!;
      const map = buildScoredMap(g, `p${i + k}`, {});
      const req = renderRequest(pdf, g, map, formatParams(pdf, { layout: 'kit' }), DEFAULT_LIMITS);
      await pool.render('pdf', req);
    }),
  );
  if ((i / threads) % 10 === 0) console.log(i, rss());
}
console.log(`after ${n} kits: ${rss()} MB, ${Math.round((performance.now() - t0) / n)} ms a kit`);
await pool.close();
console.log('closed', rss());
