/**
 * Fits Lost Valley's analytic score (src/games/lost-valley/score.ts) and writes it to
 * src/games/lost-valley/data/score-model.json. Offline only: the corpus (calibrate/corpus.ts) is
 * seeded landscapes over every setting of the options, each played by both kinds of player (the
 * greedy bots and the planner) under the playtest's own seeds; for each kind and table size a
 * ridge regression maps the landscape's analytic features (analytic.ts: route costs, what the map
 * offers and withholds, counts) to the gold a prospector banks. Then each kind's 0–100 scale per
 * table size, the scale of their mean, what each setting of the options reaches (steer.ts) and the
 * held-out checks. Deterministic: the same file byte for byte on every run.
 *
 *   [GOLDMAPS_MEASURED=cache.json] npx tsx src/games/lost-valley/calibrate/score-model.ts
 *
 * With GOLDMAPS_MEASURED the measured games are read from (and written back to) that file, so a
 * change of features or fit need not replay them; `goldmaps calibrate lost-valley score-model
 * --shard K/N` and `--merge` spread them over machines (src/core/corpus.ts). ≈ 8 minutes on one
 * core without it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { corpusRunFromEnv, measureCorpus } from '../../../core/corpus.ts';
import { readJson } from '../../../core/json-file.ts';
import { difficultyOnScale, type Scale } from '../../../core/difficulty.ts';
import { tuningHash } from '../../../core/play/tuning.ts';
import { blendForBoth, crossValidatedRidge, ridgeFit } from '../../../core/fit.ts';
import { leastDifference, pearson, spearman } from '../../../core/stats.ts';
import { features, landscapeMetrics, SCORE_FEATURES, SCORE_MODEL_VERSION } from '../analytic.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { PLAN } from '../rules/planner.ts';
import type { Kind, ScoreModel } from '../score.ts';
import { partingKey, settingOf } from '../setting.ts';
import type { Measured, Setting } from './corpus.ts';

const MODEL_URL = new URL('../data/score-model.json', import.meta.url);
/** Ridge strengths tried (on standardized features, times the sample count); 5-fold cross-validation picks one per head. */
const RIDGE = [0.001, 0.01, 0.03, 0.1, 0.3, 1];
/** Landscapes a setting for the scales and the reach (scored analytically: no game). */
const REACH_LANDSCAPES = 24;
/** How far below the measured held-out Spearman the committed check's floor lies. */
const FLOOR_SLACK = 0.05;
/** The greedy bots' shares of the difficulty tried: either kind may carry it alone where the other adds nothing that holds. */
const BLEND = Array.from({ length: 21 }, (_, i) => i / 20);

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
/**
 * A band's width in nuggets per table size: the least difference between two landscapes that
 * strong play's mean over BAND_GAMES games tells apart, from one game's spread of the Monte-Carlo
 * player's gold over every option (data/strong.json, calibrate/strong.ts). That spread depends on
 * the bots alone, not on the score, so the last strong-play measurement is read;
 * difficulty.test.ts fails when the two files no longer agree.
 */
const BAND_GAMES = 50;
const STRONG_URL = new URL('../data/strong.json', import.meta.url);
function bandWidths(players: readonly number[]): Record<number, number> {
  if (!existsSync(STRONG_URL))
    throw new Error(
      'score-model: data/strong.json is missing; measure strong play first (goldmaps calibrate lost-valley strong-2, strong-3, strong-4)',
    );
  const strong = readJson<{ tables: Record<string, { sdOneGame: number }> }>(STRONG_URL);
  return Object.fromEntries(players.map((p) => [p, round(leastDifference(strong.tables[String(p)]!.sdOneGame, BAND_GAMES), 2)]));
}
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

interface Row extends Measured {
  x: number[];
}

const KINDS: readonly Kind[] = ['greedy', 'planner'];

/**
 * score.ts refuses a model fitted on other features than the code computes, and it loads the model
 * when imported: before importing it, a stale model file is replaced by an empty one of this
 * version (every head 0) that this run then overwrites.
 */
function bootstrap(): void {
  const stale =
    !existsSync(MODEL_URL) ||
    (() => {
      const m = JSON.parse(readFileSync(MODEL_URL, 'utf8')) as ScoreModel;
      return m.version !== SCORE_MODEL_VERSION || m.features.join() !== SCORE_FEATURES.join();
    })();
  if (!stale) return;
  const zero = { coefficients: SCORE_FEATURES.map(() => 0), intercept: 0 };
  const flat: Scale = [4, 3, 2, 1, 0];
  const byTable = <T>(v: T) => ({ 2: v, 3: v, 4: v });
  const empty = {
    version: SCORE_MODEL_VERSION,
    features: [...SCORE_FEATURES],
    heads: { greedy: byTable(zero), planner: byTable(zero) },
    scales: { greedy: byTable(flat), planner: byTable(flat) },
    combined: byTable([0, 25, 50, 75, 100]),
    featureRanges: {},
    reach: {},
  };
  writeFileSync(MODEL_URL, `${JSON.stringify(empty)}\n`);
}

const apply = (head: { coefficients: readonly number[]; intercept: number }, x: readonly number[]) =>
  head.intercept + x.reduce((a, v, j) => a + v * head.coefficients[j]!, 0);

/** Picks the ridge strength by 5-fold cross-validation (folds by index), then fits on all rows. */
function fitHead(rows: readonly Row[], target: (r: Row) => number) {
  const best = crossValidatedRidge(
    rows.map((r) => r.x),
    rows.map(target),
    RIDGE,
  );
  const head = ridgeFit(
    rows.map((r) => r.x),
    rows.map(target),
    best.lambda,
  );
  return {
    lambda: best.lambda,
    cvRmse: Math.sqrt(best.error / rows.length),
    head: { coefficients: head.coefficients.map((c) => round(c, 6)), intercept: round(head.intercept, 6) },
  };
}

/** Split-half reliability of a kind's mean, stepped up (Spearman–Brown). */
const reliability = (rows: readonly Measured[], kind: Kind) => {
  const r = pearson(
    rows.map((s) => s[`${kind}Halves`][0]),
    rows.map((s) => s[`${kind}Halves`][1]),
  );
  return round((2 * r) / (1 + r), 3);
};

/** Rows grouped by their setting, the groups in the order their settings first appear. */
function bySetting(rows: readonly Row[], settingKey: (s: Setting) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = settingKey(r.options);
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return groups;
}

/**
 * Each setting's own offset to each head, per table size: what the landscape features leave of
 * the options' effect. The mean residual of a setting's fit landscapes, shrunk towards 0 by how
 * much of it is noise (empirical Bayes: τ² the settings' spread beyond what σ²/n explains), so a
 * setting the features already read well keeps its head, and one they misread moves to what its
 * games measured.
 */
function settingOffsets(
  fitRows: readonly Row[],
  heads: ScoreModel['heads'],
  settingKey: (s: Setting) => string,
): NonNullable<ScoreModel['offsets']> {
  const out = { greedy: {}, planner: {} } as NonNullable<ScoreModel['offsets']>;
  const tables = [...new Set(fitRows.map((r) => r.options.players))].sort((a, b) => a - b);
  // Each table size's settings, grouped once for both kinds.
  const settingsOf = new Map(
    tables.map((p) => [
      p,
      [
        ...bySetting(
          fitRows.filter((r) => r.options.players === p),
          settingKey,
        ).values(),
      ],
    ]),
  );
  for (const kind of KINDS)
    for (const p of tables) {
      const groups = settingsOf.get(p)!.map((rows) => ({
        s: rows[0]!.options,
        r: rows.map((row) => row[kind] - apply(heads[kind][p]!, row.x)),
      }));
      const means = groups.map((g) => mean(g.r));
      const within =
        groups.reduce((a, g, i) => a + g.r.reduce((b, v) => b + (v - means[i]!) ** 2, 0), 0) /
        Math.max(
          1,
          groups.reduce((a, g) => a + g.r.length - 1, 0),
        );
      const n = mean(groups.map((g) => g.r.length));
      const grand = mean(means);
      const tau2 = Math.max(0, means.reduce((a, m) => a + (m - grand) ** 2, 0) / Math.max(1, means.length - 1) - within / n);
      const shrink = tau2 / (tau2 + within / n || 1);
      out[kind][String(p)] = Object.fromEntries(groups.map((g, i) => [partingKey(g.s), round(shrink * means[i]!, 3)]));
    }
  return out;
}

/**
 * How far landscapes of one setting part for each kind, measured on the fit corpus (its 24
 * landscapes a setting): each kind's mean gold over them, the spread of their true means (the
 * spread of the measured means less the games' own noise, read off the split halves: the noise
 * variance of a mean is E[(half₁ − half₂)²]/4), and one game's luck (that noise times the games).
 */
function landscapesParting(
  fitRows: readonly Row[],
  grid: readonly Setting[],
  settingKey: (s: Setting) => string,
): ScoreModel['landscapes'] {
  const groups = bySetting(fitRows, settingKey);
  const parting = (rows: readonly Row[], kind: Kind): [number, number, number] => {
    const means = rows.map((r) => r[kind]);
    const m = mean(means);
    const observed = means.reduce((a, v) => a + (v - m) ** 2, 0) / Math.max(1, means.length - 1);
    const noise = mean(rows.map((r) => (r[`${kind}Halves`][0] - r[`${kind}Halves`][1]) ** 2)) / 4;
    return [round(m, 2), round(Math.sqrt(Math.max(0, observed - noise)), 2), round(Math.sqrt(noise * rows[0]!.games), 2)];
  };
  const out: ScoreModel['landscapes'] = {};
  for (const s of grid) {
    const rows = groups.get(settingKey(s)) ?? [];
    if (rows.length < 2) continue;
    const table = (out[String(s.players)] ??= {});
    table[partingKey(s)] = { greedy: parting(rows, 'greedy'), planner: parting(rows, 'planner') };
  }
  return out;
}

export async function calibrateScoreModel(options: { log?: (line: string) => void; measured?: string } = {}): Promise<void> {
  const log = options.log ?? (() => {});
  bootstrap();
  const { scoreLostValley } = await import('../score.ts');
  const { corpusPlan, mapOf, measure, PLAYERS, settingKey, settings } = await import('./corpus.ts');
  const featureRow = (e: Pick<Measured, 'seed' | 'options'>) => {
    const f = features(landscapeMetrics(mapOf(e)));
    return SCORE_FEATURES.map((k) => f[k]!);
  };
  const plan = corpusPlan();
  const entries = [...plan.fit, ...plan.settings, ...plan.heldOut];
  const measuredByKey = measureCorpus('lost-valley/score-model', entries, (e) => `${e.seed}/${e.games}`, measure, {
    ...corpusRunFromEnv(),
    ...(options.measured ? { measured: options.measured } : {}),
  });
  if (!measuredByKey) return log('measured one shard; merge the shards to fit');
  const measured = entries.map((e) => measuredByKey.get(`${e.seed}/${e.games}`)!);
  const rows: Row[] = measured.map((m) => ({ ...m, x: featureRow(m) }));
  const fitRows = rows.slice(0, plan.fit.length);
  const settingRows = rows.slice(plan.fit.length, plan.fit.length + plan.settings.length);
  const heldRows = rows.slice(plan.fit.length + plan.settings.length);
  log(`features of ${rows.length} landscapes`);

  const heads = { greedy: {}, planner: {} } as ScoreModel['heads'];
  const fitInfo: Record<string, unknown> = {};
  for (const kind of KINDS)
    for (const p of PLAYERS) {
      const fitted = fitHead(
        fitRows.filter((r) => r.options.players === p),
        (r) => r[kind],
      );
      heads[kind][p] = fitted.head;
      fitInfo[`${kind}${p}`] = { ridge: fitted.lambda, cvRmse: round(fitted.cvRmse, 3) };
      log(`${kind} ${p} players: ridge ${fitted.lambda}, cross-validated RMSE ${round(fitted.cvRmse, 3)} nuggets`);
    }
  const offsets = settingOffsets(fitRows, heads, settingKey);
  const offsetOf = (kind: Kind, players: number, s: Setting) => offsets[kind]?.[String(players)]?.[partingKey(settingOf(s))] ?? 0;
  const predicted = (kind: Kind, players: number, x: readonly number[], s: Setting) =>
    apply(heads[kind][players]!, x) + offsetOf(kind, players, s);

  // Scales (issue 42, 4d): a band means a difference a table would notice. Medium and hard are
  // each BAND_GAMES-game resolution of strong play wide (bandWidth), centred on the median
  // landscape of every setting of the table size; easy and expert are what lies beyond, their
  // ends the 2nd and 98th percentiles over every setting (at least a band further out). Before,
  // the default landscapes' quartiles were 25, 50 and 75, which made bands 0.4–0.6 nuggets wide
  // for the greedy bots, a tenth of one game's luck. The defaults now name the median landscape:
  // no setting is privileged, and the reroll reaches a band by the options first.
  const grid = settings();
  const spread = Object.fromEntries(
    PLAYERS.map((p) => [
      p,
      grid
        .filter((s) => s.players === p)
        .flatMap((s) =>
          Array.from({ length: REACH_LANDSCAPES }, (_, i) => ({
            s,
            x: featureRow({ seed: `lv-reach-${settingKey(s)}-${i}`, options: s }),
          })),
        ),
    ]),
  ) as Record<number, Array<{ s: Setting; x: number[] }>>;
  log('scales and reach landscapes built');
  const ceilingOf = (x: readonly number[], p: number) => x[SCORE_FEATURES.indexOf('goldTotal')]! / p;
  const gold = (kind: Kind, p: number, { x, s }: { x: readonly number[]; s: Setting }) =>
    Math.max(0, Math.min(ceilingOf(x, p), predicted(kind, p, x, s)));
  const bandWidth = bandWidths(PLAYERS);
  const scales = { greedy: {}, planner: {} } as ScoreModel['scales'];
  for (const kind of KINDS)
    for (const p of PLAYERS) {
      const all = spread[p]!.map((d) => gold(kind, p, d)).sort((a, b) => a - b);
      const w = bandWidth[p]!;
      const centre = quantile(all, 0.5);
      const top = Math.max(quantile(all, 0.98), centre + 2 * w);
      const bottom = Math.min(quantile(all, 0.02), centre - 2 * w);
      scales[kind][p] = [round(top, 2), round(centre + w, 2), round(centre, 2), round(centre - w, 2), round(Math.max(0, bottom), 2)];
    }
  // The two kinds' share of the difficulty per table size: the weight at which the settings'
  // mean difficulty ranks their measured gold best for the kind it ranks worse (the fit
  // landscapes' settings; an even blend unless another holds for both better).
  const kindDifficulty = (kind: Kind, p: number, d: { x: readonly number[]; s: Setting }) =>
    difficultyOnScale(gold(kind, p, d), scales[kind][p]!);
  const blend: Record<string, number> = {};
  for (const p of PLAYERS) {
    const groups = [
      ...bySetting(
        fitRows.filter((r) => r.options.players === p),
        settingKey,
      ).values(),
    ];
    const meanOf = (rows: Row[], f: (r: Row) => number) => mean(rows.map(f));
    blend[p] = blendForBoth(
      groups.map((rows) => ({
        first: meanOf(rows, (r) => kindDifficulty('greedy', p, { x: r.x, s: r.options })),
        second: meanOf(rows, (r) => kindDifficulty('planner', p, { x: r.x, s: r.options })),
      })),
      { first: groups.map((rows) => -meanOf(rows, (r) => r.greedy)), second: groups.map((rows) => -meanOf(rows, (r) => r.planner)) },
      BLEND,
    ).weight;
  }
  // Both kinds' readings are on scales whose bands are a difference strong play tells apart, so
  // their blend is read as it is: stretching it to spread the defaults again would undo that.
  const combined: Record<string, Scale> = Object.fromEntries(PLAYERS.map((p) => [p, [0, 25, 50, 75, 100] as Scale]));
  const featureRanges = Object.fromEntries(
    SCORE_FEATURES.map((k, j) => [
      k,
      [round(Math.min(...fitRows.map((r) => r.x[j]!)), 2), round(Math.max(...fitRows.map((r) => r.x[j]!)), 2)],
    ]),
  ) as Record<string, [number, number]>;

  const model: ScoreModel = {
    version: SCORE_MODEL_VERSION,
    botWeights: tuningHash(BOT_WEIGHTS),
    plannerWeights: tuningHash(PLAN),
    features: [...SCORE_FEATURES],
    heads,
    scales,
    bandWidth,
    combined,
    featureRanges,
    reach: {},
    offsets,
    blend,
    landscapes: landscapesParting(fitRows, grid, settingKey),
  };
  const score = (e: Pick<Measured, 'seed' | 'options'>) => scoreLostValley(mapOf(e), model);
  // What each setting reaches, scored exactly as scoring will.
  for (const p of PLAYERS) {
    model.reach[p] = grid
      .filter((s) => s.players === p)
      .map((s) => {
        const d = Array.from(
          { length: REACH_LANDSCAPES },
          (_, i) => score({ seed: `lv-reach-${settingKey(s)}-${i}`, options: s }).difficulty,
        ).sort((a, b) => a - b);
        return {
          ice: s.ice,
          river: s.river,
          gold: s.gold,
          deciles: Array.from({ length: 11 }, (_, k) => d[Math.round((k / 10) * (d.length - 1))]!),
        };
      });
  }
  log('reach measured');

  // Held-out: how the score ranks each kind's mean gold (less gold is harder), per table size.
  const heldScores = heldRows.map((r) => score(r));
  const byTable = (list: readonly Row[], value: (i: number) => number, kind: Kind) =>
    Object.fromEntries(
      PLAYERS.map((p) => {
        const idx = list.map((r, i) => (r.options.players === p ? i : -1)).filter((i) => i >= 0);
        return [
          p,
          round(
            spearman(
              idx.map((i) => -value(i)),
              idx.map((i) => list[i]![kind]),
            ),
            3,
          ),
        ];
      }),
    );
  const heldOut = Object.fromEntries(KINDS.map((k) => [k, byTable(heldRows, (i) => heldScores[i]!.raw, k)]));
  const ownHead = Object.fromEntries(
    KINDS.map((k) => [k, byTable(heldRows, (i) => -predicted(k, heldRows[i]!.options.players, heldRows[i]!.x, heldRows[i]!.options), k)]),
  );
  const settingScores = settingRows.map((r) => score(r));
  const settingHeld = Object.fromEntries(KINDS.map((k) => [k, byTable(settingRows, (i) => settingScores[i]!.raw, k)]));
  // Settings: the mean difficulty over REACH_LANDSCAPES landscapes a setting against each kind's
  // mean gold over the setting's measured landscapes (the held-out settings set), over all settings
  // and within each table size.
  const byKey = bySetting([...fitRows, ...settingRows], settingKey);
  const settingsTable = grid.map((s) => {
    const key = settingKey(s);
    const all = byKey.get(key) ?? [];
    const held = all.filter((r) => r.seed.startsWith('lv-setting-'));
    const ds = Array.from({ length: REACH_LANDSCAPES }, (_, i) => score({ seed: `lv-reach-${key}-${i}`, options: s }).difficulty);
    return {
      s,
      difficulty: mean(ds),
      greedy: mean(all.map((r) => r.greedy)),
      planner: mean(all.map((r) => r.planner)),
      heldGreedy: mean(held.map((r) => r.greedy)),
      heldPlanner: mean(held.map((r) => r.planner)),
    };
  });
  const rankSettings = (target: (t: (typeof settingsTable)[number], k: Kind) => number) =>
    Object.fromEntries(
      KINDS.map((k) => [
        k,
        {
          all: round(
            spearman(
              settingsTable.map((t) => -t.difficulty),
              settingsTable.map((t) => target(t, k)),
            ),
            3,
          ),
          ...Object.fromEntries(
            PLAYERS.map((p) => {
              const ts = settingsTable.filter((t) => t.s.players === p);
              return [
                p,
                round(
                  spearman(
                    ts.map((t) => -t.difficulty),
                    ts.map((t) => target(t, k)),
                  ),
                  3,
                ),
              ];
            }),
          ),
        },
      ]),
    );
  const settingsRank = rankSettings((t, k) => t[k]);
  const settingsRankHeldOut = rankSettings((t, k) => (k === 'greedy' ? t.heldGreedy : t.heldPlanner));
  const optionMeans = (key: 'gold' | 'ice' | 'river', values: readonly (string | number)[]) =>
    Object.fromEntries(
      values.map((v) => {
        const ts = settingsTable.filter((t) => t.s[key] === v);
        const rs = [...fitRows, ...settingRows].filter((r) => r.options[key] === v);
        return [
          v,
          {
            landscapes: rs.length,
            greedyGold: round(mean(rs.map((r) => r.greedy)), 2),
            plannerGold: round(mean(rs.map((r) => r.planner)), 2),
            difficulty: round(mean(ts.map((t) => t.difficulty)), 1),
          },
        ];
      }),
    );
  model.fit = {
    corpus: {
      fit: plan.fit.length,
      fitGames: plan.fit[0]!.games,
      settings: plan.settings.length,
      settingGames: plan.settings[0]!.games,
      heldOut: plan.heldOut.length,
      heldOutGames: plan.heldOut[0]!.games,
    },
    heads: fitInfo,
    /** Spearman of the score (harder = less gold) with each kind's mean gold on the held-out landscapes, per table size. */
    heldOut,
    /** Each kind's own head against that kind on the held-out landscapes. */
    heldOutOwnHead: ownHead,
    /** The same on the settings set (every setting, other seeds, fewer games). */
    settingsLandscapes: settingHeld,
    /** Split-half reliability of each kind's held-out mean (its own noise). */
    reliability: Object.fromEntries(
      KINDS.map((k) => [
        k,
        Object.fromEntries(
          PLAYERS.map((p) => [
            p,
            reliability(
              heldRows.filter((r) => r.options.players === p),
              k,
            ),
          ]),
        ),
      ]),
    ),
    /**
     * How the settings rank: a setting's mean difficulty (REACH_LANDSCAPES landscapes) against each
     * kind's mean gold over its fit and settings landscapes, over all settings and per table size;
     * `settingsRankHeldOut` against its settings landscapes alone (none of them fitted; noisier).
     */
    settingsRank,
    settingsRankHeldOut,
    goldOption: optionMeans('gold', ['near', 'scattered', 'far']),
    iceOption: optionMeans('ice', ['slow', 'normal', 'fast']),
    riverOption: optionMeans('river', [3, 4, 5, 6, 8, 10, 12]),
  };
  // The committed held-out check (test/score-model.test.ts): every held-out landscape with its
  // measured means, and a floor under the Spearman measured here.
  model.heldOutCheck = {
    games: plan.heldOut[0]!.games,
    floor: round(Math.min(...KINDS.flatMap((k) => PLAYERS.map((p) => heldOut[k]![p]!))) - FLOOR_SLACK, 2),
    maps: heldRows.map((r) => ({ seed: r.seed, options: r.options, greedy: round(r.greedy, 3), planner: round(r.planner, 3) })),
  };
  writeFileSync(MODEL_URL, `${JSON.stringify(model, null, 1)}\n`);
  log(`wrote ${MODEL_URL.pathname}: held-out ${JSON.stringify(heldOut)}; settings ${JSON.stringify(settingsRank)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await calibrateScoreModel({ log: (line) => process.stderr.write(`${line}\n`) });
}
