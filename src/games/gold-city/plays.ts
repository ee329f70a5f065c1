import { dataFile, readJson } from '../../core/json-file.ts';
import { difficultyOnScale } from '../../core/difficulty.ts';
import { boundsStudyOf, loadPlaysCalibration, type PlayBounds } from '../../core/plays.ts';
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
/** Written by calibrate/plays-bounds.ts; read on first use, since that script builds maps before it exists. */
const BOUNDS_FILE = dataFile('./data/plays-bounds.json', import.meta.url);
const study = boundsStudyOf(BOUNDS_FILE, 'gold-city');

const playersOf = (map: GoldCityMap) => map.options?.players ?? 4;
const finishedOf = (s: PlaySeat) => s.finishedRound as number | undefined;
const pointsOf = (s: PlaySeat) => s.blockadePoints as number | undefined;

/** What a perfect hand could walk: the nearest start's pawns, every card in hand at the strongest. */
export function perfectHandFloor(map: GoldCityMap, score: GoldCityScore): number {
  const pawns = playersOf(map) === 2 ? 2 : 1;
  const nearest = Math.min(...score.metrics.starts.map((s) => s.steps));
  return Math.ceil((pawns * nearest) / (HAND_SIZE * MOST_SPACES_PER_CARD));
}

/**
 * The fewest rounds a race on this map can last: the fastest finish of any kind of bot over
 * the bounds study's courses, as a share of the predicted rounds, less its margin (people may
 * race better than bots), and never below what a perfect hand could walk.
 */
function fewestRounds(map: GoldCityMap, score: GoldCityScore): { rounds: number; seen: number; why: string } {
  const s = study();
  const r = s.ratios.rounds!;
  const perfect = perfectHandFloor(map, score);
  const rounds = Math.max(perfect, Math.ceil(r.bound * score.predictedRounds));
  return {
    rounds,
    seen: Math.max(rounds, r.seen * score.predictedRounds),
    why:
      rounds === perfect
        ? `the shortest route here takes a perfect hand that many rounds`
        : `no race of the bots (${s.fitted.games} games on ${s.fitted.maps} maps, every kind of player) ended before ${r.seen} of the rounds the score predicts (${score.predictedRounds} here); with ${s.margin * 100}% to spare for faster tables`,
  };
}

/** Generator version → the first day it built maps (the commits that bumped it). */
const GENERATOR_DATES = readJson<Record<string, string>>(dataFile('./data/generator-dates.json', import.meta.url));

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
  bounds(map, score): PlayBounds {
    const fewest = fewestRounds(map, score);
    const points = map.blockades.reduce((a, b) => a + b.points, 0);
    return {
      rounds: { minimum: fewest.rounds, why: fewest.why },
      seat: {
        finishedRound: { minimum: fewest.rounds, why: fewest.why },
        blockadePoints: { maximum: points, why: `the blockades on this map are worth ${points} points in all` },
      },
      rules: [
        'No seat finishes after the round the game ended.',
        'A winner finished first; of the seats that finished first, the most blockade points win, and equal points share the win.',
      ],
      edge: { from: fewest.seen, to: fewest.rounds },
    };
  },
  check(_map, _score, report) {
    const errors: FieldError[] = [];
    report.seats.forEach((s, i) => {
      const finished = finishedOf(s);
      if (finished !== undefined && finished > report.rounds)
        errors.push({ field: `seats[${i}].finishedRound`, message: `must be at most the ${report.rounds} rounds the game lasted` });
    });
    // Winners against the seats' own results, where the report gives them: a winner finished
    // first, and of the first, the most blockade points win.
    const seatOf = new Map(report.seats.map((s) => [s.seat, s]));
    const finishers = report.seats.filter((s) => finishedOf(s) !== undefined);
    if (finishers.length === 0) return errors;
    const first = Math.min(...finishers.map((s) => finishedOf(s)!));
    const firstSeat = finishers.find((s) => finishedOf(s) === first)!.seat;
    const level = finishers.filter((s) => finishedOf(s) === first && pointsOf(s) !== undefined);
    const most = level.length ? Math.max(...level.map((s) => pointsOf(s)!)) : undefined;
    report.winners.forEach((w, i) => {
      const seat = seatOf.get(w);
      if (!seat) return;
      const finished = finishedOf(seat);
      if (finished === undefined)
        errors.push({
          field: `winners[${i}]`,
          message: `seat ${w} gives no finishedRound while seat ${firstSeat} finished: only a seat that reached El Dorado can win`,
        });
      else if (finished > first)
        errors.push({
          field: `winners[${i}]`,
          message: `seat ${w} finished in round ${finished}, after seat ${firstSeat} in round ${first}: a winner finished first`,
        });
      else if (most !== undefined && pointsOf(seat) !== undefined && pointsOf(seat)! < most)
        errors.push({
          field: `winners[${i}]`,
          message: `seat ${w} has ${pointsOf(seat)} blockade points and seat ${level.find((s) => pointsOf(s) === most)!.seat}, who finished with it, ${most}: the most blockade points win a tie`,
        });
    });
    const judged = report.winners.every((w) => seatOf.has(w) && pointsOf(seatOf.get(w)!) !== undefined);
    if (judged && most !== undefined && errors.length === 0) {
      const left = level.find((s) => pointsOf(s) === most && !report.winners.includes(s.seat));
      if (left)
        errors.push({
          field: 'winners',
          message: `must include seat ${left.seat}: it finished as early, with as many blockade points (${most}), as the winners, so it shares the win`,
        });
    }
    return errors;
  },
  generatorDates: GENERATOR_DATES,
  seatResult: finishedOf,
  better: 'lower',
  resultUnit: 'rounds',
  // Absent until someone commits what `goldmaps calibrate gold-city --from-plays` wrote.
  calibrationFile: PLAYS_FILE,
  calibration: loadPlaysCalibration(PLAYS_FILE, 'gold-city'),
};
