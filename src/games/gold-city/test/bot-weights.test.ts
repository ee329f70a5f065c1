import { describe, expect, it } from 'vitest';
import { tuningHash } from '../../../core/play/tuning.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import calibration from '../data/calibration.json' with { type: 'json' };

describe('bot weights', () => {
  it('the calibration fixture was made with the bots as they are weighted now', () => {
    expect(
      calibration.botWeights,
      'BOT_WEIGHTS changed since the last calibration: rerun npx tsx src/games/gold-city/calibrate/difficulty.ts and commit src/games/gold-city/data/calibration.json',
    ).toBe(tuningHash(BOT_WEIGHTS));
  });

  it('has a hash that moves with every weight, at any depth, and not with the order of the keys', () => {
    const leaves = (value: unknown, path: string[] = []): string[][] =>
      typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k])) : [path];
    const paths = leaves(BOT_WEIGHTS);
    expect(
      paths.some((p) => p.length > 1),
      'the table has nested weights',
    ).toBe(true);
    const base = tuningHash(BOT_WEIGHTS);
    for (const path of paths) {
      const nudged = structuredClone(BOT_WEIGHTS) as Record<string, unknown>;
      const parent = path.slice(0, -1).reduce((o, k) => o[k] as Record<string, unknown>, nudged);
      const last = path.at(-1)!;
      const v = parent[last];
      parent[last] = typeof v === 'number' ? v + 0.01 : typeof v === 'boolean' ? !v : `${String(v)}!`;
      expect(tuningHash(nudged), `changing ${path.join('.')}`).not.toBe(base);
    }
    const reversed = (value: unknown): unknown =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([k, v]) => [k, reversed(v)]),
          )
        : value;
    expect(tuningHash(reversed(BOT_WEIGHTS) as object)).toBe(base);
  });

  it('is frozen all the way down, so no code can retune the bots behind the hash', () => {
    expect(Object.isFrozen(BOT_WEIGHTS)).toBe(true);
    for (const group of Object.values(BOT_WEIGHTS)) if (typeof group === 'object') expect(Object.isFrozen(group)).toBe(true);
  });
});
