import { dataFile } from '../../core/json-file.ts';
import { difficultyOnScale } from '../../core/difficulty.ts';
import { loadPlaysCalibration } from '../../core/plays.ts';
import type { GamePlays, PlaySeat } from '../../core/plays.ts';
import type { FieldError } from '../../core/schema.ts';
import { SCHEMAS } from './schemas.ts';
import { MOST_SPACES_PER_CARD, ROUNDS_SCALE } from './difficulty-scale.ts';
import type { GoldCityMap } from './model.ts';
import { HAND_SIZE } from './rules/cards.ts';
import type { GoldCityScore } from './score.ts';
import { templeCalibration } from './temple-score.ts';

/** Written by `goldmaps calibrate gold-city --from-plays`: what tables reported, folded into the score. */
const PLAYS_FILE = dataFile('./data/plays.json', import.meta.url);

const playersOf = (map: GoldCityMap) => map.options?.players ?? 4;

/**
 * Gold City's tables measure a map in rounds, as its score does: the race lasts as long as the
 * course makes it. The leaderboard ranks a seat by the round it reached El Dorado.
 */
export const goldCityPlays: GamePlays<GoldCityMap, GoldCityScore> = {
  reportSchema: SCHEMAS.play!,
  measureLabel: 'rounds',
  players: playersOf,
  measure: (report) => report.rounds,
  predicted: (_map, score) => score.predictedRounds,
  spread: (players) => {
    const s = ROUNDS_SCALE[players as 2 | 3 | 4] ?? ROUNDS_SCALE[4];
    return s[2] - s[1];
  },
  difficultyOf(value, players, map) {
    const key = String(players) as '2' | '3' | '4';
    const scale =
      map.temples?.length && templeCalibration
        ? (templeCalibration.scale[key] ?? templeCalibration.scale['4'])
        : (ROUNDS_SCALE[players as 2 | 3 | 4] ?? ROUNDS_SCALE[4]);
    return difficultyOnScale(value, scale);
  },
  check(map, score, report) {
    const errors: FieldError[] = [];
    // No race ends before the nearest start's pawns can walk the course with the strongest hand.
    const pawns = playersOf(map) === 2 ? 2 : 1;
    const nearest = Math.min(...score.metrics.starts.map((s) => s.steps));
    const fewest = Math.ceil((pawns * nearest) / (HAND_SIZE * MOST_SPACES_PER_CARD));
    if (report.rounds < fewest)
      errors.push({
        field: 'rounds',
        message: `must be at least ${fewest}: the shortest route on this map (${nearest} spaces) takes that many rounds`,
      });
    report.seats.forEach((s, i) => {
      const finished = s.finishedRound as number | undefined;
      if (finished !== undefined && finished > report.rounds)
        errors.push({ field: `seats[${i}].finishedRound`, message: `must be at most the ${report.rounds} rounds the game lasted` });
      if (finished !== undefined && finished < fewest)
        errors.push({ field: `seats[${i}].finishedRound`, message: `must be at least ${fewest} on this map` });
    });
    return errors;
  },
  seatResult: (seat: PlaySeat) => seat.finishedRound as number | undefined,
  better: 'lower',
  resultUnit: 'rounds',
  // Absent until someone commits what `goldmaps calibrate gold-city --from-plays` wrote.
  calibrationFile: PLAYS_FILE,
  calibration: loadPlaysCalibration(PLAYS_FILE, 'gold-city'),
};
