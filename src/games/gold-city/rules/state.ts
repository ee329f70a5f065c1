import { Rng, type RngState } from '../../../core/rng.ts';
import type { Token } from '../model.ts';
import { HAND_SIZE, INITIAL_OFFER, MARKET_TYPES, PILE_DEPTH, STARTER_DECK } from './cards.ts';
import type { Table } from './table.ts';
import { setUpTemples } from './temples.ts';

export interface Pawn {
  /** Space index; -1 once the pawn has passed through the gate. */
  at: number;
}

export interface PlayerState {
  deck: number[];
  hand: number[];
  discard: number[];
  /** Played this turn; discarded (or removed, for used items) when the turn ends. */
  inPlay: number[];
  removed: number[];
  pawns: Pawn[];
  blockades: number[];
  tokens: Token[];
  finished: boolean;
  /** Golden Temples: indices of the temples whose gem this player holds. */
  gems?: number[];
  /** Golden Temples: gold coins held (at most the cap). */
  coins?: number;
  /** A guardian's effect: draw one card fewer at the end of this turn. */
  shortHand?: boolean;
}

/** Effects that last until used within the current turn. */
export interface TurnEffects {
  passOccupied: boolean;
  /** The next card played for movement counts as a joker. */
  changeSymbol: boolean;
  /** The next single-use item whose function is used is kept instead of removed. */
  keepItem: boolean;
  /** A guardian has ended this turn's movement. */
  halted?: boolean;
}

/**
 * The whole game as plain data: everything, including the PRNG state, can be serialised and a
 * game replayed from it. Card instances are indices into `cards`, which holds their type.
 */
export interface GameState {
  seats: number;
  players: PlayerState[];
  cards: number[];
  /** Six market slots: the card type on offer, or -1 for an empty slot. */
  offer: number[];
  /** Copies left per card type. */
  supply: number[];
  /** Blockade index → seat that claimed it, -1 while intact. */
  claimed: number[];
  /** Tokens left per cave pile (the last token is the top of the pile). */
  caves: Token[][];
  rngKey: string;
  rng: RngState;
  round: number;
  seat: number;
  finalRound: boolean;
  over: boolean;
  bought: boolean;
  effects: TurnEffects;
  /** Golden Temples: gold coins left in the bank. */
  bank?: number;
}

export function startSpacesFor(seats: number, seat: number, starts: readonly number[]): number[] {
  // Two players run two pawns each, on alternate start spaces so neither owns both front slots.
  if (seats === 2) return [starts[seat] as number, starts[seat + 2] as number];
  return [starts[seat] as number];
}

/** Draws up to `count` cards, shuffling the discard pile into the deck when it runs out. */
export function drawCards(state: GameState, player: PlayerState, count: number): void {
  for (let k = 0; k < count; k++) {
    if (player.deck.length === 0) {
      if (player.discard.length === 0) return;
      const rng = Rng.fromState(state.rngKey, state.rng);
      player.deck = rng.shuffle(player.discard);
      player.discard = [];
      state.rng = rng.state();
    }
    player.hand.push(player.deck.pop() as number);
  }
}

/**
 * The cards `drawCards` would bring into hand, in draw order, changing nothing: the reshuffle
 * runs on a copy of the generator state, so a rule can check what a draw makes possible first.
 */
export function previewDraw(state: GameState, player: PlayerState, count: number): number[] {
  const drawn: number[] = [];
  let deck: readonly number[] = player.deck;
  let top = deck.length;
  let discard: readonly number[] = player.discard;
  for (let k = 0; k < count; k++) {
    if (top === 0) {
      if (discard.length === 0) break;
      deck = Rng.fromState(state.rngKey, state.rng).shuffle(discard);
      top = deck.length;
      discard = [];
    }
    drawn.push(deck[--top] as number);
  }
  return drawn;
}

export function newGame(table: Table, seats: number, seed: string): GameState {
  if (seats < 2 || seats > 4) throw new RangeError('2 to 4 players');
  const rng = Rng.fromSeed(`gold-city-game\u001f${seed}`);
  const cards: number[] = [];
  const players: PlayerState[] = [];
  for (let s = 0; s < seats; s++) {
    const ids = STARTER_DECK.map((type) => cards.push(type) - 1);
    players.push({
      deck: rng.shuffle(ids),
      hand: [],
      discard: [],
      inPlay: [],
      removed: [],
      pawns: startSpacesFor(seats, s, table.starts).map((at) => ({ at })),
      blockades: [],
      tokens: [],
      finished: false,
    });
  }
  const supply = new Array<number>(21).fill(0);
  for (const type of MARKET_TYPES) supply[type] = PILE_DEPTH;
  const state: GameState = {
    seats,
    players,
    cards,
    offer: INITIAL_OFFER.slice(),
    supply,
    claimed: table.blockades.map(() => -1),
    caves: (table.map.caves ?? []).map((c) => c.tokens.map((t) => ({ ...t }))),
    rngKey: rng.key,
    rng: rng.state(),
    round: 1,
    seat: 0,
    finalRound: false,
    over: false,
    bought: false,
    effects: { passOccupied: false, changeSymbol: false, keepItem: false },
  };
  for (const p of players) drawCards(state, p, HAND_SIZE);
  if (table.temples.length > 0) setUpTemples(state);
  return state;
}
