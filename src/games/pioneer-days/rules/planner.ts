/**
 * The second kind of Pioneer Days player: a lookahead planner. Where the settler prices each
 * option with hand-set item weights, the planner plays every legal turn on a copy of the game
 * through the engine itself (so the rules, disasters set off by its own left-over die and
 * all-or-nothing refusals are the engine's) and reads the position that results: the exact end
 * score it would have now, the town cards it can pay this week, the cattle still to score at
 * towns, its per-item townsfolk projected to the end (so cards that stack on one item are worth
 * what they will multiply to), and the harm disasters still due can do to it.
 * It knows only what a player at the table knows: this week's towns and offers, the markers.
 */
import type { Rng } from '../../../core/rng.ts';
import { CATALOGUE, FACES, TOWNS, TOWNSFOLK } from '../catalogue.ts';
import { DAYS, WEEKS, type Face } from '../model.ts';
import { applyAction, canSatisfy, countFor, finalScores, strikesAfter, type Action } from './engine.ts';
import { capacity, changeCost, load, ongoing, protectedFrom, seatToMove, type GameState, type PlayerState, type Trail } from './state.ts';

/** The planner's own numbers (what a silver, a free space, a turn of growth are worth to it). */
export const PLANNER_WEIGHTS = Object.freeze({
  /** VP a silver left over is worth: what it buys later (wagons, face changes, famine). */
  silver: 0.3,
  /** VP a free wagon space is worth, up to the turns left to fill it. */
  freeSpace: 0.35,
  /** Share of a town card's favours counted for needs partly met (the rest of the week may meet them). */
  partialTown: 0.45,
  /** How far a per-item count is projected to grow: the rate so far, times this, times turns left. */
  growth: 0.6,
  /** Chance a day's left-over die advances a given track: its own colour or black, 2 dice of 5 colours. */
  advanceChance: 2 / 5,
  /** Expected strikes a disaster's harm is counted for, at most (the harm is read on today's holdings). */
  maxStrikes: 1.5,
  /** Noise on each turn's worth for seeded planners, so games on one trail differ. */
  noise: 0.25,
});
const W = PLANNER_WEIGHTS;

const USES_ALL = ['income', 'action', 'recruit'] as const;

/** Every turn the rules allow the seat to move, the face changes it can pay for included. */
export function legalTurns(state: GameState, player: PlayerState, changeCostNow: number): Action[] {
  const out: Action[] = [];
  const seen = new Set<string>();
  state.pool.forEach((die, i) => {
    const key = `${die.colour}/${die.face}`;
    if (seen.has(key)) return;
    seen.add(key);
    for (const face of FACES) {
      const change = face === die.face ? {} : { change: face };
      if (face !== die.face && player.silver < changeCostNow) continue;
      for (const use of USES_ALL) {
        if (use === 'income') {
          // Buying a face to take its income never pays: the change costs at least what income gives.
          if (face === die.face) out.push({ type: 'die', die: i, use });
          continue;
        }
        if (use === 'recruit') {
          if (state.townsfolkSlots[FACES.indexOf(face)]) out.push({ type: 'die', die: i, use, ...change });
          continue;
        }
        // A face bought as wild only repeats buying the action's own face: not offered twice.
        if (face === 'wild' && face !== die.face) continue;
        const acts: Array<Exclude<Face, 'wild'>> = face === 'wild' ? ['mine', 'equip', 'cattle', 'wood', 'medicine'] : [face];
        for (const act of acts) {
          const as = face === 'wild' ? { as: act } : {};
          if (act === 'equip')
            for (const id of state.equipmentOffer) out.push({ type: 'die', die: i, use, ...change, ...as, equipment: id });
          else out.push({ type: 'die', die: i, use, ...change, ...as });
        }
      }
    }
  });
  return out;
}

/** Expected strikes of each disaster still to come: the advances left over the spaces to go, at most `maxStrikes`. */
function strikesDue(state: GameState): number[] {
  const daysLeft = (WEEKS - state.week) * DAYS - state.day;
  const advances = daysLeft * W.advanceChance + 1; // the final advance after week 4
  return CATALOGUE.disasters.map((d, k) => Math.min(W.maxStrikes, (state.tracks[k]! + advances) / strikesAfter(d.track)));
}

/** VP a card's scoring adds with its item projected to the end of the game. */
function projectedTownsfolkVp(p: PlayerState, turnsTaken: number, turnsLeft: number): number {
  let vp = 0;
  for (const id of p.townsfolk) {
    const s = TOWNSFOLK.get(id)!.scoring;
    if ('flat' in s) {
      vp += s.flat;
      continue;
    }
    const now = countFor(p, s.per);
    const rate = turnsTaken > 0 ? now / turnsTaken : 0;
    vp += (Math.floor(now / s.every) + (rate * W.growth * turnsLeft) / s.every) * s.vp;
  }
  return vp;
}

/** The planner's reading of a position for one seat, in VP. */
export function positionValue(state: GameState, trail: Trail, seat: number): number {
  const p = state.players[seat]!;
  const exact = finalScores(state)[seat]!;
  const turnsTaken = state.week * DAYS + state.day;
  const turnsLeft = WEEKS * DAYS - turnsTaken;
  const weeksLeft = state.over ? 0 : WEEKS - state.week;
  let v = exact.vp - exact.townsfolk + projectedTownsfolkVp(p, Math.max(1, turnsTaken), turnsLeft);
  if (state.over) return v;
  // Cattle still to score at this week's town and every later one.
  const townCattle = 1 + ongoing(p).reduce((a, o) => a + ('townCattle' in o ? o.townCattle : 0), 0);
  v += p.cattle * townCattle * weeksLeft;
  // This week's towns: paid in full, or partly met and likely to be met by the week's end.
  for (const id of trail.weeks[state.week]!.towns) {
    const town = TOWNS.get(id)!;
    if (canSatisfy(p, town.needs)) v += 2 * town.favours;
    else {
      const have: Record<string, number> = {
        cattle: p.cattle,
        wood: p.wood,
        medicine: p.medicine,
        gold: p.gold.length,
        equipment: p.equipment.length,
      };
      const entries = Object.entries(town.needs);
      const total = entries.reduce((a, [, n]) => a + (n ?? 0), 0);
      const met = entries.reduce((a, [k, n]) => a + Math.min(n ?? 0, have[k] ?? 0), 0);
      v += 2 * town.favours * W.partialTown * (met / total);
    }
  }
  v += p.silver * W.silver;
  v += Math.min(Math.max(0, capacity(p) - load(p)), turnsLeft) * W.freeSpace;
  // Disasters still due, each weighed by how likely it strikes and what it would take.
  const due = strikesDue(state);
  CATALOGUE.disasters.forEach((d, k) => {
    if (protectedFrom(p, d.id)) return;
    const chance = due[k]!;
    let harm = 0;
    if (d.id === 'storm') harm = Math.max(0, p.wagons.filter((w) => w.spaces - 2 * w.damage > 0).length - p.wood) * 2.5;
    else if (d.id === 'raid') harm = Math.ceil(p.silver / 2) * W.silver;
    else if (d.id === 'famine') harm = Math.max(0, p.cattle - p.silver) * (weeksLeft + 0.5);
    else {
      const unpaid = Math.max(0, p.townsfolk.length - p.medicine);
      const perCard = p.townsfolk.length ? projectedTownsfolkVp(p, Math.max(1, turnsTaken), turnsLeft) / p.townsfolk.length : 0;
      harm = unpaid * perCard;
    }
    v -= chance * harm;
  });
  return v;
}

/** The position after `action`, or undefined when the engine refuses it (the state is untouched either way). */
function after(state: GameState, trail: Trail, action: Action): GameState | undefined {
  // The engine works on its own deep copy and only then writes its fields back, so a shallow
  // copy here keeps the caller's state exactly as it was.
  const copy = { ...state };
  try {
    applyAction(copy, trail, action);
  } catch {
    return undefined;
  }
  return copy;
}

/** The planner: plays every legal turn through the engine and keeps the one whose position reads best. */
export function planTurn(state: GameState, trail: Trail, rng: Rng | undefined): Action {
  const seat = seatToMove(state, trail);
  const p = state.players[seat]!;
  const cost = changeCost(p);
  let best: Action | undefined;
  let bestValue = -Infinity;
  let bestState: GameState | undefined;
  for (const action of legalTurns(state, p, cost)) {
    const next = after(state, trail, action);
    if (!next) continue;
    const value = positionValue(next, trail, seat) + (rng ? rng.next() * W.noise : 0);
    if (value > bestValue) {
      bestValue = value;
      best = action;
      bestState = next;
    }
  }
  // Then wagons: bought at the end of the turn, when the position with one reads better.
  for (const size of ['large', 'small'] as const) {
    if (!best || !bestState) continue;
    const withWagon: Action = { ...best, buy: [...(best.buy ?? []), size] };
    const next = after(state, trail, withWagon);
    if (!next) continue;
    const value = positionValue(next, trail, seat);
    if (value > positionValue(bestState, trail, seat)) {
      best = withWagon;
      bestState = next;
    }
  }
  return best ?? { type: 'die', die: 0, use: 'income' };
}
