import type { Band } from '../../core/game-module.ts';
import {
  BAND_RANGES,
  bandOf,
  confidenceOf,
  difficultyOnScale,
  predict,
  reportedFeatures,
  round2,
  type Confidence,
  type LinearModel,
  type Scale,
} from '../../core/difficulty.ts';
import type { LostValleyMap } from './model.ts';
import { partingKey, settingOf } from './setting.ts';
import { dataFile, readJson } from '../../core/json-file.ts';
import { features, landscapeMetrics, SCORE_FEATURES, SCORE_MODEL_VERSION, type LostValleyMetrics } from './analytic.ts';

export { features, landscapeMetrics, SCORE_FEATURES, SCORE_MODEL_VERSION, type LostValleyMetrics, type Routes } from './analytic.ts';

export interface LostValleyScore {
  difficulty: number;
  band: Band;
  metrics: LostValleyMetrics;
  /** Gold nuggets a prospector banks by the end of the race, as the fitted models predict: the mean of the two kinds of player (each never below 0 or above an equal share of the board's gold). */
  predictedGold: number;
  /**
   * What each kind of player is predicted to bank and the difficulty that is on that kind's own
   * scale: the greedy bots (rules/bots.ts) and the planner (rules/planner.ts). `difficulty` is
   * their mean; where they part, `interval` spans both and `confidence` falls.
   */
  kinds: Record<'greedy' | 'planner', KindReading>;
  /** The two kinds' difficulties, lower first: a landscape they rate alike has a narrow interval. */
  interval: [number, number];
  /**
   * How surely the band is called: no surer than the two kinds agree (the interval within 10
   * points: high, 20: medium), and no surer than landscapes of these options hold to it for
   * every kind (high: each kind's `landscapes` range lies inside the band; medium: each reaches it).
   */
  confidence: Confidence;
  raw: number;
  /** The landscape lies outside what the model was fitted on; `extrapolation` says how. */
  extrapolated: boolean;
  extrapolation?: string[];
  model: { version: string; features: Record<string, number> };
}

/** The analytic model (calibrate/score-model.ts writes it). */
export interface ScoreModel {
  version: string;
  features: string[];
  /** Per kind of player and table size: gold a prospector banks, linear in the features. */
  heads: Record<Kind, Record<string, { coefficients: number[]; intercept: number }>>;
  /** Gold a prospector banks at difficulty 0, 25, 50, 75 and 100, per kind and table size. */
  scales: Record<Kind, Record<string, Scale>>;
  /** Nuggets a medium or hard band spans per table size: what strong play's 50-game mean tells apart (calibrate/score-model.ts). */
  bandWidth?: Record<string, number>;
  /** The kinds' blended difficulty at difficulty 0, 25, 50, 75 and 100, per table size (the identity since bands are bandWidth wide). */
  combined: Record<string, Scale>;
  /** Each feature's range over the landscapes the model was fitted on. */
  featureRanges: Record<string, [number, number]>;
  /** The greedy bots' share of the difficulty per table size (the planner's the rest); even when absent. */
  blend?: Record<string, number>;
  /** Per kind, table size and setting (setting.ts's partingKey): gold the options add to the head's reading, which its features miss. */
  offsets?: Record<Kind, Record<string, Record<string, number>>>;
  /**
   * How far landscapes of one setting part, measured per table size and setting (setting.ts's
   * partingKey) for each kind: [mean gold, spread of the landscapes' true means, one game's luck].
   */
  landscapes?: Record<string, Record<string, Record<Kind, [number, number, number]>>>;
  /** What each setting of the options reaches (steer.ts): difficulty deciles per table size. */
  reach: Record<string, Array<{ ice: string; river: number; gold: string; deciles: number[] }>>;
  [more: string]: unknown;
}

export type Kind = 'greedy' | 'planner';

export interface KindReading {
  predictedGold: number;
  difficulty: number;
  /**
   * Where landscapes of these options fall for this kind, measured (one standard deviation of
   * their true means either side of the setting's mean, on this kind's scale), and whether they
   * part by less than one game's luck: then which landscape is dealt matters less than the dice.
   */
  landscapes?: { range: [number, number]; alike: boolean };
}
export const KINDS: readonly Kind[] = ['greedy', 'planner'];

/** Throws unless the model was fitted on exactly the features this code computes, under this version. */
export function checkScoreModel(model: ScoreModel): ScoreModel {
  if (model.version !== SCORE_MODEL_VERSION)
    throw new Error(
      `Lost Valley score model ${model.version} does not match the code's ${SCORE_MODEL_VERSION}: rerun npx tsx src/games/lost-valley/calibrate/score-model.ts`,
    );
  if (model.features.length !== SCORE_FEATURES.length || model.features.some((f, i) => f !== SCORE_FEATURES[i]))
    throw new Error(
      `Lost Valley score model features [${model.features.join(', ')}] do not match the code's [${SCORE_FEATURES.join(', ')}]`,
    );
  for (const kind of KINDS)
    for (const [players, head] of Object.entries(model.heads[kind] ?? {}))
      if (head.coefficients.length !== SCORE_FEATURES.length)
        throw new Error(
          `Lost Valley score model: the ${kind} head for ${players} players has ${head.coefficients.length} coefficients for ${SCORE_FEATURES.length} features`,
        );
  return model;
}

/** The fitted model (src/games/lost-valley/calibrate/score-model.ts writes it). */
export const scoreModel = checkScoreModel(readJson<ScoreModel>(dataFile('./data/score-model.json', import.meta.url)));

/** Why a prediction reaches past what the model was fitted on, if it does. */
function extrapolation(f: Record<string, number>, ranges: ScoreModel['featureRanges']): string[] {
  const out: string[] = [];
  for (const [name, [lo, hi]] of Object.entries(ranges)) {
    if (!(name in f)) continue;
    const v = f[name]!;
    // A tenth of the range either way is still interpolation in any sense that matters.
    const slack = 0.1 * (hi - lo);
    if (v < lo - slack || v > hi + slack) out.push(`${name} ${round2(v)} lies outside the calibrated ${round2(lo)}–${round2(hi)}`);
  }
  return out;
}

/** A head of the model as a linear model over SCORE_FEATURES. */
const headOf = (model: ScoreModel, kind: Kind, players: string): LinearModel => {
  const head = model.heads[kind][players] ?? model.heads[kind]['4']!;
  return { version: model.version, features: model.features, coefficients: head.coefficients, intercept: head.intercept };
};

/**
 * difficulty = how little gold a prospector banks by the end of the race, as two kinds of player
 * meet the landscape, read off the map alone (no game is played): for each kind (the greedy bots,
 * the planner) a linear model fitted offline on their seeded games (calibrate/score-model.ts)
 * predicts the gold from the landscape's route and supply features, kept within what is possible
 * (no prospector banks less than nothing or more than an equal share of the board's gold), placed
 * on that kind's scale for the table size (data/score-model.json); the difficulty is the mean of
 * the two on the table size's scale of such means, and the interval between the two kinds' own
 * difficulties says how far they disagree.
 */
const CONFIDENCE: readonly Confidence[] = ['low', 'medium', 'high'];
const surest = (a: Confidence, b: Confidence) => CONFIDENCE[Math.min(CONFIDENCE.indexOf(a), CONFIDENCE.indexOf(b))]!;

/**
 * How well landscapes of these options hold to `band` for every kind: all inside it (high), or
 * inside it and one neighbouring band (medium); wider, which landscape was dealt may move the
 * table's game out of the band, whatever this one's reading.
 */
function holding(band: Band, kinds: Record<Kind, KindReading>): Confidence {
  const [lo, hi] = BAND_RANGES[band];
  const ranges = KINDS.map((k) => kinds[k].landscapes?.range);
  if (ranges.some((r) => !r)) return 'high';
  const within = (below: number, above: number) => ranges.every((r) => r![0] >= lo - below && r![1] <= hi + above);
  if (within(0, 0)) return 'high';
  return within(25, 0) || within(0, 25) ? 'medium' : 'low';
}

export function scoreLostValley(map: LostValleyMap, model: ScoreModel = scoreModel): LostValleyScore {
  const metrics = landscapeMetrics(map);
  const f = features(metrics);
  const ceiling = metrics.goldTotal / Math.max(1, metrics.players);
  const players = String(metrics.players);
  const reasons = extrapolation(f, model.featureRanges);
  const setting = partingKey(settingOf(map.options));
  const kind = (name: string, k: Kind) => {
    const modelled = predict(headOf(model, k, players), f) + (model.offsets?.[k]?.[players]?.[setting] ?? 0);
    if (modelled < 0) reasons.push(`the ${name} model's ${round2(modelled)} nuggets is below the 0 a prospector can bank`);
    if (modelled > ceiling)
      reasons.push(
        `the ${name} model's ${round2(modelled)} nuggets is above an equal share (${round2(ceiling)}) of the ${metrics.goldTotal} gold on the board`,
      );
    const gold = Math.max(0, Math.min(ceiling, modelled));
    const scale = model.scales[k][players] ?? model.scales[k]['4']!;
    const reading: KindReading = { predictedGold: round2(gold), difficulty: difficultyOnScale(gold, scale) };
    const part = parting?.[k];
    // More gold is easier: the upper end of the landscapes' gold is the lower end of their difficulty.
    if (part)
      reading.landscapes = {
        range: [difficultyOnScale(part[0] + part[1], scale), difficultyOnScale(part[0] - part[1], scale)],
        alike: part[1] < part[2],
      };
    return reading;
  };
  const parting = model.landscapes?.[players]?.[setting];
  const kinds = { greedy: kind('greedy bots', 'greedy'), planner: kind('planner', 'planner') };
  const w = model.blend?.[players] ?? 0.5;
  const mean = w * kinds.greedy.difficulty + (1 - w) * kinds.planner.difficulty;
  const difficulty = difficultyOnScale(mean, model.combined[players] ?? model.combined['4']!);
  const interval: [number, number] = [
    Math.min(kinds.greedy.difficulty, kinds.planner.difficulty),
    Math.max(kinds.greedy.difficulty, kinds.planner.difficulty),
  ];
  return {
    difficulty,
    band: bandOf(difficulty),
    metrics,
    predictedGold: round2((kinds.greedy.predictedGold + kinds.planner.predictedGold) / 2),
    // Higher is harder, unrounded: ranks landscapes the rounded difficulty ties.
    raw: round2(mean),
    kinds,
    interval,
    confidence: surest(confidenceOf(interval[1] - interval[0]), holding(bandOf(difficulty), kinds)),
    extrapolated: reasons.length > 0,
    ...(reasons.length > 0 ? { extrapolation: reasons } : {}),
    model: { version: model.version, features: reportedFeatures(f) },
  };
}
