import { describe, expect, it } from 'vitest';
import { tuningHash } from '../../src/core/play/tuning.ts';
import { BOT_WEIGHTS } from '../../src/games/gold-city/rules/bot-weights.ts';
import calibration from '../../fixtures/calibration/gold-city.json' with { type: 'json' };

describe('bot weights', () => {
  it('the calibration fixture was made with the bots as they are weighted now', () => {
    expect(tuningHash(BOT_WEIGHTS)).toMatch(/^[0-9a-f]{12}$/);
    expect(calibration.botWeights, 'BOT_WEIGHTS changed since the last calibration: rerun npx tsx scripts/calibrate-gold-city.ts and commit fixtures/calibration/gold-city.json').toBe(tuningHash(BOT_WEIGHTS));
  });

  it('is frozen all the way down, so no code can retune the bots behind the hash', () => {
    expect(Object.isFrozen(BOT_WEIGHTS)).toBe(true);
    for (const group of Object.values(BOT_WEIGHTS)) if (typeof group === 'object') expect(Object.isFrozen(group)).toBe(true);
  });
});
