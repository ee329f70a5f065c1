/**
 * Fits the analytic Pioneer Days score (issue 42) and writes data/score-model.json.
 *
 * The corpus: seeded games by both kinds of player the project has (the greedy settler,
 * rules/bots.ts, and the lookahead planner, rules/planner.ts) on trails of every table size,
 * half of them first-game trails (sets A and B). `pd-afit` trails (DEFAULT_FIT: 500 a table
 * size, 12 settler and 8 planner games each) fit the model; `pd-ahold` trails (DEFAULT_HOLD: 150 a
 * table size, 50 games of each kind) are held out: nothing is chosen on them, and
 * the model file records how the score ranks them, and keeps them (seeds and each kind's mean VP)
 * for the held-out test in test/score-model.test.ts.
 *
 * The fit, per table size: each kind's mean VP per player regressed (least squares on
 * standardised features, a small ridge) on the trail's analytic features (score-features.ts);
 * the difficulty is the weighted mean of the two kinds' z-scored heads, the weight chosen by
 * 5-fold cross-validation on the fitting trails to maximise the smaller of the two out-of-fold
 * Spearmans (as src/games/pioneer-days/calibrate/difficulty.ts did for the reference-game score); the 0–100
 * scale runs between the 98th and 2nd percentiles of the predicted VP; each kind's head gets that
 * scale carried over to its own predictions.
 *
 * Deterministic: the games are seeded by the trail's digest, the fit is plain arithmetic in a
 * fixed order, and the file is written with fixed rounding, so a rerun writes the same bytes.
 * Games take most of the time (about 15 minutes of one core): `GOLDMAPS_MEASURED=/tmp/pd.json` keeps
 * them between runs, and `goldmaps calibrate pioneer-days score-model --shard K/N` then `--merge`
 * spreads them over machines (src/core/corpus.ts).
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { corpusRunFromEnv, measureCorpus } from '../../../core/corpus.ts';
import { blendForBoth, rankGap, ridgeFit } from '../../../core/fit.ts';
import { dataText } from '../../../core/json-file.ts';
import { tuningHash } from '../../../core/play/tuning.ts';
import { difficultyBetween } from '../../../core/difficulty.ts';
import { spearman } from '../../../core/stats.ts';
import { generatePioneerDays } from '../generate.ts';
import type { PioneerDaysMap } from '../model.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { PLANNER_WEIGHTS } from '../rules/planner.ts';
import { playtest } from '../rules/playtest.ts';
import { BASE_FEATURES, FEATURES, SCORE_MODEL_VERSION, trailFeatures } from '../score-features.ts';
// Types only: score.ts reads the model file this writes, and refuses one that does not match.
import type { Kind, TableModel } from '../score.ts';

export const TABLES = [1, 2, 3, 4] as const;
export const DEFAULT_FIT = { series: 'pd-afit', maps: 500, settler: 12, planner: 8 };
export const DEFAULT_HOLD = { series: 'pd-ahold', maps: 150, settler: 50, planner: 50 };
/**
 * Ridge on standardised features, times the number of trails: it steadies the near-collinear
 * shares and the sixty per-card features (0.05 read the held-out trails better than 0.001).
 */
const RIDGE = 0.05;
const FOLDS = 5;

interface Trail {
  seed: string;
  players: number;
  firstGame: boolean;
}
export interface Row extends Trail {
  settler: number;
  planner: number;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** A series laid out per table size, `prefix-<players>-<i>`, every odd-numbered trail a first game (as scripts/pioneer-days-corpus.ts lays its later series). */
export const sizedSeries = (prefix: string, maps: number): Trail[] =>
  TABLES.flatMap((players) =>
    Array.from({ length: maps }, (_, i) => ({ seed: `${prefix}-${players}-${i}`, players, firstGame: i % 2 === 1 })),
  );

const mapOf = (t: Trail): PioneerDaysMap => generatePioneerDays(t.seed, { players: t.players as 1 | 2 | 3 | 4, firstGame: t.firstGame });

/** Each kind's mean VP per player on the trail, over seeded games (playtest's seeds: the trail's digest and the game's number). */
const measureTrail = ({ trail, games }: { trail: Trail; games: Corpus }) => {
  const map = mapOf(trail);
  return {
    settler: playtest(map, { games: games.settler, kind: 'settler' }).meanVp,
    planner: playtest(map, { games: games.planner, kind: 'planner' }).meanVp,
  };
};

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const sdOf = (v: readonly number[]) => {
  const m = mean(v);
  return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length);
};
const median = (v: readonly number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const quantile = (sorted: readonly number[], q: number) => sorted[Math.floor(q * sorted.length)]!;

interface Linear {
  coefficients: number[];
  intercept: number;
}
const apply = (m: Linear, x: readonly number[]) => m.intercept + x.reduce((a, v, k) => a + v * m.coefficients[k]!, 0);

/** Ridge least squares on standardised features, returned on the raw features (rounded as stored). */
function fitHead(xs: readonly number[][], y: readonly number[]): Linear {
  const { coefficients, intercept } = ridgeFit(xs, y, RIDGE);
  return { coefficients: coefficients.map((c) => round(c, 6)), intercept: round(intercept, 6) };
}

const featuresOf = (t: Trail): number[] => {
  const f = trailFeatures(mapOf(t));
  return [...BASE_FEATURES.map((name) => f.values[name]), ...f.cardWeeks];
};

type Corpus = typeof DEFAULT_FIT;

/**
 * Measures the corpus (or reads it from `measured`, a cache file of games already played) and
 * writes the fitted model to `out` (data/score-model.json). `fit` and `hold` replace the corpus,
 * for a quick trial only: the committed model is the one the defaults write.
 */
export async function calibrateScoreModel(
  options: { log?: (line: string) => void; measured?: string; out?: URL; fit?: Corpus; hold?: Corpus } = {},
): Promise<void> {
  const FIT = options.fit ?? DEFAULT_FIT;
  const HOLD = options.hold ?? DEFAULT_HOLD;
  const log = options.log ?? (() => {});
  const run = { ...corpusRunFromEnv(), ...(options.measured ? { measured: options.measured } : {}) };
  const items = [
    ...sizedSeries(FIT.series, FIT.maps).map((trail) => ({ trail, games: FIT })),
    ...sizedSeries(HOLD.series, HOLD.maps).map((trail) => ({ trail, games: HOLD })),
  ];
  const keyOf = ({ trail, games }: (typeof items)[number]) =>
    `${trail.seed}/${trail.players}/${trail.firstGame}/${games.settler}/${games.planner}`;
  const measured = measureCorpus('pioneer-days/score-model', items, keyOf, measureTrail, run);
  if (!measured) return log('measured one shard; merge the shards to fit');
  const rowsOf = (games: Corpus): Row[] => items.filter((i) => i.games === games).map((i) => ({ ...i.trail, ...measured.get(keyOf(i))! }));
  const fitRows = rowsOf(FIT);
  const holdRows = rowsOf(HOLD);
  log(`measured ${fitRows.length} fitting and ${holdRows.length} held-out trails`);

  const tables: Record<string, TableModel> = {};
  const fitReport: Record<string, unknown> = {};
  const heldOut: Record<string, unknown> = {};
  for (const players of TABLES) {
    const rows = fitRows.filter((r) => r.players === players);
    const xs = rows.map(featuresOf);
    const stat = (k: Kind) => ({ m: mean(rows.map((r) => r[k])), sd: sdOf(rows.map((r) => r[k])) || 1 });
    const s = stat('settler');
    const p = stat('planner');
    const zHeads = (idx: number[]) => ({
      settler: fitHead(
        idx.map((i) => xs[i]!),
        idx.map((i) => (rows[i]!.settler - s.m) / s.sd),
      ),
      planner: fitHead(
        idx.map((i) => xs[i]!),
        idx.map((i) => (rows[i]!.planner - p.m) / p.sd),
      ),
    });
    const all = rows.map((_, i) => i);
    const outOfFold = new Array<{ settler: number; planner: number }>(rows.length);
    for (let fold = 0; fold < FOLDS; fold++) {
      const z = zHeads(all.filter((i) => i % FOLDS !== fold));
      for (const i of all) if (i % FOLDS === fold) outOfFold[i] = { settler: apply(z.settler, xs[i]!), planner: apply(z.planner, xs[i]!) };
    }
    const blend = blendForBoth(
      outOfFold.map((o) => ({ first: o.settler, second: o.planner })),
      { first: rows.map((r) => r.settler), second: rows.map((r) => r.planner) },
    );
    const w = blend.weight;
    const z = zHeads(all);
    const sd = (s.sd + p.sd) / 2;
    const m = (s.m + p.m) / 2;
    const joint: Linear = {
      coefficients: z.settler.coefficients.map((c, k) => round(sd * (w * c + (1 - w) * z.planner.coefficients[k]!), 6)),
      intercept: round(m + sd * (w * z.settler.intercept + (1 - w) * z.planner.intercept), 6),
    };
    const heads: Record<Kind, Linear> = {
      settler: fitHead(
        xs,
        rows.map((r) => r.settler),
      ),
      planner: fitHead(
        xs,
        rows.map((r) => r.planner),
      ),
    };
    const predicted = (h: Linear) => xs.map((x) => apply(h, x));
    const sorted = [...predicted(joint)].sort((a, b) => a - b);
    const scale = { easyVp: round(quantile(sorted, 0.98), 2), hardVp: round(quantile(sorted, 0.02), 2) };
    // Each kind's head on its own scale: the joint scale carried over by the mean and spread of
    // that head's predictions, so a trail a head puts at its z-score z reads where the joint model's z would.
    const jm = mean(predicted(joint));
    const jsd = sdOf(predicted(joint));
    const carried = (h: Linear) => {
      const v = predicted(h);
      const km = mean(v);
      const ksd = sdOf(v);
      const at = (vp: number) => round(km + ((vp - jm) * ksd) / jsd, 2);
      return { easyVp: at(scale.easyVp), hardVp: at(scale.hardVp) };
    };
    const byKind = {
      settler: { ...heads.settler, scale: carried(heads.settler) },
      planner: { ...heads.planner, scale: carried(heads.planner) },
    };
    // The kinds' own played results, each on its head's scale: how far apart they put a trail of
    // each deal, at the median. The heads read the same features and part far less than the
    // games do, so the score's interval is never narrower than this
    // and its confidence reads it too. Capped at 20, below a band's width, so that a reroll with
    // `agree` can still find a trail both kinds read inside one band.
    const on = (vp: number, sc: { easyVp: number; hardVp: number }) => difficultyBetween(-vp, -sc.easyVp, -sc.hardVp);
    const gapPlayed = (r: Row) => Math.abs(on(r.settler, byKind.settler.scale) - on(r.planner, byKind.planner.scale));
    const apartOf = (first: boolean) => Math.min(20, Math.round(median(rows.filter((r) => r.firstGame === first).map(gapPlayed))));
    tables[String(players)] = { settlerWeight: w, ...joint, scale, byKind, apart: { firstGame: apartOf(true), standard: apartOf(false) } };
    fitReport[String(players)] = {
      trails: rows.length,
      crossValidated: { settler: round(blend.first, 3), planner: round(blend.second, 3) },
    };

    // Held out: how the difficulty and each head rank each kind's mean result, by deal too.
    const hold = holdRows.filter((r) => r.players === players);
    const agreement = (sub: Row[]) => {
      const hx = sub.map(featuresOf);
      const dj = hx.map((x) => on(apply(joint, x), scale));
      const ds = hx.map((x) => on(apply(heads.settler, x), byKind.settler.scale));
      const dp = hx.map((x) => on(apply(heads.planner, x), byKind.planner.scale));
      const settler = sub.map((r) => r.settler);
      const planner = sub.map((r) => r.planner);
      const neg = (v: number[]) => v.map((d) => -d);
      const playedGap = rankGap(settler, planner);
      return {
        trails: sub.length,
        difficultyVsSettler: round(spearman(neg(dj), settler), 3),
        difficultyVsPlanner: round(spearman(neg(dj), planner), 3),
        settlerHead: round(spearman(neg(ds), settler), 3),
        plannerHead: round(spearman(neg(dp), planner), 3),
        kindsWithEachOther: round(spearman(settler, planner), 3),
        readingsApartTrackRankGap: round(
          spearman(
            ds.map((d, i) => Math.abs(d - dp[i]!)),
            playedGap,
          ),
          3,
        ),
      };
    };
    heldOut[String(players)] = agreement(hold);
    heldOut[`${players}-firstGame`] = agreement(hold.filter((r) => r.firstGame));
    heldOut[`${players}-standard`] = agreement(hold.filter((r) => !r.firstGame));
  }

  const model = {
    version: SCORE_MODEL_VERSION,
    features: [...FEATURES],
    tables,
    botWeights: tuningHash(BOT_WEIGHTS),
    plannerWeights: tuningHash(PLANNER_WEIGHTS),
    corpus: { fit: FIT, hold: HOLD, ridge: RIDGE },
    fit: fitReport,
    heldOut,
    /** The held-out trails and each kind's mean VP per player over their games: test/score-model.test.ts ranks them again. */
    heldOutTrails: holdRows.map((r) => [r.seed, r.players, r.firstGame ? 1 : 0, r.settler, r.planner]),
  };
  const out = options.out ?? new URL('../data/score-model.json', import.meta.url);
  writeFileSync(out, dataText(model));
  log(`wrote ${out.pathname}`);
}

/**
 * A corpus small enough for a test to fit in seconds (GOLDMAPS_CALIBRATE_TRIAL, writing to
 * GOLDMAPS_CALIBRATE_OUT and never to data/): the same code path, shards and merge included.
 */
const TRIAL = {
  fit: { series: 'pd-trial-fit', maps: 10, settler: 2, planner: 1 },
  hold: { series: 'pd-trial-hold', maps: 5, settler: 2, planner: 1 },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const trialOut = process.env.GOLDMAPS_CALIBRATE_TRIAL ? process.env.GOLDMAPS_CALIBRATE_OUT : undefined;
  if (process.env.GOLDMAPS_CALIBRATE_TRIAL && !trialOut) throw new Error('GOLDMAPS_CALIBRATE_TRIAL needs GOLDMAPS_CALIBRATE_OUT');
  await calibrateScoreModel({
    log: (line) => process.stderr.write(`${line}\n`),
    ...(trialOut ? { ...TRIAL, out: pathToFileURL(trialOut) } : {}),
  });
}
