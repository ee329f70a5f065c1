import type { Scene, Style } from './scene.ts';
import type { GamePlays } from './plays.ts';

/** One broken invariant: `rule` is stable for machines, `at` points at the offending part. */
export interface Problem {
  rule: string;
  message: string;
  at?: string;
}

export type Band = 'easy' | 'medium' | 'hard' | 'expert';

export interface ScoreBase {
  difficulty: number;
  band: Band;
  /** The score in words and figures, for people: what a page shows, written by the game. */
  summary?: ScoreSummary;
}

/** What a front end shows of a score without knowing the game. */
export interface ScoreSummary {
  /** One or two sentences: what the difficulty means on this map. */
  headline: string;
  /** The figures the score came from, labelled for people. */
  facts: Array<{ label: string; value: number | string }>;
  /** A bar chart of the figure that varies across the map (start spaces, gold sites, …). */
  chart?: { title: string; bars: Array<{ label: string; value: number; text: string }> };
}

export interface GeneratorInfo {
  name: 'goldmaps';
  version: string;
}

export interface MapDocumentBase {
  game: string;
  generator?: GeneratorInfo;
  seed?: string;
  options?: object;
  digest?: string;
}

/**
 * Everything the API, CLI, reroll, renderers and batch tools need from a game. They are
 * written once against this face; a game is only ever reached through the registry.
 */
export interface GameModule<O = Record<string, unknown>, M extends MapDocumentBase = MapDocumentBase, S extends ScoreBase = ScoreBase> {
  id: string;
  title: string;
  generatorVersion: string;
  optionsSchema: Record<string, unknown>;
  mapSchema: Record<string, unknown>;
  generate(seed: string, options: O): M;
  validate(map: M): Problem[];
  score?(map: M): S;
  /** The score in words for people (given with score). */
  summarise?(map: M, score: S): ScoreSummary;
  scene?(map: M, style: Style): Scene;
  /**
   * Print-and-play sheets (a kit: assembly sheet, pieces or tiles to cut, tokens, setup): each
   * scene prints at true size on a page of its own and fits within `area` (millimetres, portrait;
   * a sheet wider than tall may use the area turned to landscape).
   */
  sheets?(map: M, style: Style, area: { width: number; height: number }): Scene[];
  /**
   * Settings of the options a caller left open that make maps in a difficulty range, best first
   * (a reroll tries them in turn). `options` holds what is pinned, the rest at defaults; `pinned`
   * names the ones the caller gave, whose values the settings must be judged with.
   */
  steer?(target: { min: number; max: number }, options: O, pinned: readonly string[]): Array<Partial<O>>;
  /** Seeded bot games on the map: the ground truth the score is calibrated against. */
  playtest?(map: M, games: number): Record<string, unknown>;
  /**
   * Options that even out the seats on this map, found by seeded bot games (`games` under each
   * setting tried, so it is slow), with what those games measured.
   */
  balance?(map: M, games: number): { options: Partial<O>; report: Record<string, unknown> };
  /** Play reports of people's games on its maps (src/games/<id>/plays.ts). */
  plays?: GamePlays<M, S>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any, any>;
