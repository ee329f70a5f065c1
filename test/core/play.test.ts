import { describe, expect, it } from 'vitest';
import type { Bot } from '../../src/core/play/bot.ts';
import { playToEnd, playTurn, type TurnRules } from '../../src/core/play/play.ts';
import { RuleError, refuse } from '../../src/core/play/rule-error.ts';
import { frozenTuning, tuningHash } from '../../src/core/play/tuning.ts';

// A toy race to the kit's test: seats add 1–3 to their total in turn, the first to `goal` wins.
interface Race {
  seats: number;
  seat: number;
  round: number;
  totals: number[];
  over: boolean;
}
type Step = { type: 'add'; n: number } | { type: 'end' };

const race = (seats: number): Race => ({ seats, seat: 0, round: 1, totals: new Array<number>(seats).fill(0), over: false });

function rulesOf(goal: number, withEnd = true): TurnRules<Race, Step> {
  return {
    apply(state, step) {
      if (state.over) refuse('the race is over');
      if (step.type === 'add') {
        if (!Number.isInteger(step.n) || step.n < 1 || step.n > 3) refuse('add 1 to 3');
        state.totals[state.seat]! += step.n;
        if (state.totals[state.seat]! >= goal) state.over = true;
        return;
      }
      state.seat = (state.seat + 1) % state.seats;
      if (state.seat === 0) state.round++;
    },
    seat: (state) => state.seat,
    round: (state) => state.round,
    over: (state) => state.over,
    ...(withEnd ? { endTurn: { type: 'end' } as const } : {}),
  };
}

const adder = (n: number, end = true): Bot<Race, Step, void> => ({
  name: `adds-${n}`,
  *turn() {
    yield { type: 'add', n };
    if (end) yield { type: 'end' };
  },
});

describe('the play driver', () => {
  it('plays every seat in turn to the end and logs each action applied, with its seat', () => {
    const log: string[] = [];
    const state = playToEnd(rulesOf(7), race(2), [adder(2), adder(3)], undefined, {}, (a, seat) =>
      log.push(`${seat}:${a.type === 'add' ? a.n : 'end'}`),
    );
    // Seat 2 reaches 7 first (3, 6, 9) while seat 1 has 6.
    expect(state.totals).toEqual([6, 9]);
    expect(state.over).toBe(true);
    expect(log).toEqual(['0:2', '0:end', '1:3', '1:end', '0:2', '0:end', '1:3', '1:end', '0:2', '0:end', '1:3']);
  });

  it('turns an illegal bot action into a RuleError naming the bot, seat, round and action', () => {
    const state = race(2);
    const cheat: Bot<Race, Step, void> = {
      name: 'cheat',
      *turn(s) {
        yield s.round < 3 ? { type: 'add', n: 1 } : { type: 'add', n: 5 };
        yield { type: 'end' };
      },
    };
    let error: unknown;
    try {
      playToEnd(rulesOf(100), state, [adder(1), cheat], undefined);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RuleError);
    expect((error as Error).message).toBe('cheat bot of seat 2 in round 3: add 1 to 3 ({"type":"add","n":5})');
    expect(((error as Error).cause as Error).message).toBe('add 1 to 3');
    // The refused action changed nothing: seat 2 is still to move with what it had.
    expect(state).toMatchObject({ seat: 1, round: 3, totals: [3, 2] });
  });

  it('lets any other error through as it is: a bug in an engine is not a refusal', () => {
    const broken = {
      ...rulesOf(5),
      apply: () => {
        throw new TypeError('engine bug');
      },
    };
    expect(() => playToEnd(broken, race(2), [adder(1), adder(1)], undefined)).toThrow(TypeError);
  });

  it('cuts a turn at the action cap and closes it with the game’s end-turn action', () => {
    const greedy: Bot<Race, Step, void> = {
      name: 'greedy',
      *turn() {
        for (;;) yield { type: 'add', n: 1 };
      },
    };
    const state = race(2);
    playTurn(rulesOf(100), state, greedy, undefined, { actionsPerTurn: 4 });
    expect(state).toMatchObject({ seat: 1, round: 1, totals: [4, 0] });
  });

  it('asks the same seat again when a turn is left open and the game has no end-turn action', () => {
    const asked: number[] = [];
    const forgetful: Bot<Race, Step, void> = {
      name: 'forgetful',
      *turn(s, _c, seat) {
        asked.push(seat);
        yield { type: 'add', n: 1 };
        if (s.totals[seat]! >= 2) yield { type: 'end' };
      },
    };
    playToEnd(rulesOf(4, false), race(2), [forgetful, forgetful], undefined);
    // Each seat is asked twice while its total is below 2, once a turn after that.
    expect(asked).toEqual([0, 0, 1, 1, 0, 1, 0]);
  });

  it('stops a game that is not over at the round cap, after the last round was played', () => {
    const rounds: number[] = [];
    const state = playToEnd(
      rulesOf(1000),
      race(3),
      [adder(1), adder(1), adder(1)],
      undefined,
      { rounds: 5 },
      (a, seat) => a.type === 'end' && seat === 2 && rounds.push(1),
    );
    expect(state.over).toBe(false);
    expect(state.round).toBe(6);
    expect(rounds.length).toBe(5);
    expect(state.totals).toEqual([5, 5, 5]);
  });

  it('passes each bot its seat and the shared context', () => {
    const seen: string[] = [];
    const bot: Bot<Race, Step, { tag: string }> = {
      name: 'b',
      *turn(_s, ctx, seat) {
        seen.push(`${ctx.tag}${seat}`);
        yield { type: 'add', n: 3 };
      },
    };
    playToEnd(rulesOf(6), race(2), [bot, bot], { tag: 's' });
    expect(seen).toEqual(['s0', 's1', 's0']);
  });
});

describe('frozen tuning', () => {
  const table = () => ({ gain: 0.5, keep: { perCost: 0.3, list: [1, 2] }, names: ['a', 'b'] as const });

  it('freezes the table all the way down', () => {
    const t = frozenTuning(table());
    expect(Object.isFrozen(t)).toBe(true);
    expect(Object.isFrozen(t.keep)).toBe(true);
    expect(Object.isFrozen(t.keep.list)).toBe(true);
    expect(() => {
      (t.keep as { perCost: number }).perCost = 1;
    }).toThrow(TypeError);
  });

  it('hashes to 12 hex digits that ignore key order and change with any number', () => {
    const h = tuningHash(table());
    expect(h).toMatch(/^[0-9a-f]{12}$/);
    expect(tuningHash({ names: ['a', 'b'], keep: { list: [1, 2], perCost: 0.3 }, gain: 0.5 })).toBe(h);
    expect(tuningHash({ ...table(), gain: 0.51 })).not.toBe(h);
    expect(tuningHash({ ...table(), keep: { perCost: 0.3, list: [1, 3] } })).not.toBe(h);
  });
});
