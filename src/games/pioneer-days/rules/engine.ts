import { refuse } from '../../../core/play/rule-error.ts';
import { CATALOGUE, EQUIPMENT, FACES, TOWNS, TOWNSFOLK } from '../catalogue.ts';
import { DAYS, WEEKS, type DisasterId, type Face, type Gain, type Scoring } from '../model.ts';
import {
  capacity,
  changeCost,
  effectsOf,
  incomeFor,
  load,
  ongoing,
  protectedFrom,
  seatToMove,
  cloneState,
  type GameState,
  type PlayerState,
  type Trail,
} from './state.ts';

export type Use = 'income' | 'action' | 'recruit';
export type WagonSize = 'small' | 'large';

/**
 * One turn: take die `die` from the pool (its face triggers your cards), optionally pay to
 * `change` its face, then use it. `as` names the action a wild die takes; `equipment` the tile an
 * equip action (or a card that gives equipment) takes; `buy` the wagons bought at the end of the
 * turn, after the die's silver has come in.
 */
export interface Action {
  type: 'die';
  die: number;
  change?: Face;
  use: Use;
  as?: Exclude<Face, 'wild'>;
  equipment?: string;
  buy?: WagonSize[];
}

const WAGON = { small: CATALOGUE.wagons.find((w) => w.size === 'small')!, large: CATALOGUE.wagons.find((w) => w.size === 'large')! };
const WAGONS_IN_SUPPLY = {
  small: CATALOGUE.wagons.filter((w) => w.size === 'small').length,
  large: CATALOGUE.wagons.filter((w) => w.size === 'large').length,
};
const DISASTERS = CATALOGUE.disasters;
/** Advances from the first space to the final one of a track of `spaces` spaces. */
export const strikesAfter = (spaces: number) => spaces - 1;

function wagonsBought(state: GameState, size: WagonSize): number {
  const spaces = WAGON[size].spaces;
  // The starting wagon is printed on the player board; every other wagon came from the supply.
  return state.players.reduce((a, p) => a + p.wagons.slice(1).filter((w) => w.spaces === spaces).length, 0);
}

function drawGold(state: GameState, trail: Trail, player: PlayerState): void {
  const token = trail.gold[state.goldDrawn];
  if (token === undefined) return; // an empty bag gives nothing
  state.goldDrawn++;
  player.gold.push(token);
}

function takeEquipment(state: GameState, player: PlayerState, id: string | undefined): void {
  const pick = id ?? state.equipmentOffer[0];
  if (pick === undefined) return;
  const at = state.equipmentOffer.indexOf(pick);
  if (at < 0) refuse(`equipment ${pick} is not on offer`);
  state.equipmentOffer.splice(at, 1);
  player.equipment.push(pick);
}

function gain(state: GameState, trail: Trail, player: PlayerState, g: Gain, equipment?: string): void {
  player.silver += g.silver ?? 0;
  player.cattle += g.cattle ?? 0;
  player.wood += g.wood ?? 0;
  player.medicine += g.medicine ?? 0;
  player.favours += g.favour ?? 0;
  for (let k = 0; k < (g.gold ?? 0); k++) drawGold(state, trail, player);
  for (let k = 0; k < (g.equipment ?? 0); k++) takeEquipment(state, player, equipment);
  for (let k = 0; k < (g.smallWagon ?? 0); k++)
    if (wagonsBought(state, 'small') < WAGONS_IN_SUPPLY.small) player.wagons.push({ spaces: WAGON.small.spaces, damage: 0 });
}

/**
 * What does not fit is discarded at the end of the turn. The engine chooses for the player, by a
 * fixed rule: wood, then medicine, then the smallest gold token, then the newest equipment.
 */
export function discardOverflow(player: PlayerState): void {
  while (load(player) > capacity(player)) {
    player.lost++;
    if (player.wood > 0) player.wood--;
    else if (player.medicine > 0) player.medicine--;
    else if (player.gold.length > 0) player.gold.splice(player.gold.indexOf(Math.min(...player.gold)), 1);
    else if (player.equipment.length > 0) player.equipment.pop();
    else break;
  }
}

/** The seat to move's turn, worked out on a copy and committed only when every check passes. */
export function applyAction(state: GameState, trail: Trail, action: Action): void {
  if (state.over) refuse('the game is over');
  if (action.type !== 'die') refuse(`unknown action ${String((action as { type?: unknown }).type)}`);
  const next = cloneState(state);
  const player = next.players[seatToMove(next, trail)]!;
  const die = next.pool[action.die];
  if (!Number.isInteger(action.die) || !die) refuse(`there is no die ${action.die} in the pool`);
  next.pool.splice(action.die, 1);
  // The face as rolled triggers equipment and townsfolk; a bought face does not.
  for (const e of effectsOf(player)) if (e.kind === 'triggered' && e.on === die!.face) gain(next, trail, player, e.gain);
  let face = die!.face;
  if (action.change !== undefined) {
    if (!FACES.includes(action.change)) refuse(`${action.change} is not a face`);
    if (action.change === face) refuse('the die already shows that face');
    const cost = changeCost(player);
    if (player.silver < cost) refuse(`changing a face costs ${cost} silver; you have ${player.silver}`);
    player.silver -= cost;
    face = action.change;
  }
  if (action.use === 'income') player.silver += incomeFor(player, face);
  else if (action.use === 'action') {
    let act: Face = face;
    if (face === 'wild') {
      if (!action.as || action.as === ('wild' as Face) || !FACES.includes(action.as))
        refuse('a wild die takes one of the other actions: say which in `as`');
      act = action.as!;
    } else if (action.as !== undefined && action.as !== face) refuse(`a ${face} die takes the ${face} action`);
    if (act === 'mine') drawGold(next, trail, player);
    else if (act === 'equip') {
      if (next.equipmentOffer.length === 0) refuse('no equipment is left on offer');
      takeEquipment(next, player, action.equipment);
    } else if (act === 'cattle') player.cattle++;
    else if (act === 'wood') player.wood++;
    else if (act === 'medicine') player.medicine++;
  } else if (action.use === 'recruit') {
    const slot = FACES.indexOf(face);
    const id = next.townsfolkSlots[slot];
    if (!id) refuse(`the ${face} townsfolk slot is empty`);
    next.townsfolkSlots[slot] = null;
    player.townsfolk.push(id!);
    const effect = TOWNSFOLK.get(id!)!.effect;
    if (effect.kind === 'immediate') gain(next, trail, player, effect.gain, action.equipment);
  } else refuse(`a die is used for income, an action or a recruit, not ${String(action.use)}`);
  for (const size of action.buy ?? []) {
    if (!(size in WAGON)) refuse(`no ${size} wagon`);
    if (player.silver < WAGON[size].cost) refuse(`a ${size} wagon costs ${WAGON[size].cost} silver; you have ${player.silver}`);
    if (wagonsBought(next, size) >= WAGONS_IN_SUPPLY[size]) refuse(`no ${size} wagon is left in the supply`);
    player.silver -= WAGON[size].cost;
    player.wagons.push({ spaces: WAGON[size].spaces, damage: 0 });
  }
  discardOverflow(player);
  next.turn++;
  if (next.turn === trail.players) endDay(next, trail);
  Object.assign(state, next);
}

function endDay(state: GameState, trail: Trail): void {
  const left = state.pool[0];
  if (left) {
    state.leftovers[state.week]!.push(left.colour);
    const k = DISASTERS.findIndex((d) => d.colour === left.colour);
    advance(state, k < 0 ? DISASTERS.map((_, i) => i) : [k], false);
  }
  state.day++;
  state.turn = 0;
  state.startSeat = (state.startSeat + 1) % trail.players;
  if (state.day < DAYS) {
    state.pool = trail.weeks[state.week]!.days[state.day]!.dice.map((d) => ({ ...d }));
    return;
  }
  if (state.week === WEEKS - 1)
    advance(
      state,
      DISASTERS.map((_, i) => i),
      true,
    );
  visitTown(state, trail);
  state.week++;
  if (state.week === WEEKS) {
    state.over = true;
    state.pool = [];
    return;
  }
  const week = trail.weeks[state.week]!;
  state.day = 0;
  state.pool = week.days[0]!.dice.map((d) => ({ ...d }));
  state.equipmentOffer = [...week.equipment];
  state.townsfolkSlots = FACES.map((_, k) => week.townsfolk[k] ?? null);
}

/**
 * Markers move; any that reach the final space strike at once, top track first, and go back to the
 * first space. `state.tracks` counts advances from the first space, so a track of L spaces strikes
 * after L − 1 advances (the rules: "reaches the final space of its track").
 */
function advance(state: GameState, tracks: number[], final: boolean): void {
  for (const k of tracks) state.tracks[k]!++;
  DISASTERS.forEach((d, k) => {
    if (state.tracks[k]! < strikesAfter(d.track)) return;
    state.tracks[k] = 0;
    state.disasters.push({ week: state.week + 1, day: Math.min(state.day + 1, DAYS), disaster: d.id, final });
    for (const p of state.players) strike(p, d.id);
  });
}

/**
 * Where a disaster leaves the player a choice, the engine makes it by a fixed rule in the
 * player's favour: wood before damage, the dearest cattle kept, medicine for the townsfolk
 * recruited first (the latest recruits leave first).
 */
export function strike(p: PlayerState, disaster: DisasterId): void {
  if (protectedFrom(p, disaster)) return;
  if (disaster === 'storm') {
    for (const w of p.wagons) {
      if (w.spaces - 2 * w.damage <= 0) continue;
      if (p.wood > 0) p.wood--;
      else w.damage++;
    }
    discardOverflow(p);
  } else if (disaster === 'raid') p.silver -= Math.ceil(p.silver / 2);
  else if (disaster === 'famine') {
    const paid = Math.min(p.cattle, p.silver);
    p.silver -= paid;
    p.cattle = paid;
  } else if (disaster === 'disease') {
    const kept = Math.min(p.townsfolk.length, p.medicine);
    p.medicine -= kept;
    p.townsfolk = p.townsfolk.slice(0, kept);
  }
}

/** The town visit: end-of-week cards, 1 VP a cattle, then every town card each player can satisfy. */
function visitTown(state: GameState, trail: Trail): void {
  const towns = trail.weeks[state.week]!.towns;
  for (const p of state.players) {
    const extra = ongoing(p).reduce((a, o) => a + ('townCattle' in o ? o.townCattle : 0), 0);
    p.vp += p.cattle * (1 + extra);
    for (const id of towns) {
      const town = TOWNS.get(id)!;
      if (canSatisfy(p, town.needs)) {
        pay(p, town.needs);
        p.favours += town.favours;
      } else state.unmetNeeds++;
    }
  }
}

export function canSatisfy(p: PlayerState, needs: Partial<Record<string, number>>): boolean {
  return (
    (needs.cattle ?? 0) <= p.cattle &&
    (needs.wood ?? 0) <= p.wood &&
    (needs.medicine ?? 0) <= p.medicine &&
    (needs.gold ?? 0) <= p.gold.length &&
    (needs.equipment ?? 0) <= p.equipment.length
  );
}

/** Gold paid to a town is the smallest tokens; equipment the oldest tiles. */
function pay(p: PlayerState, needs: Partial<Record<string, number>>): void {
  p.cattle -= needs.cattle ?? 0;
  p.wood -= needs.wood ?? 0;
  p.medicine -= needs.medicine ?? 0;
  for (let k = 0; k < (needs.gold ?? 0); k++) p.gold.splice(p.gold.indexOf(Math.min(...p.gold)), 1);
  p.equipment.splice(0, needs.equipment ?? 0);
}

export function countFor(p: PlayerState, per: Exclude<Scoring, { flat: number }>['per']): number {
  switch (per) {
    case 'gold':
      return p.gold.length;
    case 'equipment':
      return p.equipment.length;
    case 'townsfolk':
      return p.townsfolk.length;
    case 'wagon':
      return p.wagons.length;
    case 'favour':
      return p.favours;
    default:
      return p[per];
  }
}

export function townsfolkVp(p: PlayerState): number {
  let vp = 0;
  for (const id of p.townsfolk) {
    const s = TOWNSFOLK.get(id)!.scoring;
    vp += 'flat' in s ? s.flat : Math.floor(countFor(p, s.per) / s.every) * s.vp;
  }
  return vp;
}

export interface FinalScore {
  vp: number;
  gold: number;
  favours: number;
  mostFavours: number;
  townsfolk: number;
  cattleAtTowns: number;
  damage: number;
}

/** End scoring: nuggets, 2 VP a favour and 5 for the most (ties too), townsfolk, −2 a damage token. */
export function finalScores(state: GameState): FinalScore[] {
  const most = Math.max(...state.players.map((p) => p.favours));
  return state.players.map((p) => {
    const gold = p.gold.reduce((a, g) => a + g, 0);
    const mostFavours = p.favours === most && most > 0 ? 5 : 0;
    const damage = p.wagons.reduce((a, w) => a + w.damage, 0);
    const townsfolk = townsfolkVp(p);
    const vp = p.vp + gold + 2 * p.favours + mostFavours + townsfolk - 2 * damage;
    return { vp, gold, favours: p.favours, mostFavours, townsfolk, cattleAtTowns: p.vp, damage };
  });
}

/** Most VP wins; a tie goes to the most silver left; a tie in both is shared. */
export function winners(state: GameState): number[] {
  const scores = finalScores(state);
  const key = (i: number) => [scores[i]!.vp, state.players[i]!.silver] as const;
  let best: number[] = [];
  for (let i = 0; i < scores.length; i++) {
    const [vp, silver] = key(i);
    const [bvp, bsilver] = best.length ? key(best[0]!) : [-Infinity, -Infinity];
    if (vp > bvp || (vp === bvp && silver > bsilver)) best = [i];
    else if (vp === bvp && silver === bsilver) best.push(i);
  }
  return best;
}

export { EQUIPMENT };
