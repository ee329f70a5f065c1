import { difficultyOnScale, type Scale } from '../../core/difficulty.ts';
import { dataFile, readJson } from '../../core/json-file.ts';
import {
  ceilingOf,
  boundsStudyOf,
  mostWins,
  loadPlaysCalibration,
  tableMean,
  type GamePlays,
  type PlayBounds,
  type PlaySeat,
} from '../../core/plays.ts';
import type { FieldError } from '../../core/schema.ts';
import { SCHEMAS } from './schemas.ts';
import type { LostValleyMap } from './model.ts';
import { scoreModel, type LostValleyScore } from './score.ts';
import { MAX_ROUNDS } from './rules/engine.ts';

/** Written by `goldmaps calibrate lost-valley --from-plays`: what tables reported, folded into the score. */
const PLAYS_FILE = dataFile('./data/plays.json', import.meta.url);

const calibration = { scales: scoreModel.scales.greedy, planner: { scales: scoreModel.scales.planner }, combined: scoreModel.combined };
const at = (scales: Record<string, Scale>, players: number): Scale => scales[String(players)] ?? scales['4']!;
const { scales } = calibration;

const goldOf = (seat: PlaySeat) => seat.gold as number | undefined;

/** Written by calibrate/plays-bounds.ts; read on first use, since that script builds maps before it exists. */
const BOUNDS_FILE = dataFile('./data/plays-bounds.json', import.meta.url);
const study = boundsStudyOf(BOUNDS_FILE, 'lost-valley');
/** Generator version → the first day it built maps (the commits that bumped it). */
const GENERATOR_DATES = readJson<Record<string, string>>(dataFile('./data/generator-dates.json', import.meta.url));

const most = (quantity: 'measure' | 'seat', predicted: number, what: string) =>
  ceilingOf(study(), quantity, predicted, { what, unit: 'gold', maps: 'landscapes' });

/** A table's gold on the 0–100 scale before the scale of means: read on each kind's scale, averaged. */
const meanReading = (value: number, players: number) =>
  (difficultyOnScale(value, at(scales, players)) + difficultyOnScale(value, at(calibration.planner.scales, players))) / 2;

/**
 * The gold a table would bank on a landscape the score rates as it does, read as a table's gold is
 * read: not the mean of the two kinds' predictions, which the score reads each on its own kind's
 * scale, so that the mean read on both lands elsewhere when the kinds predict apart. The reading
 * falls as the gold rises, so halving the range finds it.
 */
function goldRead(score: LostValleyScore): number {
  const players = score.metrics.players;
  let lo = 0;
  let hi = Math.max(1, score.metrics.goldTotal);
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (meanReading(mid, players) > score.raw) lo = mid;
    else hi = mid;
  }
  return Math.round(((lo + hi) / 2) * 100) / 100;
}

/**
 * Lost Valley's rounds say little (the ice block ends the game); its tables measure a landscape
 * by the gold a prospector banks, as its score does, and rank seats by their gold.
 */
export const lostValleyPlays: GamePlays<LostValleyMap, LostValleyScore> = {
  reportSchema: SCHEMAS.play!,
  measureLabel: 'gold per prospector',
  players: (map) => map.options?.players ?? 4,
  // Only a report with every seat's gold says what a prospector banked on average.
  measure: (report) => tableMean(report, goldOf),
  predicted: (_map, score) => goldRead(score),
  spread: (players) => {
    const s = at(scales, players);
    return Math.abs(s[2] - s[1]);
  },
  // A table's gold goes on the 0–100 scale as the score puts its prediction there: read on each
  // kind's scale, the two readings averaged and placed on the scale of such means.
  difficultyOf: (value, players) => difficultyOnScale(meanReading(value, players), at(calibration.combined, players)),
  bounds(_map, score): PlayBounds {
    const predicted = goldRead(score);
    const seat = most('seat', predicted, 'prospector');
    const table = most('measure', predicted, 'table');
    const total = score.metrics.goldTotal;
    return {
      rounds: { maximum: MAX_ROUNDS, why: `the game stops after ${MAX_ROUNDS} rounds` },
      seat: {
        gold:
          seat.value < total
            ? { minimum: 0, maximum: Math.floor(seat.value), why: seat.why }
            : { minimum: 0, maximum: total, why: `the landscape holds ${total} nuggets in all` },
      },
      measure: { maximum: table.value, why: table.why },
      edge: { from: table.seen, to: table.value },
      rules: [`The seats together bank at most the ${total} nuggets on this landscape.`, 'The most gold wins; equal gold shares the win.'],
    };
  },
  check(_map, score, report) {
    const errors: FieldError[] = [];
    const banked = report.seats.reduce((a, s) => a + (goldOf(s) ?? 0), 0);
    if (banked > score.metrics.goldTotal)
      errors.push({ field: 'seats', message: `bank ${banked} nuggets in all, more than the ${score.metrics.goldTotal} on this landscape` });
    errors.push(...mostWins(report, goldOf, 'nuggets', { tiesShared: true }));
    return errors;
  },
  generatorDates: GENERATOR_DATES,
  seatResult: goldOf,
  better: 'higher',
  resultUnit: 'nuggets',
  // Absent until someone commits what `goldmaps calibrate lost-valley --from-plays` wrote.
  calibrationFile: PLAYS_FILE,
  calibration: loadPlaysCalibration(PLAYS_FILE, 'lost-valley'),
};
