import { CATALOGUE, EQUIPMENT, FACES, TOWNSFOLK } from '../catalogue.ts';
import { playersOf } from '../validate.ts';
import type { Die, DisasterId, Effect, Face, Ongoing, PioneerDaysMap, Week } from '../model.ts';

export interface WagonState {
  spaces: number;
  /** Damage tokens: each covers two spaces and costs 2 VP at the end. */
  damage: number;
}

export interface PlayerState {
  silver: number;
  cattle: number;
  wood: number;
  medicine: number;
  /** Gold tokens held, by nuggets. */
  gold: number[];
  equipment: string[];
  townsfolk: string[];
  wagons: WagonState[];
  favours: number;
  /** VP scored during the game (cattle at each town). */
  vp: number;
  /** Items discarded for want of wagon space. */
  lost: number;
}

export interface DisasterEvent {
  week: number;
  day: number;
  disaster: DisasterId;
  final: boolean;
}

/** The trail as the engine reads it: plain data, shared by every game on the trail. */
export interface Trail {
  players: number;
  startSeat: number;
  weeks: Week[];
  gold: number[];
}

export function buildTable(map: PioneerDaysMap): Trail {
  return { players: playersOf(map), startSeat: map.startPlayer - 1, weeks: map.weeks, gold: map.gold };
}

/** Everything about a game in progress, as plain data (the trail itself is passed beside it). */
export interface GameState {
  players: PlayerState[];
  week: number;
  day: number;
  /** Seat of the day's start player (0-based). */
  startSeat: number;
  /** Turns taken today. */
  turn: number;
  pool: Die[];
  /** Disaster markers, in catalogue order (storm, raid, famine, disease). */
  tracks: number[];
  goldDrawn: number;
  equipmentOffer: string[];
  /** Townsfolk by slot: slot k is recruited with a die showing FACES[k]; null once taken. */
  townsfolkSlots: Array<string | null>;
  disasters: DisasterEvent[];
  /** The die left in the pool each day, by week: what moved the disaster markers. */
  leftovers: string[][];
  /** Town cards players could not satisfy, summed over players and weeks. */
  unmetNeeds: number;
  over: boolean;
}

/**
 * A deep copy of a game in progress. The engine copies the state on every action so that a
 * refused one leaves it untouched, and the planner tries every legal turn, so this copy is the
 * hottest code in a lookahead game: written out field by field it is several times quicker than
 * structuredClone. `src/games/pioneer-days/test/state-clone.test.ts` holds it to structuredClone's result.
 */
export function cloneState(s: GameState): GameState {
  return {
    ...s,
    players: s.players.map((p) => ({
      ...p,
      gold: [...p.gold],
      equipment: [...p.equipment],
      townsfolk: [...p.townsfolk],
      wagons: p.wagons.map((w) => ({ ...w })),
    })),
    pool: s.pool.map((d) => ({ ...d })),
    tracks: [...s.tracks],
    equipmentOffer: [...s.equipmentOffer],
    townsfolkSlots: [...s.townsfolkSlots],
    disasters: s.disasters.map((d) => ({ ...d })),
    leftovers: s.leftovers.map((week) => [...week]),
  };
}

export function newPlayer(): PlayerState {
  const s = CATALOGUE.start;
  return {
    silver: s.silver,
    cattle: s.cattle,
    wood: s.wood,
    medicine: s.medicine,
    gold: [],
    equipment: [],
    townsfolk: [],
    wagons: [{ spaces: s.wagon, damage: 0 }],
    favours: 0,
    vp: 0,
    lost: 0,
  };
}

export function newGame(trail: Trail): GameState {
  const first = trail.weeks[0]!;
  return {
    players: Array.from({ length: trail.players }, newPlayer),
    week: 0,
    day: 0,
    startSeat: trail.startSeat,
    turn: 0,
    pool: first.days[0]!.dice.map((d) => ({ ...d })),
    tracks: CATALOGUE.disasters.map(() => 0),
    goldDrawn: 0,
    equipmentOffer: [...first.equipment],
    townsfolkSlots: FACES.map((_, k) => first.townsfolk[k] ?? null),
    disasters: [],
    leftovers: trail.weeks.map(() => []),
    unmetNeeds: 0,
    over: false,
  };
}

export const seatToMove = (state: GameState, trail: Trail) => (state.startSeat + state.turn) % trail.players;

/** The effects a player's cards and tiles give, equipment first then townsfolk, in the order taken. */
export function effectsOf(player: PlayerState): Effect[] {
  const out: Effect[] = [];
  for (const id of player.equipment) out.push(EQUIPMENT.get(id)!.effect);
  for (const id of player.townsfolk) out.push(TOWNSFOLK.get(id)!.effect);
  return out;
}

export function ongoing(player: PlayerState): Ongoing[] {
  return effectsOf(player).filter((e): e is Effect & { kind: 'ongoing' } => e.kind === 'ongoing') as unknown as Ongoing[];
}

export const protectedFrom = (player: PlayerState, disaster: DisasterId) =>
  ongoing(player).some((o) => 'protect' in o && o.protect === disaster);

export function changeCost(player: PlayerState): number {
  const off = ongoing(player).reduce((a, o) => a + ('changeDiscount' in o ? o.changeDiscount : 0), 0);
  return Math.max(1, CATALOGUE.changeCost - off);
}

export function incomeFor(player: PlayerState, face: Face): number {
  return CATALOGUE.income[face] + ongoing(player).reduce((a, o) => a + ('income' in o && o.income === face ? o.plus : 0), 0);
}

export function capacity(player: PlayerState): number {
  const wagons = player.wagons.reduce((a, w) => a + Math.max(0, w.spaces - 2 * w.damage), 0);
  return wagons + ongoing(player).reduce((a, o) => a + ('spaces' in o ? o.spaces : 0), 0);
}

/** Spaces in use: a tile or a gold token fills one; wood and medicine go two to a space. */
export function load(player: PlayerState): number {
  return player.equipment.length + player.gold.length + Math.ceil(player.wood / 2) + Math.ceil(player.medicine / 2);
}
