import type { Bot } from './bots.ts';
import { makePlanner } from './planner.ts';

/**
 * The planner as today's bot type: the one place the second kind of player meets bots.ts, so
 * moving the bots onto another play kit changes this adapter only. Both are a function of the
 * state, the table and the seat that yields actions for the engine to apply.
 */
export const plannerBot = (): Bot => makePlanner();
