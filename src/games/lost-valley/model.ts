import type { GeneratorInfo, ScoreBase } from '../../core/game-module.ts';

export const GAME_ID = 'lost-valley';
/** What a seed builds; bump with regenerated goldens whenever any seed's landscape changes. */
export const GENERATOR_VERSION = '3.0.0';

export interface LostValleyOptions {
  /** Virtual prospectors exploring (the players at the table). */
  players: 2 | 3 | 4;
  /** Where the gold-rich land tiles lie in the stack: explored first (near the post) or last. */
  gold: 'near' | 'scattered' | 'far';
  /** River tiles in the stack (3–12): a shorter river brings the ice sooner. */
  river: number;
  /** How fast the ice block melts downstream: it moves on a 6 ('slow'), 5–6 ('normal', the rules) or 4–6 ('fast'). */
  ice: 'slow' | 'normal' | 'fast';
}

/** The least die roll that moves the ice block, per `ice` option. */
export const ICE_ROLL: Readonly<Record<LostValleyOptions['ice'], number>> = Object.freeze({ slow: 6, normal: 5, fast: 4 });

export type TileKind = 'start' | 'river' | 'land' | 'triangle' | 'spring';
export type LvTerrain = 'tundra' | 'forest' | 'mountain' | 'lake' | 'riverside' | 'spring';
export type MarkerKind = 'rivergold' | 'mountaingold' | 'animal' | 'event';

export interface Symbols {
  rivergold?: number;
  mountaingold?: number;
  animal?: number;
  event?: number;
  fish?: number;
  bearCave?: number;
}

export interface PrintedTile {
  id: string;
  terrain: LvTerrain;
  shape?: 'straight' | 'wide' | 'sharp';
  symbols: Symbols;
}

export interface TileSet {
  start: PrintedTile;
  river: PrintedTile[];
  land: PrintedTile[];
  triangles: PrintedTile[];
  spring: PrintedTile;
  markers: {
    rivergold: Record<string, number>;
    mountaingold: Record<string, number>;
    animal: Record<string, number>;
    event: Record<string, number>;
  };
}

export type FaceTriple = [number, number, number];
export type VertexPair = [number, number];

export interface LvTile {
  id: string;
  kind: TileKind;
  terrain: LvTerrain;
  faces: FaceTriple[];
  order: number;
  /** The printed tile it is, from src/games/lost-valley/data/tiles.json. */
  printed: string;
  symbols?: Symbols;
}

export interface Marker {
  tile: string;
  kind: MarkerKind;
  value?: number;
  type?: string;
}

export interface LostValleyMap {
  game: typeof GAME_ID;
  generator?: GeneratorInfo;
  seed?: string;
  options?: LostValleyOptions;
  digest?: string;
  tradingPost: VertexPair;
  tiles: LvTile[];
  /** Tile ids from the waterfall (the trading post piece) up to the spring. */
  river: string[];
  /** Every edge the river flows across, from the waterfall upstream. */
  riverCrossings: Array<[VertexPair, VertexPair]>;
  fords: Array<[VertexPair, VertexPair]>;
  markers: Marker[];
  /** Where the ice block starts: the spring tile. */
  iceBlock?: string;
  score?: ScoreBase & Record<string, unknown>;
  [extra: string]: unknown;
}

export const LAND_TILES = 32;
