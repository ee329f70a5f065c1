/**
 * What the Gold City planner does that the docs quote: how often its games stall (stopped at
 * MAX_ROUNDS, reported `unfinished`), where the stalls gather, and on seed `t1`, the course whose trace showed the planner's blind spot for
 * the Captain (docs/difficulty.md, "What the bots leave out"), and how often two planners beat two
 * baselines (docs/gold-city.md, "The bots"). Every figure is seeded. The stalls in the calibration's
 * own games are in its fixture (src/games/gold-city/data/calibration.json, fit.unfinishedGames).
 *
 *   npx tsx docs/studies/code/measure-gold-city-planner.ts        (about 3 minutes on one core)
 */
import { buildMap } from '../../../src/core/maps.ts';
import { goldCity } from '../../../src/games/gold-city/index.ts';
import { playtest } from '../../../src/games/gold-city/rules/playtest.ts';

const TIERS = ['easy', 'normal', 'hard', 'expert'] as const;
const course = (seed: string, options: Record<string, unknown>) => buildMap(goldCity, seed, options);

const t1 = playtest(course('t1', { players: 4 }), { games: 400 });
console.log(`t1, four players, 400 games: ${t1.unfinished} unfinished, mean rounds ${t1.meanRounds.toFixed(1)}`);

for (const players of [2, 3, 4]) {
  let stalled = 0;
  let on = 0;
  let rounds = 0;
  for (let i = 0; i < 30; i++) {
    const r = playtest(course(`stall-${players}-${i}`, { players }), { games: 40 });
    stalled += r.unfinished;
    if (r.unfinished > 0) on++;
    rounds += r.meanRounds / 30;
  }
  console.log(
    `${players} players, 30 default courses × 40 games: ${stalled} of 1200 unfinished, on ${on} courses; mean rounds ${rounds.toFixed(2)}`,
  );
}

for (const tier of TIERS) {
  let stalled = 0;
  for (let i = 0; i < 20; i++) stalled += playtest(course(`stall-${tier}-${i}`, { players: 4, tier }), { games: 20 }).unfinished;
  console.log(`tier ${tier}, four players, 20 courses × 20 games: ${stalled} of 400 unfinished`);
}

// Head to head: two planners and two baselines, seats alternating from course to course.
let plannerWins = 0;
for (let i = 0; i < 40; i++) {
  const lineup = i % 2 ? ['baseline', 'planner', 'baseline', 'planner'] : ['planner', 'baseline', 'planner', 'baseline'];
  const r = playtest(course(`pvb-${i}`, { players: 4, tier: TIERS[i % 4] }), { games: 6, bots: lineup });
  plannerWins += lineup.reduce((sum, bot, seat) => sum + (bot === 'planner' ? (r.winRate[seat] ?? 0) / 100 : 0), 0) * 6;
}
console.log(
  `two planners against two baselines, 40 four-player courses × 6 games: the planners won ${(plannerWins / 240).toFixed(2)} of 240`,
);
