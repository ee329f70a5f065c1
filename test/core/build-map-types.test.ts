import { describe, expectTypeOf, it } from 'vitest';
import type { MapDocumentBase, ScoreBase } from '../../src/core/game-module.ts';
import { buildMap, buildScoredMap } from '../../src/core/maps.ts';
import { goldCity } from '../../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../../src/games/gold-city/model.ts';
import type { GoldCityScore } from '../../src/games/gold-city/score.ts';
import { findGame } from '../../src/games/index.ts';

// Checked by tsc (npm test runs it): a caller holding a game's own module gets its own types back,
// with no cast; a front end holding any game gets the face's.
describe('buildMap keeps the game’s types', () => {
  it('a game’s own module builds its own map and score', () => {
    expectTypeOf(buildMap(goldCity, '1', {})).toEqualTypeOf<GoldCityMap>();
    expectTypeOf(buildScoredMap(goldCity, '1', {}).score).toExtend<GoldCityScore>();
    expectTypeOf(buildScoredMap(goldCity, '1', {}).score.predictedRounds).toEqualTypeOf<number>();
  });

  it('any game from the registry builds the face’s map and score', () => {
    const game = findGame('gold-city')!;
    expectTypeOf(buildMap(game, '1', {})).toEqualTypeOf<MapDocumentBase>();
    expectTypeOf(buildScoredMap(game, '1', {}).score).toEqualTypeOf<ScoreBase>();
    // @ts-expect-error a front end cannot read a game's own score fields
    void buildScoredMap(game, '1', {}).score.predictedRounds;
  });
});
