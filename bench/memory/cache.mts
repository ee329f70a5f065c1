// Heap of 384 built maps with their JSON, for the map cache's bound (docs/performance.md#memory):
// node --expose-gc --import tsx bench/memory/cache.mts
import { GAMES } from '../../src/games/index.ts';
import { buildScoredMap } from '../../src/core/maps.ts';
const gc = (globalThis as { gc?: () => void }).gc!;
gc();
const h0 = process.memoryUsage().heapUsed;
const keep: unknown[] = [];
for (let i = 0; i < 128; i++)
  for (const g of GAMES) {
    const m = buildScoredMap(g, `c${i}`, {});
    keep.push({ m, body: JSON.stringify(m) });
  }
gc();
const h1 = process.memoryUsage().heapUsed;
console.log(
  `${keep.length} maps with their JSON: ${((h1 - h0) / 1048576).toFixed(1)} MB, ${((h1 - h0) / keep.length / 1024).toFixed(0)} KB each`,
);
