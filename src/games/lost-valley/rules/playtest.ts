import { playToEnd, type TurnRules } from '../../../core/play/play.ts';
import type { LostValleyMap } from '../model.ts';
import { BOT_WEIGHTS } from './bot-weights.ts';
import { makeBot, type Bot } from './bots.ts';
import { plannerBot } from './planner-bot.ts';
import { applyAction, newGame, nuggets, type Action, type GameState, type Mode } from './engine.ts';
import { buildTable, type Table } from './table.ts';

/** Actions a turn may take at most: a safety stop far above what a turn does. */
export const MAX_ACTIONS_PER_TURN = 12;

/** Lost Valley's turns on a table: a turn its bot left open is ended for it. The engine ends a game that runs past its round limit. */
export function turnRules(table: Table): TurnRules<GameState, Action> {
  return { apply: (state, action) => applyAction(state, table, action), seat: (state) => state.current, round: (state) => state.round, over: (state) => state.over !== null, endTurn: { type: 'end' } };
}

/** One seeded game with `bot` at every seat. */
export function playGame(table: Table, bot: Bot, seed: string): GameState {
  const bots = Array.from({ length: table.players }, () => bot);
  return playToEnd(turnRules(table), newGame(table, seed), bots, table, { actionsPerTurn: MAX_ACTIONS_PER_TURN });
}

export interface Playtest {
  games: number;
  /** The kind of player at every seat. */
  player: keyof typeof PLAYERS;
  /** Gold nuggets each prospector banked by the end of the game (mean over games and seats). */
  goldPerProspector: number;
  /** The winner's nuggets (mean). */
  winnerGold: number;
  rounds: number;
  /** Rounds after the ice block came into play (mean). */
  iceRounds: number;
  /** The round the last land tile was explored and the ice came into play (mean). */
  iceFrom: number;
  /** Games won per seat (ties shared). */
  winners: number[];
  endedBy: Record<string, number>;
  moves: Record<Mode, number>;
  /** Markers taken from the landscape by kind, over all games. */
  markersTaken: Record<string, number>;
  bought: Record<string, number>;
  hunts: { won: number; lost: number };
  whiskey: number;
}

/** The kinds of player a playtest can seat, each with the label its games are seeded under. */
const PLAYERS = { greedy: { bot: () => makeBot(BOT_WEIGHTS), label: 'lost-valley-playtest' }, planner: { bot: plannerBot, label: 'lost-valley-planner-playtest' } } as const;

export function playtest(map: LostValleyMap, { games = 8, player = 'greedy' }: { games?: number; player?: string } = {}): Playtest {
  if (!Object.hasOwn(PLAYERS, player)) throw new RangeError(`unknown kind of player ${player}`);
  const { bot, label } = PLAYERS[player as keyof typeof PLAYERS];
  const table = buildTable(map);
  const out: Playtest = { games, player: player as keyof typeof PLAYERS, goldPerProspector: 0, winnerGold: 0, rounds: 0, iceRounds: 0, iceFrom: 0, winners: Array.from({ length: table.players }, () => 0), endedBy: {}, moves: { foot: 0, boat: 0, horse: 0 }, markersTaken: {}, bought: {}, hunts: { won: 0, lost: 0 }, whiskey: 0 };
  for (let game = 0; game < games; game++) {
    // The games of a landscape are seeded by its digest, so a playtest replays exactly.
    const state = playGame(table, bot(), `${label}\u001f${map.digest ?? 'map'}\u001f${game}`);
    out.iceRounds += (state.stats.iceFrom < 0 ? 0 : state.round - state.stats.iceFrom + 1) / games;
    out.iceFrom += (state.stats.iceFrom < 0 ? state.round : state.stats.iceFrom) / games;
    const gold = state.players.map(nuggets);
    const top = Math.max(...gold);
    const winners = gold.map((g, i) => (g === top ? i : -1)).filter((i) => i >= 0);
    for (const w of winners) out.winners[w]! += 1 / winners.length;
    out.goldPerProspector += gold.reduce((a, b) => a + b, 0) / gold.length / games;
    out.winnerGold += top / games;
    out.rounds += state.round / games;
    out.endedBy[state.over!] = (out.endedBy[state.over!] ?? 0) + 1;
    for (const m of ['foot', 'boat', 'horse'] as const) out.moves[m] += state.stats.moves[m];
    for (const [k, n] of Object.entries(state.stats.taken)) out.markersTaken[k] = (out.markersTaken[k] ?? 0) + n;
    for (const [k, n] of Object.entries(state.stats.bought)) out.bought[k] = (out.bought[k] ?? 0) + n;
    out.hunts.won += state.stats.hunts.won;
    out.hunts.lost += state.stats.hunts.lost;
    out.whiskey += state.stats.whiskey;
  }
  const r = (x: number) => Math.round(x * 100) / 100;
  return { ...out, goldPerProspector: r(out.goldPerProspector), winnerGold: r(out.winnerGold), rounds: r(out.rounds), iceRounds: r(out.iceRounds), iceFrom: r(out.iceFrom), winners: out.winners.map(r) };
}
