import type { GuardianEffect } from '../model.ts';
import { TEMPLE_SUPPLY } from '../temples.ts';
import { CARD_TYPES, PILE_DEPTH, TORCH_TYPES } from './cards.ts';
import type { GameState, PlayerState } from './state.ts';
import type { Table } from './table.ts';

/** The Golden Temples rules that sit beside the base engine: gems, coins, guardians, the market. */
export const COIN_CAP = TEMPLE_SUPPLY.coins.cap;
export const COINS_PER_GEM = TEMPLE_SUPPLY.coins.perGem;
const TRANSMITTER = 15;
const LANTERN = CARD_TYPES.find((c) => c.name === TEMPLE_SUPPLY.torchInOffer)!.id;

/**
 * A temple game starts with empty gem and coin holdings, the bank full, torch piles in the
 * market, and the cheapest torch card on offer in the Transmitter's slot (the Transmitter waits
 * at the side): without a torch card on offer, torch ground would be a wall until a slot empties.
 */
export function setUpTemples(state: GameState): void {
  for (const p of state.players) {
    p.gems = [];
    p.coins = 0;
  }
  state.bank = TEMPLE_SUPPLY.coins.bank;
  while (state.supply.length < CARD_TYPES.length) state.supply.push(0);
  for (const type of TORCH_TYPES) state.supply[type] = PILE_DEPTH;
  const slot = state.offer.indexOf(TRANSMITTER);
  if (slot >= 0) state.offer[slot] = LANTERN;
}

/** Whether the chamber is open to this player: a gem from every temple (plus any about to be taken). */
export function unsealed(table: Table, player: PlayerState, taking: readonly number[] = []): boolean {
  return table.temples.every((_, k) => (player.gems ?? []).includes(k) || taking.includes(k));
}

/** The temples a walk over `path` enters whose gem the player does not hold yet. */
export function gemsOnPath(table: Table, player: PlayerState, path: readonly number[]): number[] {
  const out: number[] = [];
  for (const space of path) {
    const k = table.templeAt[space] as number;
    if (k >= 0 && !(player.gems ?? []).includes(k) && !out.includes(k)) out.push(k);
  }
  return out;
}

/** Gold coins from the bank, never above the cap; what the bank or the cap cannot give is lost. */
export function gainCoins(state: GameState, player: PlayerState, count: number): void {
  const n = Math.max(0, Math.min(count, COIN_CAP - (player.coins ?? 0), state.bank ?? 0));
  player.coins = (player.coins ?? 0) + n;
  state.bank = (state.bank ?? 0) - n;
}

/** Takes the gems (and their coins). */
export function takeGems(state: GameState, player: PlayerState, gems: readonly number[]): void {
  for (const k of gems) {
    (player.gems ??= []).push(k);
    gainCoins(state, player, COINS_PER_GEM);
  }
}

/** Every guardian beside the space where a pawn stopped goes off, face up or not. */
export function guardiansGoOff(state: GameState, table: Table, player: PlayerState, space: number): void {
  for (const g of table.guardiansBeside[space] ?? []) resolve(state, player, table.guardians[g]!.effect);
}

function resolve(state: GameState, player: PlayerState, effect: GuardianEffect): void {
  switch (effect) {
    case 'halt':
      state.effects.halted = true;
      break;
    case 'short-hand':
      player.shortHand = true;
      break;
    case 'lose-coin':
      if ((player.coins ?? 0) > 0) {
        player.coins = (player.coins ?? 0) - 1;
        state.bank = (state.bank ?? 0) + 1;
      }
      break;
    case 'lose-token':
      player.tokens.pop();
      break;
  }
}
