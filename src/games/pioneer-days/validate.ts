import type { Problem } from '../../core/game-module.ts';
import { COLOURS, EQUIPMENT, FACES, TOWNS, TOWNSFOLK, goldSupply } from './catalogue.ts';
import { DAYS, SETS_USED, TOWNSFOLK_PER_WEEK, TOWNS_PER_WEEK, WEEKS, type PioneerDaysMap } from './model.ts';

/** The table size a trail is for: its options, else what its dice say, else four. */
export function playersOf(map: PioneerDaysMap): number {
  const fromOptions = map.options?.players;
  if (typeof fromOptions === 'number') return fromOptions;
  const perDay = map.weeks[0]?.days[0]?.dice.length;
  return perDay && perDay >= 2 && perDay <= 5 ? perDay - 1 : 4;
}

const sameMultiset = (a: readonly (string | number)[], b: readonly (string | number)[]) => {
  if (a.length !== b.length) return false;
  const x = [...a].map(String).sort();
  const y = [...b].map(String).sort();
  return x.every((v, i) => v === y[i]);
};

/**
 * The invariants of a trail, each one the rules fix: 4 weeks of 5 days; 9 distinct towns dealt
 * 2, 2, 2, 3; 2 distinct townsfolk sets, 6 of their cards a week, none twice; players+1 distinct
 * equipment tiles a week, none twice; players+1 dice a day, and each week every die in the bag
 * (one set plus one per player) once; a start player at the table; the 36 gold tokens once each.
 */
export function validatePioneerDays(map: PioneerDaysMap): Problem[] {
  const problems: Problem[] = [];
  const add = (rule: string, message: string, at?: string) => problems.push(at === undefined ? { rule, message } : { rule, message, at });
  const players = playersOf(map);
  if (!Number.isInteger(players) || players < 1 || players > 4)
    add('players', `a trail is for 1–4 players, not ${players}`, 'options.players');
  if (!Number.isInteger(map.startPlayer) || map.startPlayer < 1 || map.startPlayer > players)
    add('start-player', `start player ${map.startPlayer} is not a seat at a ${players}-player table`, 'startPlayer');

  const sets = map.townsfolkSets;
  if (sets.length !== SETS_USED || new Set(sets).size !== sets.length)
    add('townsfolk-sets', `the trail uses ${SETS_USED} different townsfolk sets, not ${JSON.stringify(sets)}`, 'townsfolkSets');
  if (map.weeks.length !== WEEKS) add('weeks', `a trail has ${WEEKS} weeks, not ${map.weeks.length}`, 'weeks');

  const seenTowns = new Set<string>();
  const seenFolk = new Set<string>();
  const seenEquipment = new Set<string>();
  const bag = Array.from({ length: players + 1 }, () => COLOURS).flat();
  map.weeks.forEach((week, w) => {
    const at = `weeks[${w}]`;
    const towns = TOWNS_PER_WEEK[w];
    if (towns !== undefined && week.towns.length !== towns)
      add('towns', `week ${w + 1} shows ${towns} town cards (the ninth joins in week 4), not ${week.towns.length}`, `${at}.towns`);
    week.towns.forEach((id, k) => {
      if (!TOWNS.has(id)) add('town-card', `${id} is not a town card`, `${at}.towns[${k}]`);
      if (seenTowns.has(id)) add('town-repeated', `town card ${id} is dealt twice`, `${at}.towns[${k}]`);
      seenTowns.add(id);
    });
    if (week.townsfolk.length !== TOWNSFOLK_PER_WEEK)
      add('townsfolk', `week ${w + 1} deals ${TOWNSFOLK_PER_WEEK} townsfolk, not ${week.townsfolk.length}`, `${at}.townsfolk`);
    week.townsfolk.forEach((id, k) => {
      const card = TOWNSFOLK.get(id);
      if (!card) add('townsfolk-card', `${id} is not a townsfolk card`, `${at}.townsfolk[${k}]`);
      else if (!sets.includes(card.set))
        add('townsfolk-set', `${id} is from set ${card.set}, which this trail does not use`, `${at}.townsfolk[${k}]`);
      if (seenFolk.has(id)) add('townsfolk-repeated', `townsfolk ${id} is dealt twice`, `${at}.townsfolk[${k}]`);
      seenFolk.add(id);
    });
    if (week.equipment.length !== players + 1)
      add(
        'equipment',
        `week ${w + 1} reveals ${players + 1} equipment tiles (one plus one per player), not ${week.equipment.length}`,
        `${at}.equipment`,
      );
    week.equipment.forEach((id, k) => {
      if (!EQUIPMENT.has(id)) add('equipment-tile', `${id} is not an equipment tile`, `${at}.equipment[${k}]`);
      if (seenEquipment.has(id)) add('equipment-repeated', `equipment tile ${id} is revealed twice`, `${at}.equipment[${k}]`);
      seenEquipment.add(id);
    });
    if (week.days.length !== DAYS) add('days', `week ${w + 1} has ${DAYS} days, not ${week.days.length}`, `${at}.days`);
    const colours: string[] = [];
    week.days.forEach((day, d) => {
      if (day.dice.length !== players + 1)
        add(
          'dice',
          `week ${w + 1} day ${d + 1} draws ${players + 1} dice (one plus one per player), not ${day.dice.length}`,
          `${at}.days[${d}].dice`,
        );
      day.dice.forEach((die, k) => {
        if (!COLOURS.includes(die.colour)) add('die-colour', `${die.colour} is not a die colour`, `${at}.days[${d}].dice[${k}].colour`);
        if (!FACES.includes(die.face)) add('die-face', `${die.face} is not a die face`, `${at}.days[${d}].dice[${k}].face`);
        colours.push(die.colour);
      });
    });
    if (!sameMultiset(colours, bag))
      add('dice-bag', `week ${w + 1} must draw every die in the bag once: ${players + 1} of each colour`, `${at}.days`);
  });
  if (!sameMultiset(map.gold, goldSupply()))
    add('gold', 'the gold bag holds each of the 36 tokens exactly once (14 of 1 nugget, 14 of 2, 8 of 3)', 'gold');
  return problems;
}
