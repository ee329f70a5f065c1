import { describe, expect, it } from 'vitest';
import { buildMap, buildScoredMap } from '../../src/core/maps.ts';
import { goldCity } from '../../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../../src/games/gold-city/model.ts';
import type { GoldCityScore } from '../../src/games/gold-city/score.ts';
import { playGame } from '../../src/games/gold-city/rules/playtest.ts';
import { effortToFinish } from '../../src/games/gold-city/rules/potential.ts';
import { samplerBot } from '../../src/games/gold-city/rules/sampler.ts';
import { prepareTable } from '../../src/games/gold-city/rules/table.ts';

describe('Gold City Monte-Carlo turn sampler', () => {
  for (const temples of [false, true])
    it(`finishes ${temples ? 'temple' : 'base'} races at 2–4 players through the engine, the same game for the same seed`, () => {
      for (const players of [2, 3, 4]) {
        const map = buildMap(goldCity, `sampler-${players}`, { players, pieces: 4, temples }) as GoldCityMap;
        const table = prepareTable(map);
        const potential = effortToFinish(table);
        const bots = Array.from({ length: players }, () => samplerBot);
        // Every action the sampler yields is applied by the engine, which throws on an illegal one.
        const game = playGame(table, bots, 'seed', potential);
        expect(game.finished).toBe(true);
        expect(game.winners.length).toBeGreaterThan(0);
        expect(playGame(table, bots, 'seed', potential).state).toEqual(game.state);
      }
    });
});

describe('Gold City score: the second kind of player', () => {
  it('gives both kinds\u2019 readings, an interval that holds the difficulty, and a confidence that follows their distance', () => {
    for (const options of [{ players: 2 }, { players: 4, tier: 'expert' }, { players: 3, temples: true }]) {
      const score = buildScoredMap(goldCity, 'kinds', options).score as GoldCityScore;
      const { kinds, interval, confidence } = score;
      expect(kinds!.planner.difficulty).toBe(score.difficulty);
      expect(interval![0]).toBeLessThanOrEqual(score.difficulty);
      expect(interval![1]).toBeGreaterThanOrEqual(score.difficulty);
      expect(interval).toEqual([Math.min(kinds!.planner.difficulty, kinds!.sampler.difficulty), Math.max(kinds!.planner.difficulty, kinds!.sampler.difficulty)]);
      const apart = interval![1] - interval![0];
      expect(confidence).toBe(apart <= 10 ? 'high' : apart <= 20 ? 'medium' : 'low');
    }
  });
});
