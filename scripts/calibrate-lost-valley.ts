/**
 * Fits the Lost Valley difficulty model against the full prospector race (src/games/lost-valley/
 * rules/: boats, horses, events, hunting, whiskey, trading, the ice block and both ways the game
 * ends). For each landscape it plays GAMES races (the playtest's seeds) and REFERENCE_GAMES
 * reference races (seeds of their own, as scoring plays them); it regresses the gold a prospector
 * banks by the end on the landscape features and the reference races' gold over FIT landscapes
 * drawn over every option, checks the ranking on HOLD held-out landscapes (all options, and
 * default options per table size), measures the target's own noise (split-half reliability of the
 * GAMES races), sets the 0–100 scale per table size and measures what each setting of the
 * options reaches (what steer.ts chooses by). Re-run whenever the generator, the tile set, the
 * rules, the bots or the features change (npx tsx scripts/calibrate-lost-valley.ts; ≈ 8 minutes).
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../src/core/maps.ts';
import { canonicalJson, sha256Hex } from '../src/core/canonical.ts';
import { pearson, spearman } from '../src/core/stats.ts';
import type { Scale } from '../src/core/difficulty.ts';
import { agreement, fitLinear, quantile, round } from './linear-model.ts';
import { lostValley } from '../src/games/lost-valley/index.ts';
import type { LostValleyMap } from '../src/games/lost-valley/model.ts';
import { features, landscapeMetrics, referenceRaces, scoreLostValley } from '../src/games/lost-valley/score.ts';
import { BOT_WEIGHTS } from '../src/games/lost-valley/rules/bot-weights.ts';
import { makeBot } from '../src/games/lost-valley/rules/bots.ts';
import { nuggets } from '../src/games/lost-valley/rules/engine.ts';
import { playGame } from '../src/games/lost-valley/rules/playtest.ts';
import { buildTable } from '../src/games/lost-valley/rules/table.ts';
import { STEER_GOLD, STEER_ICE, STEER_RIVER } from '../src/games/lost-valley/steer.ts';

const REVISION = 4;
const GAMES = 32;
const FIT = 480;
const HOLD = 240;
const DEFAULTS = 100;
const REACH_SEEDS = 16;
const STATIC = ['iceRounds', 'logIceRounds', 'players', 'goldWatered', 'goldCanal', 'goldMountain', 'meanTurnsToGold', 'goldNear', 'foodSites', 'forests', 'danger', 'riverTiles', 'turnsToLand'];
export const FEATURES = [...STATIC, 'referenceGold'];

const GOLD = ['near', 'scattered', 'far'] as const;
const ICE = ['slow', 'normal', 'fast'] as const;
/** The i-th sample's options: every option value, evenly. */
export const optionsFor = (i: number) => ({ players: 2 + (i % 3), gold: GOLD[Math.floor(i / 3) % 3]!, ice: ICE[Math.floor(i / 9) % 3]!, river: 3 + ((i * 7) % 10) });

interface Row {
  players: number;
  x: number[];
  xs: number[];
  y: number;
  /** Mean gold over the odd and the even races: the target's split halves. */
  halves: [number, number];
}

function sample(prefix: string, count: number, options: (i: number) => object): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const map = buildMap(lostValley, `${prefix}-${i}`, options(i)) as LostValleyMap;
    const metrics = { ...landscapeMetrics(map), reference: referenceRaces(map) };
    const f = features(metrics);
    const table = buildTable(map);
    // The playtest's own games (rules/playtest.ts seeds them so), one by one for the split halves.
    const gold = Array.from({ length: GAMES }, (_, g) => {
      const state = playGame(table, makeBot(BOT_WEIGHTS), `lost-valley-playtest\u001f${map.digest ?? 'map'}\u001f${g}`);
      return state.players.map(nuggets).reduce((a, b) => a + b, 0) / state.players.length;
    });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    if (i % 40 === 0) process.stderr.write(`${prefix} ${i}/${count}\n`);
    return { players: metrics.players, x: FEATURES.map((k) => f[k] ?? 0), xs: STATIC.map((k) => f[k] ?? 0), y: mean(gold), halves: [mean(gold.filter((_, g) => g % 2 === 0)), mean(gold.filter((_, g) => g % 2 === 1))] };
  });
}

/** Split-half reliability of the GAMES-race mean (Spearman–Brown), and the correlation it allows. */
function noise(rows: readonly Row[]) {
  const r = pearson(rows.map((s) => s.halves[0]), rows.map((s) => s.halves[1]));
  const reliability = (2 * r) / (1 + r);
  return { splitHalf: round(r, 3), reliability: round(reliability, 3), ceiling: round(Math.sqrt(reliability), 3), spearmanHalves: round(spearman(rows.map((s) => s.halves[0]), rows.map((s) => s.halves[1])), 3) };
}

const fit = sample('lv-cal', FIT, optionsFor);
const hold = sample('lv-hold', HOLD, optionsFor);
const defaults = Object.fromEntries([2, 3, 4].map((p) => [p, sample(`lv-default-p${p}`, DEFAULTS, () => ({ players: p }))])) as Record<number, Row[]>;
const model = fitLinear(fit);
const fallback = fitLinear(fit.map((s) => ({ x: s.xs, y: s.y })));
const featureRanges = Object.fromEntries(FEATURES.map((k, j) => [k, [round(Math.min(...fit.map((s) => s.x[j]!)), 2), round(Math.max(...fit.map((s) => s.x[j]!)), 2)]]));
const clampGold = (_s: Row, g: number) => Math.max(0, g);

// The scale per table size, in gold banked (falling: more gold is easier). Default landscapes of
// that size spread over the four bands (their upper quartile of predicted gold reads 25, median
// 50, lower quartile 75); the ends are the 2nd and 98th percentiles over every option setting of
// that size, so that settings easier or harder than the defaults reach 0–10 and 90–100 (the 1st
// and 99th left the easiest setting of four players one landscape in twenty under 10, too few
// for a reroll to find).
const scales: Record<string, Scale> = {};
for (const p of [2, 3, 4]) {
  const def = defaults[p]!.map((s) => clampGold(s, model.predict(s.x))).sort((a, b) => a - b);
  const all = [...fit, ...hold].filter((s) => s.players === p).map((s) => clampGold(s, model.predict(s.x))).sort((a, b) => a - b);
  const [q1, q2, q3] = [quantile(def, 0.25), quantile(def, 0.5), quantile(def, 0.75)];
  const top = Math.max(quantile(all, 0.98), q3 + (q3 - q2));
  const bottom = Math.min(quantile(all, 0.02), q1 - (q2 - q1));
  scales[p] = [round(top, 2), round(q3, 2), round(q2, 2), round(q1, 2), round(Math.max(0, bottom), 2)];
}

const byPlayers = (rows: readonly Row[], predictor: (s: Row) => number) =>
  Object.fromEntries([2, 3, 4].map((p) => {
    const rs = rows.filter((s) => s.players === p);
    return [p, round(spearman(rs.map(predictor), rs.map((s) => s.y)), 3)];
  }));

const calibration = {
  version: `lost-valley-calibration-${REVISION}`,
  botWeights: sha256Hex(canonicalJson(BOT_WEIGHTS)).slice(0, 12),
  features: FEATURES,
  ...model.stored,
  fallback: { version: `lost-valley-calibration-${REVISION}-static`, features: STATIC, ...fallback.stored },
  scales,
  featureRanges,
  fit: {
    maps: fit.length,
    heldOut: hold.length,
    gamesPerMap: GAMES,
    ...agreement(hold.map((s) => model.predict(s.x)), hold.map((s) => s.y)),
    spearmanHeldOutByPlayers: byPlayers(hold, (s) => model.predict(s.x)),
    defaultsByPlayers: byPlayers([2, 3, 4].flatMap((p) => defaults[p]!), (s) => model.predict(s.x)),
    staticOnly: {
      ...agreement(hold.map((s) => fallback.predict(s.xs)), hold.map((s) => s.y)),
      spearmanHeldOutByPlayers: byPlayers(hold, (s) => fallback.predict(s.xs)),
      defaultsByPlayers: byPlayers([2, 3, 4].flatMap((p) => defaults[p]!), (s) => fallback.predict(s.xs)),
    },
    noise: {
      heldOut: noise(hold),
      ...Object.fromEntries([2, 3, 4].map((p) => [`heldOut${p}`, noise(hold.filter((s) => s.players === p))])),
      ...Object.fromEntries([2, 3, 4].map((p) => [`defaults${p}`, noise(defaults[p]!)])),
    },
  },
  reach: {} as Record<string, Array<{ ice: string; river: number; gold: string; deciles: number[] }>>,
};

// What each setting of the options the reroll may choose reaches, per table size: deciles of
// difficulty over REACH_SEEDS landscapes, scored exactly as scoring will.
for (const p of [2, 3, 4]) {
  const list: (typeof calibration.reach)[string] = [];
  for (const ice of STEER_ICE) for (const river of STEER_RIVER) for (const gold of STEER_GOLD) {
    const d = Array.from({ length: REACH_SEEDS }, (_, i) => scoreLostValley(buildMap(lostValley, `lv-reach-${p}-${ice}-${river}-${gold}-${i}`, { players: p, ice, river, gold }) as LostValleyMap, calibration as never).difficulty).sort((a, b) => a - b);
    list.push({ ice, river, gold, deciles: Array.from({ length: 11 }, (_, k) => d[Math.round((k / 10) * (d.length - 1))]!) });
  }
  calibration.reach[p] = list;
  process.stderr.write(`reach ${p} done\n`);
}

writeFileSync(new URL('../fixtures/calibration/lost-valley.json', import.meta.url), `${JSON.stringify(calibration, null, 2)}\n`);
console.log(JSON.stringify({ ...calibration, reach: undefined }, null, 2));
