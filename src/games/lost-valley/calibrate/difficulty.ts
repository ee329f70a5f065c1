/**
 * Fits the Lost Valley difficulty models against the full prospector race (src/games/lost-valley/
 * rules/: boats, horses, events, hunting, whiskey, trading, the ice block and both ways the game
 * ends) as two kinds of player play it: the greedy bots (rules/bots.ts) and the planner
 * (rules/planner.ts). For each landscape it plays GAMES races of each kind (the playtest's seeds
 * for the bots, seeds of the planner's own) and both kinds' reference races (seeds of their own,
 * as scoring plays them); for each kind it regresses the gold a prospector banks by the end on the
 * landscape features and both kinds' reference races over FIT landscapes drawn over every option,
 * checks on HOLD held-out landscapes (all options, and DEFAULTS default landscapes per table size)
 * how the score's difficulty (the mean of the two kinds') ranks each kind's gold and how the two
 * kinds agree, measures each target's own noise (split-half reliability), sets each kind's 0–100
 * scale per table size, what each `gold` setting does to each kind, and what each setting of the
 * options reaches (what steer.ts chooses by). Re-run whenever the generator, the tile set, the
 * rules, either kind of player or the features change (npx tsx src/games/lost-valley/calibrate/difficulty.ts;
 * ≈ 12 minutes on two cores shared by many: 240 + 180 + 90 landscapes × 2 × 8 races, then 1,134
 * scores; revision 5 had 360 + 180 + 180 × 16 races and 16 landscapes a setting for `reach`).
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../../../core/maps.ts';
import { tuningHash } from '../../../core/play/tuning.ts';
import { pearson, spearman } from '../../../core/stats.ts';
import type { Scale } from '../../../core/difficulty.ts';
import { agreement, fitLinear, quantile, rankGap, round, stepUp } from '../../../core/fit.ts';
import { lostValley } from '../index.ts';
import { features, landscapeMetrics, scoreLostValley } from '../score.ts';
import { plannerRaces, referenceRaces } from './reference-races.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { makeBot } from '../rules/bots.ts';
import { nuggets } from '../rules/engine.ts';
import { playGame } from '../rules/playtest.ts';
import { PLAN } from '../rules/planner.ts';
import { plannerBot } from '../rules/planner-bot.ts';
import { difficultyOnScale } from '../../../core/difficulty.ts';
import { buildTable } from '../rules/table.ts';
import { STEER_GOLD, STEER_ICE, STEER_RIVER } from '../setting.ts';

const REVISION = 6;
const GAMES = 8;
const FIT = 240;
const HOLD = 180;
const DEFAULTS = 30;
const REACH_SEEDS = 6;
const STATIC = [
  'iceRounds',
  'logIceRounds',
  'players',
  'goldWatered',
  'goldCanal',
  'goldMountain',
  'meanTurnsToGold',
  'goldNear',
  'foodSites',
  'forests',
  'danger',
  'riverTiles',
  'turnsToLand',
];
export const FEATURES = [...STATIC, 'referenceGold', 'referenceRounds', 'plannerGold', 'plannerRounds'];

const GOLD = ['near', 'scattered', 'far'] as const;
const ICE = ['slow', 'normal', 'fast'] as const;
/** The i-th sample's options: every option value, evenly. */
export const optionsFor = (i: number) => ({
  players: 2 + (i % 3),
  gold: GOLD[Math.floor(i / 3) % 3]!,
  ice: ICE[Math.floor(i / 9) % 3]!,
  river: 3 + ((i * 7) % 10),
});

interface Row {
  players: number;
  gold: string;
  x: number[];
  xs: number[];
  /** The greedy bots' gold per prospector (mean over GAMES races). */
  y: number;
  /** Mean gold over the odd and the even races: the target's split halves. */
  halves: [number, number];
  /** The same for the planner. */
  yp: number;
  halvesP: [number, number];
}

function sample(prefix: string, count: number, options: (i: number) => object): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const map = buildMap(lostValley, `${prefix}-${i}`, options(i));
    const table = buildTable(map);
    const metrics = {
      ...landscapeMetrics(map),
      reference: referenceRaces(map, undefined, table),
      planner: plannerRaces(map, undefined, table),
    };
    const f = features(metrics);
    // The playtest's own games (rules/playtest.ts seeds them so), one by one for the split halves;
    // the planner's under a label of its own.
    const races = (label: string, bot: () => Parameters<typeof playGame>[1]) =>
      Array.from({ length: GAMES }, (_, g) => {
        const state = playGame(table, bot(), `${label}\u001f${map.digest ?? 'map'}\u001f${g}`);
        return state.players.map(nuggets).reduce((a, b) => a + b, 0) / state.players.length;
      });
    const gold = races('lost-valley-playtest', () => makeBot(BOT_WEIGHTS));
    const goldP = races('lost-valley-planner-playtest', plannerBot);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const halves = (xs: number[]): [number, number] => [mean(xs.filter((_, g) => g % 2 === 0)), mean(xs.filter((_, g) => g % 2 === 1))];
    if (i % 40 === 0) process.stderr.write(`${prefix} ${i}/${count}\n`);
    return {
      players: metrics.players,
      gold: (map.options?.gold ?? 'scattered') as string,
      x: FEATURES.map((k) => f[k] ?? 0),
      xs: STATIC.map((k) => f[k] ?? 0),
      y: mean(gold),
      halves: halves(gold),
      yp: mean(goldP),
      halvesP: halves(goldP),
    };
  });
}

/** Split-half reliability of the GAMES-race mean (Spearman–Brown), and the correlation it allows. */
function noise(rows: readonly Row[], kind: 'halves' | 'halvesP' = 'halves') {
  const r = pearson(
    rows.map((s) => s[kind][0]),
    rows.map((s) => s[kind][1]),
  );
  const reliability = stepUp(r);
  return {
    splitHalf: round(r, 3),
    reliability: round(reliability, 3),
    ceiling: round(Math.sqrt(reliability), 3),
    spearmanHalves: round(
      spearman(
        rows.map((s) => s[kind][0]),
        rows.map((s) => s[kind][1]),
      ),
      3,
    ),
  };
}

const fit = sample('lv-cal', FIT, optionsFor);
const hold = sample('lv-hold', HOLD, optionsFor);
const defaults = Object.fromEntries([2, 3, 4].map((p) => [p, sample(`lv-default-p${p}`, DEFAULTS, () => ({ players: p }))])) as Record<
  number,
  Row[]
>;
const model = fitLinear(fit);
const fallback = fitLinear(fit.map((s) => ({ x: s.xs, y: s.y })));
const modelP = fitLinear(fit.map((s) => ({ x: s.x, y: s.yp })));
const fallbackP = fitLinear(fit.map((s) => ({ x: s.xs, y: s.yp })));
const featureRanges = Object.fromEntries(
  FEATURES.map((k, j) => [k, [round(Math.min(...fit.map((s) => s.x[j]!)), 2), round(Math.max(...fit.map((s) => s.x[j]!)), 2)]]),
);
const clampGold = (_s: Row, g: number) => Math.max(0, g);

// The scale per table size, in gold banked (falling: more gold is easier). Default landscapes of
// that size spread over the four bands (their upper quartile of predicted gold reads 25, median
// 50, lower quartile 75); the ends are the 2nd and 98th percentiles over every option setting of
// that size, so that settings easier or harder than the defaults reach 0–10 and 90–100 (the 1st
// and 99th left the easiest setting of four players one landscape in twenty under 10, too few
// for a reroll to find).
function scalesOf(predict: (s: Row) => number): Record<string, Scale> {
  const scales: Record<string, Scale> = {};
  for (const p of [2, 3, 4]) {
    const def = defaults[p]!.map((s) => clampGold(s, predict(s))).sort((a, b) => a - b);
    const all = [...fit, ...hold]
      .filter((s) => s.players === p)
      .map((s) => clampGold(s, predict(s)))
      .sort((a, b) => a - b);
    const [q1, q2, q3] = [quantile(def, 0.25), quantile(def, 0.5), quantile(def, 0.75)];
    const top = Math.max(quantile(all, 0.98), q3 + (q3 - q2));
    const bottom = Math.min(quantile(all, 0.02), q1 - (q2 - q1));
    scales[p] = [round(top, 2), round(q3, 2), round(q2, 2), round(q1, 2), round(Math.max(0, bottom), 2)];
  }
  return scales;
}
const scales = scalesOf((s) => model.predict(s.x));
const scalesP = scalesOf((s) => modelP.predict(s.x));
/** The mean of the two kinds' difficulties, as scoreLostValley takes it (without the ceiling, which generated landscapes never reach). */
/** Each kind's difficulty of a row on its own scale, greedy first, as scoreLostValley takes them (without the ceiling and the static fallback, which generated landscapes never reach). */
const kindDifficulties = (s: Row) =>
  [
    difficultyOnScale(clampGold(s, model.predict(s.x)), scales[s.players]!),
    difficultyOnScale(clampGold(s, modelP.predict(s.x)), scalesP[s.players]!),
  ] as const;
const meanDifficulty = (s: Row) => {
  const [g, p] = kindDifficulties(s);
  return (g + p) / 2;
};
// The mean of two kinds that agree only in part spreads less than either, so it has a scale of its
// own, set as the kinds' are (rising: a higher mean is harder): default landscapes over the four
// bands, the 2nd and 98th percentiles over every setting at the ends. Without it no setting of
// two players reached 0–10 in one landscape of twelve.
const combined: Record<string, Scale> = {};
for (const p of [2, 3, 4]) {
  const def = defaults[p]!.map(meanDifficulty).sort((a, b) => a - b);
  const all = [...fit, ...hold]
    .filter((s) => s.players === p)
    .map(meanDifficulty)
    .sort((a, b) => a - b);
  const [q1, q2, q3] = [quantile(def, 0.25), quantile(def, 0.5), quantile(def, 0.75)];
  const low = Math.min(quantile(all, 0.02), q1 - (q2 - q1));
  const high = Math.max(quantile(all, 0.98), q3 + (q3 - q2));
  combined[p] = [round(Math.max(0, low), 2), round(q1, 2), round(q2, 2), round(q3, 2), round(Math.min(100, high), 2)];
}
/** The score's difficulty of a row, as scoreLostValley puts it together. */
const difficultyOf = (s: Row) => difficultyOnScale(meanDifficulty(s), combined[s.players]!);

type Target = (s: Row) => number;
const greedy: Target = (s) => s.y;
const planner: Target = (s) => s.yp;
const byPlayers = (rows: readonly Row[], predictor: (s: Row) => number, target: Target = greedy) =>
  Object.fromEntries(
    [2, 3, 4].map((p) => {
      const rs = rows.filter((s) => s.players === p);
      return [p, round(spearman(rs.map(predictor), rs.map(target)), 3)];
    }),
  );
const allDefaults = [2, 3, 4].flatMap((p) => defaults[p]!);
/** Spearman of the score (less gold is harder, so its negation) with each kind's gold, per table size. */
const scoreAgainst = (rows: readonly Row[]) => ({
  greedy: byPlayers(rows, (s) => -difficultyOf(s), greedy),
  planner: byPlayers(rows, (s) => -difficultyOf(s), planner),
});
/** How wide the score's interval is: the two kinds' difficulties apart. */
const intervalWidth = (s: Row) => {
  const [g, p] = kindDifficulties(s);
  return Math.abs(g - p);
};
/** Per table size, whether a wider interval marks a landscape the kinds' races rank further apart (Spearman of the width with the rank gap; ties share their mean rank). */
const intervalTracksRankGap = (rows: readonly Row[]) =>
  Object.fromEntries(
    [2, 3, 4].map((p) => {
      const rs = rows.filter((s) => s.players === p);
      return [p, round(spearman(rs.map(intervalWidth), rankGap(rs.map(greedy), rs.map(planner))), 3)];
    }),
  );
const meanOf = (xs: number[]) => round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length), 2);

const calibration = {
  version: `lost-valley-calibration-${REVISION}`,
  botWeights: tuningHash(BOT_WEIGHTS),
  plannerWeights: tuningHash(PLAN),
  features: FEATURES,
  ...model.stored,
  fallback: { version: `lost-valley-calibration-${REVISION}-static`, features: STATIC, ...fallback.stored },
  scales,
  planner: {
    version: `lost-valley-calibration-${REVISION}-planner`,
    features: FEATURES,
    ...modelP.stored,
    fallback: { version: `lost-valley-calibration-${REVISION}-planner-static`, features: STATIC, ...fallbackP.stored },
    scales: scalesP,
  },
  combined,
  featureRanges,
  fit: {
    maps: fit.length,
    heldOut: hold.length,
    defaultsPerTableSize: DEFAULTS,
    gamesPerMap: GAMES,
    /** How the two kinds agree on which landscapes are harder (Spearman of their gold), per table size. */
    kindsAgree: { heldOut: byPlayers(hold, greedy, planner), defaults: byPlayers(allDefaults, greedy, planner) },
    /** The score's difficulty against each kind's gold, per table size. */
    score: { heldOut: scoreAgainst(hold), defaults: scoreAgainst(allDefaults) },
    /** Whether the interval is wide where the kinds part: Spearman of its width with the kinds' rank gap, per table size. */
    intervalTracksRankGap: { heldOut: intervalTracksRankGap(hold), defaults: intervalTracksRankGap(allDefaults) },
    /** Each kind's own model against that kind. */
    greedy: {
      ...agreement(
        hold.map((s) => model.predict(s.x)),
        hold.map((s) => s.y),
      ),
      spearmanHeldOutByPlayers: byPlayers(hold, (s) => model.predict(s.x)),
      defaultsByPlayers: byPlayers(allDefaults, (s) => model.predict(s.x)),
      staticOnly: {
        spearmanHeldOutByPlayers: byPlayers(hold, (s) => fallback.predict(s.xs)),
        defaultsByPlayers: byPlayers(allDefaults, (s) => fallback.predict(s.xs)),
      },
      noise: Object.fromEntries(
        [2, 3, 4].flatMap((p) => [
          [`heldOut${p}`, noise(hold.filter((s) => s.players === p))],
          [`defaults${p}`, noise(defaults[p]!)],
        ]),
      ),
    },
    planner: {
      ...agreement(
        hold.map((s) => modelP.predict(s.x)),
        hold.map((s) => s.yp),
      ),
      spearmanHeldOutByPlayers: byPlayers(hold, (s) => modelP.predict(s.x), planner),
      defaultsByPlayers: byPlayers(allDefaults, (s) => modelP.predict(s.x), planner),
      staticOnly: {
        spearmanHeldOutByPlayers: byPlayers(hold, (s) => fallbackP.predict(s.xs), planner),
        defaultsByPlayers: byPlayers(allDefaults, (s) => fallbackP.predict(s.xs), planner),
      },
      noise: Object.fromEntries(
        [2, 3, 4].flatMap((p) => [
          [
            `heldOut${p}`,
            noise(
              hold.filter((s) => s.players === p),
              'halvesP',
            ),
          ],
          [`defaults${p}`, noise(defaults[p]!, 'halvesP')],
        ]),
      ),
    },
    /** Mean gold per prospector and the score's difficulty by the `gold` option, over the fitted and held-out landscapes. */
    goldOption: Object.fromEntries(
      ['near', 'scattered', 'far'].map((g) => {
        const rs = [...fit, ...hold].filter((s) => s.gold === g);
        return [
          g,
          {
            landscapes: rs.length,
            greedyGold: meanOf(rs.map(greedy)),
            plannerGold: meanOf(rs.map(planner)),
            difficulty: meanOf(rs.map(difficultyOf)),
          },
        ];
      }),
    ),
  },
  reach: {} as Record<string, Array<{ ice: string; river: number; gold: string; deciles: number[] }>>,
};

// What each setting of the options the reroll may choose reaches, per table size: deciles of
// difficulty over REACH_SEEDS landscapes, scored exactly as scoring will.
for (const p of [2, 3, 4]) {
  const list: (typeof calibration.reach)[string] = [];
  for (const ice of STEER_ICE)
    for (const river of STEER_RIVER)
      for (const gold of STEER_GOLD) {
        const d = Array.from(
          { length: REACH_SEEDS },
          (_, i) =>
            scoreLostValley(
              buildMap(lostValley, `lv-reach-${p}-${ice}-${river}-${gold}-${i}`, { players: p, ice, river, gold }),
              calibration as never,
            ).difficulty,
        ).sort((a, b) => a - b);
        list.push({ ice, river, gold, deciles: Array.from({ length: 11 }, (_, k) => d[Math.round((k / 10) * (d.length - 1))]!) });
      }
  calibration.reach[p] = list;
  process.stderr.write(`reach ${p} done\n`);
}

writeFileSync(new URL('../data/calibration.json', import.meta.url), `${JSON.stringify(calibration, null, 2)}\n`);
console.log(JSON.stringify({ ...calibration, reach: undefined }, null, 2));
