import { describe, expect, it } from 'vitest';
import { buildMap } from '../../../core/maps.ts';
import { lostValley } from '../index.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { makeBot } from '../rules/bots.ts';
import { nuggets } from '../rules/engine.ts';
import { plannerBot } from '../rules/planner-bot.ts';
import { playGame } from '../rules/playtest.ts';
import { buildTable } from '../rules/table.ts';

describe('Lost Valley planner (the second kind of player)', () => {
  it('plays 30 landscapes of every table size through the engine without an illegal action, ending by the ice or an announcement', () => {
    const ends: Record<string, number> = {};
    let gold = 0;
    for (let i = 0; i < 30; i++) {
      const map = buildMap(lostValley, `planner-${i}`, {
        players: 2 + (i % 3),
        river: 3 + ((i * 7) % 10),
        ice: (['slow', 'normal', 'fast'] as const)[i % 3],
      });
      // playGame throws on any action the engine refuses.
      const state = playGame(buildTable(map), plannerBot(), `planner-test\u001f${i}`);
      ends[state.over!] = (ends[state.over!] ?? 0) + 1;
      gold += state.players.map(nuggets).reduce((a, b) => a + b, 0) / state.players.length / 30;
    }
    expect(ends.limit ?? 0).toBe(0);
    expect((ends.ice ?? 0) + (ends.announced ?? 0)).toBe(30);
    expect(gold).toBeGreaterThan(5);
  });

  it('replays exactly from the same seed, and plays other games than the greedy bots', () => {
    const table = buildTable(buildMap(lostValley, 'planner-replay', {}));
    const a = playGame(table, plannerBot(), 'replay');
    expect(playGame(table, plannerBot(), 'replay')).toEqual(a);
    expect(playGame(table, makeBot(BOT_WEIGHTS), 'replay').players).not.toEqual(a.players);
  });
});
