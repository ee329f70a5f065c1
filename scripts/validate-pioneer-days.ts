/**
 * A second held-out series for the Pioneer Days difficulty (docs/difficulty-pioneer-days-gold-city.md):
 * 240 new trails a table size (`pd-val-<players>-<i>`, every other one a first-game trail), none
 * seen by the calibration, with the calibration's own games (12 settler and 8 planner games a
 * trail, seeded by the trail), and the calibration's held-out series (`pd-test-*`, 120 a table
 * size) replayed beside it, so the two series and their union are compared on the same footing.
 * Prints Spearman of the difficulty's model with each kind, and of the kinds with each other,
 * over all trails and by deal. Writes nothing.
 *   ONLY=1,2 npx tsx scripts/validate-pioneer-days.ts & ONLY=3,4 npx tsx scripts/validate-pioneer-days.ts
 * (about 5 minutes for each of ONLY=1,2, ONLY=3 and ONLY=4, two of them side by side on two cores).
 */
import { buildMap } from '../src/core/maps.ts';
import { spearman } from '../src/core/stats.ts';
import { pioneerDays } from '../src/games/pioneer-days/index.ts';
import type { PioneerDaysMap } from '../src/games/pioneer-days/model.ts';
import { scorePioneerDays } from '../src/games/pioneer-days/score.ts';
import { playtest } from '../src/games/pioneer-days/rules/playtest.ts';
import { CORPUS_TABLES, corpusTrail } from './pioneer-days-corpus.ts';

const NEW_TRAILS = 240;
const HELD_OUT = 120;
interface Row { firstGame: boolean; predicted: number; settler: number; planner: number }

function row(seed: string, players: number, firstGame: boolean): Row {
  const map = buildMap(pioneerDays, seed, { players, firstGame }) as PioneerDaysMap;
  return {
    firstGame,
    predicted: scorePioneerDays(map).predictedVp,
    settler: playtest(map, { games: 12 }).meanVp,
    planner: playtest(map, { games: 8, kind: 'planner' }).meanVp,
  };
}

function agreement(rows: readonly Row[]) {
  const col = (k: keyof Omit<Row, 'firstGame'>) => rows.map((r) => r[k]);
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  return { trails: rows.length, settler: r3(spearman(col('predicted'), col('settler'))), planner: r3(spearman(col('predicted'), col('planner'))), kinds: r3(spearman(col('settler'), col('planner'))) };
}

const only = process.env.ONLY?.split(',').map(Number) ?? [...CORPUS_TABLES];
for (const players of only) {
  const fresh = Array.from({ length: NEW_TRAILS }, (_, i) => row(`pd-val-${players}-${i}`, players, i % 2 === 1));
  const heldOut: Row[] = [];
  for (let i = 0; i < HELD_OUT * CORPUS_TABLES.length; i++) {
    const t = corpusTrail(i);
    if (t.players === players) heldOut.push(row(`pd-test-${i}`, players, t.firstGame));
  }
  const union = [...heldOut, ...fresh];
  const byDeal = (rows: readonly Row[]) => ({ all: agreement(rows), standard: agreement(rows.filter((r) => !r.firstGame)), firstGame: agreement(rows.filter((r) => r.firstGame)) });
  console.log(JSON.stringify({ players, new: byDeal(fresh), heldOut: byDeal(heldOut), union: byDeal(union) }));
}
