import type { Mm, Scene, SceneItem, Style } from '../../core/scene.ts';
import { transformItems } from '../../drawing/transform.ts';
import { MIN_TEXT_MM, wrapText } from '../../drawing/text-fit.ts';
import { cardSheets } from './cards.ts';
import { CATALOGUE, EQUIPMENT, FACES, TOWNS, TOWNSFOLK } from './catalogue.ts';
import type { PioneerDaysMap } from './model.ts';
import { dayStarter, dieItem } from './scene.ts';
import { needsText } from './text.ts';
import { playersOf } from './validate.ts';

/**
 * Type sizes (mm, em) by role, shared by the kit's and the box setup's sheets: body and steps,
 * small (a week's lines, notes), a week's heading, the sheet's heading, and the words beside a
 * day's dice (the smallest, still MIN_TEXT_MM, ≈ 8 pt). Lines wrap at their size, never shrink.
 */
export const SIZE = { text: 3.6, small: 3.1, heading: 4, head: 5, die: 9, dieWords: MIN_TEXT_MM };

export interface Ink {
  ink: string;
  faint: string;
  page: string;
}
export const inkOf = (style: Style): Ink =>
  style.theme === 'print' ? { ink: '#1b1b1b', faint: '#555555', page: '#ffffff' } : { ink: '#f2f2f2', faint: '#bbbbbb', page: '#20242a' };

/** A run of lines and pictures that a sheet never splits: the setup, one week, … */
export interface Block {
  items: SceneItem[];
  height: number;
  /** What the block is on its sheet ('steps': the lines a table follows to set up), kept as its group's role. */
  role?: string;
}

export interface Writer {
  line(t: string, o?: { size?: number; bold?: boolean; fill?: string; indent?: number }): void;
  items: SceneItem[];
  y: number;
}

/** A block drawn from its own top, `width` mm wide. */
export function block(width: number, ink: Ink, build: (w: Writer) => void, role?: string): Block {
  const w: Writer = {
    items: [],
    y: 0,
    line(t, o = {}) {
      const size = o.size ?? SIZE.text;
      for (const l of wrapText(t, width - (o.indent ?? 0), size, o.bold)) {
        w.y += size * 1.32;
        w.items.push({
          kind: 'text',
          at: { x: o.indent ?? 0, y: w.y },
          text: l,
          size,
          fill: o.fill ?? ink.ink,
          anchor: 'start',
          ...(o.bold ? { bold: true } : {}),
        });
      }
    },
  };
  build(w);
  return { items: w.items, height: w.y + 1.5, ...(role ? { role } : {}) };
}

/**
 * Blocks laid down sheets of the paper's height, a new sheet wherever the next block would not
 * fit whole, so a week's lines are never split across pages. Every sheet is the area's full
 * height, so a short last one still prints upright.
 */
export function paginate(heading: string, title: string, blocks: Block[], ink: Ink, area: { width: number; height: number }): Scene[] {
  const width = Math.min(area.width, 190);
  const pages: Block[][] = [[]];
  const top = SIZE.head * 1.32 + 1;
  let y = top;
  for (const b of blocks) {
    if (y + b.height > area.height && pages[pages.length - 1]!.length > 0) {
      pages.push([]);
      y = top;
    }
    pages[pages.length - 1]!.push(b);
    y += b.height;
  }
  return pages.map((page, k) => {
    const suffix = pages.length > 1 ? ` (${k + 1} of ${pages.length})` : '';
    const items: SceneItem[] = [
      {
        kind: 'text',
        at: { x: 0, y: SIZE.head * 1.32 },
        text: `${heading} · ${title}${suffix}`,
        size: SIZE.head,
        fill: ink.ink,
        anchor: 'start',
        bold: true,
      },
    ];
    let at = top;
    for (const b of page) {
      const placed = transformItems(b.items, { dy: at });
      if (b.role) items.push({ kind: 'group', role: b.role, items: placed });
      else items.push(...placed);
      at += b.height;
    }
    return { width: width as Mm, height: area.height as Mm, background: ink.page, title: `${title}${suffix}`, items };
  });
}

/** The gold tokens in draw order, in sixes so a stack can be counted out without losing the place. */
export const goldStack = (map: PioneerDaysMap) =>
  Array.from({ length: Math.ceil(map.gold.length / 6) }, (_, k) => map.gold.slice(k * 6, k * 6 + 6).join(' ')).join('  ·  ');

export const seedLabelOf = (map: PioneerDaysMap) => (map.seed !== undefined ? `seed ${map.seed}` : 'hand-made trail');

/** The dice script, one block a week: the dice to set in the pool each day, faces up, instead of drawing and rolling. */
export function diceScript(map: PioneerDaysMap, style: Style, area: { width: number; height: number }): Scene[] {
  const ink = inkOf(style);
  const width = Math.min(area.width, 190);
  const intro = block(width, ink, (w) =>
    w.line(
      'Each day: put these dice in the pool as shown (do not draw or roll). The start player token passes clockwise each day. The die left over moves the disaster marker of its colour (black: every marker).',
      { size: SIZE.small, fill: ink.faint },
    ),
  );
  const weeks = map.weeks.map((week, wk) =>
    block(width, ink, (w) => {
      week.days.forEach((day, d) => {
        const top = w.y + 1.2;
        w.items.push({
          kind: 'text',
          at: { x: 0, y: top + SIZE.die * 0.45 },
          text: `Week ${wk + 1} · day ${d + 1}`,
          size: SIZE.text,
          fill: ink.ink,
          anchor: 'start',
          bold: true,
        });
        w.items.push({
          kind: 'text',
          at: { x: 0, y: top + SIZE.die * 0.45 + SIZE.small * 1.15 },
          text: `P${dayStarter(map, wk, d)} starts`,
          size: SIZE.small,
          fill: ink.faint,
          anchor: 'start',
        });
        day.dice.forEach((die, k) => w.items.push(dieItem(die, 36 + k * (SIZE.die + 1.5), top, SIZE.die)));
        const words = day.dice.map((die) => `${die.colour} ${die.face}`).join(', ');
        for (const [i, l] of wrapText(words, width - 37 - day.dice.length * (SIZE.die + 1.5), SIZE.dieWords).entries()) {
          w.items.push({
            kind: 'text',
            at: { x: 36 + day.dice.length * (SIZE.die + 1.5) + 1, y: top + SIZE.die * 0.45 + i * SIZE.dieWords * 1.2 },
            text: l,
            size: SIZE.dieWords,
            fill: ink.faint,
            anchor: 'start',
          });
        }
        w.items.push({
          kind: 'polyline',
          points: [
            { x: 0, y: top + SIZE.die + 0.8 },
            { x: width, y: top + SIZE.die + 0.8 },
          ],
          stroke: '#cccccc',
          strokeWidth: 0.2,
        });
        w.y = top + SIZE.die + 0.8;
      });
    }),
  );
  return paginate(`Pioneer Days · ${seedLabelOf(map)}`, 'dice script', [intro, ...weeks], ink, area);
}

/** What a table needs besides the printed sheets, from the rules' component list and setup. */
export function stillNeeded(map: PioneerDaysMap): string[] {
  const players = playersOf(map);
  const tracks = CATALOGUE.disasters.map((d) => `${d.id} ${d.track}`).join(', ');
  const start = CATALOGUE.start;
  return [
    `Dice: ${players + 1} of each colour (${CATALOGUE.disasters.map((d) => d.colour).join(', ')}, ${CATALOGUE.wildColour}), ${5 * (players + 1)} in all. You set each face from the dice script and never roll, so any dice in those colours will do (read the faces 1 wild, 2 mine, 3 equip, 4 cattle, 5 wood, 6 medicine), or coloured counters with the face written on a slip.`,
    `Gold: 36 gold tokens, face down: ${Object.entries(CATALOGUE.goldSupply)
      .map(([n, c]) => `${c} of ${n} nugget${n === '1' ? '' : 's'}`)
      .join(', ')} (slips of card with the number on one side will do). No bag: they are stacked in the order above.`,
    `Board: the four disaster tracks (${tracks} spaces, the first included) with a marker each; the six townsfolk slots (${FACES.join(', ')}); two or three town card spaces and a store; a score track with a marker a player, or paper and pencil.`,
    `Each player: a player board with a ${start.wagon}-space starting wagon and ${start.silver} silver, ${start.cattle} cattle, ${start.wood} wood, ${start.medicine} medicine to start; wagon cards to buy (12 small: 2 spaces, $5; 8 large: 4 spaces, $8).`,
    'Tokens (not meant to run out; any counters): silver coins, cattle, wood, medicine, damage, favours; and a start player token.',
  ];
}

/**
 * The print-and-play kit for duplicate play: a setup sheet (seats, start player, sets, what each
 * week deals, the gold tokens as a face-down stack in draw order, what else the table needs), the
 * dice script, and every card the trail deals to cut out, fronts and backs.
 */
export function pioneerDaysSheets(map: PioneerDaysMap, style: Style, area: { width: number; height: number }): Scene[] {
  const ink = inkOf(style);
  const width = Math.min(area.width, 190);
  const players = playersOf(map);
  const seedLabel = seedLabelOf(map);
  const start = block(
    width,
    ink,
    (w) => {
      w.line(
        `${players} player${players === 1 ? '' : 's'}. Seat the players P1–P${players} clockwise; P${map.startPlayer} takes the start player token.`,
      );
      w.line(
        `Dice: the dice script (next sheet) says which dice to put in the pool each day, with the face up; do not draw or roll. The die left over moves its disaster marker: ${CATALOGUE.disasters.map((d) => `${d.colour} ${d.id}`).join(', ')}, ${CATALOGUE.wildColour} every marker.`,
      );
      w.line(
        `Cards: cut out the cards on the last sheets (sets ${map.townsfolkSets.map((s) => `${s} ${CATALOGUE.sets[s]}`).join(' and ')} for the townsfolk). Each card says the week and the place it is dealt to: deal them there, not at random.`,
      );
      w.line('Gold: stack the 36 tokens face down in this order (first drawn on top) and draw from the top instead of the bag:');
      w.line(goldStack(map), { bold: true, indent: 4 });
    },
    'steps',
  );
  const weeks = map.weeks.map((week, wk) =>
    block(width, ink, (w) => {
      w.y += 1.5;
      w.line(`Week ${wk + 1}`, { bold: true, size: SIZE.heading });
      w.line(
        `Town cards: ${week.towns
          .map((id) => {
            const t = TOWNS.get(id);
            return t ? `${id} ${t.name} (needs ${needsText(t)}: ${t.favours} favours)` : id;
          })
          .join('; ')}`,
        { indent: 4, size: SIZE.small },
      );
      w.line(`Townsfolk: ${week.townsfolk.map((id, k) => `${FACES[k]} slot ${id} ${TOWNSFOLK.get(id)?.name ?? ''}`).join(' · ')}`, {
        indent: 4,
        size: SIZE.small,
      });
      w.line(`Store (face up): ${week.equipment.map((id) => `${id} ${EQUIPMENT.get(id)?.name ?? ''}`).join(' · ')}`, {
        indent: 4,
        size: SIZE.small,
      });
    }),
  );
  const needs = block(width, ink, (w) => {
    w.y += 2;
    w.line('You also need', { bold: true, size: SIZE.heading });
    for (const n of stillNeeded(map)) w.line(`• ${n}`, { size: SIZE.small, indent: 2 });
    w.line(
      `Income (silver): ${Object.entries(CATALOGUE.income)
        .map(([f, n]) => `${f} ${n}`)
        .join(
          ', ',
        )}. Change a face: ${CATALOGUE.changeCost} silver. The card texts are goldmaps' designed catalogue, not the printed game's.`,
      { size: SIZE.small, fill: ink.faint },
    );
  });
  const before = [
    ...paginate(`Pioneer Days · ${seedLabel}`, 'setup', [start, ...weeks, needs], ink, area),
    ...diceScript(map, style, area),
  ];
  // Card fronts must fall on odd pages for a whole-kit double-sided print to back each with its backs.
  if (before.length % 2 === 1)
    before.push(
      ...paginate(
        `Pioneer Days · ${seedLabel}`,
        'notes',
        [
          block(width, ink, (w) =>
            w.line(
              'Left blank, so that each sheet of card fronts prints with its backs behind it when the whole kit is printed double-sided.',
              { size: SIZE.small, fill: ink.faint },
            ),
          ),
        ],
        ink,
        area,
      ),
    );
  return [...before, ...cardSheets(map, area, seedLabel)];
}
