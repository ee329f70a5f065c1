import { difficultyBetween } from '../../core/difficulty.ts';
import { dataFile, readJson } from '../../core/json-file.ts';
import { loadPlaysCalibration } from '../../core/plays.ts';
import { tableMean, type GamePlays, type PlaySeat } from '../../core/plays.ts';
import type { FieldError } from '../../core/schema.ts';
import { SCHEMAS } from './schemas.ts';
import type { PioneerDaysMap } from './model.ts';
import type { PioneerDaysScore } from './score.ts';
import { playersOf } from './validate.ts';

/** Written by `goldmaps calibrate pioneer-days --from-plays`: what tables reported, folded into the score. */
const PLAYS_FILE = dataFile('./data/plays.json', import.meta.url);

type VpScale = { easyVp: number; hardVp: number };
const { tables } = readJson<{ tables: Record<string, { scale: VpScale }> }>(dataFile('./data/score-model.json', import.meta.url));
/** The score's own 0–100 scale at a table size: the VP its model predicts at difficulty 0 and 100. */
const scaleAt = (players: number): VpScale => (tables[String(players)] ?? tables['4']!).scale;

const vpOf = (seat: PlaySeat) => seat.vp as number | undefined;

/**
 * A trail lasts its days whatever happens, so Pioneer Days' tables measure it by the points a
 * player reaches (fewer is harsher), as its score does, and rank seats by their points.
 */
export const pioneerDaysPlays: GamePlays<PioneerDaysMap, PioneerDaysScore> = {
  reportSchema: SCHEMAS.play!,
  measureLabel: 'VP per player',
  players: playersOf,
  measure: (report) => tableMean(report, vpOf),
  predicted: (_map, score) => score.predictedVp,
  spread: (players) => {
    const s = scaleAt(players);
    return Math.abs(s.easyVp - s.hardVp) / 4;
  },
  difficultyOf(value, players) {
    const s = scaleAt(players);
    return difficultyBetween(-value, -s.easyVp, -s.hardVp);
  },
  check(map, _score, report) {
    const errors: FieldError[] = [];
    const days = map.weeks.reduce((a, w) => a + w.days.length, 0);
    if (report.rounds > days) errors.push({ field: 'rounds', message: `must be at most the ${days} days of this trail` });
    return errors;
  },
  seatResult: vpOf,
  better: 'higher',
  resultUnit: 'VP',
  // Absent until someone commits what `goldmaps calibrate pioneer-days --from-plays` wrote.
  calibrationFile: PLAYS_FILE,
  calibration: loadPlaysCalibration(PLAYS_FILE, 'pioneer-days'),
};
