/**
 * Fits the Pioneer Days difficulty model on two kinds of player: the greedy settler
 * (rules/bots.ts) and the lookahead planner (rules/planner.ts). On 600 fitting trails a table
 * size for 1–4 players (half of them first-game trails with sets A and B) it plays 12 seeded
 * settler games and 6 or 8 seeded planner games each, and regresses each kind's mean VP per
 * player (as a z-score) on the trail's features per table size. The difficulty is a weighted
 * mean of the two kinds' models, weighted per table size to maximise the smaller of the two
 * 5-fold cross-validated Spearmans on the fitting trails. The 0–100 scale per table size comes
 * from the 2nd and 98th percentiles of the predicted VP; each kind's reading gets that scale
 * carried over to its own predictions. The ranking is then
 * checked against each kind on 240 held-out trails a table size (`pd-chk`, 12 settler and 8
 * planner games each) that no choice above has seen. Re-run whenever the generator, the catalogue,
 * the engine, either player or the features change (about 6 minutes on two quiet cores with
 * `MEASURED=/tmp/a.json ONLY=1,2 …`, `MEASURED=/tmp/b.json ONLY=3 …`,
 * `MEASURED=/tmp/c.json ONLY=4 …` side by side, then `MEASURED=/tmp/a.json,/tmp/b.json,/tmp/c.json`
 * to fit).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tuningHash } from '../../../core/play/tuning.ts';
import { spearman } from '../../../core/stats.ts';
import { difficultyBetween } from '../../../core/difficulty.ts';
import { buildMap } from '../../../core/maps.ts';
import { blendForBoth, fitLinear, quantile, rankGap, round } from '../../../core/fit.ts';
import { CORPUS_TABLES as TABLES, interleavedSeries, sizedSeries } from './corpus.ts';
import { pioneerDays } from '../index.ts';
import { features, trailMetrics } from '../reference-games.ts';
import { playtest } from '../rules/playtest.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { PLANNER_WEIGHTS } from '../rules/planner.ts';

const REVISION = 6;
/**
 * Trails per table size (half of them first-game trails) and seeded games per trail, per kind.
 * Revision 6 fits on every series measured before (revision 5's held-out `pd-test` and the later
 * `pd-val` among them, since the choice to refit came after seeing both) and holds out `pd-chk`.
 */
const CORPUS = {
  fit: { maps: 120, settler: 12, planner: 6 },
  fitMore: { maps: 120, settler: 12, planner: 8 },
  fitTest: { maps: 120, settler: 12, planner: 8 },
  fitVal: { maps: 240, settler: 12, planner: 8 },
  hold: { maps: 240, settler: 12, planner: 8 },
};
const FEATURES = [
  'referenceVp',
  'referenceDisasters',
  'referenceUnmet',
  'plannerVp',
  'plannerDisasters',
  'plannerUnmet',
  'plannerTownsfolkVp',
  'stacking',
  'earlyGold',
  'townFavours',
];

interface Row {
  players: number;
  firstGame: boolean;
  features: Record<string, number>;
  settler: number;
  planner: number;
}

// Measurements take minutes and refits none: MEASURED=file keeps them between runs.
// MEASURED=a.json,b.json reads them all (the files two ONLY runs wrote) and writes the first.
const cacheFiles = process.env.MEASURED?.split(',') ?? [];
const cacheFile = cacheFiles[0];
const cache: Record<string, Row> = Object.assign(
  {},
  ...cacheFiles.filter((f) => existsSync(f)).map((f) => JSON.parse(readFileSync(f, 'utf8'))),
);

// ONLY=1,2 measures those table sizes into the MEASURED file and stops, so two processes can
// share the measuring (ONLY=1,2 and ONLY=3,4, each its own file); a last run without ONLY,
// given both files, fits.
const only = process.env.ONLY?.split(',').map(Number);

type Corpus = { maps: number; settler: number; planner: number };

function sample(trails: ReadonlyArray<{ seed: string; players: number; firstGame: boolean }>, corpus: Corpus): Row[] {
  return trails
    .map(({ seed, players, firstGame }, i) => {
      if (only && !only.includes(players)) return undefined;
      const key = `${seed}/${players}/${firstGame}/${corpus.settler}/${corpus.planner}`;
      if (cache[key]) return cache[key]!;
      const map = buildMap(pioneerDays, seed, { players, firstGame });
      const row = {
        players,
        firstGame,
        features: features(trailMetrics(map)),
        settler: playtest(map, { games: corpus.settler }).meanVp,
        planner: playtest(map, { games: corpus.planner, bots: Array.from({ length: players }, () => 'planner') }).meanVp,
      };
      if (i % 40 === 0) process.stderr.write(`${seed} ${i}/${trails.length}\n`);
      return (cache[key] = row);
    })
    .filter((r): r is Row => r !== undefined);
}

const t0 = performance.now();
const fit = [
  ...sample(interleavedSeries('pd-cal', CORPUS.fit.maps), CORPUS.fit),
  ...sample(interleavedSeries('pd-hold', CORPUS.fitMore.maps), CORPUS.fitMore),
  ...sample(interleavedSeries('pd-test', CORPUS.fitTest.maps), CORPUS.fitTest),
  ...sample(sizedSeries('pd-val', CORPUS.fitVal.maps), CORPUS.fitVal),
];
const hold = sample(sizedSeries('pd-chk', CORPUS.hold.maps), CORPUS.hold);
if (cacheFile) writeFileSync(cacheFile, JSON.stringify(cache));
if (only) process.exit(0);
const x = (r: Row) => FEATURES.map((k) => r.features[k] ?? 0);

/**
 * Per table size: each kind's VP as a z-score (so a kind's weight does not depend on its
 * spread), fitted alone; the difficulty is their weighted mean, mapped back to VP on the mean
 * of the kinds' scales (least squares is linear in its target, so this is the model fitted to
 * the weighted mean of the z-scores). The weight is chosen from a grid on the fitting trails
 * alone, by 5-fold cross-validation: the weight that maximises the smaller of the two
 * out-of-fold Spearmans. In-sample Spearmans flatter the kind whose reference games fit it more
 * closely, so they chose weights that held-out trails did not bear out (revision 3).
 */
const FOLDS = 5;
type Model = ReturnType<typeof fitLinear>;
const models: Record<
  string,
  {
    settlerWeight: number;
    joint: { predict: (x: number[]) => number; stored: { coefficients: number[]; intercept: number } };
    settler: Model;
    planner: Model;
  }
> = {};
const scale: Record<string, { easyVp: number; hardVp: number }> = {};
const kindScale: Record<string, Record<'settler' | 'planner', { easyVp: number; hardVp: number }>> = {};
const crossValidated: Record<string, { settler: number; planner: number }> = {};
for (const players of TABLES) {
  const rows = fit.filter((r) => r.players === players);
  const stats = (k: 'settler' | 'planner') => {
    const v = rows.map((r) => r[k]);
    const m = v.reduce((a, b) => a + b, 0) / v.length;
    return { m, sd: Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length) || 1 };
  };
  const s = stats('settler');
  const p = stats('planner');
  const zFit = (subset: Row[]) => ({
    settler: fitLinear(subset.map((r) => ({ x: x(r), y: (r.settler - s.m) / s.sd }))),
    planner: fitLinear(subset.map((r) => ({ x: x(r), y: (r.planner - p.m) / p.sd }))),
  });
  const outOfFold = rows.map((r, i) => {
    const z = zFit(rows.filter((_, j) => j % FOLDS !== i % FOLDS));
    return { settler: z.settler.predict(x(r)), planner: z.planner.predict(x(r)) };
  });
  const blend = blendForBoth(
    outOfFold.map((o) => ({ first: o.settler, second: o.planner })),
    { first: rows.map((r) => r.settler), second: rows.map((r) => r.planner) },
  );
  const settlerWeight = blend.weight;
  crossValidated[String(players)] = { settler: round(blend.first, 3), planner: round(blend.second, 3) };
  const z = zFit(rows);
  const sd = (s.sd + p.sd) / 2;
  const mean = (s.m + p.m) / 2;
  const w = settlerWeight;
  const coefficients = z.settler.stored.coefficients.map((c, k) => round(sd * (w * c + (1 - w) * z.planner.stored.coefficients[k]!), 6));
  const intercept = round(mean + sd * (w * z.settler.stored.intercept + (1 - w) * z.planner.stored.intercept), 6);
  models[players] = {
    settlerWeight,
    joint: { predict: (v) => intercept + v.reduce((a, xi, k) => a + xi * coefficients[k]!, 0), stored: { coefficients, intercept } },
    settler: fitLinear(rows.map((r) => ({ x: x(r), y: r.settler }))),
    planner: fitLinear(rows.map((r) => ({ x: x(r), y: r.planner }))),
  };
  const scaleOf = (predict: (v: number[]) => number) => {
    const predicted = rows.map((r) => predict(x(r))).sort((a, b) => a - b);
    return { easyVp: round(quantile(predicted, 0.98), 2), hardVp: round(quantile(predicted, 0.02), 2) };
  };
  const joint = scaleOf(models[players]!.joint.predict);
  scale[String(players)] = joint;
  // Each kind's reading goes on its own scale: the joint scale carried over by the mean and spread
  // of that kind's predictions on the fitting trails, so a trail a kind puts at its z-score z reads
  // where the joint model's z would. The planner reaches more VP on every trail: on the joint
  // scale that alone had set the kinds 15-32 points apart on held-out trails, however alike they ranked them.
  const spread = (predict: (v: number[]) => number) => {
    const v = rows.map((r) => predict(x(r)));
    const m = v.reduce((a, b) => a + b, 0) / v.length;
    return { m, sd: Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length) };
  };
  const j = spread(models[players]!.joint.predict);
  const carried = (predict: (v: number[]) => number) => {
    const k = spread(predict);
    const at = (vp: number) => round(k.m + ((vp - j.m) * k.sd) / j.sd, 2);
    return { easyVp: at(joint.easyVp), hardVp: at(joint.hardVp) };
  };
  kindScale[String(players)] = { settler: carried(models[players]!.settler.predict), planner: carried(models[players]!.planner.predict) };
}

/** Held-out Spearman of the joint prediction against each kind, and of the kinds with each other. */
function agreementOf(rows: Row[]) {
  const p = rows.map((r) => models[r.players]!.joint.predict(x(r)));
  const settler = rows.map((r) => r.settler);
  const planner = rows.map((r) => r.planner);
  const kinds = spearman(settler, planner);
  return {
    maps: rows.length,
    settler: round(spearman(p, settler), 3),
    planner: round(spearman(p, planner), 3),
    kindsWithEachOther: round(kinds, 3),
    // No single ranking can follow both kinds better than this when they agree only `kinds`.
    ceilingForBoth: round(Math.sqrt((1 + kinds) / 2), 3),
    bySettlerModel: round(
      spearman(
        rows.map((r) => models[r.players]!.settler.predict(x(r))),
        settler,
      ),
      3,
    ),
    byPlannerModel: round(
      spearman(
        rows.map((r) => models[r.players]!.planner.predict(x(r))),
        planner,
      ),
      3,
    ),
    // Does the score's confidence point at the trails where the kinds really part? How far apart
    // the kinds' readings are, against how far apart their played results rank the trail.
    readingsApartTrackRankGap: round(spearman(rows.map(readingsApart), rankGap(settler, planner)), 3),
  };
}
function readingsApart(r: Row): number {
  const on = (vp: number, s: { easyVp: number; hardVp: number }) => difficultyBetween(-vp, -s.easyVp, -s.hardVp);
  const k = kindScale[String(r.players)]!;
  return Math.abs(on(models[r.players]!.settler.predict(x(r)), k.settler) - on(models[r.players]!.planner.predict(x(r)), k.planner));
}
const heldOut: Record<string, ReturnType<typeof agreementOf>> = {};
for (const players of TABLES) heldOut[String(players)] = agreementOf(hold.filter((r) => r.players === players));
// Within each deal too: first-game trails (sets A and B) differ far less from one another, and
// the kinds part on them most.
for (const players of TABLES) {
  heldOut[`${players}-firstGame`] = agreementOf(hold.filter((r) => r.players === players && r.firstGame));
  heldOut[`${players}-standard`] = agreementOf(hold.filter((r) => r.players === players && !r.firstGame));
}

const result = {
  version: `pioneer-days-calibration-${REVISION}`,
  features: FEATURES,
  // Per table size, the difficulty's model (VP the two kinds reach, on average) and each kind's alone.
  tables: Object.fromEntries(
    TABLES.map((n) => [
      n,
      {
        settlerWeight: models[n]!.settlerWeight,
        ...models[n]!.joint.stored,
        byKind: {
          settler: { ...models[n]!.settler.stored, scale: kindScale[String(n)]!.settler },
          planner: { ...models[n]!.planner.stored, scale: kindScale[String(n)]!.planner },
        },
        scale: scale[String(n)],
      },
    ]),
  ),
  botWeights: tuningHash(BOT_WEIGHTS),
  plannerWeights: tuningHash(PLANNER_WEIGHTS),
  fit: {
    corpus: CORPUS,
    meanVp: Object.fromEntries(
      TABLES.map((n) => {
        const rows = hold.filter((r) => r.players === n);
        return [
          n,
          {
            settler: round(rows.reduce((a, r) => a + r.settler, 0) / rows.length, 2),
            planner: round(rows.reduce((a, r) => a + r.planner, 0) / rows.length, 2),
          },
        ];
      }),
    ),
    spearmanCrossValidatedByPlayers: crossValidated,
    spearmanHeldOutByPlayers: heldOut,
  },
};
writeFileSync(new URL('../data/calibration.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result.fit, null, 2), `\n${((performance.now() - t0) / 1000).toFixed(0)} s`);
