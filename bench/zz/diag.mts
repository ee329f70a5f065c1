import { Piscina } from 'piscina';
import { GAMES } from '/work/wt/s25soak/src/games/index.ts';
import { buildScoredMap } from '/work/wt/s25soak/src/core/maps.ts';
import { findFormat } from '/work/wt/s25soak/src/formats/index.ts';
import { formatParams, renderRequest } from '/work/wt/s25soak/src/formats/render.ts';
import { DEFAULT_LIMITS } from '/work/wt/s25soak/src/api/app.ts';
const rl = process.env.RL ? JSON.parse(process.env.RL) : undefined;
const pool = new Piscina({ filename: '/work/wt/s25soak/src/batch/zz-diag-worker.mjs', minThreads: 1, maxThreads: 1, ...(rl ? { resourceLimits: rl } : {}) });
const rss = () => Math.round(process.memoryUsage.rss() / 1048576);
const pdf = findFormat('pdf')!;
console.log('start', rss());
await pool.run({ kind: 'diag' }).then((d) => console.log('worker loaded', rss(), JSON.stringify(d)));
const t0 = performance.now();
const n = Number(process.env.N ?? 30);
for (let i = 0; i < n; i++) {
  const g = GAMES[i % GAMES.length]!;
  const map = buildScoredMap(g, `p${i}`, {});
  const req = renderRequest(pdf, g, map, formatParams(pdf, { layout: 'kit' }), DEFAULT_LIMITS);
  const { game, ...rest } = req;
  await pool.run({ kind: 'render', game: game.id, format: 'pdf', ...rest });
  if (i % 10 === 0 || i === n - 1) console.log(i, rss(), JSON.stringify(await pool.run({ kind: 'diag' })));
}
console.log(`${Math.round((performance.now() - t0) / n)} ms a kit`);
await pool.destroy();
