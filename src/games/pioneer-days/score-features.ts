import { CATALOGUE, EQUIPMENT, FACES, TOWNS, TOWNSFOLK } from './catalogue.ts';
import { WEEKS, type Effect, type Gain, type PioneerDaysMap, type Scoring } from './model.ts';
import { playersOf } from './validate.ts';

/** The analytic score's model version: data/score-model.json must carry it (score.ts refuses one that does not). Bump it with the features or the fit. */
export const SCORE_MODEL_VERSION = 'pioneer-days-analytic-1';

/**
 * What the analytic score reads of a trail: counts over the dice script, the town cards' needs
 * against what the dice give, the townsfolk and equipment dealt and what their triggers and slots
 * can yield on this script, the gold bag's early tokens, and the disasters the leftover dice can
 * drive. No game is played: every feature is a sum over the map (a few hundred steps), and the
 * model that weighs them (data/score-model.json) was fitted offline on games by both kinds of
 * player (calibrate/score-model.ts). The order here is the model file's feature order.
 */
export const BASE_FEATURES = [
  'firstGame',
  'shareWild',
  'shareMine',
  'shareEquip',
  'shareCattle',
  'shareWood',
  'cattleEarly',
  'needCattle',
  'needWood',
  'needMedicine',
  'needGold',
  'needEquipment',
  'townFavours',
  'shortfall',
  'weekShortfall',
  'earlyGold',
  'gold24',
  'townsfolkFlat',
  'rateCattle',
  'rateWood',
  'rateMedicine',
  'rateGold',
  'rateEquipment',
  'rateFavour',
  'rateWagon',
  'rateTownsfolk',
  'rateSilver',
  'stacking',
  'townsfolkImmediate',
  'townsfolkTriggers',
  'recruitable',
  'equipmentTriggers',
  'strikesStorm',
  'strikesRaid',
  'strikesFamine',
  'strikesDisease',
  'unprotectedStrikes',
  'setsAC',
  'setsAD',
  'setsAE',
  'setsBC',
  'setsBD',
  'setsBE',
  'setsCD',
  'setsCE',
  'setsDE',
  'dayValue',
  'leftoverValue',
  'leftoverStrikes',
  'townsfolkEarlyVp',
  'synergy',
  'favourSynergy',
] as const;
export type FeatureName = (typeof BASE_FEATURES)[number];

/** Every townsfolk card, in catalogue order: a feature each, the town visits left when the trail deals it (0: not dealt). */
const CARD_IDS = CATALOGUE.townsfolk.map((t) => t.id);
const CARD_INDEX: Record<string, number> = Object.fromEntries(CARD_IDS.map((id, k) => [id, k]));
/**
 * The model's features, in its order: the named ones, then one per townsfolk card (`week:A01`, …)
 * that is 4 when the card is dealt in week 1, 3 in week 2, … and 0 when the trail does not deal
 * it. Within one pair of sets (every first-game trail deals the same 24 cards) which card comes
 * early is much of what tells trails apart; the fit weighs each card by what it did in the games.
 */
export const FEATURES: readonly string[] = [...BASE_FEATURES, ...CARD_IDS.map((id) => `week:${id}`)];

const NEED_ITEMS = ['cattle', 'wood', 'medicine', 'gold', 'equipment'] as const;
const FACE_INDEX: Record<string, number> = Object.fromEntries(FACES.map((f, k) => [f, k]));
/** The face whose action brings each item a town can ask for, in NEED_ITEMS order. */
const ITEM_FACE = [FACE_INDEX.cattle!, FACE_INDEX.wood!, FACE_INDEX.medicine!, FACE_INDEX.mine!, FACE_INDEX.equip!];
const WILD = FACE_INDEX.wild!;
const CATTLE = FACE_INDEX.cattle!;
const PER_ITEMS = ['cattle', 'wood', 'medicine', 'gold', 'equipment', 'favour', 'wagon', 'townsfolk', 'silver'] as const;
/** The face that brings each item a card may score per (−1: none does). */
const PER_FACE = PER_ITEMS.map((i) =>
  i === 'cattle'
    ? FACE_INDEX.cattle!
    : i === 'wood'
      ? FACE_INDEX.wood!
      : i === 'medicine'
        ? FACE_INDEX.medicine!
        : i === 'gold'
          ? FACE_INDEX.mine!
          : i === 'equipment'
            ? FACE_INDEX.equip!
            : -1,
);
const PER_INDEX: Record<string, number> = Object.fromEntries(PER_ITEMS.map((f, k) => [f, k]));
/** A rough worth of each thing a card gives, in VP: the regression weighs the sums, these only add them up. */
const WORTH: Record<keyof Gain, number> = { cattle: 2, wood: 1, medicine: 1, gold: 2, favour: 2, silver: 0.3, equipment: 1, smallWagon: 1 };
/**
 * A die's worth to the player who takes it, by face, in week w (0-based): cattle score at every
 * town visit left, gold tokens average 1.9 nuggets, a favour 2 VP; wood and medicine mostly serve
 * the towns. Rough, fixed numbers: they only order a day's dice, to tell what is taken and what is left.
 */
const FACE_WORTH: number[][] = Array.from({ length: WEEKS }, (_, w) =>
  FACES.map((f) => (f === 'wild' ? Math.max(WEEKS - w, 1.9) : f === 'mine' ? 1.9 : f === 'equip' ? 1.2 : f === 'cattle' ? WEEKS - w : 1)),
);
const TRACKS = CATALOGUE.disasters.length;
/** The disaster track a die colour moves (−1: black moves them all). */
const COLOUR_TRACK: Record<string, number> = Object.fromEntries(CATALOGUE.disasters.map((d, k) => [d.colour, k]));
const DISASTER_TRACK: Record<string, number> = Object.fromEntries(CATALOGUE.disasters.map((d, k) => [d.id, k]));
const STRIKES_AFTER = CATALOGUE.disasters.map((d) => d.track - 1);

function worthOf(g: Gain): number {
  let v = 0;
  for (const k in g) v += (g[k as keyof Gain] ?? 0) * WORTH[k as keyof Gain];
  return v;
}

/** What a card adds up to, worked out once per card rather than once per trail. */
interface CardFacts {
  flat: number;
  /** PER_INDEX of the item it scores per, or −1; and the VP per item. */
  per: number;
  rate: number;
  immediate: number;
  /** FACE_INDEX its trigger fires on, or −1; and the worth of what it gives. */
  trigger: number;
  triggerWorth: number;
  /** DISASTER_TRACK it protects from, or −1. */
  protect: number;
  /** Favours it gives at once. */
  favours: number;
}
function factsOf(effect: Effect, scoring?: Scoring): CardFacts {
  return {
    flat: scoring && 'flat' in scoring ? scoring.flat : 0,
    per: scoring && 'per' in scoring ? PER_INDEX[scoring.per]! : -1,
    rate: scoring && 'per' in scoring ? scoring.vp / scoring.every : 0,
    immediate: effect.kind === 'immediate' ? worthOf(effect.gain) : 0,
    trigger: effect.kind === 'triggered' ? FACE_INDEX[effect.on]! : -1,
    triggerWorth: effect.kind === 'triggered' ? worthOf(effect.gain) : 0,
    protect: effect.kind === 'ongoing' && 'protect' in effect ? DISASTER_TRACK[effect.protect]! : -1,
    favours: effect.kind === 'immediate' ? (effect.gain.favour ?? 0) : 0,
  };
}
const FOLK: Record<string, CardFacts> = Object.fromEntries([...TOWNSFOLK].map(([id, t]) => [id, factsOf(t.effect, t.scoring)]));
const TILES: Record<string, CardFacts> = Object.fromEntries([...EQUIPMENT].map(([id, e]) => [id, factsOf(e.effect)]));
/** A town card's needs in NEED_ITEMS order, and its favours. */
const TOWN_NEEDS: Record<string, { needs: number[]; items: number; favours: number }> = Object.fromEntries(
  [...TOWNS].map(([id, t]) => [
    id,
    { needs: NEED_ITEMS.map((i) => t.needs[i] ?? 0), items: NEED_ITEMS.reduce((a, i) => a + (t.needs[i] ?? 0), 0), favours: t.favours },
  ]),
);

/** A trail's features, keyed as FEATURES lists them, and the facts the score reports beside them. */
export interface TrailFeatures {
  values: Record<FeatureName, number>;
  /** The per-card features, in CARD_IDS order (FEATURES after the named ones). */
  cardWeeks: number[];
  /** Dice faces in the whole script, by face. */
  faces: Record<string, number>;
  /** Strikes each disaster's marker is expected to reach from the script (the leftover taken as any die of the day alike), the final advance included. */
  expectedDisasters: Record<string, number>;
  /** The most VP per item that the trail's dealt townsfolk stack on one item. */
  stacking: { item: string; vpPerItem: number };
  /** Items the town cards ask of each player, and the favours they pay. */
  townItems: number;
  townFavours: number;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

export function trailFeatures(map: PioneerDaysMap): TrailFeatures {
  const players = playersOf(map);
  const weeks = map.weeks;
  const W = weeks.length;
  const F = FACES.length;
  // Faces per week (flat: week w, face f at w * F + f).
  const faceWeek = new Array<number>(W * F).fill(0);
  const advances = new Array<number>(TRACKS).fill(0);
  const likely = new Array<number>(TRACKS).fill(0);
  let dayValue = 0;
  let leftoverValue = 0;
  let dice = 0;
  for (let w = 0; w < W; w++) {
    const worth = FACE_WORTH[Math.min(w, WEEKS - 1)]!;
    for (const day of weeks[w]!.days) {
      const n = day.dice.length;
      if (n === 0) continue;
      // The day's dice by worth: the players take all but one; the least worth is what is left.
      let sum = 0;
      let least = Infinity;
      let leastTrack = -1;
      for (const die of day.dice) {
        const f = FACE_INDEX[die.face]!;
        faceWeek[w * F + f]!++;
        dice++;
        const v = worth[f]!;
        sum += v;
        const k = COLOUR_TRACK[die.colour] ?? -1;
        if (v < least) {
          least = v;
          leastTrack = k;
        }
        // The leftover is one of the day's dice, each alike here. Black moves every marker.
        if (k < 0) for (let t = 0; t < TRACKS; t++) advances[t]! += 1 / n;
        else advances[k]! += 1 / n;
      }
      dayValue += (sum - least) / players;
      leftoverValue += least;
      if (leastTrack < 0) for (let t = 0; t < TRACKS; t++) likely[t]!++;
      else likely[leastTrack]!++;
    }
  }
  // Faces from each week on: what a card taken that week can still trigger on.
  const faceFrom = new Array<number>(W * F).fill(0);
  for (let w = W - 1; w >= 0; w--)
    for (let f = 0; f < F; f++) faceFrom[w * F + f] = faceWeek[w * F + f]! + (w + 1 < W ? faceFrom[(w + 1) * F + f]! : 0);
  const total = new Array<number>(F).fill(0);
  for (let w = 0; w < W; w++) for (let f = 0; f < F; f++) total[f]! += faceWeek[w * F + f]!;
  const share = (f: number) => total[f]! / (dice || 1);

  // Cattle held score at every town visit from then on: cattle faces early are worth more.
  let cattleEarly = 0;
  for (let w = 0; w < W; w++) cattleEarly += (faceWeek[w * F + CATTLE]! * (WEEKS - w)) / players;

  // Town needs, against what the dice give one player (a wild die can take any action).
  const need = [0, 0, 0, 0, 0];
  const supply = [0, 0, 0, 0, 0];
  let townItems = 0;
  let townFavours = 0;
  let weekShortfall = 0;
  for (let w = 0; w < W; w++) {
    for (const id of weeks[w]!.towns) {
      const t = TOWN_NEEDS[id];
      if (!t) continue;
      townFavours += t.favours;
      townItems += t.items;
      for (let i = 0; i < 5; i++) need[i]! += t.needs[i]!;
    }
    const wild = faceWeek[w * F + WILD]! / NEED_ITEMS.length;
    for (let i = 0; i < 5; i++) {
      supply[i]! += (faceWeek[w * F + ITEM_FACE[i]!]! + wild) / players;
      weekShortfall += Math.max(0, need[i]! - supply[i]!);
    }
  }
  let shortfall = 0;
  for (let i = 0; i < 5; i++) shortfall += Math.max(0, need[i]! - supply[i]!);

  // Townsfolk dealt: flat VP, VP per item (cards scoring one item stack), what they give at
  // once and by trigger on this script, and whether the week's dice show their slot's face.
  const rate = new Array<number>(PER_ITEMS.length).fill(0);
  const protect = new Array<number>(TRACKS).fill(0);
  let flat = 0;
  let immediate = 0;
  let triggers = 0;
  let recruitable = 0;
  let earlyVp = 0;
  let favourGains = 0;
  const cardWeeks = new Array<number>(CARD_IDS.length).fill(0);
  for (let w = 0; w < W; w++) {
    const folk = weeks[w]!.townsfolk;
    const left = WEEKS - w;
    for (let slot = 0; slot < folk.length; slot++) {
      const c = FOLK[folk[slot]!];
      if (!c) continue;
      cardWeeks[CARD_INDEX[folk[slot]!]!] = left;
      flat += c.flat;
      if (c.per >= 0) rate[c.per]! += c.rate;
      // Townsfolk dealt early are recruited and working longer.
      earlyVp += (c.flat + 2 * c.rate) * left;
      immediate += c.immediate;
      if (c.trigger >= 0) triggers += (c.triggerWorth * faceFrom[w * F + c.trigger]!) / players;
      if (c.protect >= 0) protect[c.protect]!++;
      favourGains += c.favours;
      if (slot < F) recruitable += Math.min(1, faceWeek[w * F + slot]! / players);
    }
  }
  // Cards that score per item, times the dice faces that bring that item (per player): what the
  // dealt scoring and this script's dice make of each other.
  let synergy = 0;
  for (let i = 0; i < PER_FACE.length; i++)
    if (PER_FACE[i]! >= 0) synergy += (rate[i]! * (total[PER_FACE[i]!]! + total[WILD]! / NEED_ITEMS.length)) / players;
  let stacking = { item: 'none', vpPerItem: 0 };
  for (const item of SORTED_PER_ITEMS)
    if (rate[PER_INDEX[item]!]! > stacking.vpPerItem) stacking = { item, vpPerItem: r2(rate[PER_INDEX[item]!]!) };

  let equipmentTriggers = 0;
  for (let w = 0; w < W; w++)
    for (const id of weeks[w]!.equipment) {
      const c = TILES[id];
      if (!c) continue;
      if (c.trigger >= 0) equipmentTriggers += (c.triggerWorth * faceFrom[w * F + c.trigger]!) / players;
      if (c.protect >= 0) protect[c.protect]!++;
    }

  // Expected strikes: advances from the leftover dice plus the final one, over the track's length;
  // and the strikes if the least worth die of each day is the one left.
  const strikes = new Array<number>(TRACKS);
  let leftoverStrikes = 0;
  let unprotected = 0;
  for (let k = 0; k < TRACKS; k++) {
    strikes[k] = (advances[k]! + 1) / STRIKES_AFTER[k]!;
    leftoverStrikes += Math.floor((likely[k]! + 1) / STRIKES_AFTER[k]!);
    unprotected += strikes[k]! * Math.max(0, 1 - protect[k]! / players);
  }

  const gold = map.gold;
  let earlyGold = 0;
  let gold24 = 0;
  for (let i = 0; i < gold.length && i < 24; i++) {
    if (i < 12) earlyGold += gold[i]!;
    gold24 += gold[i]!;
  }
  const sets = map.townsfolkSets;
  const pair = [...sets].sort().join('');
  // Favours come from the towns and from the dealt cards; the cards that score per favour multiply them.
  const favourSynergy = rate[PER_INDEX.favour!]! * (townFavours + favourGains);
  const values: Record<FeatureName, number> = {
    firstGame: sets.length === 2 && sets.includes('A') && sets.includes('B') ? 1 : 0,
    shareWild: share(WILD),
    shareMine: share(FACE_INDEX.mine!),
    shareEquip: share(FACE_INDEX.equip!),
    shareCattle: share(CATTLE),
    shareWood: share(FACE_INDEX.wood!),
    cattleEarly,
    needCattle: need[0]!,
    needWood: need[1]!,
    needMedicine: need[2]!,
    needGold: need[3]!,
    needEquipment: need[4]!,
    townFavours,
    shortfall,
    weekShortfall,
    earlyGold,
    gold24,
    townsfolkFlat: flat,
    rateCattle: rate[0]!,
    rateWood: rate[1]!,
    rateMedicine: rate[2]!,
    rateGold: rate[3]!,
    rateEquipment: rate[4]!,
    rateFavour: rate[5]!,
    rateWagon: rate[6]!,
    rateTownsfolk: rate[7]!,
    rateSilver: rate[8]!,
    stacking: stacking.vpPerItem,
    townsfolkImmediate: immediate,
    townsfolkTriggers: triggers,
    recruitable,
    equipmentTriggers,
    strikesStorm: strikes[0]!,
    strikesRaid: strikes[1]!,
    strikesFamine: strikes[2]!,
    strikesDisease: strikes[3]!,
    unprotectedStrikes: unprotected,
    // The pair of townsfolk sets dealt (sets A and B, the first-game pair, is `firstGame`).
    setsAC: pair === 'AC' ? 1 : 0,
    setsAD: pair === 'AD' ? 1 : 0,
    setsAE: pair === 'AE' ? 1 : 0,
    setsBC: pair === 'BC' ? 1 : 0,
    setsBD: pair === 'BD' ? 1 : 0,
    setsBE: pair === 'BE' ? 1 : 0,
    setsCD: pair === 'CD' ? 1 : 0,
    setsCE: pair === 'CE' ? 1 : 0,
    setsDE: pair === 'DE' ? 1 : 0,
    dayValue,
    leftoverValue,
    leftoverStrikes,
    townsfolkEarlyVp: earlyVp,
    synergy,
    favourSynergy,
  };
  const faces: Record<string, number> = {};
  for (let f = 0; f < F; f++) faces[FACES[f]!] = total[f]!;
  const expectedDisasters: Record<string, number> = {};
  for (let k = 0; k < TRACKS; k++) expectedDisasters[CATALOGUE.disasters[k]!.id] = r2(strikes[k]!);
  return { values, cardWeeks, faces, expectedDisasters, stacking, townItems, townFavours };
}
const SORTED_PER_ITEMS = [...PER_ITEMS].sort();

/** Every townsfolk card scores on its own, so cards that score the same item multiply: the most VP per item the dealt townsfolk stack on one item. */
export function stackingOf(map: PioneerDaysMap): { item: string; vpPerItem: number } {
  return trailFeatures(map).stacking;
}
