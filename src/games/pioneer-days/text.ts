import { CATALOGUE } from './catalogue.ts';
import type { Effect, Gain, Scoring, Town } from './model.ts';

/** Card texts in words, for sheets and hover titles. */
const ITEM_WORD: Record<string, [string, string]> = {
  silver: ['silver', 'silver'],
  cattle: ['cattle', 'cattle'],
  wood: ['wood', 'wood'],
  medicine: ['medicine', 'medicine'],
  gold: ['gold token', 'gold tokens'],
  favour: ['favour', 'favours'],
  equipment: ['equipment tile', 'equipment tiles'],
  wagon: ['wagon', 'wagons'],
  townsfolk: ['townsfolk', 'townsfolk'],
};
export const items = (n: number, item: string) => `${n} ${(ITEM_WORD[item] ?? [item, item])[n === 1 ? 0 : 1]}`;

export function gainText(g: Gain): string {
  const parts = Object.entries(g).map(([k, v]) =>
    k === 'smallWagon' ? (v === 1 ? 'a free small wagon' : `${v} free small wagons`) : items(v as number, k),
  );
  return parts.join(' + ');
}

export function needsText(t: Town): string {
  return Object.entries(t.needs)
    .map(([k, v]) => items(v ?? 0, k))
    .join(' + ');
}

export function effectText(e: Effect): string {
  if (e.kind === 'immediate') return `Now: gain ${gainText(e.gain)}`;
  if (e.kind === 'triggered') return `When you take ${/^[aeiou]/.test(e.on) ? 'an' : 'a'} ${e.on} die: gain ${gainText(e.gain)}`;
  if ('protect' in e) return `Ongoing: ${e.protect} does not harm you`;
  if ('spaces' in e) return `Ongoing: +${e.spaces} wagon space${e.spaces === 1 ? '' : 's'}`;
  if ('income' in e) return `Ongoing: +${e.plus} silver income on ${e.income}`;
  if ('changeDiscount' in e)
    return `Ongoing: changing a face costs ${e.changeDiscount} silver less (never under 1; ${CATALOGUE.changeCost} without discounts)`;
  return `Ongoing: +${e.townCattle} VP a cattle at each town`;
}

export function scoringText(s: Scoring): string {
  if ('flat' in s) return `${s.flat} VP`;
  const per = s.every === 1 ? (ITEM_WORD[s.per] ?? [s.per])[0] : items(s.every, s.per);
  return `${s.vp} VP per ${per}`;
}
