import type { BlockadeTerrain, SymbolGround } from './model.ts';
import { G } from './rules/table.ts';

/** The card symbols that pay for ground; jokers stand in for any of them. */
export type Symbol3 = 'machete' | 'paddle' | 'coin';

export const SYMBOLS: readonly Symbol3[] = ['machete', 'paddle', 'coin'];

/** The one statement of which symbol pays for which ground; everything else is derived from it. */
export const SYMBOL_FOR: Readonly<Record<SymbolGround, Symbol3>> = Object.freeze({ jungle: 'machete', water: 'paddle', village: 'coin' });

const GROUND_FOR: Readonly<Record<Symbol3, SymbolGround>> = Object.freeze(
  Object.fromEntries(Object.entries(SYMBOL_FOR).map(([ground, symbol]) => [symbol, ground])) as Record<Symbol3, SymbolGround>,
);

/** The same mapping by the hot loops' ground codes: undefined for ground no symbol pays. */
export const SYMBOL_AT: ReadonlyArray<Symbol3 | undefined> = (() => {
  const byCode: Array<Symbol3 | undefined> = [];
  for (const [ground, code] of Object.entries(G)) byCode[code] = SYMBOL_FOR[ground as SymbolGround];
  return Object.freeze(byCode);
})();

/** The ground code a symbol pays for. */
export const CODE_FOR: Readonly<Record<Symbol3, number>> = Object.freeze(
  Object.fromEntries(SYMBOLS.map((symbol) => [symbol, G[GROUND_FOR[symbol]]])) as Record<Symbol3, number>,
);

/** What pays a blockade: the symbol of its ground, or none for rubble (paid in discarded cards). */
export function blockadeSymbol(terrain: BlockadeTerrain): Symbol3 | undefined {
  return terrain === 'rubble' ? undefined : SYMBOL_FOR[terrain];
}

export function isSymbol3(kind: string): kind is Symbol3 {
  return (SYMBOLS as readonly string[]).includes(kind);
}
