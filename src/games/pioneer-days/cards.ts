import type { Mm, Scene, SceneItem } from '../../core/scene.ts';
import { MIN_TEXT_MM, wrapText } from '../../drawing/text-fit.ts';
import { EQUIPMENT, FACES, TOWNS, TOWNSFOLK } from './catalogue.ts';
import type { PioneerDaysMap } from './model.ts';
import { effectText, needsText, scoringText } from './text.ts';

/** A poker-size card (63 × 88 mm) lying on its long side, so its text runs across 88 mm. */
export const CARD = { width: 88, height: 63 } as const;
/** Type sizes on a card, in mm: the body's 3.5 mm is 10 pt, the smallest (MIN_TEXT_MM, 2.8 mm) 8 pt. */
const T = { name: 4.4, body: 3.5, small: MIN_TEXT_MM, pad: 3.5 };
const HEADING = 9;

type Deck = 'town' | 'townsfolk' | 'equipment';
const DECK_FILL: Record<Deck, string> = { town: '#ead7bd', townsfolk: '#d3e4cd', equipment: '#d2dbe8' };
const DECK_BACK: Record<Deck, string> = { town: '#7a4a22', townsfolk: '#3c6e47', equipment: '#3d5a80' };

export interface DealtCard {
  deck: Deck;
  id: string;
  name: string;
  /** Where the trail deals it, printed on the card so the cut cards sort themselves. */
  where: string;
  lines: Array<{ text: string; bold?: boolean }>;
  back: string;
}

/** Every card the trail deals, deck by deck, each deck in the order the weeks deal it. */
export function dealtCards(map: PioneerDaysMap): DealtCard[] {
  const towns: DealtCard[] = [];
  const folk: DealtCard[] = [];
  const equipment: DealtCard[] = [];
  map.weeks.forEach((week, w) => {
    const when = `week ${w + 1}`;
    for (const id of week.towns) {
      const t = TOWNS.get(id);
      if (t)
        towns.push({
          deck: 'town',
          id,
          name: t.name,
          where: `${when} town`,
          lines: [{ text: `Needs ${needsText(t)}.` }, { text: `Pays ${t.favours} favours.`, bold: true }],
          back: 'Town',
        });
    }
    week.townsfolk.forEach((id, k) => {
      const c = TOWNSFOLK.get(id);
      if (c)
        folk.push({
          deck: 'townsfolk',
          id,
          name: c.name,
          where: `${when} · ${FACES[k]} slot`,
          lines: [{ text: `${effectText(c.effect)}.` }, { text: `End of game: ${scoringText(c.scoring)}.`, bold: true }],
          back: `Townsfolk · set ${c.set}`,
        });
    });
    for (const id of week.equipment) {
      const e = EQUIPMENT.get(id);
      if (e)
        equipment.push({
          deck: 'equipment',
          id,
          name: e.name,
          where: `${when} store`,
          lines: [{ text: `${effectText(e.effect)}.` }, { text: 'Takes a wagon space.' }],
          back: 'Equipment',
        });
    }
  });
  return [...towns, ...folk, ...equipment];
}

const rect = (x: number, y: number, w: number, h: number, fill: string, stroke?: string): SceneItem => ({
  kind: 'polygon',
  points: [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ],
  fill,
  ...(stroke ? { stroke, strokeWidth: 0.25 } : {}),
});
const text = (
  t: string,
  x: number,
  y: number,
  size: number,
  o: { bold?: boolean; fill?: string; anchor?: 'start' | 'middle' | 'end' } = {},
): SceneItem => ({
  kind: 'text',
  at: { x, y },
  text: t,
  size,
  fill: o.fill ?? '#1b1b1b',
  anchor: o.anchor ?? 'start',
  ...(o.bold ? { bold: true } : {}),
});

function face(card: DealtCard, x: number, y: number): SceneItem {
  const { pad } = T;
  const inner = CARD.width - 2 * pad;
  const items: SceneItem[] = [rect(x + 1.5, y + 1.5, CARD.width - 3, 10.5, DECK_FILL[card.deck])];
  items.push(text(card.id, x + CARD.width - pad, y + 8.2, T.body, { bold: true, anchor: 'end' }));
  const idWidth = 10;
  items.push(text(wrapText(card.name, inner - idWidth, T.name, true)[0]!, x + pad, y + 8.2, T.name, { bold: true }));
  // What the card does from the top; its last line (scoring, pay) sits above the foot, as printed cards keep it.
  const [last, ...rest] = [...card.lines].reverse();
  let yy = y + 13;
  for (const line of rest.reverse()) {
    for (const l of wrapText(line.text, inner, T.body, line.bold))
      items.push(text(l, x + pad, (yy += T.body * 1.3), T.body, line.bold ? { bold: true } : {}));
    yy += 1.2;
  }
  const foot = wrapText(last!.text, inner, T.body, last!.bold);
  foot.forEach((l, i) =>
    items.push(
      text(l, x + pad, y + CARD.height - pad - 5 - (foot.length - 1 - i) * T.body * 1.3, T.body, last!.bold ? { bold: true } : {}),
    ),
  );
  items.push(text(card.where, x + pad, y + CARD.height - pad, T.small, { fill: '#555555' }));
  items.push(
    text(
      card.deck === 'townsfolk' ? card.back.replace('Townsfolk · ', '') : card.back,
      x + CARD.width - pad,
      y + CARD.height - pad,
      T.small,
      { fill: '#555555', anchor: 'end' },
    ),
  );
  return { kind: 'group', role: 'card', data: { id: card.id }, title: `${card.id} ${card.name}`, items };
}

function back(card: DealtCard, x: number, y: number): SceneItem {
  // A white border, so a back printed a little off its front still shows only its own colour.
  const inset = 4;
  const fill = DECK_BACK[card.deck];
  return {
    kind: 'group',
    role: 'card-back',
    data: { id: card.id },
    items: [
      rect(x + inset, y + inset, CARD.width - 2 * inset, CARD.height - 2 * inset, fill),
      text('PIONEER DAYS', x + CARD.width / 2, y + CARD.height / 2 - 2, 5, { bold: true, fill: '#ffffff', anchor: 'middle' }),
      text(card.back, x + CARD.width / 2, y + CARD.height / 2 + 5, T.body, { fill: '#ffffff', anchor: 'middle' }),
    ],
  };
}

/** The cut lines round a sheet's cards, each edge once: one cut serves the two cards it parts. */
function cutLines(places: Array<{ x: number; y: number }>): SceneItem {
  const seen = new Map<string, [{ x: number; y: number }, { x: number; y: number }]>();
  for (const { x, y } of places) {
    const corners = [
      { x, y },
      { x: x + CARD.width, y },
      { x: x + CARD.width, y: y + CARD.height },
      { x, y: y + CARD.height },
    ];
    corners.forEach((a, i) => {
      const b = corners[(i + 1) % 4]!;
      const [p, q] = a.x < b.x || (a.x === b.x && a.y < b.y) ? [a, b] : [b, a];
      seen.set(`${p.x},${p.y},${q.x},${q.y}`, [p, q]);
    });
  }
  return { kind: 'segments', segments: [...seen.values()], stroke: '#1b1b1b', strokeWidth: 0.25 };
}

/**
 * The trail's cards to cut out: fronts on one sheet, their backs on the next, mirrored left to
 * right so they land behind their fronts when printed double-sided and flipped on the long edge.
 * As many rows as the paper holds (four on A4, three on Letter), two cards a row.
 */
export function cardSheets(map: PioneerDaysMap, area: { width: number; height: number }, seedLabel: string): Scene[] {
  const cards = dealtCards(map);
  const columns = Math.max(1, Math.floor(area.width / CARD.width));
  const rows = Math.max(1, Math.floor((area.height - HEADING) / CARD.height));
  const perSheet = columns * rows;
  const width = (columns * CARD.width) as Mm;
  const height = (HEADING + rows * CARD.height) as Mm;
  const sheets: Scene[] = [];
  for (let first = 0; first < cards.length; first += perSheet) {
    const some = cards.slice(first, first + perSheet);
    const range = `cards ${first + 1}–${first + some.length} of ${cards.length}`;
    const at = (k: number, mirrored: boolean) => {
      const c = k % columns;
      return { x: (mirrored ? columns - 1 - c : c) * CARD.width, y: HEADING + Math.floor(k / columns) * CARD.height };
    };
    sheets.push({
      width,
      height,
      background: '#ffffff',
      title: `${range} (fronts)`,
      items: [
        text(`Pioneer Days · ${seedLabel} · ${range}`, 0, 4, 3.4, { bold: true }),
        text('Print double-sided, flip on the long edge, at 100%: the next page is their backs. Cut on the lines.', 0, 7.6, T.small, {
          fill: '#555555',
        }),
        ...some.map((card, k) => face(card, at(k, false).x, at(k, false).y)),
        cutLines(some.map((_, k) => at(k, false))),
      ],
    });
    sheets.push({
      width,
      height,
      background: '#ffffff',
      title: `${range} (backs)`,
      items: [
        text(`Backs of ${range}`, width, 4, 3.4, { bold: true, anchor: 'end' }),
        text('Mirrored left to right, to print on the back of the page before (flip on the long edge).', width, 7.6, T.small, {
          fill: '#555555',
          anchor: 'end',
        }),
        ...some.map((card, k) => back(card, at(k, true).x, at(k, true).y)),
      ],
    });
  }
  return sheets;
}
