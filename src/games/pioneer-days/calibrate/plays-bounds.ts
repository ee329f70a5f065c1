/**
 * The ceilings on a Pioneer Days report's VP (plays.ts): seeded games of every kind of player on
 * a corpus of trails, each game's VP per player and its best player's VP over the VP the score
 * predicts; the most seen, plus a margin, is the ratio a report may reach. Then the same games
 * on other trails: how many the ceilings would refuse (the aim: none).
 * Writes src/games/pioneer-days/data/plays-bounds.json.
 * npx tsx src/games/pioneer-days/calibrate/plays-bounds.ts (about 3 minutes on one core;
 * MAPS and GAMES in the environment change the corpus).
 */
import { writeFileSync } from 'node:fs';
import { buildScoredMap } from '../../../core/maps.ts';
import { studyBounds, type BoundsSample } from '../../../core/plays.ts';
import { pioneerDays } from '../index.ts';
import { BOTS } from '../rules/bots.ts';
import { playGame } from '../rules/playtest.ts';
import { buildTable } from '../rules/state.ts';
import { corpusTrail } from './corpus.ts';

const MAPS = Number(process.env.MAPS ?? 60);
const GAMES = Number(process.env.GAMES ?? 6);
const MARGIN = 0.15;

/** Every game of every kind on `count` trails of the corpus `prefix`, over table sizes 1–4. */
function games(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const map = buildScoredMap(pioneerDays, `${prefix}-${i}`, corpusTrail(i));
    const trail = buildTable(map);
    const predicted = map.score.predictedVp;
    const samples: BoundsSample[] = [];
    for (const [kind, bot] of Object.entries(BOTS))
      for (let g = 0; g < GAMES; g++) {
        const vp = playGame(
          trail,
          Array.from({ length: trail.players }, () => bot),
          `${map.digest}/plays-bounds/${kind}/${g}`,
        ).scores.map((s) => s.vp);
        samples.push({
          kind,
          ratios: { measure: vp.reduce((a, x) => a + x, 0) / vp.length / predicted, seat: Math.max(...vp) / predicted },
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
  game: 'pioneer-days',
  version: 'pioneer-days-plays-bounds-1',
  about: `Most VP per player, and most of one player, of any game over the VP the score predicts, ${MAPS} trails × ${GAMES} games per kind; each ceiling is that ratio plus ${MARGIN * 100}%.`,
  margin: MARGIN,
  kinds: Object.keys(BOTS),
  sides: { measure: 'ceiling', seat: 'ceiling' },
  fitted: fitted.map((m) => m.samples),
  held: held.map((m) => m.samples),
  figures: (ratios) => ({
    meanPredicted: mean(held.map((m) => m.predicted)),
    meanSeatCeiling: mean(held.map((m) => Math.floor(ratios.seat!.bound * m.predicted))),
    // Before, a seat's VP was bounded by the schema alone.
    oldSeatCeiling: 1000,
  }),
});
writeFileSync(new URL('../data/plays-bounds.json', import.meta.url), `${JSON.stringify(study, null, 2)}\n`);
console.log(JSON.stringify(study, null, 2));
