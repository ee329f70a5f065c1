import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readJson } from '../../../core/json-file.ts';
import { buildMap } from '../../../core/maps.ts';
import { tuningHash } from '../../../core/play/tuning.ts';
import { lostValley } from '../index.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { PLAN } from '../rules/planner.ts';
import { scoreLostValley } from '../score.ts';

// What a far stronger player's games said (src/games/lost-valley/calibrate/strong.ts), and what the product says of it.
interface StrongTable {
  landscapes: number;
  spearman: { difficulty: number };
  goldOption?: Record<'near' | 'scattered' | 'far', { monteCarlo: number }>;
}
const strong = readJson<{ botWeights: string; plannerWeights: string; tables: Record<string, StrongTable> }>(
  new URL('../data/strong.json', import.meta.url),
);
const NOTE =
  /a far stronger player \(a Monte-Carlo search\) ranks landscapes unlike this difficulty \(Spearman (-?[\d.]+) over (\d+) landscapes\)/;

describe('Lost Valley: a far stronger player', () => {
  it('was measured on the bots as they are', () => {
    expect(strong.botWeights, 'BOT_WEIGHTS changed: rerun src/games/lost-valley/calibrate/strong.ts for every table size').toBe(
      tuningHash(BOT_WEIGHTS),
    );
    expect(strong.plannerWeights, 'PLAN changed: rerun src/games/lost-valley/calibrate/strong.ts for every table size').toBe(
      tuningHash(PLAN),
    );
    for (const players of [2, 3, 4]) expect(strong.tables[String(players)], `${players} players measured`).toBeDefined();
  });

  it('the headline says where the strong player parts from the difficulty, with its figure, and says nothing where it does not', () => {
    // The note rests on this measurement: at two players the strong player's gold barely follows the score.
    expect(strong.tables['2']!.spearman.difficulty).toBeLessThan(0.5);
    for (const players of [2, 3, 4]) {
      const map = buildMap(lostValley, `strong-note-${players}`, { players });
      const headline = lostValley.summarise(map, scoreLostValley(map)).headline;
      const table = strong.tables[String(players)]!;
      const note = headline.match(NOTE);
      if (table.spearman.difficulty < 0.5) {
        expect(note, `${players} players`).not.toBeNull();
        expect(Number(note![1])).toBe(table.spearman.difficulty);
        expect(Number(note![2])).toBe(table.landscapes);
      } else expect(note, `${players} players`).toBeNull();
    }
  });

  it("docs/lost-valley.md gives the strong player's gold per `gold` setting, and 'far' is its hardest at every table size", () => {
    const page = readFileSync(new URL('../../../../docs/lost-valley.md', import.meta.url), 'utf8');
    for (const players of [2, 3, 4]) {
      const gold = strong.tables[String(players)]!.goldOption!;
      expect(gold.far.monteCarlo).toBeLessThan(gold.near.monteCarlo);
      expect(gold.far.monteCarlo).toBeLessThan(gold.scattered.monteCarlo);
      const row = [gold.near, gold.scattered, gold.far].map((g) => g.monteCarlo.toFixed(1));
      expect(page).toMatch(new RegExp(`^\\| ${players} +\\| ${row.map((c) => `${c.replace('.', '\\.')} *`).join('\\| ')}\\|$`, 'm'));
    }
  });
});
