import type { Band } from '../../core/game-module.ts';
import { bandOf, difficultyOnScale, predict, reportedFeatures, round2, type LinearModel } from '../../core/difficulty.ts';
import { readJson, dataFile } from '../../core/json-file.ts';
import { analyse, type CourseFairness, type CourseMetrics, type StartMetrics } from './analysis.ts';
import { MOST_SPACES_PER_CARD, ROUNDS_SCALE } from './difficulty-scale.ts';
import type { GoldCityMap } from './model.ts';
import { HAND_SIZE } from './rules/cards.ts';
import { calibratedStaggers, seatFairness, seatFeatures, templeSeatFairness } from './seats.ts';
import { kindsReading, type KindsReading } from './kinds.ts';
import { rowsOf } from './stagger.ts';
import { templeCalibration } from './temple-score.ts';

/**
 * The Gold City score: the linear models (base and Golden Temples) over the course's features
 * (analysis.ts), with the floor the route's length sets, the seat shares, and where the model
 * reaches past what it was fitted on.
 */
const calibration = readJson<Calibration>(dataFile('./data/calibration.json', import.meta.url));

export interface GoldCityScore extends Partial<KindsReading> {
  difficulty: number;
  band: Band;
  /** The rounds to finish the calibration predicts for the map's number of players. */
  predictedRounds: number;
  /** The course lies outside what the model was fitted on; `extrapolation` says how. */
  extrapolated: boolean;
  extrapolation?: string[];
  /**
   * Route-effort spread between the starts, and each seat's predicted share of the wins in
   * percent (seats.ts; `note` says why where there is no prediction).
   */
  fairness: CourseFairness & { winRates?: number[]; model?: string; note?: string };
  metrics: CourseMetrics;
  model: { version: string; features: Record<string, number> };
}

interface Calibration extends LinearModel {
  /** Each feature's range over the maps the model was fitted on: beyond it, the model extrapolates. */
  featureRanges: Record<string, [number, number]>;
}

/**
 * The fewest rounds any play could need: every card in hand at the catalogue's strongest, each
 * spending one strength a space, for every pawn a seat runs. A linear model fitted on ordinary
 * courses can undershoot it on a course unlike them (a vast open field, say); it never may.
 */
function physicalFloor(starts: readonly StartMetrics[], players: number): number {
  const pawnsPerSeat = players === 2 ? 2 : 1;
  const longest = Math.max(0, ...starts.map((s) => s.steps));
  return Math.ceil((pawnsPerSeat * longest) / (HAND_SIZE * MOST_SPACES_PER_CARD));
}

/** Why a prediction reaches past what the model was fitted on, if it does. */
function extrapolation(features: Record<string, number>, ranges: Calibration['featureRanges']): string[] {
  const out: string[] = [];
  for (const [name, [lo, hi]] of Object.entries(ranges)) {
    const v = features[name] ?? 0;
    // A tenth of the range either way is still interpolation in any sense that matters.
    const slack = 0.1 * (hi - lo);
    if (v < lo - slack || v > hi + slack) out.push(`${name} ${round2(v)} lies outside the calibrated ${round2(lo)}–${round2(hi)}`);
  }
  return out;
}

/**
 * difficulty = predicted rounds for planner bots, one per player the map is made for (four for a
 * course typed in by hand), placed on the table size's scale of rounds (difficulty-scale.ts): a
 * hard two-player course is hard for two. The linear model and its fit figures live in
 * src/games/gold-city/data/calibration.json, written by src/games/gold-city/calibrate/difficulty.ts.
 */
export function scoreGoldCity(map: GoldCityMap): GoldCityScore {
  const score = scoreCourse(map);
  // The seat models read the course as laid out, before any stagger moved a pawn in.
  const plain = map.stagger?.length ? scoreCourse({ ...map, stagger: undefined }) : score;
  const players = map.options?.players ?? 4;
  // A course without a stagger needs no candidates: rowsOf answers the plain start.
  const rows = rowsOf(map, players, map.stagger?.length ? calibratedStaggers(players) : []);
  score.fairness = {
    ...score.fairness,
    ...(map.temples?.length
      ? templeSeatFairness(players, rows)
      : seatFairness(seatFeatures(plain.predictedRounds, plain.model.features), players, rows)),
  };
  return score;
}

function scoreCourse(map: GoldCityMap): GoldCityScore {
  const a = analyse(map);
  // A temple course is scored by the temple model on its own scale of rounds (temple-score.ts).
  const temples = a.metrics.temples !== undefined && templeCalibration !== undefined;
  const cal: Calibration = temples ? templeCalibration! : calibration;
  const players = a.features.players as 2 | 3 | 4;
  const floor = physicalFloor(a.metrics.starts, players);
  const modelled = predict(cal, a.features);
  const rounds = Math.max(modelled, floor);
  const reasons = extrapolation(a.features, cal.featureRanges);
  if (modelled < floor) reasons.push(`the model's ${round2(modelled)} rounds is below the ${floor} the route's length allows`);
  const scale = temples
    ? (templeCalibration!.scale[String(players) as '2' | '3' | '4'] ?? templeCalibration!.scale['4'])
    : (ROUNDS_SCALE[players] ?? ROUNDS_SCALE[4]);
  const difficulty = difficultyOnScale(rounds, scale);
  return {
    difficulty,
    band: bandOf(difficulty),
    predictedRounds: round2(rounds),
    extrapolated: reasons.length > 0,
    ...(reasons.length > 0 ? { extrapolation: reasons } : {}),
    fairness: a.fairness,
    metrics: a.metrics,
    model: { version: cal.version, features: reportedFeatures(a.features) },
    ...kindsReading(rounds, difficulty, a.features, scale, temples),
  };
}
