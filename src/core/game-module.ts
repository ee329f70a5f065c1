import type { Scene, Style } from './scene.ts';

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
  scene?(map: M, style: Style): Scene;
  /** Seeded bot games on the map: the ground truth the score is calibrated against. */
  playtest?(map: M, games: number): Record<string, unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any, any>;
