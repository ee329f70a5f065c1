/**
 * Fits the Pioneer Days difficulty model on two kinds of player: the greedy settler
 * (rules/bots.ts) and the lookahead planner (rules/planner.ts). On 240 trails for 1–4 players
 * (60 a table size, half of them first-game trails with sets A and B) it plays 12 seeded
 * settler games and 4 seeded planner games each, regresses mean VP per player on the trail's
 * features per table size three times (on a weighted mean of the two kinds, which is the
 * difficulty, and on each kind alone, which gives the interval where they disagree), checks the ranking against each kind on
 * 160 held-out trails (40 a table size; 12 settler and 6 planner games each), and sets the 0–100 scale per table size from the 2nd and 98th
 * percentiles of predicted VP. Re-run whenever the generator, the catalogue, the engine, either
 * player or the features change (npx tsx scripts/calibrate-pioneer-days.ts: about 9 minutes on
 * one loaded core; MEASURED=/tmp/pd.json keeps the games for refits).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tuningHash } from '../src/core/play/tuning.ts';
import { spearman } from '../src/core/stats.ts';
import { buildMap } from '../src/core/maps.ts';
import { fitLinear, quantile, round } from './linear-model.ts';
import { pioneerDays } from '../src/games/pioneer-days/index.ts';
import type { PioneerDaysMap } from '../src/games/pioneer-days/model.ts';
import { features, trailMetrics } from '../src/games/pioneer-days/score.ts';
import { playtest } from '../src/games/pioneer-days/rules/playtest.ts';
import { BOT_WEIGHTS } from '../src/games/pioneer-days/rules/bot-weights.ts';
import { PLANNER_WEIGHTS } from '../src/games/pioneer-days/rules/planner.ts';

const REVISION = 3;
const TABLES = [1, 2, 3, 4];
/** Trails per table size (half of them first-game trails) and seeded games per trail, per kind. */
const CORPUS = { fit: { maps: 60, settler: 12, planner: 4 }, hold: { maps: 40, settler: 12, planner: 6 } };
const FEATURES = ['referenceVp', 'referenceDisasters', 'referenceUnmet', 'plannerVp', 'plannerDisasters', 'plannerUnmet', 'plannerTownsfolkVp', 'stacking', 'earlyGold', 'townFavours'];

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
const cache: Record<string, Row> = Object.assign({}, ...cacheFiles.filter((f) => existsSync(f)).map((f) => JSON.parse(readFileSync(f, 'utf8'))));

// ONLY=1,2 measures those table sizes into the MEASURED file and stops, so two processes can
// share the measuring (ONLY=1,2 and ONLY=3,4, each its own file); a last run without ONLY,
// given both files, fits.
const only = process.env.ONLY?.split(',').map(Number);

function sample(prefix: string, corpus: { maps: number; settler: number; planner: number }): Row[] {
  return Array.from({ length: corpus.maps * TABLES.length }, (_, i) => {
    const players = TABLES[i % TABLES.length]!;
    if (only && !only.includes(players)) return undefined;
    const firstGame = Math.floor(i / TABLES.length) % 2 === 1;
    const key = `${prefix}-${i}/${players}/${firstGame}/${corpus.settler}/${corpus.planner}`;
    if (cache[key]) return cache[key]!;
    const map = buildMap(pioneerDays, `${prefix}-${i}`, { players, firstGame }) as PioneerDaysMap;
    const row = {
      players,
      firstGame,
      features: features(trailMetrics(map)),
      settler: playtest(map, { games: corpus.settler }).meanVp,
      planner: playtest(map, { games: corpus.planner, bots: Array.from({ length: players }, () => 'planner') }).meanVp,
    };
    if (i % 40 === 0) process.stderr.write(`${prefix} ${i}/${corpus.maps * TABLES.length}\n`);
    return (cache[key] = row);
  }).filter((r): r is Row => r !== undefined);
}

const t0 = Date.now();
const fit = sample('pd-cal', CORPUS.fit);
const hold = sample('pd-hold', CORPUS.hold);
if (cacheFile) writeFileSync(cacheFile, JSON.stringify(cache));
if (only) process.exit(0);
const x = (r: Row) => FEATURES.map((k) => r.features[k] ?? 0);

/**
 * Per table size: the two kinds' VP as z-scores (so a kind's weight does not depend on its
 * spread), a weighted mean of them as the target, mapped back to VP on the mean of the kinds'
 * scales. The weight is chosen on the fitting trails alone, from a grid, to make the smaller of
 * the two kinds' in-sample Spearmans as large as it can be: the settler's games are less noisy
 * and its reference games predict it better, so an even weight would leave the planner behind.
 * Each kind alone is fitted too, for the interval.
 */
const WEIGHTS = [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8];
const models: Record<string, { settlerWeight: number; joint: ReturnType<typeof fitLinear>; settler: ReturnType<typeof fitLinear>; planner: ReturnType<typeof fitLinear> }> = {};
const scale: Record<string, { easyVp: number; hardVp: number }> = {};
for (const players of TABLES) {
  const rows = fit.filter((r) => r.players === players);
  const stats = (k: 'settler' | 'planner') => {
    const v = rows.map((r) => r[k]);
    const m = v.reduce((a, b) => a + b, 0) / v.length;
    return { m, sd: Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length) || 1 };
  };
  const s = stats('settler');
  const p = stats('planner');
  const sd = (s.sd + p.sd) / 2;
  const mean = (s.m + p.m) / 2;
  const jointFor = (w: number) => fitLinear(rows.map((r) => ({ x: x(r), y: mean + sd * (w * ((r.settler - s.m) / s.sd) + (1 - w) * ((r.planner - p.m) / p.sd)) })));
  const worst = (w: number) => {
    const predicted = rows.map((r) => jointFor(w).predict(x(r)));
    return Math.min(spearman(predicted, rows.map((r) => r.settler)), spearman(predicted, rows.map((r) => r.planner)));
  };
  const settlerWeight = WEIGHTS.reduce((best, w) => (worst(w) > worst(best) + 1e-12 ? w : best), 0.5);
  models[players] = {
    settlerWeight,
    joint: jointFor(settlerWeight),
    settler: fitLinear(rows.map((r) => ({ x: x(r), y: r.settler }))),
    planner: fitLinear(rows.map((r) => ({ x: x(r), y: r.planner }))),
  };
  const predicted = rows.map((r) => models[players]!.joint.predict(x(r))).sort((a, b) => a - b);
  scale[String(players)] = { easyVp: round(quantile(predicted, 0.98), 2), hardVp: round(quantile(predicted, 0.02), 2) };
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
    bySettlerModel: round(spearman(rows.map((r) => models[r.players]!.settler.predict(x(r))), settler), 3),
    byPlannerModel: round(spearman(rows.map((r) => models[r.players]!.planner.predict(x(r))), planner), 3),
  };
}
const heldOut: Record<string, ReturnType<typeof agreementOf>> = {};
for (const players of TABLES) heldOut[String(players)] = agreementOf(hold.filter((r) => r.players === players));
heldOut['2-firstGame'] = agreementOf(hold.filter((r) => r.players === 2 && r.firstGame));

const result = {
  version: `pioneer-days-calibration-${REVISION}`,
  features: FEATURES,
  // Per table size, the difficulty's model (VP the two kinds reach, on average) and each kind's alone.
  tables: Object.fromEntries(TABLES.map((n) => [n, { settlerWeight: models[n]!.settlerWeight, ...models[n]!.joint.stored, byKind: { settler: models[n]!.settler.stored, planner: models[n]!.planner.stored }, scale: scale[String(n)] }])),
  botWeights: tuningHash(BOT_WEIGHTS),
  plannerWeights: tuningHash(PLANNER_WEIGHTS),
  fit: {
    corpus: CORPUS,
    meanVp: Object.fromEntries(TABLES.map((n) => {
      const rows = hold.filter((r) => r.players === n);
      return [n, { settler: round(rows.reduce((a, r) => a + r.settler, 0) / rows.length, 2), planner: round(rows.reduce((a, r) => a + r.planner, 0) / rows.length, 2) }];
    })),
    spearmanHeldOutByPlayers: heldOut,
  },
};
writeFileSync(new URL('../fixtures/calibration/pioneer-days.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result.fit, null, 2), `\n${((Date.now() - t0) / 1000).toFixed(0)} s`);
