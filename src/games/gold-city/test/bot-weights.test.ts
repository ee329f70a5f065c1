import { describe, expect, it } from 'vitest';
import { tuningHash } from '../../../core/play/tuning.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import calibration from '../data/calibration.json' with { type: 'json' };

describe('bot weights', () => {
  it('the calibration fixture was made with the bots as they are weighted now', () => {
    expect(tuningHash(BOT_WEIGHTS)).toMatch(/^[0-9a-f]{12}$/);
    expect(calibration.botWeights, 'BOT_WEIGHTS changed since the last calibration: rerun npx tsx src/games/gold-city/calibrate/difficulty.ts and commit src/games/gold-city/data/calibration.json').toBe(tuningHash(BOT_WEIGHTS));
  });

  it('is frozen all the way down, so no code can retune the bots behind the hash', () => {
    expect(Object.isFrozen(BOT_WEIGHTS)).toBe(true);
    for (const group of Object.values(BOT_WEIGHTS)) if (typeof group === 'object') expect(Object.isFrozen(group)).toBe(true);
  });
});
