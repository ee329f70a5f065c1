import type { BlockadeTerrain, SymbolGround } from './model.ts';
import { G } from './rules/table.ts';

/** The card symbols that pay for ground in the base game; jokers stand in for any of them. */
export type Symbol3 = 'machete' | 'paddle' | 'coin';
/** With the Golden Temples layer a fourth symbol, the torch, pays for torch ground. */
export type GroundSymbol = Symbol3 | 'torch';

export const SYMBOLS: readonly Symbol3[] = ['machete', 'paddle', 'coin'];
/** A joker on a temple course is four-way. */
export const SYMBOLS4: readonly GroundSymbol[] = ['machete', 'paddle', 'coin', 'torch'];

/** The one statement of which symbol pays for which ground; everything else is derived from it. */
export const SYMBOL_FOR: Readonly<Record<SymbolGround, GroundSymbol>> = Object.freeze({
  jungle: 'machete',
  water: 'paddle',
  village: 'coin',
  torch: 'torch',
});

const GROUND_FOR: Readonly<Record<GroundSymbol, SymbolGround>> = Object.freeze(
  Object.fromEntries(Object.entries(SYMBOL_FOR).map(([ground, symbol]) => [symbol, ground])) as Record<GroundSymbol, SymbolGround>,
);

/** The same mapping by the hot loops' ground codes: undefined for ground no symbol pays. */
export const SYMBOL_AT: ReadonlyArray<GroundSymbol | undefined> = (() => {
  const byCode: Array<GroundSymbol | undefined> = [];
  for (const [ground, code] of Object.entries(G)) byCode[code] = SYMBOL_FOR[ground as SymbolGround];
  return Object.freeze(byCode);
})();

/** The ground code a symbol pays for. */
export const CODE_FOR: Readonly<Record<GroundSymbol, number>> = Object.freeze(
  Object.fromEntries(SYMBOLS4.map((symbol) => [symbol, G[GROUND_FOR[symbol]]])) as Record<GroundSymbol, number>,
);

/** What pays a blockade: the symbol of its ground, or none for rubble (paid in discarded cards). */
export function blockadeSymbol(terrain: BlockadeTerrain): Symbol3 | undefined {
  return terrain === 'rubble' ? undefined : (SYMBOL_FOR[terrain] as Symbol3);
}

export function isSymbol3(kind: string): kind is Symbol3 {
  return (SYMBOLS as readonly string[]).includes(kind);
}

export function isGroundSymbol(kind: string): kind is GroundSymbol {
  return (SYMBOLS4 as readonly string[]).includes(kind);
}
