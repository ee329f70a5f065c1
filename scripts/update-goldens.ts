/**
 * Rewrites fixtures/golden/*.json from the current generators and scorers. Run it only together
 * with a generator version bump (a digest that moves means some seed now builds a different map)
 * or a recalibration (a score that moves): the diff of the goldens is the change, made on purpose.
 */
import { writeFileSync } from 'node:fs';
import { buildScoredMap } from '../src/core/maps.ts';
import { GAMES } from '../src/games/index.ts';
import { GOLDEN_CASES, pinnedScore } from '../fixtures/golden/cases.ts';

for (const game of GAMES) {
  const cases = GOLDEN_CASES[game.id] ?? [];
  const rows = cases.map(({ seed, options }) => {
    const map = buildScoredMap(game, seed, options);
    return { seed, options, digest: map.digest, score: pinnedScore(map.score as unknown as Record<string, unknown>) };
  });
  const file = new URL(`../fixtures/golden/${game.id}.json`, import.meta.url);
  writeFileSync(file, `${JSON.stringify({ game: game.id, generator: game.generatorVersion, rows }, null, 2)}\n`);
  console.log(`${game.id}: ${rows.length} rows`);
}
