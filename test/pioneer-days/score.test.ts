import { describe, expect, it } from 'vitest';
import { buildMap } from '../../src/core/maps.ts';
import { tuningHash } from '../../src/core/play/tuning.ts';
import { spearman } from '../../src/core/stats.ts';
import { readJson } from '../../src/core/json-file.ts';
import { pioneerDays } from '../../src/games/pioneer-days/index.ts';
import type { PioneerDaysMap } from '../../src/games/pioneer-days/model.ts';
import { BOT_WEIGHTS } from '../../src/games/pioneer-days/rules/bot-weights.ts';
import { playtest } from '../../src/games/pioneer-days/rules/playtest.ts';

const fixture = readJson<{ botWeights: string }>(new URL('../../fixtures/calibration/pioneer-days.json', import.meta.url));

describe('Pioneer Days difficulty', () => {
  it('was calibrated with the bot weights in use', () => {
    expect(fixture.botWeights, 'BOT_WEIGHTS changed since the last calibration: rerun npx tsx scripts/calibrate-pioneer-days.ts').toBe(tuningHash(BOT_WEIGHTS));
  });

  it('ranks 40 unseen trails (1–4 players) as seeded bot games do (Spearman > 0.85)', () => {
    const predicted: number[] = [];
    const played: number[] = [];
    for (let i = 0; i < 40; i++) {
      const map = buildMap(pioneerDays, `pd-test-${i}`, { players: 1 + (i % 4) }) as PioneerDaysMap;
      predicted.push(pioneerDays.score(map).predictedVp);
      played.push(playtest(map, { games: 8 }).meanVp);
    }
    expect(spearman(predicted, played)).toBeGreaterThan(0.85);
  });
});
