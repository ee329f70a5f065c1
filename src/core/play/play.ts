import type { Bot } from './bot.ts';
import { RuleError } from './rule-error.ts';

/** How a game's turns go, as far as a driver needs to know. */
export interface TurnRules<S, A> {
  /** Applies one action of the seat to move, all or nothing: a refusal throws RuleError. */
  apply(state: S, action: A): void;
  /** The seat to move, from 0. */
  seat(state: S): number;
  /** The round being played: what a round cap counts and an error names. */
  round(state: S): number;
  over(state: S): boolean;
  /** The action that closes a turn its bot left open; a game without one asks the same seat again. */
  endTurn?: A;
}

export interface PlayLimits {
  /** Actions a turn takes at most; a bot asking for more has the rest of its turn dropped. */
  actionsPerTurn?: number;
  /** The last round begun: a game not over by then is stopped there, unfinished. */
  rounds?: number;
}

/** Called with each action applied, after it was applied (to record a game for replay). */
export type ActionLog<A> = (action: A, seat: number) => void;

/** A bot asking for an action the rules refuse is a bug in the bot: say whose, when and what. */
function applyFor<S, A>(rules: TurnRules<S, A>, state: S, action: A, who: { bot: string; seat: number; round: number }): void {
  try {
    rules.apply(state, action);
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    throw new RuleError(`${who.bot} bot of seat ${who.seat + 1} in round ${who.round}: ${error.message} (${JSON.stringify(action)})`, {
      cause: error,
    });
  }
}

/** One turn of the seat to move: the bot chooses each action, the engine applies it. */
export function playTurn<S, A, C>(
  rules: TurnRules<S, A>,
  state: S,
  bot: Bot<S, A, C>,
  context: C,
  limits: PlayLimits = {},
  log?: ActionLog<A>,
): void {
  const seat = rules.seat(state);
  const round = rules.round(state);
  const who = { bot: bot.name, seat, round };
  const cap = limits.actionsPerTurn ?? Infinity;
  let taken = 0;
  for (const action of bot.turn(state, context, seat)) {
    if (++taken > cap) break;
    applyFor(rules, state, action, who);
    log?.(action, seat);
    if (rules.over(state)) break;
  }
  const { endTurn } = rules;
  if (endTurn !== undefined && !rules.over(state) && rules.seat(state) === seat && rules.round(state) === round) {
    applyFor(rules, state, endTurn, who);
    log?.(endTurn, seat);
  }
}

/**
 * Plays a game from `state` to its end, or to the round cap, in place: each turn the bot of the
 * seat to move plays it (`bots[seat]`). A game's seeding is in its starting state and context.
 */
export function playToEnd<S, A, C>(
  rules: TurnRules<S, A>,
  state: S,
  bots: ReadonlyArray<Bot<S, A, C>>,
  context: C,
  limits: PlayLimits = {},
  log?: ActionLog<A>,
): S {
  const rounds = limits.rounds ?? Infinity;
  while (!rules.over(state) && rules.round(state) <= rounds) {
    const seat = rules.seat(state);
    const bot =
      bots[seat] ??
      (() => {
        throw new RangeError(`no bot for seat ${seat + 1}`);
      })();
    playTurn(rules, state, bot, context, limits, log);
  }
  return state;
}
