/**
 * The floor on a Gold City report's rounds (plays.ts): seeded games of every kind of player on a
 * corpus of courses, each game's rounds over the score's predicted rounds for its course; the
 * fewest seen, less a margin, is the ratio a report's rounds must reach. Then the same games on
 * other courses: how many the floor would refuse (the aim: none) and how far it lies above the
 * old floor (what a perfect hand could walk). Writes src/games/gold-city/data/plays-bounds.json.
 * npx tsx src/games/gold-city/calibrate/plays-bounds.ts (about 4 minutes on one core;
 * MAPS and GAMES in the environment change the corpus).
 */
import { writeFileSync } from 'node:fs';
import { buildScoredMap } from '../../../core/maps.ts';
import { studyBounds, type BoundsSample } from '../../../core/plays.ts';
import { goldCity } from '../index.ts';
import { perfectHandFloor } from '../plays.ts';
import { baselineBot, plannerBot, type Bot } from '../rules/bots.ts';
import { playGame } from '../rules/playtest.ts';
import { effortToFinish } from '../rules/potential.ts';
import { samplerBot } from '../rules/sampler.ts';
import { buildTable } from '../rules/table.ts';
import { calibrationCases } from './cases.ts';

const MAPS = Number(process.env.MAPS ?? 60);
const GAMES = Number(process.env.GAMES ?? 6);
const MARGIN = 0.15;
const KINDS: Record<string, Bot> = { planner: plannerBot, baseline: baselineBot, sampler: samplerBot };

/** Every finished game of every kind on `count` courses of the corpus `prefix` (a quarter with temples). */
function games(prefix: string, count: number) {
  return calibrationCases(prefix, count).map(({ seed, options }, i) => {
    const map = buildScoredMap(goldCity, seed, i % 4 === 3 ? { ...options, temples: true } : options);
    const table = buildTable(map);
    const potential = effortToFinish(table);
    const players = map.options?.players ?? 4;
    const predicted = map.score.predictedRounds;
    const samples: BoundsSample[] = [];
    for (const [kind, bot] of Object.entries(KINDS))
      for (let g = 0; g < GAMES; g++) {
        const r = playGame(
          table,
          Array.from({ length: players }, () => bot),
          `${map.digest}/plays-bounds/${kind}/${g}`,
          potential,
        );
        if (r.finished) samples.push({ kind, ratios: { rounds: r.rounds / predicted } });
      }
    if (i % 10 === 0) process.stderr.write(`${prefix} ${i}/${count}\n`);
    return { map, samples };
  });
}

const fitted = games('plays-bounds', MAPS);
const held = games('plays-bounds-held', Math.ceil(MAPS / 2));
const mean = (xs: number[]) => Math.round((100 * xs.reduce((a, x) => a + x, 0)) / xs.length) / 100;
const study = studyBounds({
  game: 'gold-city',
  version: 'gold-city-plays-bounds-1',
  about: `Fewest rounds of any finished game over the score's predicted rounds, ${MAPS} courses × ${GAMES} games per kind; the floor is that ratio less ${MARGIN * 100}%.`,
  margin: MARGIN,
  kinds: Object.keys(KINDS),
  sides: { rounds: 'floor' },
  fitted: fitted.map((m) => m.samples),
  held: held.map((m) => m.samples),
  // The floor each held-out course gets, against what a perfect hand could walk there.
  figures: (ratios) => ({
    meanFloor: mean(
      held.map(({ map }) => Math.max(perfectHandFloor(map, map.score), Math.ceil(ratios.rounds!.bound * map.score.predictedRounds))),
    ),
    meanOldFloor: mean(held.map(({ map }) => perfectHandFloor(map, map.score))),
    meanPredicted: mean(held.map(({ map }) => map.score.predictedRounds)),
    fewestRatioSeen: Math.min(...held.flatMap((m) => m.samples.map((s) => Math.round(10000 * s.ratios.rounds!) / 10000))),
  }),
});
writeFileSync(new URL('../data/plays-bounds.json', import.meta.url), `${JSON.stringify(study, null, 2)}\n`);
console.log(JSON.stringify(study, null, 2));
