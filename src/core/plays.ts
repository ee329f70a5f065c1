import type { PlaysCalibration } from './plays-calibration.ts';
import type { FieldError } from './schema.ts';

/** One seat of a play report: its number, an optional handle, and the game's own results. */
export interface PlaySeat {
  seat: number;
  handle?: string;
  [result: string]: unknown;
}

/** A game people played on a map, as a client reports it (schema: schemas/<game>.play.json). */
export interface PlayReport {
  reportId: string;
  players: number;
  rounds: number;
  winners: number[];
  seats: PlaySeat[];
  playedOn?: string;
  perceived?: number;
}

/**
 * What a game contributes to play reports, reached through its module's `plays`: the schema of
 * its reports, the table's measure that difficulty is about, the bots' prediction of it, how it
 * maps onto the 0–100 scale, the checks a report must pass to be true of the map, and the
 * per-seat result its leaderboard is ordered by.
 */
export interface GamePlays<M = unknown, S = unknown> {
  reportSchema: Record<string, unknown>;
  /** The measure's name and unit, for people ("rounds", "gold per prospector", …). */
  measureLabel: string;
  /** The table size the map was made for. */
  players(map: M): number;
  /** The table's measure in this report, or undefined when the report does not give it. */
  measure(report: PlayReport): number | undefined;
  /** The bots' calibrated prediction of that measure on this map. */
  predicted(map: M, score: S): number;
  /**
   * How far a map's tables may stray from the bots before any report says so, in the measure:
   * about one band's width (the as-played model's default spread).
   */
  spread(players: number): number;
  /** A value of the measure on the game's 0–100 difficulty scale at this table size. */
  difficultyOf(value: number, players: number, map: M): number;
  /** Why this report cannot be true of this map (fields named as in the report); [] if it can. */
  check(map: M, score: S, report: PlayReport): FieldError[];
  /** The leaderboard's result of one seat, if the seat gives it. */
  seatResult(seat: PlaySeat): number | undefined;
  /** Which way a seat's result is better, and its unit. */
  better: 'lower' | 'higher';
  resultUnit: string;
  /**
   * The committed fixtures/calibration/<game>.plays.json, when there is one: every score the
   * service makes then reads the bots' prediction through it (core/plays-calibration.ts).
   */
  calibration?: PlaysCalibration;
}

/** A per-seat result averaged over the table, when every seat gave it (else undefined). */
export function tableMean(report: PlayReport, result: (seat: PlaySeat) => number | undefined): number | undefined {
  const values = report.seats.map(result).filter((v): v is number => v !== undefined);
  return values.length === report.players ? values.reduce((a, v) => a + v, 0) / values.length : undefined;
}
