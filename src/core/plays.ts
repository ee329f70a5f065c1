import { existsSync } from 'node:fs';
import { bandOf, type Band } from './difficulty.ts';
import { readJson } from './json-file.ts';
import type { FieldError } from './schema.ts';
import { mean } from './stats.ts';

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
   * The committed src/games/<game>/data/plays.json, when there is one: every score the
   * service makes then reads the bots' prediction through it (applyPlaysCalibration below).
   */
  calibration?: PlaysCalibration;
  /** Where `goldmaps calibrate <game> --from-plays` writes that calibration: a file in the game's data/. */
  calibrationFile: URL;
}

/** A per-seat result averaged over the table, when every seat gave it (else undefined). */
export function tableMean(report: PlayReport, result: (seat: PlaySeat) => number | undefined): number | undefined {
  const values = report.seats.map(result).filter((v): v is number => v !== undefined);
  return values.length === report.players ? mean(values) : undefined;
}

/** One table size's fitted mapping, as the as-played fit (plays/as-played.ts) found it: the CLI writes those fields. */
export interface PlaysTable {
  /** The fitted mapping: tables' mean ≈ a + b · bots' prediction. */
  a: number;
  b: number;
  /** Spread of the per-map effect (τ) and of a report about its map's mean (σ), in the measure. */
  tau: number;
  sigma: number;
  maps: number;
  reports: number;
  /** Whether τ and σ came from the reports (enough of them) or from the defaults. */
  fitted?: { tau: boolean; sigma: boolean };
}

/**
 * What `goldmaps calibrate <game> --from-plays` writes to src/games/<game>/data/plays.json:
 * the tables' measure ≈ a + b · the bots' prediction, per table size, under one version.
 */
export interface PlaysCalibration {
  version: string;
  game: string;
  measure: string;
  model?: string;
  tables: Record<string, PlaysTable>;
}

/**
 * A game's committed plays calibration, or undefined when none is committed. Only a committed
 * file moves scores, so a malformed one is a build error, not something to score around.
 */
export function loadPlaysCalibration(url: URL, game: string): PlaysCalibration | undefined {
  if (!existsSync(url)) return undefined;
  const cal = readJson<PlaysCalibration>(url);
  const where = url.pathname;
  if (typeof cal?.version !== 'string' || cal.game !== game || typeof cal.tables !== 'object' || cal.tables === null) {
    throw new Error(`${where}: needs a version, game "${game}" and tables`);
  }
  for (const [players, t] of Object.entries(cal.tables)) {
    for (const k of ['a', 'b'] as const) if (!Number.isFinite(t?.[k])) throw new Error(`${where}: tables.${players}.${k} must be a number`);
  }
  return cal;
}

/** Which plays calibration put the score where it is, and where the bots alone put it. */
export interface PlaysApplied {
  version: string;
  botDifficulty: number;
}

/**
 * The score as the committed plays calibration reads it: at a table size the fixture covers, the
 * difficulty is the tables' expected measure `a + b · predicted` on the game's scale, its band
 * follows, and `plays` records the version. Other table sizes, and games without a fixture, keep
 * the bot score untouched.
 */
export function applyPlaysCalibration<M, S extends { difficulty: number; band: Band; plays?: PlaysApplied }>(
  plays: GamePlays<M, S> | undefined,
  map: M,
  score: S,
): S {
  const cal = plays?.calibration;
  if (!plays || !cal) return score;
  const players = plays.players(map);
  const table = cal.tables[String(players)];
  if (!table) return score;
  const botDifficulty = score.difficulty;
  score.difficulty = plays.difficultyOf(table.a + table.b * plays.predicted(map, score), players, map);
  score.band = bandOf(score.difficulty);
  score.plays = { version: cal.version, botDifficulty };
  return score;
}
