import { describe, expect, it } from 'vitest';
import { MinHeap } from '../../../algorithms/min-heap.ts';
import { buildMap } from '../../../core/maps.ts';
import { lostValley } from '../index.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { makeBot, type Bot } from '../rules/bots.ts';
import { edgeOpen, unexplored, type GameState, type Mode } from '../rules/engine.ts';
import { turnsFrom } from '../rules/graph.ts';
import { playGame } from '../rules/playtest.ts';
import { buildTable, type Table } from '../rules/table.ts';

const COST: Record<Mode, Record<string, number>> = {
  foot: { overland: 1, ford: 1, river: 0.5 },
  horse: { overland: 0.5, ford: 0.5, river: 0.5 },
  boat: { river: 1 / 3, ford: 1 / 3, across: 1 / 3 },
};

/** The search as first written, over the engine's own reading of the state: the oracle. */
function plainTurns(state: GameState, table: Table, from: number, modes: readonly Mode[]): Float64Array {
  const dist = new Float64Array(table.vertices.length).fill(Infinity);
  const heap = new MinHeap();
  dist[from] = 0;
  heap.push(0, from);
  while (heap.size > 0) {
    const { priority, value: x } = heap.pop();
    if (priority > dist[x]!) continue;
    if (x !== from && unexplored(state, table, x)) continue;
    for (const [y, kind, e] of table.links[x]!) {
      if (!edgeOpen(state, table, e)) continue;
      let c = Infinity;
      for (const m of modes) c = Math.min(c, COST[m][kind] ?? Infinity);
      const d = priority + c;
      if (d < dist[y]!) {
        dist[y] = d;
        heap.push(d, y);
      }
    }
  }
  return dist;
}

describe('Lost Valley searches kept between turns', () => {
  it('answer exactly as a fresh search does, turn after turn and game after game', () => {
    const map = buildMap(lostValley, 'searches', { players: 3 });
    const table = buildTable(map);
    const modeSets: Mode[][] = [['foot'], ['foot', 'horse'], ['foot', 'boat'], ['foot', 'horse', 'boat']];
    let compared = 0;
    for (let game = 0; game < 3; game++) {
      const inner = makeBot(BOT_WEIGHTS);
      const bot: Bot = {
        name: 'checking',
        *turn(state, t, who) {
          // A few sources a turn, some asked again and again (the post, a fixed corner).
          for (const from of [state.players[who]!.at, table.post, (state.round * 7) % table.vertices.length]) {
            const modes = modeSets[(state.round + who) % modeSets.length]!;
            expect(Array.from(turnsFrom(state, t, from, modes))).toEqual(Array.from(plainTurns(state, t, from, modes)));
            compared++;
          }
          yield* inner.turn(state, t, who);
        },
      };
      playGame(table, bot, `searches-${game}`);
    }
    expect(compared).toBeGreaterThan(100);
  });
});
