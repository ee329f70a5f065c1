import type { Band, Confidence } from './difficulty.ts';
import type { Point, Scene, Style } from './scene.ts';
import type { GamePlays, PlaysApplied } from './plays.ts';

/** One broken invariant: `rule` is stable for machines, `at` points at the offending part. */
export interface Problem {
  rule: string;
  message: string;
  at?: string;
}

export type { Band } from './difficulty.ts';

export interface ScoreBase {
  difficulty: number;
  band: Band;
  /**
   * Where the kinds of player the score is calibrated on read this map, lowest to highest: a
   * map they disagree about has a wide interval instead of a false precision.
   */
  interval?: [number, number];
  /** How far those kinds agree: within 10 points high, within 20 medium, further low. */
  confidence?: Confidence;
  /**
   * Present when a committed plays calibration moved the difficulty: its version and the
   * difficulty the bots alone gave (docs/plays.md).
   */
  plays?: PlaysApplied;
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
  chart?: {
    title: string;
    bars: Array<{ label: string; value: number; text: string }>;
    /** What a full bar stands for (100 for a share in percent); absent, the largest bar. */
    max?: number;
  };
}

/**
 * One physical piece as it lies on the table at the start, for virtual tabletops: a board piece
 * or tile, a blockade, a token. Its picture is a scene of its own at true size, upright; `at` and
 * `rotation` put it where the board shows it.
 */
export interface TablePiece {
  /** Unique among the map's pieces; letters, digits and dashes (it is a URL query value). */
  id: string;
  kind: 'tile' | 'blockade' | 'token';
  /** What a player calls it ("piece B", "cave token C2"). */
  name: string;
  description: string;
  /** Its face, drawn alone at true size; a transparent background leaves only the piece. */
  front: Scene;
  /** Its reverse, when printed; absent, the front serves both sides. */
  back?: Scene;
  /** Where the centre of its picture lies, in the board's millimetres (only relative positions matter). */
  at: Point;
  /** Degrees clockwise the picture is turned from upright as it lies. */
  rotation: number;
  /** Laid face down (a cave token, a marker): its back up. */
  faceDown?: boolean;
  /**
   * A tile players turn up or carry in play (one waiting face down in its place, one laid beside
   * the board): left free where the board's other tiles are fixed.
   */
  loose?: boolean;
  /** The outline a virtual tabletop cuts it to: a rectangle unless it is one hex or a disc. */
  shape?: 'box' | 'hex' | 'circle';
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
 * written once against this face; a game is only ever reached through the registry. What every
 * game supplies is required; steer, sheets, playtest and balance are what only some games have,
 * and a front end asked for one a game lacks says so. `P` and `B` are the game's own playtest
 * and balance reports.
 */
export interface GameModule<
  O = Record<string, unknown>,
  M extends MapDocumentBase = MapDocumentBase,
  S extends ScoreBase = ScoreBase,
  P extends object = object,
  B extends object = object,
> {
  id: string;
  title: string;
  generatorVersion: string;
  optionsSchema: Record<string, unknown>;
  mapSchema: Record<string, unknown>;
  generate(seed: string, options: O): M;
  validate(map: M): Problem[];
  score(map: M): S;
  /** The score in words for people. */
  summarise(map: M, score: S): ScoreSummary;
  scene(map: M, style: Style): Scene;
  /** The map's title as its scene shows it (`scene(map).title`), without drawing the scene: a kit's PDF names itself by it. */
  mapTitle(map: M): string;
  /**
   * Print-and-play sheets (a kit: assembly sheet, pieces or tiles to cut, tokens, setup): each
   * scene prints at true size on a page of its own and fits within `area` (millimetres, portrait;
   * a sheet wider than tall may use the area turned to landscape).
   */
  sheets?(map: M, style: Style, area: { width: number; height: number }): Scene[];
  /**
   * Sheets that set up the printed game's own components to play this map (which board, side and
   * turn goes where; which cards to deal), printed as a kit's sheets are. A map the box cannot
   * make has none (an empty list), and `layout=setup` is then refused with the reason in `why`.
   */
  setup?(map: M, style: Style, area: { width: number; height: number }): { sheets: Scene[]; why?: string };
  /**
   * Why this map has no setup sheet, read off the map without drawing one (a download list asks
   * for every map it shows); absent, every map of the game has one.
   */
  setupMissing?(map: M): string | undefined;
  /**
   * Every piece, tile, blockade and token of the map as it lies at the start, each with its own
   * picture (for a virtual tabletop's saved objects and the PNG of one piece). Absent, the board
   * is one tile.
   */
  tablePieces?(map: M, style: Style): TablePiece[];
  /**
   * Settings of the options a caller left open that make maps in a difficulty range, best first
   * (a reroll tries them in turn). `options` holds what is pinned, the rest at defaults; `pinned`
   * names the ones the caller gave, whose values the settings must be judged with.
   */
  steer?(target: { min: number; max: number }, options: O, pinned: readonly string[]): Array<Partial<O>>;
  /**
   * Why maps with these pinned options cannot reach a difficulty range, in words with the
   * measurement behind it, where the game has measured that they cannot (a reroll's miss says it).
   */
  outOfReach?(target: { min: number; max: number }, options: O, pinned: readonly string[]): string | undefined;
  /**
   * The ids of the download presets (src/formats/) that mean something for this game's maps, for
   * a game whose board is not what every preset assumes; absent, every preset its face can draw.
   */
  downloads?: readonly string[];
  /**
   * The kinds of player `playtest` can seat (one kind at every seat), the default first: the
   * kinds the difficulty is calibrated on, as `score.kinds` names them.
   */
  playerKinds?: ReadonlyArray<{ id: string; label: string }>;
  /** Seeded bot games on the map: the ground truth the score is calibrated against. */
  playtest?(map: M, run: { games: number; kind?: string }): P;
  /**
   * A playtest in words for people, as `summarise` is for the score: what the games measured,
   * and a chart of each seat's share of the wins beside what the score predicts, if it does.
   */
  summarisePlaytest?(map: M, score: S, report: P): ScoreSummary;
  /**
   * Options that even out the seats on this map, found by seeded bot games (`games` under each
   * setting tried, so it is slow), with what those games measured.
   */
  balance?(map: M, games: number): { options: Partial<O>; report: B };
  /** Play reports of people's games on its maps (src/games/<id>/plays.ts). */
  plays?: GamePlays<M, S>;
  /**
   * What `goldmaps calibrate <game>` runs, in this order: each producer plays seeded bot games
   * (or reads other data) and writes one file of the game's data/, the same bytes on every run.
   */
  calibration?: readonly Producer[];
}

/** One calibration step of a game: a script in its calibrate/ folder. */
export interface Producer {
  /** What `goldmaps calibrate <game> <name>` calls it. */
  name: string;
  /** The script (src/games/<id>/calibrate/<name>.ts), run in a process of its own. */
  script: URL;
  /** The file of the game's folder it writes. */
  writes: string;
  /** Settings the script reads from its environment for this step (a table size, a corpus size). */
  env?: Readonly<Record<string, string>>;
  /** What it measures and roughly how long it takes, in words. */
  about: string;
  /** Its games form a corpus (src/core/corpus.ts) that `calibrate … --shard K/N` splits between machines and `--merge` joins. */
  shards?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: a front end holds any game; what it reads is the face's base types
export type AnyGameModule = GameModule<any, any, any, any, any>;
