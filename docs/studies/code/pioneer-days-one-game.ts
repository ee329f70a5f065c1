/**
 * What one game of one kind says about each kind (issue 42, item 3): on the 600 held-out trails
 * of the Pioneer Days score model (data/score-model.json `heldOutTrails`, 50 games of each kind a
 * trail), Spearman of a single noiseless settler game's VP a player (`referenceGame`, the game the
 * trail sheet's forecast plays) with the settlers' and the planners' 50-game means, by table size
 * and deal, and what that one game costs. About 3 s on one core:
 *   npx tsx docs/studies/code/pioneer-days-one-game.ts
 */
import { readJson } from '../../../src/core/json-file.ts';
import { spearman } from '../../../src/core/stats.ts';
import { generatePioneerDays } from '../../../src/games/pioneer-days/generate.ts';
import { referenceGame } from '../../../src/games/pioneer-days/reference-games.ts';

type HeldOut = [seed: string, players: 1 | 2 | 3 | 4, firstGame: 0 | 1, settler: number, planner: number];
const model = readJson<{ heldOutTrails: HeldOut[] }>(new URL('../../../src/games/pioneer-days/data/score-model.json', import.meta.url));

console.log('| players | deal | trails | one settler game vs settlers | vs planners | ms a game |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const players of [1, 2, 3, 4])
  for (const deal of ['all', 'standard', 'first game'] as const) {
    const rows = model.heldOutTrails.filter((r) => r[1] === players && (deal === 'all' || r[2] === (deal === 'first game' ? 1 : 0)));
    const started = performance.now();
    const one = rows.map(([seed, p, f]) => {
      const game = referenceGame(generatePioneerDays(seed, { players: p, firstGame: f === 1 }));
      return game.scores.reduce((a, s) => a + s.vp, 0) / game.scores.length;
    });
    const ms = (performance.now() - started) / rows.length;
    const rho = (k: 3 | 4) =>
      spearman(
        one,
        rows.map((r) => r[k]),
      ).toFixed(3);
    console.log(`| ${players} | ${deal} | ${rows.length} | ${rho(3)} | ${rho(4)} | ${ms.toFixed(1)} |`);
  }
