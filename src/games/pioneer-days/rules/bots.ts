import type { Bot as PlayBot } from '../../../core/play/bot.ts';
import type { Rng } from '../../../core/rng.ts';
import { CATALOGUE, EQUIPMENT, FACES, TOWNS, TOWNSFOLK } from '../catalogue.ts';
import { DAYS, WEEKS, type Effect, type Face, type Gain, type Ongoing } from '../model.ts';
import { BOT_WEIGHTS as W } from './bot-weights.ts';
import type { Action, WagonSize } from './engine.ts';
import { countFor, strikesAfter } from './engine.ts';
import { planTurn } from './planner.ts';
import {
  capacity,
  changeCost,
  effectsOf,
  incomeFor,
  load,
  ongoing,
  protectedFrom,
  seatToMove,
  type GameState,
  type PlayerState,
  type Trail,
} from './state.ts';

/** What Pioneer Days bots are told beyond the state: the trail, and each seat's noise (none in the reference game). */
export interface SeatContext {
  trail: Trail;
  rngs: ReadonlyArray<Rng | undefined>;
}

/** A turn is one die: a Pioneer Days bot yields one action. */
export type Bot = PlayBot<GameState, Action, SeatContext>;

type Choice = (state: GameState, trail: Trail, rng: Rng | undefined) => Action;

const bot = (name: string, choose: Choice): Bot => ({
  name,
  *turn(state, { trail, rngs }, seat) {
    yield choose(state, trail, rngs[seat]);
  },
});

const WAGON_COST = {
  small: CATALOGUE.wagons.find((w) => w.size === 'small')!.cost,
  large: CATALOGUE.wagons.find((w) => w.size === 'large')!.cost,
};
const DISASTERS = CATALOGUE.disasters;

interface Ctx {
  state: GameState;
  trail: Trail;
  p: PlayerState;
  weeksLeft: number;
  turnsLeft: number;
  /** What the week's towns still ask of this player, item by item, and the favours per item. */
  needs: Record<string, number>;
  favourPerItem: Record<string, number>;
}

function context(state: GameState, trail: Trail): Ctx {
  const p = state.players[seatToMove(state, trail)]!;
  const needs: Record<string, number> = {};
  const favourPerItem: Record<string, number> = {};
  for (const id of trail.weeks[state.week]!.towns) {
    const town = TOWNS.get(id)!;
    const items = Object.values(town.needs).reduce((a, n) => a + (n ?? 0), 0);
    for (const [item, n] of Object.entries(town.needs)) {
      needs[item] = (needs[item] ?? 0) + (n ?? 0);
      favourPerItem[item] = Math.max(favourPerItem[item] ?? 0, town.favours / items);
    }
  }
  const have: Record<string, number> = {
    cattle: p.cattle,
    wood: p.wood,
    medicine: p.medicine,
    gold: p.gold.length,
    equipment: p.equipment.length,
  };
  for (const item of Object.keys(needs)) needs[item] = Math.max(0, needs[item]! - (have[item] ?? 0));
  return { state, trail, p, weeksLeft: WEEKS - state.week, turnsLeft: (WEEKS - state.week) * DAYS - state.day, needs, favourPerItem };
}

function scoringBonus(ctx: Ctx, item: string): number {
  let v = 0;
  for (const id of ctx.p.townsfolk) {
    const s = TOWNSFOLK.get(id)!.scoring;
    if (!('flat' in s) && s.per === item) v += s.vp / s.every;
  }
  return v;
}

function needBonus(ctx: Ctx, item: string): number {
  return (ctx.needs[item] ?? 0) > 0 ? W.needPerFavour * (ctx.favourPerItem[item] ?? 0) * 2 : 0;
}

function itemValue(ctx: Ctx, item: string): number {
  const p = ctx.p;
  const base = (() => {
    switch (item) {
      case 'silver':
        return W.silver;
      case 'cattle':
        return (
          ctx.weeksLeft * (1 + ongoing(p).reduce((a, o) => a + ('townCattle' in o ? o.townCattle : 0), 0)) -
          (protectedFrom(p, 'famine') ? 0 : 0.3)
        );
      case 'wood':
        return W.supply + (p.wood < p.wagons.length ? W.stormCover : 0);
      case 'medicine':
        return W.supply + (p.medicine < p.townsfolk.length ? W.diseaseCover : 0);
      case 'gold':
        return W.gold;
      case 'favour':
        return W.favour;
      default:
        return 0;
    }
  })();
  return base + needBonus(ctx, item) + scoringBonus(ctx, item);
}

function gainValue(ctx: Ctx, g: Gain): number {
  let v = 0;
  for (const [item, n] of Object.entries(g)) {
    if (item === 'smallWagon') v += (n as number) * 2 * W.spacePerSlot;
    else if (item === 'equipment')
      v += (n as number) * Math.max(0, ...ctx.state.equipmentOffer.map((id) => effectValue(ctx, EQUIPMENT.get(id)!.effect)));
    else v += (n as number) * itemValue(ctx, item);
  }
  return v;
}

function effectValue(ctx: Ctx, e: Effect): number {
  if (e.kind === 'immediate') return gainValue(ctx, e.gain);
  if (e.kind === 'triggered') return W.triggerRate * ctx.turnsLeft * 0.5 * gainValue(ctx, e.gain);
  const o = e as unknown as Ongoing;
  if ('protect' in o) return protectedFrom(ctx.p, o.protect) ? 0 : W.protect;
  if ('spaces' in o) return o.spaces * W.spacePerSlot;
  if ('income' in o) return o.plus * W.silver * ctx.turnsLeft * 0.2;
  if ('changeDiscount' in o) return W.changeCostOff;
  return o.townCattle * ctx.p.cattle * ctx.weeksLeft * 0.7;
}

function townsfolkValue(ctx: Ctx, id: string): number {
  const card = TOWNSFOLK.get(id)!;
  const s = card.scoring;
  const scoring =
    'flat' in s ? s.flat : Math.floor((countFor(ctx.p, s.per) + 0.6 * ctx.weeksLeft + (s.per === 'townsfolk' ? 1 : 0)) / s.every) * s.vp;
  const sick = ctx.p.medicine <= ctx.p.townsfolk.length && !protectedFrom(ctx.p, 'disease') ? 0.6 : 0;
  return scoring + effectValue(ctx, card.effect) - sick;
}

/** Spaces a gain fills. */
function spacesOf(g: Gain): number {
  return (g.gold ?? 0) + (g.equipment ?? 0) + ((g.wood ?? 0) + (g.medicine ?? 0)) / 2;
}

/** Harm to this player if the die left in the pool sets a disaster off. */
function leftoverHarm(ctx: Ctx, colour: string): number {
  const p = ctx.p;
  let harm = 0;
  DISASTERS.forEach((d, k) => {
    if (colour !== d.colour && colour !== CATALOGUE.wildColour) return;
    if (ctx.state.tracks[k]! + 1 < strikesAfter(d.track) || protectedFrom(p, d.id)) return;
    if (d.id === 'storm') harm += Math.max(0, p.wagons.length - p.wood) * 2.5;
    else if (d.id === 'raid') harm += Math.ceil(p.silver / 2) * W.silver;
    else if (d.id === 'famine') harm += Math.max(0, p.cattle - p.silver) * ctx.weeksLeft;
    else harm += Math.max(0, p.townsfolk.length - p.medicine) * 3;
  });
  return harm * W.disasterAversion;
}

interface Option {
  action: Action;
  value: number;
  silverAfter: number;
  spaces: number;
}

function options(ctx: Ctx): Option[] {
  const { state, p } = ctx;
  const out: Option[] = [];
  const seen = new Set<string>();
  const last = state.turn === ctx.trail.players - 1;
  state.pool.forEach((die, i) => {
    const key = `${die.colour}/${die.face}`;
    if (seen.has(key)) return;
    seen.add(key);
    const triggered: Gain[] = effectsOf(p)
      .filter((e) => e.kind === 'triggered' && e.on === die.face)
      .map((e) => (e as { gain: Gain }).gain);
    const trigValue = triggered.reduce((a, g) => a + gainValue(ctx, g), 0);
    const trigSilver = triggered.reduce((a, g) => a + (g.silver ?? 0), 0);
    const trigSpaces = triggered.reduce((a, g) => a + spacesOf(g), 0);
    const leftover = last ? state.pool.filter((_, k) => k !== i)[0] : undefined;
    const harm = leftover ? leftoverHarm(ctx, leftover.colour) : 0;
    const cost = changeCost(p);
    const faces: Array<[Face, number]> = [[die.face, 0]];
    if (p.silver + trigSilver >= cost) for (const f of FACES) if (f !== die.face) faces.push([f, cost]);
    for (const [face, paid] of faces) {
      const base = trigValue - paid * W.silver - harm;
      const silver0 = p.silver + trigSilver - paid;
      const push = (use: Action['use'], gain: Gain, extra: Partial<Action>, value: number) =>
        out.push({
          action: { type: 'die', die: i, use, ...(face !== die.face ? { change: face } : {}), ...extra },
          value: base + value,
          silverAfter: silver0 + (gain.silver ?? 0),
          spaces: trigSpaces + spacesOf(gain),
        });
      const income = incomeFor(p, face);
      push('income', { silver: income }, {}, income * W.silver);
      const acts: Array<Exclude<Face, 'wild'>> = face === 'wild' ? ['mine', 'equip', 'cattle', 'wood', 'medicine'] : [face];
      for (const act of acts) {
        const as = face === 'wild' ? { as: act } : {};
        if (act === 'equip') {
          for (const id of state.equipmentOffer) {
            const e = EQUIPMENT.get(id)!;
            push(
              'action',
              { equipment: 1 },
              { ...as, equipment: id },
              effectValue(ctx, e.effect) + needBonus(ctx, 'equipment') + scoringBonus(ctx, 'equipment'),
            );
          }
        } else push('action', { [act === 'mine' ? 'gold' : act]: 1 }, as, itemValue(ctx, act === 'mine' ? 'gold' : act));
      }
      const slot = state.townsfolkSlots[FACES.indexOf(face)];
      if (slot) {
        const e = TOWNSFOLK.get(slot)!.effect;
        const g = e.kind === 'immediate' ? e.gain : {};
        push('recruit', g, {}, townsfolkValue(ctx, slot));
      }
    }
  });
  return out;
}

/** Buys the wagon the turn's silver allows when the wagons are nearly full. */
function withWagon(ctx: Ctx, o: Option): Action {
  const free = capacity(ctx.p) - load(ctx.p) - o.spaces;
  if (free > W.wagonWhenFree || ctx.turnsLeft <= 2) return o.action;
  const size: WagonSize | undefined =
    o.silverAfter >= WAGON_COST.large + 2 ? 'large' : o.silverAfter >= WAGON_COST.small ? 'small' : undefined;
  return size ? { ...o.action, buy: [size] } : o.action;
}

/** The settler: weighs every die, face change and use by what it is worth to it now. */
export const settler = bot('settler', (state, trail, rng) => {
  const ctx = context(state, trail);
  const all = options(ctx);
  const free = capacity(ctx.p) - load(ctx.p);
  let best: Option | undefined;
  let bestValue = -Infinity;
  for (const o of all) {
    const over = Math.max(0, o.spaces - Math.max(0, free));
    const v = o.value - over * W.overflow + (rng ? rng.next() * W.noise : 0);
    if (v > bestValue) {
      bestValue = v;
      best = o;
    }
  }
  return withWagon(ctx, best!);
});

/** The baseline: any die, any use that the rules allow, without paying to change it. */
export const baseline = bot('baseline', (state, trail, rng) => {
  const ctx = context(state, trail);
  const all = options(ctx).filter((o) => o.action.change === undefined);
  return (rng ? rng.pick(all) : all[0]!).action;
});

/** Every player by name: the two bots here and the second kind, the lookahead planner (planner.ts). */
/** The second kind of player, the lookahead planner (planner.ts), as a bot of the play kit. */
export const planner = bot('planner', planTurn);

export const BOTS: Record<string, Bot> = { settler, baseline, planner };
