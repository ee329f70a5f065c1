/**
 * The price and cost lists. The rules name the wares but print no prices, so these are
 * goldmaps' own (docs/lost-valley.md, "Prices and events"): a ware costs gold nuggets, and an `x` part may be
 * paid with one nugget, one raw material or one ware. No change is given.
 */
export type Raw = 'food' | 'tool' | 'timber';
export type Ware = 'cart' | 'horse' | 'boat' | 'rifle' | 'axe' | 'rod' | 'sieve' | 'crate';
export type Special = 'whiskey' | 'driedFish' | 'dynamite';

export interface Price {
  nuggets: number;
  /** Parts payable by a nugget, a raw material or a ware. */
  x: number;
}

const freeze = <T>(o: T): Readonly<T> => Object.freeze(o);

export const WARES: Readonly<Record<Ware, { price: Price; gear: number; stock: number }>> = freeze({
  cart: { price: { nuggets: 3, x: 0 }, gear: 2, stock: 2 },
  horse: { price: { nuggets: 4, x: 1 }, gear: 2, stock: 2 },
  boat: { price: { nuggets: 3, x: 1 }, gear: 2, stock: 2 },
  rifle: { price: { nuggets: 3, x: 0 }, gear: 1, stock: 2 },
  axe: { price: { nuggets: 2, x: 0 }, gear: 1, stock: 2 },
  rod: { price: { nuggets: 2, x: 0 }, gear: 1, stock: 2 },
  sieve: { price: { nuggets: 4, x: 0 }, gear: 1, stock: 2 },
  crate: { price: { nuggets: 5, x: 1 }, gear: 2, stock: 1 },
});

/** Raw materials and whiskey at the trading post: always in stock. */
export const GOODS: Readonly<Record<Raw | 'whiskey', Price>> = freeze({
  food: { nuggets: 1, x: 0 },
  tool: { nuggets: 1, x: 0 },
  timber: { nuggets: 2, x: 0 },
  whiskey: { nuggets: 2, x: 0 },
});

/** Backpack spaces a raw material takes. */
export const RAW_SPACE: Readonly<Record<Raw, number>> = freeze({ food: 1, tool: 1, timber: 2 });
export const BACKPACK = 6;
export const CART_SPACE = 4;
export const GEAR = 6;

/** Works and their costs. */
export const WORKS = freeze({
  trap: { tool: 1, food: 0, timber: 0 },
  sawmill: { tool: 1, food: 0, timber: 0 },
  canal: { tool: 0, food: 0, timber: 1 },
  mine: { tool: 1, food: 1, timber: 1 },
});

/** Food a slain animal gives ("between 1 and 4"), and what a failed hunt costs the hunter. */
export const ANIMALS: Readonly<Record<string, { food: number; wound: Partial<Record<Raw, number>> }>> = freeze({
  rat: { food: 1, wound: {} },
  deer: { food: 3, wound: {} },
  wolf: { food: 2, wound: { food: 1 } },
  bear: { food: 4, wound: { food: 1, tool: 1 } },
});
/** The rifle's bonus to the hunter's die. */
export const RIFLE_BONUS = 3;
/** Food for a dried fish. */
export const DRIED_FISH_FOOD = 4;
/** Gold markers a prospector needs at the trading post to announce the end. */
export const ANNOUNCE_MARKERS = 10;
/** What each event marker gives: a ware, or a special ware used once. */
export const EVENTS: Readonly<Record<string, { ware?: Ware; special?: Special }>> = freeze({
  axe: { ware: 'axe' },
  'fishing rod': { ware: 'rod' },
  rifle: { ware: 'rifle' },
  dynamite: { special: 'dynamite' },
  'dried fish': { special: 'driedFish' },
  whiskey: { special: 'whiskey' },
});
