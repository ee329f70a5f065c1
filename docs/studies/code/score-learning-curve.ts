/**
 * Is the analytic score short of data or short of features (issue 42, item 3)? For Lost Valley and
 * Pioneer Days, each kind's linear head is fitted on a growing share of the fitting corpus (an
 * eighth, a quarter, a half, all of it; the first trails or landscapes of each setting, so every
 * subset keeps the corpus's balance of options and deals) and ranks the held-out maps (50 games of
 * each kind a map) at each table size. A curve still rising at the whole corpus says a larger
 * corpus would help (`--shard` runs it on many machines); a flat one says it would not.
 *
 * The head alone, one protocol for both games: standardised features, the ridge chosen by 5-fold
 * cross-validation (folds by index) from one list. It leaves out what the shipped fits add on top
 * (Lost Valley's per-setting offsets and blend, Pioneer Days' blend of the kinds), so its
 * figures at the whole corpus sit near, not on, the shipped heads' own.
 *
 * Reads the games from the calibrations' caches (GOLDMAPS_MEASURED files of each game's score-model
 * calibration), so it plays nothing; seconds on one core:
 *   LV_MEASURED=/tmp/lv.json PD_MEASURED=/tmp/pd.json npx tsx docs/studies/code/score-learning-curve.ts
 */
import { readFileSync } from 'node:fs';
import { crossValidatedRidge, ridgeFit } from '../../../src/core/fit.ts';
import { spearman } from '../../../src/core/stats.ts';
import { features, landscapeMetrics, SCORE_FEATURES } from '../../../src/games/lost-valley/analytic.ts';
import { corpusPlan, mapOf as landscapeOf, type Measured } from '../../../src/games/lost-valley/calibrate/corpus.ts';
import { sizedSeries } from '../../../src/games/pioneer-days/calibrate/corpus.ts';
import { DEFAULT_FIT, DEFAULT_HOLD } from '../../../src/games/pioneer-days/calibrate/score-model.ts';
import { generatePioneerDays } from '../../../src/games/pioneer-days/generate.ts';
import { BASE_FEATURES, trailFeatures } from '../../../src/games/pioneer-days/score-features.ts';

const RIDGES = [0.001, 0.01, 0.03, 0.05, 0.1, 0.3, 0.5, 1, 2, 5, 10];
const SHARES = [1 / 8, 1 / 4, 1 / 2, 1];

interface Row {
  x: number[];
  y: Record<string, number>;
  /** Position within its setting or deal: subsets take the first `share` of each. */
  k: number;
  per: number;
}

function fitCv(rows: readonly Row[], kind: string) {
  const xs = rows.map((r) => r.x);
  const y = rows.map((r) => r.y[kind]!);
  const { lambda } = crossValidatedRidge(xs, y, RIDGES);
  const { coefficients, intercept } = ridgeFit(xs, y, lambda);
  return { ridge: lambda, head: (x: readonly number[]) => intercept + x.reduce((a, v, j) => a + v * coefficients[j]!, 0) };
}

function curve(game: string, kinds: readonly string[], tables: Map<number, { fit: Row[]; held: Row[] }>) {
  console.log(`\n${game}: held-out Spearman of each kind's head with that kind's 50-game mean (ridge chosen)`);
  console.log(`| players | kind | ${SHARES.map((s) => `${s === 1 ? 'all' : `1/${1 / s}`} of the fit`).join(' | ')} |`);
  console.log(`| --- | --- | ${SHARES.map(() => '---').join(' | ')} |`);
  for (const [players, { fit, held }] of tables)
    for (const kind of kinds) {
      const cells = SHARES.map((share) => {
        const rows = fit.filter((r) => r.k < Math.round(r.per * share));
        const { ridge, head } = fitCv(rows, kind);
        const rho = spearman(
          held.map((r) => head(r.x)),
          held.map((r) => r.y[kind]!),
        );
        return `${rho.toFixed(3)} (${rows.length}, ridge ${ridge})`;
      });
      console.log(`| ${players} | ${kind} | ${cells.join(' | ')} |`);
    }
}

function lostValley(file: string) {
  const entries = (JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, Measured> }).entries;
  const plan = corpusPlan();
  const perSetting = Math.max(...plan.fit.map((e) => Number(e.seed.split('-').pop()))) + 1;
  const row = (e: (typeof plan.fit)[number], k: number, per: number): Row => {
    const m = entries[`${e.seed}/${e.games}`];
    if (!m) throw new Error(`${file} lacks ${e.seed}/${e.games}: it is not this corpus's cache`);
    const f = features(landscapeMetrics(landscapeOf(e)));
    return { x: SCORE_FEATURES.map((n) => f[n]!), y: { greedy: m.greedy, planner: m.planner }, k, per };
  };
  const tables = new Map<number, { fit: Row[]; held: Row[] }>();
  for (const players of [2, 3, 4])
    tables.set(players, {
      fit: plan.fit.filter((e) => e.options.players === players).map((e) => row(e, Number(e.seed.split('-').pop()), perSetting)),
      held: plan.heldOut.filter((e) => e.options.players === players).map((e) => row(e, 0, 1)),
    });
  curve('Lost Valley', ['greedy', 'planner'], tables);
}

function pioneerDays(file: string) {
  const entries = (JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, { settler: number; planner: number }> }).entries;
  type Trail = ReturnType<typeof sizedSeries>[number];
  const row = (t: Trail, games: typeof DEFAULT_FIT, k: number, per: number): Row => {
    const m = entries[`${t.seed}/${t.players}/${t.firstGame}/${games.settler}/${games.planner}`];
    if (!m) throw new Error(`${file} lacks ${t.seed}: it is not this corpus's cache`);
    const f = trailFeatures(generatePioneerDays(t.seed, { players: t.players as 1 | 2 | 3 | 4, firstGame: t.firstGame }));
    return { x: [...BASE_FEATURES.map((n) => f.values[n]), ...f.cardWeeks], y: { settler: m.settler, planner: m.planner }, k, per };
  };
  const tables = new Map<number, { fit: Row[]; held: Row[] }>();
  for (const players of [1, 2, 3, 4]) {
    const fit = sizedSeries(DEFAULT_FIT.series, DEFAULT_FIT.maps).filter((t) => t.players === players);
    const held = sizedSeries(DEFAULT_HOLD.series, DEFAULT_HOLD.maps).filter((t) => t.players === players);
    tables.set(players, {
      // Trail i alternates deals, so the first share of the series keeps both deals even.
      fit: fit.map((t, i) => row(t, DEFAULT_FIT, i, fit.length)),
      held: held.map((t) => row(t, DEFAULT_HOLD, 0, 1)),
    });
  }
  curve('Pioneer Days', ['settler', 'planner'], tables);
}

if (process.env.LV_MEASURED) lostValley(process.env.LV_MEASURED);
if (process.env.PD_MEASURED) pioneerDays(process.env.PD_MEASURED);
