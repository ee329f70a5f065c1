/**
 * The ceilings on a Lost Valley report's gold (plays.ts): seeded games of every kind of player on
 * a corpus of landscapes, each game's gold per prospector and its richest prospector's gold over
 * the gold the score predicts; the most seen, plus a margin, is the ratio a report may reach.
 * Then the same games on other landscapes: how many the ceilings would refuse (the aim: none).
 * Writes src/games/lost-valley/data/plays-bounds.json.
 * npx tsx src/games/lost-valley/calibrate/plays-bounds.ts (about 2 minutes on one core;
 * MAPS and GAMES in the environment change the corpus).
 */
import { writeFileSync } from 'node:fs';
import { buildScoredMap } from '../../../core/maps.ts';
import { studyBounds, type BoundsSample } from '../../../core/plays.ts';
import { lostValley } from '../index.ts';
import { lostValleyPlays } from '../plays.ts';
import { BOT_WEIGHTS } from '../rules/bot-weights.ts';
import { makeBot, type Bot } from '../rules/bots.ts';
import { nuggets } from '../rules/engine.ts';
import { plannerBot } from '../rules/planner-bot.ts';
import { playGame } from '../rules/playtest.ts';
import { buildTable } from '../rules/table.ts';

const MAPS = Number(process.env.MAPS ?? 60);
const GAMES = Number(process.env.GAMES ?? 6);
const MARGIN = 0.15;
const KINDS: Record<string, () => Bot> = { greedy: () => makeBot(BOT_WEIGHTS), planner: plannerBot };
const GOLD = ['near', 'scattered', 'far'] as const;
const ICE = ['slow', 'normal', 'fast'] as const;

/** Every game of every kind on `count` landscapes of the corpus `prefix`, over table sizes and settings. */
function games(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const options = { players: 2 + (i % 3), gold: GOLD[Math.floor(i / 3) % 3], ice: ICE[Math.floor(i / 9) % 3], river: 3 + ((i * 5) % 10) };
    const map = buildScoredMap(lostValley, `${prefix}-${i}`, options);
    const table = buildTable(map);
    const predicted = lostValleyPlays.predicted(map, map.score);
    const samples: BoundsSample[] = [];
    for (const [kind, bot] of Object.entries(KINDS))
      for (let g = 0; g < GAMES; g++) {
        const gold = playGame(table, bot(), `${map.digest}/plays-bounds/${kind}/${g}`).players.map(nuggets);
        samples.push({
          kind,
          ratios: { measure: gold.reduce((a, x) => a + x, 0) / gold.length / predicted, seat: Math.max(...gold) / predicted },
        });
      }
    if (i % 10 === 0) process.stderr.write(`${prefix} ${i}/${count}\n`);
    return { map, predicted, samples };
  });
}

const fitted = games('plays-bounds', MAPS);
const held = games('plays-bounds-held', Math.ceil(MAPS / 2));
const mean = (xs: number[]) => Math.round((100 * xs.reduce((a, x) => a + x, 0)) / xs.length) / 100;
const study = studyBounds({
  game: 'lost-valley',
  version: 'lost-valley-plays-bounds-1',
  about: `Most gold per prospector, and most of one prospector, of any game over the gold the score predicts, ${MAPS} landscapes × ${GAMES} games per kind; each ceiling is that ratio plus ${MARGIN * 100}%.`,
  margin: MARGIN,
  kinds: Object.keys(KINDS),
  sides: { measure: 'ceiling', seat: 'ceiling' },
  fitted: fitted.map((m) => m.samples),
  held: held.map((m) => m.samples),
  // The ceilings beside the old one (every nugget on the landscape), per prospector.
  figures: (ratios) => ({
    meanPredicted: mean(held.map((m) => m.predicted)),
    meanSeatCeiling: mean(held.map((m) => Math.min(m.map.score.metrics.goldTotal, Math.floor(ratios.seat!.bound * m.predicted)))),
    meanOldSeatCeiling: mean(held.map((m) => m.map.score.metrics.goldTotal)),
  }),
});
writeFileSync(new URL('../data/plays-bounds.json', import.meta.url), `${JSON.stringify(study, null, 2)}\n`);
console.log(JSON.stringify(study, null, 2));
