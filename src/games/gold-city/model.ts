import type { GeneratorInfo, ScoreBase } from '../../core/game-module.ts';

export const GAME_ID = 'gold-city';

/**
 * What a seed builds. Bump it whenever any seed's map changes (algorithm or format) and
 * regenerate fixtures/golden; never for changes that leave every map as it was.
 */
export const GENERATOR_VERSION = '2.0.0';

export type Tier = 'easy' | 'normal' | 'hard' | 'expert';

export interface GoldCityOptions {
  players: 2 | 3 | 4;
  pieces: number;
  tier: Tier;
  caves: boolean;
  blockades: boolean;
  strips: boolean;
  /** The Golden Temples layer (combined game); absent from a map's options when off. */
  temples?: boolean;
  /**
   * Staggered start: spaces further in per seat, seat 1 first ("0012": seat 3 one space in,
   * seat 4 two); "none" (the default, absent from a map's options) begins every pawn on its space.
   */
  stagger?: string;
  /** "box": laid from the printed pieces of The Quest for El Dorado; "generated" (the default) is absent from a map's options. */
  tiles?: 'generated' | 'box';
  /** A rulebook course by name (implies tiles "box"); absent when not asked for. */
  course?: string;
}

export type PieceKind = 'start' | 'terrain' | 'strip' | 'finish';
/** Ground that a card symbol pays for (machete, paddle, coin). */
export type SymbolGround = 'jungle' | 'water' | 'village' | 'torch';
export type CostedTerrain = SymbolGround | 'rubble' | 'basecamp';
export type Terrain = CostedTerrain | 'mountain' | 'start' | 'finish';
export type BlockadeTerrain = 'jungle' | 'water' | 'village' | 'rubble';

/** Printed strength ranges per ground (inclusive). */
export const STRENGTH_RANGE: Readonly<Record<CostedTerrain, readonly [number, number]>> = {
  jungle: [1, 3],
  water: [1, 4],
  village: [1, 4],
  rubble: [1, 3],
  basecamp: [1, 3],
  // Golden Temples layer only: lit by torch cards (or a joker), designed on the jungle's range.
  torch: [1, 3],
};

export interface Piece {
  id: string;
  kind: PieceKind;
  /** A course from the box: the printed face this piece is, turned `turns` × 60° clockwise about its origin, then moved by (dq, dr). */
  tile?: string;
  turns?: number;
  dq?: number;
  dr?: number;
}

export interface Space {
  q: number;
  r: number;
  piece: string;
  terrain: Terrain;
  strength?: number;
  start?: number;
  cave?: true;
}

export interface Blockade {
  id: string;
  between: [string, string];
  terrain: BlockadeTerrain;
  strength: number;
  points: number;
  /** A course from the box: which of the six printed blockades (1–6) this is. */
  printedNumber?: number;
}

export type TokenKind =
  | 'machete'
  | 'paddle'
  | 'coin'
  | 'draw'
  | 'remove'
  | 'replace-hand'
  | 'keep-item'
  | 'pass-occupied'
  | 'ignore-requirement'
  | 'change-symbol';

export interface Token {
  kind: TokenKind;
  strength?: number;
}

export interface CavePile {
  q: number;
  r: number;
  tokens: Token[];
}

/** A Golden Temples temple: a gem to collect, standing on an enterable space. */
export interface Temple {
  id: number;
  q: number;
  r: number;
}

/** What a guardian does when a pawn stops beside it (only effects no other player must decide). */
export type GuardianEffect = 'halt' | 'short-hand' | 'lose-coin' | 'lose-token';

/** A face-down guardian on a mountain; `effect` is what its hidden face shows. */
export interface Guardian {
  q: number;
  r: number;
  effect: GuardianEffect;
}

/** The pawn of start space `start` begins at (q, r), a space of the start piece further in. */
export interface StaggeredStart {
  start: number;
  q: number;
  r: number;
}

export interface GoldCityMap {
  game: typeof GAME_ID;
  generator?: GeneratorInfo;
  seed?: string;
  options?: GoldCityOptions;
  digest?: string;
  orientation: 'pointy' | 'flat';
  pieces: Piece[];
  spaces: Space[];
  /** Where the gate stands: beyond the finishing spaces, not a space itself. */
  gate?: { q: number; r: number };
  blockades: Blockade[];
  caves?: CavePile[];
  /** Golden Temples layer: the two temples whose gems unseal the chamber. */
  temples?: Temple[];
  guardians?: Guardian[];
  /** Staggered start: pawns that begin elsewhere than on their numbered start space. */
  stagger?: StaggeredStart[];
  score?: ScoreBase & Record<string, unknown>;
  [extra: string]: unknown;
}

/** The 36 cave tokens of the box, by kind and strength. */
export const CAVE_TOKEN_SUPPLY: ReadonlyArray<{ token: Token; count: number }> = [
  { token: { kind: 'machete', strength: 1 }, count: 2 },
  { token: { kind: 'machete', strength: 2 }, count: 3 },
  { token: { kind: 'machete', strength: 3 }, count: 2 },
  { token: { kind: 'paddle', strength: 1 }, count: 2 },
  { token: { kind: 'paddle', strength: 2 }, count: 3 },
  { token: { kind: 'coin', strength: 1 }, count: 2 },
  { token: { kind: 'coin', strength: 2 }, count: 3 },
  { token: { kind: 'draw' }, count: 4 },
  { token: { kind: 'remove' }, count: 4 },
  { token: { kind: 'replace-hand' }, count: 3 },
  { token: { kind: 'keep-item' }, count: 2 },
  { token: { kind: 'pass-occupied' }, count: 2 },
  { token: { kind: 'ignore-requirement' }, count: 2 },
  { token: { kind: 'change-symbol' }, count: 2 },
];

export const TOKENS_PER_PILE = 4;
export const MAX_CAVE_PILES = 9;

/** The six blockades printed in the box. */
export const PRINTED_BLOCKADES: ReadonlyArray<{ terrain: BlockadeTerrain; strength: number }> = [
  { terrain: 'jungle', strength: 1 },
  { terrain: 'village', strength: 1 },
  { terrain: 'rubble', strength: 1 },
  { terrain: 'water', strength: 1 },
  { terrain: 'jungle', strength: 2 },
  { terrain: 'rubble', strength: 2 },
];
export const MAX_BLOCKADES = 6;

export function tokenLabel(t: Token): string {
  return t.strength === undefined ? t.kind : `${t.kind}-${t.strength}`;
}

export function isEnterable(terrain: Terrain): boolean {
  return terrain !== 'mountain';
}
