import type { Mm, Scene, SceneItem } from '../../core/scene.ts';
import { blockHeight, textBlock } from '../../drawing/text-block.ts';
import { fitText } from '../../drawing/text-fit.ts';
import {
  ANIMALS,
  ANNOUNCE_MARKERS,
  BACKPACK,
  CART_SPACE,
  DRIED_FISH_FOOD,
  GEAR,
  GOODS,
  RIFLE_BONUS,
  WARES,
  WORKS,
  type Price,
} from './rules/prices.ts';

/**
 * The kit's price and cost list: the box has four, and the rules name the wares but print no
 * prices, so this prints goldmaps' own (rules/prices.ts), the ones every score assumes. It is the
 * second sheet, so that a kit printed double-sided puts every fronts sheet on a page's front.
 */

const INK = '#1b1b1b';
const WARE_NAMES: Record<keyof typeof WARES, string> = {
  cart: 'cart',
  horse: 'horse',
  boat: 'boat',
  rifle: 'rifle',
  axe: 'axe',
  rod: 'fishing rod',
  sieve: 'sieve',
  crate: 'crate of dynamite',
};

const price = (p: Price): string => `${p.nuggets}${p.x ? ` + ${'X'.repeat(p.x)}` : ''}`;
const cost = (c: { tool: number; food: number; timber: number }): string =>
  (['tool', 'food', 'timber'] as const)
    .filter((k) => c[k] > 0)
    .map((k) => `${c[k]} ${k}`)
    .join(' + ');

export function priceList(): Array<{ heading: string; lines: string[] }> {
  return [
    {
      heading: 'At the trading post (always in stock), in gold nuggets',
      lines: [
        Object.entries(GOODS)
          .map(([k, p]) => `${k} ${price(p)}`)
          .join(' · '),
      ],
    },
    {
      heading: 'Wares, in gold nuggets (stock · gear spaces)',
      lines: (Object.keys(WARES) as Array<keyof typeof WARES>).map(
        (k) =>
          `${WARE_NAMES[k]}: ${price(WARES[k].price)} (${WARES[k].stock} in stock · ${WARES[k].gear} gear space${WARES[k].gear > 1 ? 's' : ''})${k === 'cart' ? `, +${CART_SPACE} backpack spaces` : ''}`,
      ),
    },
    { heading: 'Paying', lines: ['X is one nugget, one raw material or one ware. No change is given.'] },
    {
      heading: 'Works (anyone may use them; one work an intersection)',
      lines: [
        `fish trap: ${cost(WORKS.trap)}, at a river or lake intersection`,
        `sawmill: ${cost(WORKS.sawmill)}, at a forest intersection`,
        `canal: ${cost(WORKS.canal)}, waters a tundra or forest tile from a lake or river tile (not mountains)`,
        `mine: ${cost(WORKS.mine)}, on a mountain or the spring`,
      ],
    },
    {
      heading: 'Animals: food for a kill, and what a lost hunt costs',
      lines: [
        Object.entries(ANIMALS)
          .map(
            ([k, a]) =>
              `${k} ${a.food} food${
                Object.keys(a.wound).length
                  ? ` (lost: −${Object.entries(a.wound)
                      .map(([r, n]) => `${n} ${r}`)
                      .join(', −')})`
                  : ''
              }`,
          )
          .join(' · '),
        `Hunting: the hunter's die must beat the animal's (rolled by an opponent); a rifle adds ${RIFLE_BONUS}.`,
      ],
    },
    {
      heading: 'Inventory',
      lines: [
        `Backpack ${BACKPACK} spaces (a timber takes 2), a cart ${CART_SPACE} more; gear ${GEAR} spaces. Start: 3 tools, 1 food, 1 timber, 2 whiskeys.`,
        `Dried fish: ${DRIED_FISH_FOOD} food. End the game at the trading post holding ${ANNOUNCE_MARKERS} gold markers, or when the ice reaches the waterfall.`,
      ],
    },
  ];
}

export function referenceSheet(area: { width: number; height: number }): Scene {
  let y = 0;
  const put = (into: SceneItem[], text: string, size: number, bold: boolean, gap: number) => {
    // Wrapped, not shrunk, so every line of a role keeps its size.
    const f = fitText(text, area.width, size, { minSize: size, bold });
    into.push(...textBlock(f, 0, y, { fill: INK, bold }));
    y += blockHeight(f) + gap;
  };
  const prices: SceneItem[] = [];
  put(prices, 'Price and cost list', 5, true, 1);
  put(
    prices,
    "goldmaps' own prices: the rules name the wares but print none, and every score of this landscape assumes these.",
    3,
    false,
    4,
  );
  for (const section of priceList()) {
    put(prices, section.heading, 3.4, true, 0.8);
    for (const line of section.lines) put(prices, line, 3.1, false, 0.6);
    y += 3;
  }
  return {
    width: area.width as Mm,
    height: area.height as Mm,
    background: '#ffffff',
    title: 'price and cost list',
    items: [{ kind: 'group', role: 'price-list', items: prices }],
  };
}
