/**
 * Rewrites fixtures/golden/<game>.json from the current generators and scorers, for every game in
 * the registry, from the cases its folder pins (src/games/<id>/test/golden-cases.ts). Run it only
 * together with a generator version bump (a digest that moves means some seed now builds a
 * different map) or a recalibration (a score that moves): the diff of the goldens is the change,
 * made on purpose.
 */
import { writeFileSync } from 'node:fs';
import { buildScoredMap } from '../src/core/maps.ts';
import { GAMES } from '../src/games/index.ts';
import { pinnedScore } from '../test/support/pinned-score.ts';

for (const game of GAMES) {
  const { GOLDEN_CASES } = (await import(`../src/games/${game.id}/test/golden-cases.ts`)) as {
    GOLDEN_CASES: Array<{ seed: string; options: Record<string, unknown> }>;
  };
  const rows = GOLDEN_CASES.map(({ seed, options }) => {
    const map = buildScoredMap(game, seed, options);
    return { seed, options, digest: map.digest, score: pinnedScore(map.score as unknown as Record<string, unknown>) };
  });
  const file = new URL(`../fixtures/golden/${game.id}.json`, import.meta.url);
  writeFileSync(file, `${JSON.stringify({ game: game.id, generator: game.generatorVersion, rows }, null, 2)}\n`);
  console.log(`${game.id}: ${rows.length} rows`);
}
