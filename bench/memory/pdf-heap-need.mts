// Does every PDF the API can be asked for draw within a worker heap bound? (docs/performance.md#memory)
// HEAP=48 node --import tsx bench/memory/pdf-heap-need.mts
import { WorkPool } from '../../src/workers/work-pool.ts';
import { GAMES } from '../../src/games/index.ts';
import { buildScoredMap } from '../../src/core/maps.ts';
import { findFormat } from '../../src/formats/index.ts';
import { formatParams, renderRequest } from '../../src/formats/render.ts';
import { DEFAULT_LIMITS } from '../../src/api/app.ts';

const heapMb = Number(process.env.HEAP ?? 96);
const pool = new WorkPool({ threads: 1, heapMb });
const pdf = findFormat('pdf')!;
let failed = 0;
for (const g of GAMES) {
  for (const options of process.env.WORST
    ? g.id === 'gold-city'
      ? [{ pieces: 10, temples: true, caves: true, strips: true, players: 4 }]
      : g.id === 'lost-valley'
        ? [{ river: 12, players: 4 }]
        : [{ players: 4 }]
    : g.id === 'gold-city'
      ? [{}, { tiles: 'box' }, { pieces: 10, temples: true }]
      : [{}]) {
    for (const seed of (process.env.SEEDS ?? 'heap-7').split(',')) {
      const map = buildScoredMap(g, seed, options as never);
      for (const layout of ['board', 'kit', 'setup']) {
        for (const paper of ['a4', 'letter', 'a0']) {
          for (const size of layout === 'board' ? ['true', 'fit'] : ['true']) {
            let req: ReturnType<typeof renderRequest>;
            try {
              req = renderRequest(pdf, g, map, formatParams(pdf, { layout, paper, size }), DEFAULT_LIMITS);
            } catch (_e) {
              continue; // not offered for this map (setup of a generated course)
            }
            const t0 = performance.now();
            try {
              const out = await pool.render('pdf', req);
              console.log(
                `${seed} ${g.id} ${JSON.stringify(options)} ${layout} ${paper} ${size}: ${Math.round(out.body.length / 1024)} KB, ${Math.round(performance.now() - t0)} ms`,
              );
            } catch (e) {
              failed++;
              console.log(
                `${seed} ${g.id} ${JSON.stringify(options)} ${layout} ${paper} ${size}: FAILED ${(e as Error).message.split('\n')[0]}`,
              );
            }
          }
        }
      }
    }
  }
}
await pool.close();
console.log(`heap ${heapMb} MB: ${failed} failed`);
