/**
 * The table in docs/studies/pioneer-days-analytic-score.md: on the 600 held-out trails
 * (`pd-ahold`, 50 settler and 50 planner games each, never fitted on), how the score of today
 * (the analytic one, scored now) and the reference-game score it replaced (its readings recorded
 * in docs/studies/pioneer-days-analytic-score-held-out.json when the corpus was measured, at
 * commit 33147dc) rank each kind's mean VP per player. `npx tsx src/games/pioneer-days/calibrate/compare-held-out.ts`
 */
import { readJson } from '../../../core/json-file.ts';
import { rankGap } from '../../../core/fit.ts';
import { spearman } from '../../../core/stats.ts';
import { generatePioneerDays } from '../generate.ts';
import { scorePioneerDays } from '../score.ts';

interface Row {
  seed: string;
  players: 1 | 2 | 3 | 4;
  firstGame: boolean;
  settler: number;
  planner: number;
  today: { difficulty: number; settler: number; planner: number; confidence: string };
}
const rows = readJson<Row[]>(new URL('../../../../docs/studies/pioneer-days-analytic-score-held-out.json', import.meta.url));
const learned = rows.map((r) => scorePioneerDays(generatePioneerDays(r.seed, { players: r.players, firstGame: r.firstGame })));
const f = (x: number) => x.toFixed(3);
const out = [
  '| players | deal | trails | difficulty vs settler: before → analytic | difficulty vs planner: before → analytic | settler head vs settlers: before → analytic | planner head vs planners: before → analytic | kinds with each other | readings apart vs played rank gap: before → analytic | confidence low/medium/high: before → analytic |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
for (const players of [1, 2, 3, 4])
  for (const deal of ['all', 'standard', 'first game']) {
    const idx = rows
      .map((_, i) => i)
      .filter((i) => rows[i]!.players === players && (deal === 'all' || (deal === 'first game') === rows[i]!.firstGame));
    const s = idx.map((i) => rows[i]!.settler);
    const p = idx.map((i) => rows[i]!.planner);
    const easier = (g: (i: number) => number) => idx.map((i) => -g(i));
    const gap = rankGap(s, p);
    const apart = (g: (i: number) => number) => f(spearman(idx.map(g), gap));
    const conf = (g: (i: number) => string) => ['low', 'medium', 'high'].map((c) => idx.filter((i) => g(i) === c).length).join('/');
    const t = (i: number) => rows[i]!.today;
    const l = (i: number) => learned[i]!;
    // One cell: the reference-game reading, then the analytic one, each against the same kind's games.
    const cell = (today: (i: number) => number, now: (i: number) => number, against: number[]) =>
      `${f(spearman(easier(today), against))} → ${f(spearman(easier(now), against))}`;
    out.push(
      `| ${players} | ${deal} | ${idx.length} | ${cell(
        (i) => t(i).difficulty,
        (i) => l(i).difficulty,
        s,
      )} | ${cell(
        (i) => t(i).difficulty,
        (i) => l(i).difficulty,
        p,
      )} | ${cell(
        (i) => t(i).settler,
        (i) => l(i).kinds.settler.difficulty,
        s,
      )} | ${cell(
        (i) => t(i).planner,
        (i) => l(i).kinds.planner.difficulty,
        p,
      )} | ${f(spearman(s, p))} | ${apart((i) => Math.abs(t(i).settler - t(i).planner))} → ${apart((i) => Math.abs(l(i).kinds.settler.difficulty - l(i).kinds.planner.difficulty))} | ${conf((i) => t(i).confidence)} → ${conf((i) => l(i).confidence)} |`,
    );
  }
console.log(out.join('\n'));
