import { describe, expect, it } from 'vitest';
import { bandOf } from '../../../core/difficulty.ts';
import { buildScoredMap } from '../../../core/maps.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap, GoldCityOptions, Space } from '../model.ts';
import type { GoldCityScore } from '../score.ts';

const TIER_BAND = { easy: 'easy', normal: 'medium', hard: 'hard', expert: 'expert' } as const;

describe('Gold City difficulty you can ask for', () => {
  it.each([2, 3, 4])('at %i players each tier makes its own band on at least 70 in 100 seeds', (players) => {
    for (const tier of Object.keys(TIER_BAND) as Array<GoldCityOptions['tier']>) {
      let own = 0;
      for (let i = 0; i < 300; i++) {
        const { score } = buildScoredMap(goldCity, `tiers/${i}`, { players, tier });
        if (score.band === TIER_BAND[tier]) own++;
      }
      expect(own / 300, `${tier} at ${players} players`).toBeGreaterThanOrEqual(0.7);
    }
  });
});

/** A course of one open rectangle of jungle: a start column, `length` columns of jungle-`strength`, a finish column. */
function field(length: number, height: number, strength: number): GoldCityMap {
  const spaces: Space[] = [];
  for (let r = 0; r < height; r++) {
    spaces.push(r < 4 ? { q: 0, r, piece: 'p0', terrain: 'start', start: r + 1 } : { q: 0, r, piece: 'p0', terrain: 'jungle', strength });
    for (let q = 1; q <= length; q++) spaces.push({ q, r, piece: 'p1', terrain: 'jungle', strength });
    spaces.push({ q: length + 1, r, piece: 'p2', terrain: 'finish' });
  }
  return {
    game: 'gold-city',
    orientation: 'pointy',
    pieces: [
      { id: 'p0', kind: 'start' },
      { id: 'p1', kind: 'terrain' },
      { id: 'p2', kind: 'finish' },
    ],
    spaces,
    gate: { q: length + 2, r: 0 },
    blockades: [],
  } as GoldCityMap;
}

describe('physical predictions on any course', () => {
  it('never predicts fewer rounds than the route allows, and says when it extrapolates', () => {
    const open = field(63, 64, 1);
    expect(goldCity.validate(open)).toEqual([]);
    const s = goldCity.score(open) as GoldCityScore;
    expect(s.predictedRounds).toBeGreaterThanOrEqual(Math.ceil(63 / 24));
    expect(s.extrapolated).toBe(true);
    expect(s.extrapolation!.join(' ')).toMatch(/outside the calibrated|below the/);
    expect(s.band).toBe(bandOf(s.difficulty));
  });

  it('rises with route length and with strength', () => {
    let previous = -Infinity;
    for (const length of [10, 20, 40, 80]) {
      const rounds = (goldCity.score(field(length, 5, 2)) as GoldCityScore).predictedRounds;
      expect(rounds, `length ${length}`).toBeGreaterThanOrEqual(previous);
      previous = rounds;
    }
    previous = -Infinity;
    for (const strength of [1, 2, 3]) {
      const rounds = (goldCity.score(field(30, 5, strength)) as GoldCityScore).predictedRounds;
      expect(rounds, `strength ${strength}`).toBeGreaterThan(previous);
      previous = rounds;
    }
  });

  it('a course like those it was calibrated on is not extrapolated', () => {
    expect((buildScoredMap(goldCity, '42', {}).score as GoldCityScore).extrapolated).toBe(false);
  });
});
