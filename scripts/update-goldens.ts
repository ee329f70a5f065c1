/**
 * Rewrites fixtures/golden/*.json from the current generators. Run it only together with a
 * generator version bump: a golden that moves means some seed now builds a different map.
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { GAMES } from '../src/games/index.ts';
import { GOLDEN_CASES } from '../fixtures/golden/cases.ts';

for (const game of GAMES) {
  const cases = GOLDEN_CASES[game.id] ?? [];
  const rows = cases.map(({ seed, options }) => ({ seed, options, digest: buildMap(game, seed, options).digest }));
  const file = new URL(`../fixtures/golden/${game.id}.json`, import.meta.url);
  writeFileSync(file, `${JSON.stringify({ game: game.id, generator: game.generatorVersion, rows }, null, 2)}\n`);
  console.log(`${game.id}: ${rows.length} rows`);
}
