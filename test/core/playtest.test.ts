import { describe, expect, it } from 'vitest';
import { playSeries, type PlaytestGame } from '../../src/core/play/playtest.ts';

// A toy game: the map is its number of seats; the seed names the winners, so ties are made to order.
type Toy = { id: number };
const made: string[] = [];
const toy: PlaytestGame<number, { seats: number }, Toy, { seed: string; winners: number[] }, string> = {
  kinds: {
    first: () => (made.push('first'), { id: made.length }),
    second: () => (made.push('second'), { id: made.length }),
  },
  table: (seats) => ({ seats }),
  seats: (_, table) => table.seats,
  label: (seats, kinds) => `toy-${seats}-${kinds.join('+')}/`,
  play: (_, bots, seed) => ({ seed, winners: Number(seed.at(-1)) % 2 === 0 ? [0] : bots.map((_, i) => i) }),
  winners: (game) => game.winners,
  read: (game) => game.seed,
};

describe('playSeries', () => {
  it('seats the default kind, seeds each game by the label and its number, and splits a tie', () => {
    const series = playSeries(toy, 3, { games: 4 });
    expect(series.seats).toEqual(['first', 'first', 'first']);
    expect(series.games).toEqual([
      'toy-3-first+first+first/0',
      'toy-3-first+first+first/1',
      'toy-3-first+first+first/2',
      'toy-3-first+first+first/3',
    ]);
    // Games 0 and 2 won by seat 1 alone; 1 and 3 three ways.
    expect(series.wins).toEqual([2 + 2 / 3, 2 / 3, 2 / 3]);
    expect(series.wins.reduce((a, b) => a + b, 0)).toBeCloseTo(4, 12);
    expect(series.shares.map((s) => s * 4)).toEqual(series.wins.map((w) => expect.closeTo(w, 12)));
  });

  it('makes one bot a kind a game, shared by the seats of that kind', () => {
    made.length = 0;
    playSeries(toy, 0, { games: 2, seats: ['second', 'first', 'second'] });
    expect(made).toEqual(['second', 'first', 'second', 'first']);
  });

  it('refuses a kind it does not have, inherited names too', () => {
    expect(() => playSeries(toy, 2, { games: 1, kind: 'third' })).toThrow(RangeError);
    expect(() => playSeries(toy, 2, { games: 1, seats: ['first', 'toString'] })).toThrow(/unknown kind of player toString/);
  });
});
