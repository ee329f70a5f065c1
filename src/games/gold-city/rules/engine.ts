import { refuse } from '../../../core/play/rule-error.ts';
import type { Token } from '../model.ts';
import { HAND_SIZE, cardType, coinValue, type CardSymbol, type CardType } from './cards.ts';
import { drawCards, previewDraw, type GameState, type PlayerState } from './state.ts';
import { G, blockadeBetween, type Table } from './table.ts';
import { SYMBOL_AT, blockadeSymbol, isSymbol3, type GroundSymbol, type Symbol3 } from '../symbols.ts';
import { gemsOnPath, guardiansGoOff, takeGems, unsealed } from './temples.ts';

/**
 * Where a movement card's strength comes from: a card in hand, a cave token, or (Golden Temples)
 * one gold coin, which pays a single step onto a space of strength 1 of any ground.
 */
export type Source = { card: number } | { token: number } | { coin: 1 };

export type Action =
  /**
   * Play one card (or symbol token) for one pawn and walk `path`, paying each step from its
   * strength. With `clear`, the card first pays the intact blockade between the pawn and that
   * neighbour (the pawn stays), and its leftover walks on along `path`, which may then be empty.
   */
  | { type: 'move'; pawn: number; source: Source; symbol: GroundSymbol; path: number[]; clear?: number }
  /** Enter an adjacent rubble (discard N) or base camp (remove N) space, paying with cards from hand. */
  | { type: 'rough'; pawn: number; to: number; cards: number[] }
  /** Clear an intact rubble blockade next to the pawn by discarding N cards; the pawn stays. */
  | { type: 'clear'; pawn: number; toward: number; cards: number[] }
  /** Step onto an adjacent finishing space: free, through the gate. */
  | { type: 'finish'; pawn: number; to: number }
  /** Play an action card: draw (and trash), Transmitter (take `take` free), Native (step `pawn` to `to`). */
  | { type: 'action'; card: number; trash?: number[]; take?: number; pawn?: number; to?: number }
  /** Use a held cave token that is not a symbol. */
  | { type: 'token'; token: number; card?: number; pawn?: number; to?: number }
  /** Buy one card type with cards (and coin tokens, and gold coins); ends movement for the turn. */
  | { type: 'buy'; cardType: number; cards: number[]; tokens?: number[]; coins?: number }
  /** End the turn, keeping `keep` in hand; draw up to four. */
  | { type: 'end'; keep?: number[] };

export function current(state: GameState): PlayerState {
  return state.players[state.seat] as PlayerState;
}

function occupied(state: GameState, table: Table, space: number): boolean {
  // On a temple course pawns never block one another (docs/gold-city.md, "The Golden Temples layer"): the
  // gem tour sends them both ways along the same lanes, where head-on neither could give way.
  if (table.temples.length > 0) return false;
  for (const p of state.players) for (const pawn of p.pawns) if (pawn.at === space) return true;
  return false;
}

function inHand(player: PlayerState, card: number): void {
  if (!player.hand.includes(card)) refuse(`card ${card} is not in hand`);
}

/** Only after the action has been checked in full: the card is known to be in hand. */
function takeFromHand(player: PlayerState, card: number): void {
  player.hand.splice(player.hand.indexOf(card), 1);
}

function distinct(cards: readonly number[]): void {
  if (new Set(cards).size !== cards.length) refuse('a card is named twice');
}

function pawnOf(player: PlayerState, index: number): { at: number } {
  const pawn = player.pawns[index];
  if (!pawn) refuse(`no pawn ${index}`);
  if (pawn!.at < 0) refuse('an arrived pawn is out of play');
  return pawn!;
}

function adjacent(table: Table, a: number, b: number): boolean {
  for (let k = 0; k < 6; k++) if (table.adj[6 * a + k] === b) return true;
  return false;
}

function intact(state: GameState, blockade: number): boolean {
  return blockade >= 0 && state.claimed[blockade] === -1;
}

/** A used item leaves the game, unless a keep-item token is in effect. */
function retire(state: GameState, player: PlayerState, card: number, type: CardType): void {
  if (type.singleUse) {
    if (state.effects.keepItem) {
      state.effects.keepItem = false;
      player.inPlay.push(card);
    } else player.removed.push(card);
  } else player.inPlay.push(card);
}

function claim(state: GameState, player: PlayerState, blockade: number): void {
  state.claimed[blockade] = state.seat;
  player.blockades.push(blockade);
}

/** The end of a card's movement: a pawn that stops beside a cave takes its top token. */
function exploreCave(state: GameState, table: Table, player: PlayerState, space: number): void {
  for (const cave of table.cavesBeside[space] ?? []) {
    const pile = state.caves[cave] as Token[];
    if (pile.length > 0) {
      player.tokens.push(pile.pop() as Token);
      return;
    }
  }
}

function arrive(state: GameState, player: PlayerState, pawn: { at: number }): void {
  pawn.at = -1;
  if (player.pawns.every((p) => p.at < 0)) {
    player.finished = true;
    state.finalRound = true;
  }
}

/** Pays a symbol blockade from what is left of a card: the strength that remains. */
function payBlockade(table: Table, blockade: number, symbol: GroundSymbol, remaining: number): number {
  const b = table.blockades[blockade]!;
  if (blockadeSymbol(b.terrain) !== symbol) refuse(`the blockade wants ${b.terrain}`);
  if (b.strength > remaining) refuse(`the blockade needs ${b.strength}, only ${remaining} left`);
  return remaining - b.strength;
}

function move(state: GameState, table: Table, player: PlayerState, a: Extract<Action, { type: 'move' }>): void {
  const pawn = pawnOf(player, a.pawn);
  let strength: number;
  let symbol: CardSymbol;
  let fromCard: { card: number; type: CardType } | undefined;
  if ('card' in a.source) {
    const type = cardType(state.cards[a.source.card] ?? refuse('no such card'));
    if (!player.hand.includes(a.source.card)) refuse('that card is not in hand');
    strength = type.strength;
    symbol = state.effects.changeSymbol ? 'joker' : type.symbol;
    fromCard = { card: a.source.card, type };
  } else if ('token' in a.source) {
    const token = player.tokens[a.source.token] ?? refuse('no such token');
    if (!isSymbol3(token.kind)) refuse('that token does not move a pawn');
    strength = token.strength ?? 0;
    symbol = token.kind as Symbol3;
  } else {
    // A gold coin: one step of strength 1 onto any ground, never a blockade's payment.
    if ((player.coins ?? 0) < 1) refuse('no gold coin to spend');
    if (a.path.length !== 1 || a.clear !== undefined) refuse('a gold coin pays exactly one step');
    strength = 1;
    symbol = 'joker';
  }
  if (symbol === 'action') refuse('an action card moves nobody');
  if (symbol !== 'joker' && symbol !== a.symbol) refuse(`a ${symbol} card cannot pay for ${a.symbol}`);
  if (a.path.length === 0 && a.clear === undefined) refuse('a move needs at least one step');
  let remaining = strength;
  let at = pawn.at;
  // Blockades paid on the way are claimed only once the whole walk has been checked.
  const claims: number[] = [];
  const open = (blockade: number) => intact(state, blockade) && !claims.includes(blockade);
  if (a.clear !== undefined) {
    const blockade = blockadeBetween(table, at, a.clear);
    if (!adjacent(table, at, a.clear) || !intact(state, blockade)) refuse('no intact blockade there');
    remaining = payBlockade(table, blockade, a.symbol, remaining);
    claims.push(blockade);
  }
  let passUsed = false;
  for (const next of a.path) {
    if (!adjacent(table, at, next)) refuse(`space ${next} is not next to ${at}`);
    const ground = table.ground[next] as number;
    if (ground === G.mountain) refuse('mountains can never be entered');
    if (occupied(state, table, next)) {
      if (!state.effects.passOccupied || passUsed || next === a.path[a.path.length - 1]) refuse(`space ${next} is occupied`);
      passUsed = true;
    }
    const blockade = blockadeBetween(table, at, next);
    if (open(blockade)) {
      if ('coin' in a.source) refuse('a gold coin does not pay a blockade');
      if (table.blockades[blockade]!.terrain === 'rubble') refuse('a rubble blockade is cleared by discarding cards');
      remaining = payBlockade(table, blockade, a.symbol, remaining);
      claims.push(blockade);
    }
    if (ground === G.finish) {
      if (!unsealed(table, player, gemsOnPath(table, player, a.path)))
        refuse('the chamber is sealed until you hold a gem from every temple');
      at = next;
      break;
    }
    if (ground === G.start) {
      at = next;
      continue;
    }
    if (SYMBOL_AT[ground] === undefined) refuse('rubble and base camps are paid in cards, not strength');
    if (SYMBOL_AT[ground] !== a.symbol) refuse(`space ${next} wants ${SYMBOL_AT[ground]}`);
    // One card, at least the space's strength: strengths never combine.
    if ((table.strength[next] as number) > remaining) refuse(`space ${next} needs ${table.strength[next]}, only ${remaining} left`);
    remaining -= table.strength[next] as number;
    at = next;
  }
  for (const blockade of claims) claim(state, player, blockade);
  if (passUsed) state.effects.passOccupied = false;
  if (fromCard) {
    takeFromHand(player, fromCard.card);
    if (state.effects.changeSymbol) state.effects.changeSymbol = false;
    retire(state, player, fromCard.card, fromCard.type);
  } else if ('token' in a.source) player.tokens.splice(a.source.token, 1);
  else {
    player.coins = (player.coins ?? 0) - 1;
    state.bank = (state.bank ?? 0) + 1;
  }
  const walked = a.path.slice(0, a.path.indexOf(at) + 1);
  if (table.temples.length > 0) takeGems(state, player, gemsOnPath(table, player, walked));
  if (table.finishes[at]) arrive(state, player, pawn);
  else {
    pawn.at = at;
    if (a.path.length > 0) {
      exploreCave(state, table, player, at);
      guardiansGoOff(state, table, player, at);
    }
  }
}

function checkPayment(player: PlayerState, cards: readonly number[], count: number): void {
  distinct(cards);
  if (cards.length !== count) refuse(`pay exactly ${count} card${count === 1 ? '' : 's'}`);
  for (const c of cards) inHand(player, c);
}

function payCards(player: PlayerState, cards: readonly number[], to: 'discard' | 'removed'): void {
  for (const c of cards) {
    takeFromHand(player, c);
    // Items thrown in as bodies are not used: they are discarded like any card.
    player[to === 'discard' ? 'inPlay' : 'removed'].push(c);
  }
}

function rough(state: GameState, table: Table, player: PlayerState, a: Extract<Action, { type: 'rough' }>): void {
  const pawn = pawnOf(player, a.pawn);
  if (!adjacent(table, pawn.at, a.to)) refuse('not next to the pawn');
  if (occupied(state, table, a.to)) refuse('occupied');
  if (intact(state, blockadeBetween(table, pawn.at, a.to))) refuse('an intact blockade is in the way');
  const ground = table.ground[a.to];
  if (ground !== G.rubble && ground !== G.basecamp) refuse('not rubble or a base camp');
  checkPayment(player, a.cards, table.strength[a.to] as number);
  payCards(player, a.cards, ground === G.rubble ? 'discard' : 'removed');
  pawn.at = a.to;
}

function clearRubble(state: GameState, table: Table, player: PlayerState, a: Extract<Action, { type: 'clear' }>): void {
  const pawn = pawnOf(player, a.pawn);
  const blockade = blockadeBetween(table, pawn.at, a.toward);
  if (!adjacent(table, pawn.at, a.toward) || !intact(state, blockade)) refuse('no intact blockade there');
  const b = table.blockades[blockade]!;
  if (b.terrain !== 'rubble') refuse('only rubble blockades are cleared with cards');
  checkPayment(player, a.cards, b.strength);
  payCards(player, a.cards, 'discard');
  claim(state, player, blockade);
}

/** A step that ignores the space's requirement: never past an intact blockade. Returns the pawn. */
function checkFreeStep(
  state: GameState,
  table: Table,
  player: PlayerState,
  pawnIndex: number | undefined,
  to: number | undefined,
): { at: number } {
  const pawn = pawnOf(player, pawnIndex ?? refuse('name the pawn'));
  if (to === undefined) refuse('name the space');
  if (!adjacent(table, pawn.at, to!)) refuse('not next to the pawn');
  if (table.ground[to!] === G.mountain) refuse('mountains can never be entered');
  if (occupied(state, table, to!)) refuse('occupied');
  if (intact(state, blockadeBetween(table, pawn.at, to!))) refuse('an intact blockade still has to be paid for');
  if (table.finishes[to!] && !unsealed(table, player, gemsOnPath(table, player, [to!])))
    refuse('the chamber is sealed until you hold a gem from every temple');
  return pawn;
}

function freeStep(state: GameState, table: Table, player: PlayerState, pawn: { at: number }, to: number): void {
  if (table.temples.length > 0) takeGems(state, player, gemsOnPath(table, player, [to]));
  if (table.finishes[to]) arrive(state, player, pawn);
  else pawn.at = to;
}

/** The trash of a draw card may name cards the draw itself brings in: checked on a preview of it. */
function checkTrash(state: GameState, player: PlayerState, played: number, type: CardType, trash: readonly number[]): void {
  distinct(trash);
  if (trash.length > (type.trash ?? 0)) refuse(`${type.name} trashes at most ${type.trash ?? 0}`);
  let drawn: number[] | undefined;
  for (const c of trash) {
    if (c !== played && player.hand.includes(c)) continue;
    drawn ??= previewDraw(state, player, type.draw ?? 0);
    if (!drawn.includes(c)) refuse(`card ${c} is not in hand`);
  }
}

function playAction(state: GameState, table: Table, player: PlayerState, a: Extract<Action, { type: 'action' }>): void {
  const type = cardType(state.cards[a.card] ?? refuse('no such card'));
  if (type.symbol !== 'action') refuse(`${type.name} is not an action card`);
  inHand(player, a.card);
  if (type.effect === 'draw') {
    const trash = a.trash ?? [];
    checkTrash(state, player, a.card, type, trash);
    takeFromHand(player, a.card);
    drawCards(state, player, type.draw ?? 0);
    for (const c of trash) {
      takeFromHand(player, c);
      player.removed.push(c);
    }
  } else if (type.effect === 'transmitter') {
    const take = a.take ?? refuse('name the card to take');
    if ((state.supply[take] ?? 0) <= 0 || cardType(take).cost === 0) refuse('none of those left');
    takeFromHand(player, a.card);
    gain(state, player, take);
  } else if (type.effect === 'native') {
    const pawn = checkFreeStep(state, table, player, a.pawn, a.to);
    takeFromHand(player, a.card);
    freeStep(state, table, player, pawn, a.to!);
    if (pawn.at >= 0) {
      exploreCave(state, table, player, pawn.at);
      guardiansGoOff(state, table, player, pawn.at);
    }
  } else takeFromHand(player, a.card);
  retire(state, player, a.card, type);
}

function gain(state: GameState, player: PlayerState, type: number): void {
  state.supply[type] = (state.supply[type] ?? 0) - 1;
  player.discard.push(state.cards.push(type) - 1);
}

function useToken(state: GameState, table: Table, player: PlayerState, a: Extract<Action, { type: 'token' }>): void {
  const token = player.tokens[a.token] ?? refuse('no such token');
  switch (token.kind) {
    case 'draw':
      drawCards(state, player, 1);
      break;
    case 'remove': {
      const card = a.card ?? refuse('name the card to remove');
      inHand(player, card);
      takeFromHand(player, card);
      player.removed.push(card);
      break;
    }
    case 'replace-hand':
      player.discard.push(...player.hand);
      player.hand = [];
      drawCards(state, player, HAND_SIZE);
      break;
    case 'keep-item':
      state.effects.keepItem = true;
      break;
    case 'pass-occupied':
      state.effects.passOccupied = true;
      break;
    case 'ignore-requirement':
      freeStep(state, table, player, checkFreeStep(state, table, player, a.pawn, a.to), a.to!);
      break;
    case 'change-symbol':
      state.effects.changeSymbol = true;
      break;
    default:
      refuse('symbol tokens are played as a move');
  }
  player.tokens.splice(a.token, 1);
}

/** Whether a type can be bought now: on offer, or from the side while any slot is empty. */
export function buyable(state: GameState, type: number): boolean {
  if ((state.supply[type] ?? 0) <= 0 || cardType(type).cost === 0) return false;
  return state.offer.includes(type) || state.offer.includes(-1);
}

function buy(state: GameState, player: PlayerState, a: Extract<Action, { type: 'buy' }>): void {
  if (state.bought) refuse('one purchase per turn');
  if (!buyable(state, a.cardType)) refuse('that card cannot be bought now');
  distinct(a.cards);
  let money = 0;
  for (const c of a.cards) {
    if (!player.hand.includes(c)) refuse('paying with a card not in hand');
    money += coinValue(cardType(state.cards[c] as number));
  }
  const tokens = (a.tokens ?? []).slice().sort((x, y) => y - x);
  if (new Set(tokens).size !== tokens.length) refuse('a token is named twice');
  for (const k of tokens) {
    const t = player.tokens[k] ?? refuse('no such token');
    if (t.kind !== 'coin') refuse('only coin tokens pay');
    money += t.strength ?? 0;
  }
  const coins = a.coins ?? 0;
  if (!Number.isInteger(coins) || coins < 0 || coins > (player.coins ?? 0)) refuse(`only ${player.coins ?? 0} gold coins to spend`);
  money += coins;
  const type = cardType(a.cardType);
  if (money < type.cost) refuse(`${type.name} costs ${type.cost}; ${money} offered`);
  for (const c of a.cards) {
    takeFromHand(player, c);
    player.inPlay.push(c);
  }
  for (const k of tokens) player.tokens.splice(k, 1);
  if (coins > 0) {
    player.coins = (player.coins ?? 0) - coins;
    state.bank = (state.bank ?? 0) + coins;
  }
  if (!state.offer.includes(a.cardType)) state.offer[state.offer.indexOf(-1)] = a.cardType;
  gain(state, player, a.cardType);
  // A pile bought out leaves its slot empty, which opens the side piles.
  if ((state.supply[a.cardType] ?? 0) === 0) state.offer[state.offer.indexOf(a.cardType)] = -1;
  state.bought = true;
}

function endTurn(state: GameState, player: PlayerState, a: Extract<Action, { type: 'end' }>): void {
  const keep = a.keep ?? [];
  distinct(keep);
  for (const c of keep) if (!player.hand.includes(c)) refuse('keeping a card not in hand');
  player.discard.push(...player.inPlay, ...player.hand.filter((c) => !keep.includes(c)));
  player.inPlay = [];
  player.hand = keep.slice();
  // A short-hand guardian: one card fewer this time.
  drawCards(state, player, Math.max(0, HAND_SIZE - (player.shortHand ? 1 : 0) - player.hand.length));
  if (player.shortHand) player.shortHand = false;
  state.bought = false;
  state.effects = { passOccupied: false, changeSymbol: false, keepItem: false };
  passTurn(state);
  // Players who are through the gate have nothing left to do.
  while (!state.over && current(state).finished && state.players.some((p) => !p.finished)) passTurn(state);
  if (state.players.every((p) => p.finished)) state.over = true;
}

/** The next seat; the final round ends with the last seat, so everyone has had as many turns. */
function passTurn(state: GameState): void {
  if (state.seat === state.seats - 1) {
    if (state.finalRound) {
      state.over = true;
      return;
    }
    state.round++;
  }
  state.seat = (state.seat + 1) % state.seats;
}

/**
 * Applies one action of the seat to move, in place, all or nothing: every rule is checked before
 * anything changes, so an action that throws RuleError leaves the state exactly as it was. That
 * is done by checking first, not by copying the state, because playtests apply actions by the
 * hundred thousand.
 */
export function applyAction(state: GameState, table: Table, a: Action): void {
  if (state.over) refuse('the game is over');
  const player = current(state);
  if (state.bought && a.type !== 'end' && a.type !== 'token' && a.type !== 'action') refuse('a purchase ends movement for the turn');
  if (state.effects.halted && haltedMove(state, a)) refuse('a guardian has ended your movement this turn');
  switch (a.type) {
    case 'move':
      return move(state, table, player, a);
    case 'rough':
      return rough(state, table, player, a);
    case 'clear':
      return clearRubble(state, table, player, a);
    case 'finish': {
      const pawn = pawnOf(player, a.pawn);
      if (!table.finishes[a.to]) refuse('not a finishing space');
      if (!unsealed(table, player)) refuse('the chamber is sealed until you hold a gem from every temple');
      if (!adjacent(table, pawn.at, a.to)) refuse('not next to the pawn');
      if (intact(state, blockadeBetween(table, pawn.at, a.to))) refuse('the blockade before the gate must still be paid');
      return arrive(state, player, pawn);
    }
    case 'action':
      if (state.bought && cardType(state.cards[a.card] ?? 0).effect === 'native') refuse('a purchase ends movement for the turn');
      return playAction(state, table, player, a);
    case 'token':
      return useToken(state, table, player, a);
    case 'buy':
      return buy(state, player, a);
    case 'end':
      return endTurn(state, player, a);
    default:
      refuse('no such action');
  }
}

/** What a halting guardian forbids for the rest of the turn: anything that moves a pawn. */
function haltedMove(state: GameState, a: Action): boolean {
  switch (a.type) {
    case 'move':
    case 'rough':
    case 'clear':
    case 'finish':
      return true;
    case 'action':
      return cardType(state.cards[a.card] ?? 0).effect === 'native';
    case 'token':
      return current(state).tokens[a.token]?.kind === 'ignore-requirement';
    default:
      return false;
  }
}

/** Seats that won: finished, most blockade points; equal totals share. */
export function winners(state: GameState, table: Table): number[] {
  const finished = state.players.map((p, s) => ({ p, s })).filter(({ p }) => p.finished);
  if (finished.length === 0) return [];
  const points = (p: PlayerState) => p.blockades.reduce((sum, b) => sum + (table.blockades[b]?.points ?? 0), 0);
  const best = Math.max(...finished.map(({ p }) => points(p)));
  return finished.filter(({ p }) => points(p) === best).map(({ s }) => s);
}

/** Every card instance is in exactly one place. */
export function cardCount(player: PlayerState): number {
  return player.deck.length + player.hand.length + player.discard.length + player.inPlay.length + player.removed.length;
}
