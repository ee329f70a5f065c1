import type { Scene, Style } from '../../core/scene.ts';
import { CATALOGUE, FACES } from './catalogue.ts';
import type { PioneerDaysMap } from './model.ts';
import { SIZE, block, diceScript, goldStack, inkOf, paginate, seedLabelOf } from './sheets.ts';
import { playersOf } from './validate.ts';

/**
 * Where a designed card lies in its deck, counted from 1 in id order: the printed box's card at
 * the same place, once that deck is sorted by printed name, is the one dealt. Townsfolk count
 * within their set, the way the box keeps them.
 */
export function deckPosition(id: string): { deck: 'town' | 'townsfolk' | 'equipment'; set?: string; position: number } | undefined {
  const within = (ids: string[]) => [...ids].sort().indexOf(id) + 1;
  if (CATALOGUE.towns.some((t) => t.id === id)) return { deck: 'town', position: within(CATALOGUE.towns.map((t) => t.id)) };
  if (CATALOGUE.equipment.some((e) => e.id === id)) return { deck: 'equipment', position: within(CATALOGUE.equipment.map((e) => e.id)) };
  const folk = CATALOGUE.townsfolk.find((t) => t.id === id);
  if (folk)
    return { deck: 'townsfolk', set: folk.set, position: within(CATALOGUE.townsfolk.filter((t) => t.set === folk.set).map((t) => t.id)) };
  return undefined;
}

const no = (id: string) => {
  const p = deckPosition(id);
  return p ? (p.set ? `${p.set} no. ${p.position}` : `no. ${p.position}`) : id;
};

/**
 * The setup of a trail with the printed game's own components (layout=setup): the dice script,
 * gold order, start player and townsfolk sets are the box's own; the printed cards' texts are not
 * goldmaps', so its cards are dealt by position in each deck sorted by printed name, and no
 * goldmaps card is named.
 */
export function pioneerDaysSetup(map: PioneerDaysMap, style: Style, area: { width: number; height: number }): { sheets: Scene[] } {
  const ink = inkOf(style);
  const width = Math.min(area.width, 190);
  const players = playersOf(map);
  const score = map.score as { difficulty?: number; band?: string } | undefined;
  const rated = score?.difficulty !== undefined ? `difficulty ${score.difficulty}, ${score.band}` : 'the score';
  const towns = CATALOGUE.towns.length;
  const tiles = CATALOGUE.equipment.length;
  const perSet = Math.max(...Object.keys(CATALOGUE.sets).map((s) => CATALOGUE.townsfolk.filter((t) => t.set === s).length));
  const intro = block(width, ink, (w) => {
    w.line(
      "For the printed Pioneer Days: this trail's dice, gold order, start player and townsfolk sets, played with the box's own components.",
    );
    w.line(
      `The cards are dealt by position: sort each deck by the name printed on its cards, A to Z, and count from 1 (the ${towns} town cards together, the ${tiles} equipment tiles together, each townsfolk set on its own, 1–${perSet}); then deal the numbers below. goldmaps does not know the printed cards' texts, so the score of this trail (${rated}) describes its dice and gold, not the cards: it was measured with goldmaps' own designed cards, and the printed cards dealt by position are a fair deal that every table shares, not those cards.`,
      { size: SIZE.small, fill: ink.faint },
    );
  });
  const seats = block(
    width,
    ink,
    (w) => {
      w.y += 1.5;
      w.line(
        `${players} player${players === 1 ? '' : 's'}. Seat the players P1–P${players} clockwise; P${map.startPlayer} takes the start player token.`,
      );
      w.line(
        `Dice: put ${players + 1} dice of each colour aside (no dice bag). Each day set in the pool the dice the dice script (next sheet) names, faces up, instead of drawing and rolling. The script names the dice by goldmaps' colours: ${CATALOGUE.disasters.map((d) => `${d.colour} is the ${d.id} track's die`).join(', ')} and ${CATALOGUE.wildColour} moves every track.`,
      );
      w.line(`Townsfolk: use sets ${map.townsfolkSets.join(' and ')} (the letter printed on the cards); return the others to the box.`);
      w.line(
        `Town cards: keep the ${map.weeks.reduce((a, week) => a + week.towns.length, 0)} numbered below and return the rest. Equipment: lay out each week's store from the numbers below instead of the face-down stack.`,
      );
      w.line('Gold: stack the 36 tokens face down in this order, first drawn on top, and draw from the top instead of the bag:');
      w.line(goldStack(map), { bold: true, indent: 4 });
    },
    'steps',
  );
  const counts = Object.entries(CATALOGUE.goldSupply)
    .map(([n, c]) => `${c} of ${n}`)
    .join(', ');
  const goldNote = block(width, ink, (w) =>
    w.line(
      `(The order assumes ${counts} nuggets; if your box counts its tokens differently, follow the order while it lasts, then draw from the bag.)`,
      { size: SIZE.small, fill: ink.faint },
    ),
  );
  const weeks = map.weeks.map((week, wk) =>
    block(width, ink, (w) => {
      w.y += 1.5;
      w.line(`Week ${wk + 1}`, { bold: true, size: SIZE.heading });
      w.line(`Town cards (by position in the sorted town deck): ${week.towns.map(no).join(', ')}`, { indent: 4, size: SIZE.small });
      w.line(
        `Townsfolk (set letter and position in the sorted set): ${week.townsfolk.map((id, k) => `${FACES[k]} slot ${no(id)}`).join(' · ')}`,
        { indent: 4, size: SIZE.small },
      );
      w.line(`Store, face up (by position in the sorted equipment tiles): ${week.equipment.map(no).join(', ')}`, {
        indent: 4,
        size: SIZE.small,
      });
    }),
  );
  const rest = block(width, ink, (w) => {
    w.y += 2;
    w.line(
      'Player boards: the Pioneer side, as the rules suggest for a first game (goldmaps scores every seat from the same start). Everything else (the boards, score and disaster markers, wagon cards, cattle, wood, medicine, damage, silver and favour tokens) is set up as the rules say.',
      { size: SIZE.small, fill: ink.faint },
    );
  });
  const heading = `Pioneer Days · ${seedLabelOf(map)}`;
  return {
    sheets: [
      ...paginate(heading, 'setup from the box', [intro, seats, goldNote, ...weeks, rest], ink, area),
      ...diceScript(map, style, area),
    ],
  };
}
