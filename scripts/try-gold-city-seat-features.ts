/**
 * Tries features of how a four-player race unfolds, read from the course, as extra inputs to the
 * per-stagger, per-seat share models of src/games/gold-city/calibrate/seats.ts, on its own measured
 * shares (src/games/gold-city/data/seats.json: 100 courses, 200 games a stagger) and its
 * split (four courses in five to fit, the fifth held out). Features per seat under the stagger:
 * its start effort to the finish against the table's mean, its hex steps to the edge of the start
 * piece (where the race proper and any first blockade begin) against the mean, how many rivals
 * start nearer the finish, and how many start as near the edge (a contested first step).
 * Prints the held-out Pearson of each feature set; "base" reproduces the fixture's four-player heldOut.pearsonShares.
 *   npx tsx scripts/try-gold-city-seat-features.ts   (a few minutes; plays no games)
 */
import { readFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { pearson } from '../src/core/stats.ts';
import { fitLinear } from '../src/core/fit.ts';
import { goldCity } from '../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../src/games/gold-city/model.ts';
import { seatFeatures } from '../src/games/gold-city/seats.ts';
import { staggeredStarts } from '../src/games/gold-city/stagger.ts';
import { effortToFinish } from '../src/games/gold-city/rules/potential.ts';
import { prepareTable } from '../src/games/gold-city/rules/table.ts';
const fixture = JSON.parse(readFileSync(new URL('../src/games/gold-city/data/seats.json', import.meta.url), 'utf8'));
const players = 4;
const courses = fixture.measured[players] as Array<{ seed: string; options: object; shares: Record<string, number[]> }>;
const staggers = Object.keys(courses[0]!.shares);
type R = { base: number[]; seat: Record<string, number[][]>; shares: Record<string, number[]> };
const rows: R[] = [];
for (const c of courses) {
  const map = buildMap(goldCity as never, c.seed, c.options) as GoldCityMap;
  const score = goldCity.score(map) as any;
  const f = seatFeatures(score.predictedRounds, score.model.features);
  const t = prepareTable(map);
  const toFinish = effortToFinish(t);
  // Hex steps from each space to the nearest space off the start piece (where the first blockade or the race proper begins).
  const exit = new Array<number>(t.n).fill(Infinity);
  const queue: number[] = [];
  for (let i = 0; i < t.n; i++) if (t.piece[i] !== 0) { exit[i] = 0; queue.push(i); }
  for (let q = 0; q < queue.length; q++) { const a = queue[q]!; for (let d = 0; d < 6; d++) { const j = t.adj[a * 6 + d]!; if (j >= 0 && exit[j] === Infinity) { exit[j] = exit[a]! + 1; queue.push(j); } } }
  const seat: Record<string, number[][]> = {};
  for (const s of staggers) {
    const pos = staggeredStarts(t, toFinish, players, [...s].map(Number));
    const e = pos.slice(0, players).map((p) => toFinish[p]!);
    const x = pos.slice(0, players).map((p) => exit[p]!);
    const me = e.reduce((a, b) => a + b, 0) / players, mx = x.reduce((a, b) => a + b, 0) / players;
    seat[s] = e.map((v, k) => {
      const ahead = e.filter((w, j) => j !== k && w < v).length; // rivals nearer the finish
      const tied = x.filter((w, j) => j !== k && w === x[k]).length; // rivals as near the start piece's edge
      return [(v - me) / Math.max(1, me), x[k]! - mx, ahead, tied];
    });
  }
  rows.push({ base: [f.perRound!, f.strongestPerRound!, f.cardsPaidPerRound!], seat, shares: c.shares });
  if (rows.length % 20 === 0) process.stderr.write(`${rows.length}\n`);
}
const train = rows.filter((_, i) => i % 5 !== 0), held = rows.filter((_, i) => i % 5 === 0);
for (const [name, pick] of [['base', (r: R) => r.base], ['base+startEffort', (r: R, s: string, k: number) => [...r.base, r.seat[s]![k]![0]!]], ['base+exit', (r: R, s: string, k: number) => [...r.base, r.seat[s]![k]![1]!]], ['base+all', (r: R, s: string, k: number) => [...r.base, ...r.seat[s]![k]!]]] as const) {
  const pred: number[] = [], act: number[] = [];
  for (const s of staggers) for (let k = 0; k < players; k++) {
    const m = fitLinear(train.map((r) => ({ x: pick(r, s, k), y: r.shares[s]![k]! })));
    for (const r of held) {
      pred.push(m.predict(pick(r, s, k)));
      act.push(r.shares[s]![k]!);
    }
  }
  console.log(name, 'held-out Pearson', pearson(pred, act).toFixed(3));
}
