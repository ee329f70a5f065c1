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
  /** What a report on this map must stay within, each bound with its reason (checked, and shown before sending). */
  bounds(map: M, score: S): PlayBounds;
  /**
   * Why this report cannot be true of this map beyond its bounds: seats' results that contradict
   * each other or the winners (fields named as in the report); [] if it can.
   */
  check(map: M, score: S, report: PlayReport): FieldError[];
  /** Generator version → the first day it built maps: no report of its maps can be older. */
  generatorDates: Readonly<Record<string, string>>;
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

/** A range a report's field must lie in, with why in words for the people sending it. */
export interface Bound {
  minimum?: number;
  maximum?: number;
  why: string;
}

/**
 * What a report on one map must stay within: `checkReport` refuses what lies outside (422 naming
 * the field and the bound), and `GET …/plays/bounds` shows it before a report is sent.
 */
export interface PlayBounds {
  rounds: Bound;
  /** Each seat's own results, by the seat field's name. */
  seat: Record<string, Bound>;
  /** The table's measure (a mean over the seats), when the game bounds it apart from each seat. */
  measure?: Bound;
  /** What ties the seats together (who may be a winner, ties), in words. */
  rules: string[];
  /**
   * The table's measure at the edge of bot play (`from`: the most extreme any bot game reached,
   * scaled to this map) and at the bound (`to`): between them a report weighs less and less in
   * the as-played estimate, nothing at `to` (plays/as-played.ts).
   */
  edge: { from: number; to: number };
}

/** A report's weight for how far past the edge of bot play its measure lies: 1 before `from`, 0 at `to`. */
export function edgeWeight(value: number, edge: { from: number; to: number }): number {
  if (edge.from === edge.to) return 1;
  const t = (value - edge.from) / (edge.to - edge.from);
  return t <= 0 ? 1 : t >= 1 ? 0 : 1 - t;
}

/** A value against its bound: the message of a FieldError, or undefined when it lies within. */
export function outside(value: number, bound: Bound): string | undefined {
  if (bound.minimum !== undefined && value < bound.minimum) return `must be at least ${bound.minimum}: ${bound.why}`;
  if (bound.maximum !== undefined && value > bound.maximum) return `must be at most ${bound.maximum}: ${bound.why}`;
  return undefined;
}

/** A report against a map's bounds, every field that lies outside named. */
export function checkBounds(bounds: PlayBounds, report: PlayReport, measure: number | undefined, measureLabel: string): FieldError[] {
  const errors: FieldError[] = [];
  const rounds = outside(report.rounds, bounds.rounds);
  if (rounds) errors.push({ field: 'rounds', message: rounds });
  report.seats.forEach((s, i) => {
    for (const [field, bound] of Object.entries(bounds.seat)) {
      const value = s[field];
      const why = typeof value === 'number' ? outside(value, bound) : undefined;
      if (why) errors.push({ field: `seats[${i}].${field}`, message: why });
    }
  });
  if (bounds.measure && measure !== undefined) {
    const why = outside(Math.round(measure * 100) / 100, bounds.measure);
    if (why) errors.push({ field: 'seats', message: `${measureLabel} ${Math.round(measure * 100) / 100} ${why}` });
  }
  return errors;
}

/**
 * One quantity's bound as a ratio to the bots' prediction on the map: the most extreme ratio any
 * bot game of any kind reached over a corpus of maps, stretched by a stated margin (a floor
 * `seen · (1 − margin)`, a ceiling `seen · (1 + margin)`), since people may play better than bots.
 */
export interface RatioBound {
  side: 'floor' | 'ceiling';
  seen: number;
  bound: number;
}

/**
 * What a game's calibrate/plays-bounds.ts measured with its bots and wrote to
 * data/plays-bounds.json: the ratios its `plays.bounds` reads, analytic at request time.
 */
export interface BoundsStudy {
  version: string;
  game: string;
  about: string;
  margin: number;
  kinds: string[];
  ratios: Record<string, RatioBound>;
  /** Where the ratios were measured. */
  fitted: { maps: number; games: number; byKind: Record<string, Record<string, number>> };
  /** Bot games on other maps the bounds would have refused (the aim: none), and the bounds beside the old floors there. */
  heldOut: { maps: number; games: number; refused: number; [figure: string]: number };
}

/** Per bot game: its kind and its measured ratios to the map's prediction, by quantity. */
export interface BoundsSample {
  kind: string;
  ratios: Record<string, number>;
}

const round4 = (x: number) => Math.round(x * 10000) / 10000;

/** The most extreme ratio of each quantity over `samples`, and by kind (for the note). */
export function extremeRatios(samples: readonly BoundsSample[], sides: Readonly<Record<string, RatioBound['side']>>, margin: number) {
  const ratios: Record<string, RatioBound> = {};
  const byKind: Record<string, Record<string, number>> = {};
  for (const [q, side] of Object.entries(sides)) {
    const pick = side === 'floor' ? Math.min : Math.max;
    const values = samples.map((s) => s.ratios[q]).filter((v): v is number => v !== undefined && Number.isFinite(v));
    const seen = pick(...values);
    ratios[q] = { side, seen: round4(seen), bound: round4(side === 'floor' ? seen * (1 - margin) : seen * (1 + margin)) };
    for (const s of samples) {
      const v = s.ratios[q];
      if (v === undefined || !Number.isFinite(v)) continue;
      const kind = (byKind[s.kind] ??= {});
      kind[q] = round4(kind[q] === undefined ? v : pick(kind[q], v));
    }
  }
  return { ratios, byKind };
}

/** Whether a sample lies beyond any of the bounds (a bot game the bounds would refuse). */
export const beyond = (sample: BoundsSample, ratios: Readonly<Record<string, RatioBound>>) =>
  Object.entries(ratios).some(([q, r]) => {
    const v = sample.ratios[q];
    return v !== undefined && (r.side === 'floor' ? v < r.bound : v > r.bound);
  });

/**
 * A game's committed bounds study, read on first use (its producer builds maps, and so imports
 * the game, before the file exists); its absence then is an error, since every report is checked
 * against it.
 */
export function boundsStudyOf(url: URL, game: string): () => BoundsStudy {
  let study: BoundsStudy | undefined;
  return () => (study ??= loadBoundsStudy(url, game));
}

function loadBoundsStudy(url: URL, game: string): BoundsStudy {
  const study = readJson<BoundsStudy>(url);
  if (study?.game !== game || typeof study.ratios !== 'object') throw new Error(`${url.pathname}: needs game "${game}" and ratios`);
  return study;
}

/**
 * The most a study's quantity may reach on a map whose score predicts `predicted`: the ratio's
 * bound times it, what the bots were seen to reach, and why in words (`what`: a seat or the
 * table; `unit`: gold, VP; `maps`: landscapes, trails).
 */
export function ceilingOf(
  study: BoundsStudy,
  quantity: string,
  predicted: number,
  words: { what: string; unit: string; maps: string },
): { value: number; seen: number; why: string } {
  const r = study.ratios[quantity]!;
  return {
    value: Math.round(r.bound * predicted * 100) / 100,
    seen: Math.round(r.seen * predicted * 100) / 100,
    why: `no ${words.what} in the bots' games (${study.fitted.games} games on ${study.fitted.maps} ${words.maps}, every kind of player) reached more than ${r.seen} times the ${words.unit} the score predicts (${predicted} here); with ${study.margin * 100}% to spare for better tables`,
  };
}

/**
 * The first day a generator version existed, from the game's table (version → date of the commit
 * that bumped it): no map it builds can have been played before. Undefined for a version the
 * table lacks (a test keeps every game's current version in it).
 */
export const generatorSince = (dates: Readonly<Record<string, string>>, version: string | undefined): string | undefined =>
  version === undefined ? undefined : dates[version];

/**
 * A bounds study from bot games on two corpora of maps: the extreme ratios over the first set
 * the bounds, and the second says how many of its games those bounds would refuse.
 */
export function studyBounds(o: {
  game: string;
  version: string;
  about: string;
  margin: number;
  kinds: string[];
  sides: Readonly<Record<string, RatioBound['side']>>;
  fitted: ReadonlyArray<readonly BoundsSample[]>;
  held: ReadonlyArray<readonly BoundsSample[]>;
  /** More held-out figures, once the ratios are known (the new bounds beside the old, say). */
  figures?: (ratios: Readonly<Record<string, RatioBound>>) => Record<string, number>;
}): BoundsStudy {
  const { ratios, byKind } = extremeRatios(o.fitted.flat(), o.sides, o.margin);
  const held = o.held.flat();
  return {
    version: o.version,
    game: o.game,
    about: o.about,
    margin: o.margin,
    kinds: o.kinds,
    ratios,
    fitted: { maps: o.fitted.length, games: o.fitted.flat().length, byKind },
    heldOut: {
      maps: o.held.length,
      games: held.length,
      refused: held.filter((s) => beyond(s, ratios)).length,
      ...o.figures?.(ratios),
    },
  };
}

/**
 * Winners against the seats' own results in a game the most of `result` wins: no winner may
 * have less than another seat, and where `tiesShared`, a seat level with the winners is one. A
 * seat that gives no result is not judged (its result is unknown).
 */
export function mostWins(
  report: PlayReport,
  result: (seat: PlaySeat) => number | undefined,
  unit: string,
  { tiesShared }: { tiesShared: boolean },
): FieldError[] {
  const given = report.seats.filter((s) => result(s) !== undefined);
  if (given.length === 0) return [];
  const top = Math.max(...given.map((s) => result(s)!));
  const leader = given.find((s) => result(s) === top)!;
  const seatOf = new Map(report.seats.map((s) => [s.seat, s]));
  const errors: FieldError[] = [];
  report.winners.forEach((w, i) => {
    const mine = seatOf.get(w) && result(seatOf.get(w)!);
    if (mine !== undefined && mine < top)
      errors.push({
        field: `winners[${i}]`,
        message: `seat ${w} has ${mine} ${unit} and seat ${leader.seat} ${top}: the most ${unit} win`,
      });
  });
  const judged = report.winners.every((w) => seatOf.has(w) && result(seatOf.get(w)!) !== undefined);
  if (tiesShared && judged && errors.length === 0) {
    const left = given.find((s) => result(s) === top && !report.winners.includes(s.seat));
    if (left)
      errors.push({
        field: 'winners',
        message: `must include seat ${left.seat}: it has as many ${unit} (${top}) as the winners, so it shares the win`,
      });
  }
  return errors;
}
