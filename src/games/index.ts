import type { AnyGameModule } from '../core/game-module.ts';
import { goldCity } from './gold-city/index.ts';
import { lostValley } from './lost-valley/index.ts';
import { pioneerDays } from './pioneer-days/index.ts';

/** The one list of games. Core, API, CLI and renderers know games only through it. */
export const GAMES: readonly AnyGameModule[] = [goldCity, lostValley, pioneerDays];

export function findGame(id: string): AnyGameModule | undefined {
  return GAMES.find((g) => g.id === id);
}
