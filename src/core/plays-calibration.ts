import type { AsPlayedFit } from './as-played.ts';
import { existsSync } from 'node:fs';
import { bandOf } from './difficulty.ts';
import type { ScoreBase } from './game-module.ts';
import { readJson } from './json-file.ts';
import type { GamePlays } from './plays.ts';

/** One table size's fitted mapping, as the as-played fit found it (the CLI writes those fields). */
export type PlaysTable = Pick<AsPlayedFit, 'a' | 'b' | 'tau' | 'sigma' | 'maps' | 'reports'> & Partial<Pick<AsPlayedFit, 'fitted'>>;

/**
 * What `goldmaps calibrate <game> --from-plays` writes to fixtures/calibration/<game>.plays.json:
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
export function applyPlaysCalibration<M, S extends ScoreBase>(plays: GamePlays<M, S> | undefined, map: M, score: S): S {
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
