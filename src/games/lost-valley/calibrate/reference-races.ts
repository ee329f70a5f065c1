/**
 * The reference races the score used to play inside every score (up to calibration revision 6):
 * seeded games of each kind of player under labels of their own. The score no longer plays them
 * (it is analytic: see ../analytic.ts and ./score-model.ts); they stay for the old calibration
 * script (src/games/lost-valley/calibrate/difficulty.ts) and for studies that compare against them.
 */
import { mapDigest } from '../../../core/canonical.ts';
import { round2 } from '../../../core/difficulty.ts';
import type { LostValleyMap } from '../model.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { makeBot } from '../rules/bots.ts';
import { nuggets } from '../rules/engine.ts';
import { plannerBot } from '../rules/planner-bot.ts';
import { playGame } from '../rules/playtest.ts';
import { buildTable, type Table } from '../rules/table.ts';

/** Reference races per table size, as revision 6 of the score played them. */
export const REFERENCE_GAMES: Readonly<Record<number, number>> = Object.freeze({ 2: 8, 3: 6, 4: 4 });
export const PLANNER_GAMES: Readonly<Record<number, number>> = Object.freeze({ 2: 3, 3: 2, 4: 2 });

/** REFERENCE_GAMES games of the seeded bots, seeded by the landscape's digest under a label of their own. */
export function referenceRaces(
  map: LostValleyMap,
  games = REFERENCE_GAMES[map.options?.players ?? 4] ?? 4,
  table: Table = buildTable(map),
): { races: number; gold: number; rounds: number; iceFrom: number } {
  const digest = map.digest ?? mapDigest(map as unknown as Record<string, unknown>);
  let gold = 0;
  let rounds = 0;
  let iceFrom = 0;
  for (let k = 0; k < games; k++) {
    const state = playGame(table, makeBot(BOT_WEIGHTS), `lost-valley-reference\u001f${digest}\u001f${k}`);
    gold += state.players.map(nuggets).reduce((a, b) => a + b, 0) / state.players.length;
    rounds += state.round;
    iceFrom += state.stats.iceFrom < 0 ? state.round : state.stats.iceFrom;
  }
  return { races: games, gold: round2(gold / games), rounds: round2(rounds / games), iceFrom: round2(iceFrom / games) };
}

/** The planner's reference races, seeded by the landscape's digest under a label of their own. */
export function plannerRaces(
  map: LostValleyMap,
  games = PLANNER_GAMES[map.options?.players ?? 4] ?? 2,
  table: Table = buildTable(map),
): { races: number; gold: number; rounds: number } {
  const digest = map.digest ?? mapDigest(map as unknown as Record<string, unknown>);
  let gold = 0;
  let rounds = 0;
  for (let k = 0; k < games; k++) {
    const state = playGame(table, plannerBot(), `lost-valley-planner-reference\u001f${digest}\u001f${k}`);
    gold += state.players.map(nuggets).reduce((a, b) => a + b, 0) / state.players.length;
    rounds += state.round;
  }
  return { races: games, gold: round2(gold / games), rounds: round2(rounds / games) };
}
