import type { Mm, Scene, SceneItem, Style } from '../../core/scene.ts';
import { wrapText } from '../../drawing/text-fit.ts';
import { CATALOGUE, EQUIPMENT, FACES, TOWNS, TOWNSFOLK } from './catalogue.ts';
import type { Colour, Die, Face, PioneerDaysMap } from './model.ts';
import { effectText, gainText, needsText, scoringText } from './text.ts';
import { playersOf } from './validate.ts';
import { referenceGame } from './reference-games.ts';

/** Sizes of the trail sheet, in millimetres: one narrow column reads on a phone and fits A4. */
const L = {
  width: 128,
  margin: 6,
  text: 3.4,
  small: 2.9,
  title: 5.2,
  die: 8,
  gap: 1.6,
};
export const DIE_FILL: Record<Colour, string> = { blue: '#2f6db5', red: '#c0392b', yellow: '#e8c030', green: '#2e8b57', black: '#202020' };
const DIE_INK: Record<Colour, string> = { blue: '#ffffff', red: '#ffffff', yellow: '#1b1b1b', green: '#ffffff', black: '#ffffff' };
export const FACE_SHORT: Record<Face, string> = {
  wild: 'WILD',
  mine: 'MINE',
  equip: 'EQUIP',
  cattle: 'CATTLE',
  wood: 'WOOD',
  medicine: 'MED',
};
const DISASTER_NAME: Record<string, string> = { storm: 'Storm', raid: 'Raid', famine: 'Famine', disease: 'Disease' };

/** Seat of the player who starts day `d` of week `w` (both 0-based): the token passes clockwise daily. */
export const dayStarter = (map: PioneerDaysMap, w: number, d: number) =>
  ((map.startPlayer - 1 + w * map.weeks[w]!.days.length + d) % playersOf(map)) + 1;

export const colourOf = (disaster: string) => CATALOGUE.disasters.find((d) => d.id === disaster)!.colour;

export function dieItem(die: Die, x: number, y: number, size: number): SceneItem {
  const r = size / 2;
  return {
    kind: 'group',
    items: [
      {
        kind: 'polygon',
        points: [
          { x, y },
          { x: x + size, y },
          { x: x + size, y: y + size },
          { x, y: y + size },
        ],
        fill: DIE_FILL[die.colour],
        stroke: '#1b1b1b',
        strokeWidth: 0.3,
      },
      {
        kind: 'text',
        at: { x: x + r, y: y + r },
        text: FACE_SHORT[die.face],
        size: size * (FACE_SHORT[die.face].length > 5 ? 0.22 : 0.26),
        fill: DIE_INK[die.colour],
        anchor: 'middle',
        bold: true,
        baseline: 'middle',
      },
    ],
  };
}

/**
 * The disaster forecast: the dice script fixes which dice each day offers, not which one is left
 * over, so the forecast plays the trail's reference game (noiseless settler bots; the score itself
 * plays none) and reports how often each marker moved per week and when each disaster struck.
 */
export function forecast(
  map: PioneerDaysMap,
): Array<{ disaster: string; colour: Colour; track: number; perWeek: number[]; strikes: string[] }> {
  // A map scored before the score became analytic carries its reference game; otherwise the sheet plays it (the score plays none).
  type Reference = { disasters: Array<{ week: number; day: number; disaster: string; final: boolean }>; leftovers: string[][] };
  const stored = (map.score as { metrics?: { reference?: Reference } } | undefined)?.metrics?.reference;
  const ref: Reference = stored ?? referenceGame(map).state;
  return CATALOGUE.disasters.map((d) => ({
    disaster: d.id,
    colour: d.colour,
    track: d.track,
    perWeek: ref.leftovers.map((w) => w.filter((c) => c === d.colour || c === CATALOGUE.wildColour).length),
    strikes: ref.disasters.filter((x) => x.disaster === d.id).map((x) => (x.final ? 'at the end' : `wk ${x.week} day ${x.day}`)),
  }));
}

/**
 * The trail sheet: the setup, a disaster forecast per track, then the journey west as four
 * stops — each week's town cards and their needs, the townsfolk in their slots, the equipment
 * in the store, and the dice each day puts in the pool.
 */
export function pioneerDaysScene(map: PioneerDaysMap, style: Style): Scene {
  const ink = style.theme === 'print' ? '#1b1b1b' : '#f2f2f2';
  const faint = style.theme === 'print' ? '#5a5a5a' : '#b8b8b8';
  const page = style.theme === 'print' ? '#ffffff' : '#20242a';
  const panel = style.theme === 'print' ? '#f4ecdd' : '#2c323a';
  const { margin: m, width: W } = L;
  const inner = W - 2 * m;
  const items: SceneItem[] = [];
  let y = m;
  const text = (
    t: string,
    x: number,
    yy: number,
    size = L.text,
    opts: { bold?: boolean; fill?: string; anchor?: 'start' | 'middle' | 'end' } = {},
  ) =>
    ({
      kind: 'text',
      at: { x, y: yy },
      text: t,
      size,
      fill: opts.fill ?? ink,
      anchor: opts.anchor ?? 'start',
      ...(opts.bold ? { bold: true } : {}),
    }) as SceneItem;
  const para = (t: string, size = L.text, opts: { bold?: boolean; fill?: string; indent?: number } = {}) => {
    for (const line of wrapText(t, inner - (opts.indent ?? 0), size, opts.bold)) {
      y += size * 1.3;
      items.push(text(line, m + (opts.indent ?? 0), y, size, opts));
    }
  };

  const players = playersOf(map);
  const score = map.score as { difficulty?: number; band?: string } | undefined;
  const title = trailTitle(map);
  y += L.title;
  items.push(text(title, m, y, L.title, { bold: true }));
  para(
    `${players} player${players === 1 ? '' : 's'}${score?.difficulty !== undefined ? ` · difficulty ${score.difficulty} (${score.band})` : ''}`,
    L.text,
    { fill: faint },
  );

  // Setup.
  const setup: SceneItem[] = [];
  const setupTop = y + 2;
  y = setupTop;
  const before = items.length;
  para(`Start player: P${map.startPlayer}`, L.text, { bold: true });
  para(`Townsfolk sets: ${map.townsfolkSets.map((s) => `${s} (${CATALOGUE.sets[s] ?? '?'})`).join(' + ')}`);
  para(`Dice bag each week: ${players + 1} of each colour (${5 * (players + 1)} dice); ${players + 1} drawn a day`);
  para(`Gold bag, first draws: ${map.gold.slice(0, 12).join(' ')} …`, L.small, { fill: faint });
  setup.push(...items.splice(before));
  items.push({
    kind: 'group',
    role: 'setup',
    stop: true,
    title: `Setup: start player P${map.startPlayer}; townsfolk sets ${map.townsfolkSets.join(' and ')}; gold bag in draw order ${map.gold.join(' ')}`,
    items: setup,
  });

  // Disaster forecast.
  y += 4;
  items.push(text('Disaster forecast (reference game on this script)', m, (y += L.text * 1.3), L.text, { bold: true }));
  const fc = forecast(map);
  for (const f of fc) {
    const rowTop = y + 1.2;
    const row: SceneItem[] = [
      {
        kind: 'circle',
        centre: { x: m + 2.2, y: rowTop + 2.2 },
        radius: 2.2,
        fill: DIE_FILL[f.colour],
        stroke: '#1b1b1b',
        strokeWidth: 0.25,
      },
      text(`${DISASTER_NAME[f.disaster]} (${f.colour}, track ${f.track})`, m + 6, rowTop + 3.4, L.text, { bold: true }),
    ];
    const bar = 36;
    const moves = f.perWeek.reduce((a, v) => a + v, 0) + 1;
    const fill = Math.min(1, moves / (f.track * 3));
    row.push({
      kind: 'polygon',
      points: [
        { x: W - m - bar, y: rowTop + 0.8 },
        { x: W - m, y: rowTop + 0.8 },
        { x: W - m, y: rowTop + 3.8 },
        { x: W - m - bar, y: rowTop + 3.8 },
      ],
      fill: panel,
      stroke: faint,
      strokeWidth: 0.2,
    });
    row.push({
      kind: 'polygon',
      points: [
        { x: W - m - bar, y: rowTop + 0.8 },
        { x: W - m - bar + bar * fill, y: rowTop + 0.8 },
        { x: W - m - bar + bar * fill, y: rowTop + 3.8 },
        { x: W - m - bar, y: rowTop + 3.8 },
      ],
      fill: DIE_FILL[f.colour],
    });
    y = rowTop + 3.4;
    const line = `moves ${f.perWeek.join(' / ')} + final · strikes: ${f.strikes.join(', ') || 'none'}`;
    y += L.small * 1.35;
    row.push(text(line, m + 6, y, L.small, { fill: faint }));
    items.push({
      kind: 'group',
      role: 'forecast',
      stop: true,
      data: { disaster: f.disaster },
      title: `${DISASTER_NAME[f.disaster]}: in the reference game the marker moves ${f.perWeek.join(', ')} times in weeks 1–4, plus the final advance; the track is ${f.track} long; it strikes ${f.strikes.join(', ') || 'never'}`,
      items: row,
    });
  }

  // The four stops; a printed page may end before each one and before the legend.
  const breaks: Mm[] = [];
  map.weeks.forEach((week, w) => {
    breaks.push((y + 2.5) as Mm);
    y += 5;
    const top = y;
    const block: SceneItem[] = [];
    const push = (it: SceneItem) => block.push(it);
    const stopR = 3.6;
    push({
      kind: 'polygon',
      points: [
        { x: m, y: top },
        { x: W - m, y: top },
        { x: W - m, y: top + 8 },
        { x: m, y: top + 8 },
      ],
      fill: '#7a4a22',
    });
    push({ kind: 'circle', centre: { x: m + stopR + 1, y: top + 4 }, radius: stopR, fill: '#f2d27a', stroke: '#ffffff', strokeWidth: 0.4 });
    push(text(String(w + 1), m + stopR + 1, top + 5.3, 3.8, { bold: true, anchor: 'middle', fill: '#1b1b1b' }));
    const townNames = week.towns.map((id) => TOWNS.get(id)?.name ?? id);
    push(
      text(
        `Week ${w + 1} → ${w === map.weeks.length - 1 ? 'the last town' : `stop ${w + 1} of ${map.weeks.length}`}`,
        m + 2 * stopR + 3,
        top + 5.6,
        L.text,
        { bold: true, fill: '#ffffff' },
      ),
    );
    y = top + 8;

    // Town cards: what each asks, what it pays.
    const cols = week.towns.length;
    const cw = (inner - (cols - 1) * L.gap) / cols;
    const cardTop = y + 1.5;
    let cardH = 0;
    const cards: SceneItem[] = [];
    week.towns.forEach((id, k) => {
      const t = TOWNS.get(id);
      const x = m + k * (cw + L.gap);
      const lines = t ? wrapText(needsText(t), cw - 2.4, L.small) : [id];
      const h = 5 + lines.length * L.small * 1.25 + 4.5;
      cardH = Math.max(cardH, h);
      const inside: SceneItem[] = [text(t ? t.name : id, x + 1.2, cardTop + 4, L.small, { bold: true })];
      lines.forEach((line, i) => inside.push(text(line, x + 1.2, cardTop + 4 + (i + 1) * L.small * 1.25, L.small)));
      inside.push(
        text(`→ ${t?.favours ?? '?'} favours`, x + 1.2, cardTop + 4 + (lines.length + 1) * L.small * 1.25 + 0.6, L.small, {
          bold: true,
          fill: '#7a4a22',
        }),
      );
      cards.push({
        kind: 'group',
        role: 'town',
        stop: true,
        data: { id },
        title: `Week ${w + 1} town card ${id} ${t?.name ?? ''}: needs ${t ? needsText(t) : '?'}; pays ${t?.favours ?? '?'} favours`,
        items: inside,
      });
    });
    week.towns.forEach((_, k) => {
      const x = m + k * (cw + L.gap);
      push({
        kind: 'polygon',
        points: [
          { x, y: cardTop },
          { x: x + cw, y: cardTop },
          { x: x + cw, y: cardTop + cardH },
          { x, y: cardTop + cardH },
        ],
        fill: panel,
        stroke: '#7a4a22',
        strokeWidth: 0.3,
      });
    });
    block.push(...cards);
    y = cardTop + cardH;
    void townNames;

    // Townsfolk by slot, two columns.
    y += 1.5;
    push(text('Townsfolk (slot = die face)', m, (y += L.small * 1.3), L.small, { bold: true, fill: faint }));
    const half = inner / 2;
    week.townsfolk.forEach((id, k) => {
      const card = TOWNSFOLK.get(id);
      const x = m + (k % 2) * half;
      const yy = y + Math.floor(k / 2) * L.text * 1.35 + L.text * 1.3;
      push({
        kind: 'group',
        role: 'townsfolk',
        data: { id },
        title: card ? `${FACES[k]} slot: ${id} ${card.name}. ${effectText(card.effect)}. Scores ${scoringText(card.scoring)}` : id,
        items: [
          text(`${FACE_SHORT[FACES[k]!]}`, x, yy, L.small, { bold: true, fill: faint }),
          text(`${id} ${card?.name ?? ''}`, x + 13, yy, L.small),
        ],
      });
    });
    y += Math.ceil(week.townsfolk.length / 2) * L.text * 1.35 + 0.5;

    // Equipment in the store.
    const store = week.equipment.map((id) => `${id} ${EQUIPMENT.get(id)?.name ?? ''}`).join(' · ');
    const storeItems: SceneItem[] = [];
    const storeLines = wrapText(`Store: ${store}`, inner, L.small);
    storeLines.forEach((line) => storeItems.push(text(line, m, (y += L.small * 1.35), L.small)));
    push({
      kind: 'group',
      role: 'equipment',
      title: `Week ${w + 1} store: ${week.equipment
        .map((id) => {
          const e = EQUIPMENT.get(id);
          return e ? `${id} ${e.name} (${effectText(e.effect)})` : id;
        })
        .join('; ')}`,
      items: storeItems,
    });

    // The dice, day by day.
    y += 2;
    week.days.forEach((day, d) => {
      const rowTop = y;
      const first = dayStarter(map, w, d);
      const row: SceneItem[] = [
        text(`Day ${d + 1}`, m, rowTop + L.die * 0.5, L.text, { bold: true }),
        text(`P${first} first`, m, rowTop + L.die * 0.5 + L.small * 1.1, L.small, { fill: faint }),
      ];
      day.dice.forEach((die, k) => row.push(dieItem(die, m + 21 + k * (L.die + 1.4), rowTop, L.die)));
      push({
        kind: 'group',
        role: 'day',
        stop: true,
        data: { week: String(w + 1), day: String(d + 1) },
        title: `Week ${w + 1}, day ${d + 1}: P${first} starts; dice ${day.dice.map((x) => `${x.colour} ${x.face}`).join(', ')}`,
        items: row,
      });
      y = rowTop + L.die + 1.2;
    });
    items.push({ kind: 'group', role: 'week', data: { week: String(w + 1) }, items: block });
  });

  breaks.push((y + 2.5) as Mm);
  y += 5;
  const legend = `Dice: ${CATALOGUE.disasters.map((d) => `${d.colour} = ${d.id}`).join(', ')}, black = every track. A day's left-over die moves its marker. Card texts: the designed goldmaps catalogue.`;
  for (const line of wrapText(legend, inner, L.small)) items.push(text(line, m, (y += L.small * 1.3), L.small, { fill: faint }));
  y += m;
  return { width: W as Mm, height: y as Mm, background: page, title, items, breaks };
}

export { gainText };

/** The trail's title as its sheet and every print of it show it. */
export function trailTitle(map: PioneerDaysMap): string {
  return ['Pioneer Days trail', map.seed !== undefined ? `seed ${map.seed}` : ''].filter(Boolean).join(' · ');
}
