import { difficultyBetween } from '../../core/difficulty.ts';
import { dataFile, readJson } from '../../core/json-file.ts';
import {
  ceilingOf,
  boundsStudyOf,
  loadPlaysCalibration,
  mostWins,
  tableMean,
  type GamePlays,
  type PlayBounds,
  type PlaySeat,
} from '../../core/plays.ts';
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

/** Written by calibrate/plays-bounds.ts; read on first use, since that script builds maps before it exists. */
const BOUNDS_FILE = dataFile('./data/plays-bounds.json', import.meta.url);
const study = boundsStudyOf(BOUNDS_FILE, 'pioneer-days');
/** Generator version → the first day it built maps (the commits that bumped it). */
const GENERATOR_DATES = readJson<Record<string, string>>(dataFile('./data/generator-dates.json', import.meta.url));

const most = (quantity: 'measure' | 'seat', predicted: number, what: string) =>
  ceilingOf(study(), quantity, predicted, { what, unit: 'VP', maps: 'trails' });

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
  bounds(map, score): PlayBounds {
    const days = map.weeks.reduce((a, w) => a + w.days.length, 0);
    const seat = most('seat', score.predictedVp, 'player');
    const table = most('measure', score.predictedVp, 'table');
    return {
      rounds: { minimum: days, maximum: days, why: `a trail lasts its ${days} days whatever happens` },
      seat: { vp: { maximum: Math.floor(seat.value), why: seat.why } },
      measure: { maximum: table.value, why: table.why },
      edge: { from: table.seen, to: table.value },
      rules: ['The most VP wins; a tie goes to the most silver left (not reported), and a tie in both is shared.'],
    };
  },
  // Silver breaks a tie in VP and reports do not give it: a seat level with the winners may have lost.
  check: (_map, _score, report) => mostWins(report, vpOf, 'VP', { tiesShared: false }),
  generatorDates: GENERATOR_DATES,
  seatResult: vpOf,
  better: 'higher',
  resultUnit: 'VP',
  // Absent until someone commits what `goldmaps calibrate pioneer-days --from-plays` wrote.
  calibrationFile: PLAYS_FILE,
  calibration: loadPlaysCalibration(PLAYS_FILE, 'pioneer-days'),
};
