import type { Bot } from './bots.ts';
import { makePlanner } from './planner.ts';

/**
 * The planner as a bot of the play kit: the one place the second kind of player meets the bot
 * type, so the planner itself stays a plain generator of the state, the table and the seat.
 */
export const plannerBot = (): Bot => ({ name: 'planner', turn: makePlanner() });
