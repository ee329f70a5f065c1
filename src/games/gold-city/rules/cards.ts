import { TEMPLE_SUPPLY } from '../temples.ts';

/** The card catalogue of Gold City: the starter deck and the market, as the design lists them. */
export type CardSymbol = 'machete' | 'paddle' | 'coin' | 'torch' | 'joker' | 'action';
export type ActionEffect = 'transmitter' | 'draw' | 'native';

export interface CardType {
  id: number;
  name: string;
  symbol: CardSymbol;
  strength: number;
  cost: number;
  /** Removed from the game once its function is used (not when it only pays or is discarded). */
  singleUse: boolean;
  draw?: number;
  trash?: number;
  effect?: ActionEffect;
}

const t = (
  id: number,
  name: string,
  symbol: CardSymbol,
  strength: number,
  cost: number,
  singleUse = false,
  extra: Partial<CardType> = {},
): CardType => ({
  id,
  name,
  symbol,
  strength,
  cost,
  singleUse,
  ...extra,
});

export const CARD_TYPES: readonly CardType[] = [
  t(0, 'Explorer', 'machete', 1, 0),
  t(1, 'Traveller', 'coin', 1, 0),
  t(2, 'Sailor', 'paddle', 1, 0),
  t(3, 'Scout', 'machete', 2, 1),
  t(4, 'Trailblazer', 'machete', 3, 3),
  t(5, 'Pioneer', 'machete', 5, 5),
  t(6, 'Giant Machete', 'machete', 6, 3, true),
  t(7, 'Captain', 'paddle', 3, 2),
  t(8, 'Photographer', 'coin', 2, 2),
  t(9, 'Journalist', 'coin', 3, 3),
  t(10, 'Treasure Chest', 'coin', 4, 3, true),
  t(11, 'Millionaire', 'coin', 4, 5),
  t(12, 'Jack-of-all-Trades', 'joker', 1, 2),
  t(13, 'Adventurer', 'joker', 2, 4),
  t(14, 'Prop Plane', 'joker', 4, 4, true),
  t(15, 'Transmitter', 'action', 0, 4, true, { effect: 'transmitter' }),
  t(16, 'Cartographer', 'action', 0, 4, false, { effect: 'draw', draw: 2 }),
  t(17, 'Compass', 'action', 0, 2, true, { effect: 'draw', draw: 3 }),
  t(18, 'Scientist', 'action', 0, 4, false, { effect: 'draw', draw: 1, trash: 1 }),
  t(19, 'Travel Log', 'action', 0, 3, true, { effect: 'draw', draw: 2, trash: 2 }),
  t(20, 'Native', 'action', 0, 5, false, { effect: 'native' }),
  // Golden Temples layer only: the torch cards of the project data, after every base card.
  ...TEMPLE_SUPPLY.torchCards.map((c, k) => t(21 + k, c.name, 'torch', c.strength, c.cost)),
];

export const STARTER_DECK: readonly number[] = [0, 0, 0, 1, 1, 1, 1, 2];
export const HAND_SIZE = 4;
export const PILE_DEPTH = 4;
/** On offer at the start, in slot order; every other market type waits off to the side. */
export const INITIAL_OFFER: readonly number[] = [3, 4, 12, 8, 10, 15];
export const MARKET_TYPES: readonly number[] = CARD_TYPES.filter((c) => c.cost > 0 && c.symbol !== 'torch').map((c) => c.id);
/** The torch cards, in the market only on a temple course. */
export const TORCH_TYPES: readonly number[] = CARD_TYPES.filter((c) => c.symbol === 'torch').map((c) => c.id);

export function cardType(id: number): CardType {
  return CARD_TYPES[id] as CardType;
}

/** What a card is worth towards a purchase: coins at face value, every other card half a coin. */
export function coinValue(type: CardType): number {
  return type.symbol === 'coin' ? type.strength : type.symbol === 'joker' ? Math.max(type.strength, 0.5) : 0.5;
}
