import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMap } from '../../../core/maps.ts';
import { generateLostValley } from '../generate.ts';
import { lostValley } from '../index.ts';
import type { LostValleyOptions, LvTile } from '../model.ts';
import { movementGraph } from '../movement.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { makeBot, type Bot } from '../rules/bots.ts';
import { plannerBot } from '../rules/planner-bot.ts';
import { playGame } from '../rules/playtest.ts';
import { buildTable } from '../rules/table.ts';
import { edge, edgeFaces, faceKey, vertexDistance, type Vertex } from '../../../geometry/trilattice/lattice.ts';
import { seedString } from '../../../../test/support/arbitraries.ts';

const options = fc.record({
  players: fc.constantFrom(2, 3, 4),
  gold: fc.constantFrom('near', 'scattered', 'far'),
  ice: fc.constantFrom('slow', 'normal', 'fast'),
  river: fc.integer({ min: 3, max: 12 }),
}) as fc.Arbitrary<LostValleyOptions>;

/**
 * Why a step from `a` to `b` is no walk along tile edges ("Prospectors move along tile edges …
 * Tiles cannot be crossed"), or null when it is one: it must join neighbouring intersections and
 * run along the outline of a tile that is down, never through one.
 */
function crossesTile(tiles: readonly LvTile[], a: Vertex, b: Vertex): string | null {
  if (vertexDistance(a, b) !== 1) return `${a} → ${b} is no lattice edge`;
  const owner = new Map<string, string>();
  for (const t of tiles) for (const f of t.faces) owner.set(faceKey(f), t.id);
  const [left, right] = edgeFaces(edge(a, b)).map((f) => owner.get(faceKey(f)));
  if (left === undefined && right === undefined) return `${a} → ${b} borders no tile`;
  return left === right ? `${a} → ${b} crosses tile ${left}` : null;
}

/** A player, every move it makes written down with where it started. */
function watched(bot: Bot, steps: Array<[Vertex, Vertex]>, table: ReturnType<typeof buildTable>): Bot {
  return {
    name: bot.name,
    *turn(state, t, who) {
      for (const action of bot.turn(state, t, who)) {
        if (action.type === 'move') {
          let from = state.players[who]!.at;
          for (const v of action.path) {
            steps.push([table.vertices[from]!, table.vertices[v]!]);
            from = v;
          }
        }
        yield action;
      }
    },
  };
}

describe('Lost Valley prospectors walk tile edges only', () => {
  it('the movement graph holds only tile edges: no diamond diagonal, overland or along the river (300 landscapes)', () => {
    fc.assert(
      fc.property(seedString, options, (seed, o) => {
        const map = generateLostValley(seed, o);
        const g = movementGraph(map);
        g.links.forEach((list, a) => {
          for (const [b] of list) expect(crossesTile(map.tiles, g.vertices[a]!, g.vertices[b]!)).toBeNull();
        });
      }),
      { numRuns: 300 },
    );
  });

  it('the fords are tile edges, the first two the river crosses at a tile edge', () => {
    for (const seed of ['42', '1', '2', '3', '4', '5']) {
      const map = buildMap(lostValley, seed, {});
      for (const [a, b] of map.fords) expect(crossesTile(map.tiles, a, b)).toBeNull();
      const tileEdges = map.riverCrossings.filter(([a, b]) => crossesTile(map.tiles, a, b) === null);
      expect(map.fords).toEqual(tileEdges.slice(0, 2));
      // The river still flows across diamonds' diagonals (the picture draws it so); no one walks them.
      expect(map.riverCrossings.length).toBeGreaterThan(tileEdges.length);
    }
  });

  it("the generator's virtual prospectors never cross a tile while exploring (200 landscapes)", () => {
    fc.assert(
      fc.property(seedString, options, (seed, o) => {
        let steps = 0;
        generateLostValley(seed, o, (from, to, tiles) => {
          steps++;
          expect(crossesTile(tiles, from, to)).toBeNull();
        });
        expect(steps).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });

  for (const [kind, bot] of [
    ["greedy bots'", () => makeBot(BOT_WEIGHTS)],
    ["planner's", plannerBot],
  ] as const) {
    it(`the ${kind} games never cross a tile, by foot, horse or boat (24 landscapes, every table size)`, () => {
      let moves = 0;
      for (let i = 0; i < 24; i++) {
        const map = buildMap(lostValley, `tile-edges-${i}`, { players: 2 + (i % 3), river: 3 + ((i * 5) % 10) });
        const table = buildTable(map);
        const steps: Array<[Vertex, Vertex]> = [];
        playGame(table, watched(bot(), steps, table), `tile-edges\u001f${i}`);
        for (const [a, b] of steps) expect(crossesTile(map.tiles, a, b)).toBeNull();
        moves += steps.length;
      }
      expect(moves).toBeGreaterThan(1000);
    });
  }
});
