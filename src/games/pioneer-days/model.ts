import type { GeneratorInfo, ScoreBase } from '../../core/game-module.ts';

export const GAME_ID = 'pioneer-days';
/** What a seed builds; bump with regenerated goldens whenever any seed's trail changes. */
export const GENERATOR_VERSION = '2.0.0';

export const WEEKS = 4;
export const DAYS = 5;
export const TOWNSFOLK_PER_WEEK = 6;
export const SETS_USED = 2;
export const TOWN_CARDS_USED = 9;
/** Town cards face up each week: two, and the ninth joins them in the last week. */
export const TOWNS_PER_WEEK = [2, 2, 2, 3] as const;

export type Face = 'wild' | 'mine' | 'equip' | 'cattle' | 'wood' | 'medicine';
export type Colour = 'blue' | 'red' | 'yellow' | 'green' | 'black';
export type DisasterId = 'storm' | 'raid' | 'famine' | 'disease';

export interface PioneerDaysOptions {
  players: 1 | 2 | 3 | 4;
  /** The rulebook's first-game recommendation: townsfolk sets A and B instead of two drawn. */
  firstGame: boolean;
}

export interface Die {
  colour: Colour;
  face: Face;
}

export interface Week {
  towns: string[];
  townsfolk: string[];
  equipment: string[];
  days: Array<{ dice: Die[] }>;
}

export interface PioneerDaysMap {
  game: typeof GAME_ID;
  generator?: GeneratorInfo;
  seed?: string;
  options?: Partial<PioneerDaysOptions>;
  digest?: string;
  /** 1-based seat of the first start player. */
  startPlayer: number;
  townsfolkSets: string[];
  weeks: Week[];
  /** The gold bag in draw order: nuggets on each token. */
  gold: number[];
  score?: ScoreBase & Record<string, unknown>;
  [extra: string]: unknown;
}

/** What an item gain or a need may name. */
export type Item = 'silver' | 'cattle' | 'wood' | 'medicine' | 'gold' | 'favour' | 'equipment';
/** Every gain is a count (src/games/pioneer-days/schemas/catalogue.json says what each one counts). */
export type Gain = Partial<Record<Item | 'smallWagon', number>>;

export type Ongoing =
  | { protect: DisasterId }
  | { spaces: number }
  | { income: Face; plus: number }
  | { changeDiscount: number }
  | { townCattle: number };
export type Effect = { kind: 'immediate'; gain: Gain } | { kind: 'triggered'; on: Face; gain: Gain } | ({ kind: 'ongoing' } & Ongoing);

export type Scoring =
  | { flat: number }
  | { per: 'cattle' | 'wood' | 'medicine' | 'gold' | 'equipment' | 'favour' | 'wagon' | 'townsfolk' | 'silver'; every: number; vp: number };

export interface Town {
  id: string;
  name: string;
  needs: Partial<Record<'cattle' | 'wood' | 'medicine' | 'gold' | 'equipment', number>>;
  favours: number;
}
export interface Townsfolk {
  id: string;
  set: string;
  name: string;
  effect: Effect;
  scoring: Scoring;
}
export interface Equipment {
  id: string;
  name: string;
  effect: Effect;
}
export interface Wagon {
  id: string;
  size: 'small' | 'large';
  spaces: number;
  cost: number;
}

export interface Catalogue {
  note: string;
  faces: Face[];
  /** `track` counts spaces, the first included: a disaster strikes after track − 1 advances. */
  disasters: Array<{ id: DisasterId; colour: Colour; track: number }>;
  wildColour: Colour;
  income: Record<Face, number>;
  changeCost: number;
  start: { silver: number; cattle: number; wood: number; medicine: number; wagon: number };
  goldSupply: Record<string, number>;
  sets: Record<string, string>;
  towns: Town[];
  townsfolk: Townsfolk[];
  equipment: Equipment[];
  wagons: Wagon[];
}
