import type { Band } from '../../core/game-module.ts';
import { bandOf, confidenceOf, difficultyBetween, round2, type Confidence } from '../../core/difficulty.ts';
import { dataFile, readJson } from '../../core/json-file.ts';
import type { PioneerDaysMap } from './model.ts';
import { BASE_FEATURES, FEATURES, SCORE_MODEL_VERSION, trailFeatures } from './score-features.ts';
import { playersOf } from './validate.ts';

/*
 * The Pioneer Days difficulty, analytic (issue 42): computed from the trail alone, no game played.
 * score-features.ts reads the trail; data/score-model.json, fitted offline on games by both kinds
 * of player (calibrate/score-model.ts), weighs what it reads, per table size and per kind.
 */
export { SCORE_MODEL_VERSION };

interface VpScale {
  easyVp: number;
  hardVp: number;
}
interface Head {
  coefficients: number[];
  intercept: number;
}
export interface TableModel extends Head {
  /** The settler's weight in the difficulty (the planner's is 1 − it), chosen by cross-validation. */
  settlerWeight: number;
  /** The 0–100 scale: predicted VP at difficulty 0 (`easyVp`) and 100 (`hardVp`). */
  scale: VpScale;
  /** Each kind of player's own head, each on its own scale: where they part, the score gives an interval. */
  byKind: Record<Kind, Head & { scale: VpScale }>;
  /**
   * How far apart (difficulty points) the two kinds' own played results put a trail of each deal,
   * at the median over the fitting trails (at most 20): the heads read the same features and part
   * less than the games do, so the interval is never narrower than this and the confidence reads
   * it too. (On first-game trails the kinds agree least on which trail is harder; in points
   * they part about as far on both deals, mostly from the games' own noise.)
   */
  apart: { firstGame: number; standard: number };
}
export interface ScoreModel {
  version: string;
  features: string[];
  tables: Record<string, TableModel>;
  [more: string]: unknown;
}
/** The two kinds of player the difficulty is calibrated on: the greedy settler and the lookahead planner. */
export type Kind = 'settler' | 'planner';
export const KINDS: readonly Kind[] = ['settler', 'planner'];

/** Refuses a model file that does not read the features this code computes, in its order, under this version. */
export function checkScoreModel(model: ScoreModel): ScoreModel {
  if (model.version !== SCORE_MODEL_VERSION)
    throw new Error(
      `data/score-model.json is ${model.version}; the score code is ${SCORE_MODEL_VERSION}: regenerate it with calibrate/score-model.ts`,
    );
  if (model.features.length !== FEATURES.length || model.features.some((f, k) => f !== FEATURES[k]))
    throw new Error(
      `data/score-model.json reads features [${model.features.join(', ')}]; the code computes [${FEATURES.join(', ')}]: regenerate it with calibrate/score-model.ts`,
    );
  for (const [players, t] of Object.entries(model.tables))
    for (const head of [t, t.byKind.settler, t.byKind.planner])
      if (head.coefficients.length !== FEATURES.length)
        throw new Error(
          `data/score-model.json: table ${players} has ${head.coefficients.length} coefficients for ${FEATURES.length} features`,
        );
  return model;
}

export const scoreModel = checkScoreModel(readJson<ScoreModel>(dataFile('./data/score-model.json', import.meta.url)));

export interface PioneerDaysScore {
  difficulty: number;
  band: Band;
  metrics: {
    players: number;
    /** Dice faces in the whole script, by face. */
    faces: Record<string, number>;
    /** Strikes each disaster's marker is expected to reach from the script (any die of a day as likely to be left over), the final advance included. */
    expectedDisasters: Record<string, number>;
    /** Nuggets on the first dozen gold tokens (what a table mostly draws). */
    earlyGold: number;
    /** Items the nine town cards ask for, and the favours they pay. */
    townItems: number;
    townFavours: number;
    /**
     * Every townsfolk card scores on its own (as printed), so cards that score the same item
     * multiply: the most VP per item that the trail's dealt townsfolk stack on one item.
     */
    stacking: { item: string; vpPerItem: number };
  };
  /** Mean VP per player the calibrated model predicts, on average over the two kinds of player. */
  predictedVp: number;
  /**
   * What each kind of player alone predicts (VP per player, and that VP on this table size's
   * difficulty scale); `interval` spans both readings and the difficulty, widened to the kinds'
   * usual parting on this deal, and `confidence` says how far apart the kinds are (high: within
   * 10 points, medium: within 20, low: further).
   */
  kinds: Record<Kind, { predictedVp: number; difficulty: number }>;
  interval: [number, number];
  confidence: Confidence;
  model: { version: string; features: Record<string, number> };
}

function headOf(head: Head, x: Float64Array): number {
  let v = head.intercept;
  const c = head.coefficients;
  for (let k = 0; k < x.length; k++) v += c[k]! * x[k]!;
  return v;
}

// Fewer points reached is a harsher trail: a scale runs from high VP (0) to low VP (100).
const onScale = (vp: number, scale: VpScale) => difficultyBetween(-vp, -scale.easyVp, -scale.hardVp);

export function scorePioneerDays(map: PioneerDaysMap): PioneerDaysScore {
  const t = trailFeatures(map);
  const players = playersOf(map);
  const table = scoreModel.tables[String(players)] ?? scoreModel.tables['4']!;
  const values = t.values;
  // The features once, in the model's order; each head is a dot product over them. The score
  // reports the named ones (the per-card ones are the trail's deal, which the map shows).
  const x = new Float64Array(FEATURES.length);
  for (let k = 0; k < BASE_FEATURES.length; k++) x[k] = values[BASE_FEATURES[k]!];
  x.set(t.cardWeeks, BASE_FEATURES.length);
  // A copy of the named features' object keeps its shape: rounding in place stays quick.
  const reported: Record<string, number> = { ...values };
  for (const k in reported) reported[k] = round2(reported[k]!);
  const predictedVp = headOf(table, x);
  const difficulty = onScale(predictedVp, table.scale);
  const settlerVp = headOf(table.byKind.settler, x);
  const plannerVp = headOf(table.byKind.planner, x);
  const kinds: PioneerDaysScore['kinds'] = {
    settler: { predictedVp: round2(settlerVp), difficulty: onScale(settlerVp, table.byKind.settler.scale) },
    planner: { predictedVp: round2(plannerVp), difficulty: onScale(plannerVp, table.byKind.planner.scale) },
  };
  // The heads read the same features, so they part less than the kinds' own games do: the
  // interval is at least as wide as the kinds' usual parting on this deal (measured offline).
  const floor = values.firstGame === 1 ? table.apart.firstGame : table.apart.standard;
  const ds = kinds.settler.difficulty;
  const dp = kinds.planner.difficulty;
  let low = Math.min(difficulty, ds, dp);
  let high = Math.max(difficulty, ds, dp);
  const widen = floor - (high - low);
  if (widen > 0) {
    low = Math.max(0, low - Math.ceil(widen / 2));
    high = Math.min(100, high + Math.ceil(widen / 2));
  }
  const apart = Math.max(Math.abs(ds - dp), floor);
  let earlyGold = 0;
  for (let i = 0; i < 12 && i < map.gold.length; i++) earlyGold += map.gold[i]!;
  return {
    difficulty,
    band: bandOf(difficulty),
    metrics: {
      players,
      faces: t.faces,
      expectedDisasters: t.expectedDisasters,
      earlyGold,
      townItems: t.townItems,
      townFavours: t.townFavours,
      stacking: t.stacking,
    },
    predictedVp: round2(predictedVp),
    kinds,
    interval: [low, high],
    confidence: confidenceOf(apart),
    model: { version: scoreModel.version, features: reported },
  };
}
