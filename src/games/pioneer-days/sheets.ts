import type { Mm, Scene, SceneItem, Style } from '../../core/scene.ts';
import { CATALOGUE, EQUIPMENT, FACES, TOWNS, TOWNSFOLK } from './catalogue.ts';
import type { PioneerDaysMap } from './model.ts';
import { wrapText } from '../../render/text-fit.ts';
import { DIE_FILL, dieItem } from './scene.ts';
import { effectText, needsText, scoringText } from './text.ts';
import { playersOf } from './validate.ts';

const SIZE = { text: 3.6, small: 3.1, head: 5, die: 9 };

/**
 * Print-and-play sheets for duplicate play: a setup sheet (what to deal where, stacks in order,
 * the gold tokens in draw order) and a dice script (one line per day: the dice to put in the
 * pool, already showing their faces), so every table plays the same trail without rolling.
 */
export function pioneerDaysSheets(map: PioneerDaysMap, style: Style, area: { width: number; height: number }): Scene[] {
  const ink = style.theme === 'print' ? '#1b1b1b' : '#f2f2f2';
  const page = style.theme === 'print' ? '#ffffff' : '#20242a';
  const faint = style.theme === 'print' ? '#555555' : '#bbbbbb';
  const width = Math.min(area.width, 190);
  const players = playersOf(map);
  const seedLabel = map.seed !== undefined ? `seed ${map.seed}` : 'hand-made trail';

  function sheet(title: string, build: (line: (t: string, o?: { size?: number; bold?: boolean; fill?: string; indent?: number }) => void, items: SceneItem[], cursor: { y: number }) => void): Scene {
    const items: SceneItem[] = [];
    const cursor = { y: 0 };
    const line = (t: string, o: { size?: number; bold?: boolean; fill?: string; indent?: number } = {}) => {
      const size = o.size ?? SIZE.text;
      for (const l of wrapText(t, width - (o.indent ?? 0), size, o.bold)) {
        cursor.y += size * 1.32;
        items.push({ kind: 'text', at: { x: o.indent ?? 0, y: cursor.y }, text: l, size, fill: o.fill ?? ink, anchor: 'start', ...(o.bold ? { bold: true } : {}) });
      }
    };
    line(`Pioneer Days · ${seedLabel} · ${title}`, { size: SIZE.head, bold: true });
    build(line, items, cursor);
    return { width: width as Mm, height: Math.min(area.height, cursor.y + 2) as Mm, background: page, title, items };
  }

  const setup = sheet('setup', (line, _items, cursor) => {
    line(`${players} player${players === 1 ? '' : 's'}. Seat the players P1–P${players} clockwise; P${map.startPlayer} takes the start player token.`);
    line(`Dice: put ${players + 1} dice of each colour (${CATALOGUE.disasters.map((d) => `${d.colour} ${d.id}`).join(', ')}, black) aside; the dice script says which to put in the pool each day, with the face up.`);
    line(`Townsfolk: sets ${map.townsfolkSets.map((s) => `${s} (${CATALOGUE.sets[s]})`).join(' and ')}; return the other sets. Deal each week's six into the slots named below, not at random.`);
    line('Gold: stack the 36 tokens face down in this order (first drawn on top) and draw from the top instead of the bag:');
    line(map.gold.join(' '), { bold: true, indent: 4 });
    map.weeks.forEach((week, w) => {
      cursor.y += 1.5;
      line(`Week ${w + 1}`, { bold: true, size: SIZE.text + 0.4 });
      line(`Town cards: ${week.towns.map((id) => { const t = TOWNS.get(id); return t ? `${id} ${t.name} (needs ${needsText(t)}: ${t.favours} favours)` : id; }).join('; ')}`, { indent: 4, size: SIZE.small });
      line(`Townsfolk: ${week.townsfolk.map((id, k) => `${FACES[k]} slot ${id} ${TOWNSFOLK.get(id)?.name ?? ''}`).join(' · ')}`, { indent: 4, size: SIZE.small });
      line(`Store (face up): ${week.equipment.map((id) => `${id} ${EQUIPMENT.get(id)?.name ?? ''}`).join(' · ')}`, { indent: 4, size: SIZE.small });
    });
    cursor.y += 1.5;
    line('Every other component as the rules say. The card texts are goldmaps\' designed catalogue (see the card list sheet).', { size: SIZE.small, fill: faint });
  });

  const dice = sheet('dice script', (line, items, cursor) => {
    line('Each day: put these dice in the pool as shown (do not roll). The start player passes clockwise each day. The die left over moves its disaster marker (black: all).', { size: SIZE.small, fill: faint });
    cursor.y += 1;
    map.weeks.forEach((week, w) => {
      week.days.forEach((day, d) => {
        const top = cursor.y + 1.2;
        const first = ((map.startPlayer - 1 + w * week.days.length + d) % players) + 1;
        items.push({ kind: 'text', at: { x: 0, y: top + SIZE.die * 0.45 }, text: `Week ${w + 1} · day ${d + 1}`, size: SIZE.text, fill: ink, anchor: 'start', bold: true });
        items.push({ kind: 'text', at: { x: 0, y: top + SIZE.die * 0.45 + SIZE.small * 1.15 }, text: `P${first} starts`, size: SIZE.small, fill: faint, anchor: 'start' });
        day.dice.forEach((die, k) => items.push(dieItem(die, 36 + k * (SIZE.die + 1.5), top, SIZE.die)));
        const words = day.dice.map((die) => `${die.colour} ${die.face}`).join(', ');
        items.push({ kind: 'text', at: { x: 36 + day.dice.length * (SIZE.die + 1.5) + 1, y: top + SIZE.die * 0.62 }, text: words, size: 2.6, fill: faint, anchor: 'start' });
        items.push({ kind: 'polyline', points: [{ x: 0, y: top + SIZE.die + 0.8 }, { x: width, y: top + SIZE.die + 0.8 }], stroke: '#cccccc', strokeWidth: 0.2 });
        cursor.y = top + SIZE.die + 0.8;
      });
      cursor.y += 1.5;
    });
    void DIE_FILL;
  });

  const cards = sheet('card list', (line) => {
    line('Designed catalogue (the printed texts are not public): the cards this trail uses.', { size: SIZE.small, fill: faint });
    const folk = map.weeks.flatMap((w) => w.townsfolk);
    for (const id of folk) {
      const c = TOWNSFOLK.get(id);
      if (c) line(`${id} ${c.name}: ${effectText(c.effect)}. Scores ${scoringText(c.scoring)}.`, { size: 2.8 });
    }
    for (const id of map.weeks.flatMap((w) => w.equipment)) {
      const e = EQUIPMENT.get(id);
      if (e) line(`${id} ${e.name}: ${effectText(e.effect)}.`, { size: 2.8 });
    }
    line(`Income (silver): ${Object.entries(CATALOGUE.income).map(([f, n]) => `${f} ${n}`).join(', ')}. Change a face: ${CATALOGUE.changeCost} silver. Wagons: small 2 spaces $5, large 4 spaces $8.`, { size: 2.8, bold: true });
  });
  return [setup, dice, cards];
}
