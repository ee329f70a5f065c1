/**
 * Whether Gold City's and Pioneer Days' bands are as wide as their players tell apart, the rule
 * Lost Valley's scale is built on (docs/difficulty.md, "What a band is worth"): for each kind and
 * table size, one game's spread of the measure the difficulty predicts (Gold City: rounds to
 * finish; Pioneer Days: mean VP a player), as the root mean square over MAPS default maps of
 * GAMES seeded games each, and the least difference two maps' 50-game means tell apart (95%,
 * two-sided: 1.96 · √2 · spread / √50).
 *   MAPS=12 GAMES=50 npx tsx docs/studies/code/band-resolution.ts   (about 3 minutes on one core)
 */
import { buildMap } from '../../../src/core/maps.ts';
import { leastDifference } from '../../../src/core/stats.ts';
import { goldCity } from '../../../src/games/gold-city/index.ts';
import type { GoldCityMap } from '../../../src/games/gold-city/model.ts';
import { playtest as goldCityPlaytest } from '../../../src/games/gold-city/rules/playtest.ts';
import { pioneerDays } from '../../../src/games/pioneer-days/index.ts';
import type { PioneerDaysMap } from '../../../src/games/pioneer-days/model.ts';
import { BOTS } from '../../../src/games/pioneer-days/rules/bots.ts';
import { playGame } from '../../../src/games/pioneer-days/rules/playtest.ts';
import { buildTable } from '../../../src/games/pioneer-days/rules/state.ts';

const MAPS = Number(process.env.MAPS ?? 12);
const GAMES = Number(process.env.GAMES ?? 50);
const rms = (v: readonly number[]) => Math.sqrt(v.reduce((a, b) => a + b * b, 0) / v.length);
const line = (what: string, sd: number) => console.log(`| ${what} | ${sd.toFixed(2)} | ${leastDifference(sd, 50).toFixed(2)} |`);

console.log('| game, kind, players | one game’s spread | 50-game resolution |');
console.log('| --- | --- | --- |');
for (const players of [2, 3, 4])
  for (const kind of ['planner', 'sampler']) {
    const sds = Array.from({ length: MAPS }, (_, i) => {
      const map = buildMap(goldCity, `sd-${players}-${i}`, { players }) as GoldCityMap;
      return goldCityPlaytest(map, { games: GAMES, kind }).sdRounds;
    });
    line(`Gold City, ${kind}, ${players} (rounds)`, rms(sds));
  }
for (const players of [1, 2, 3, 4])
  for (const kind of ['settler', 'planner'] as const) {
    const sds = Array.from({ length: MAPS }, (_, i) => {
      const trail = buildTable(buildMap(pioneerDays, `sd-${players}-${i}`, { players }) as PioneerDaysMap);
      const bots = Array.from({ length: trail.players }, () => BOTS[kind]!);
      // The difficulty predicts the table's mean VP a player: each game's mean over its seats.
      const vp = Array.from({ length: GAMES }, (_, g) => {
        const r = playGame(trail, bots, `sd-${players}-${i}/${g}`);
        return r.scores.reduce((a, s) => a + s.vp, 0) / r.scores.length;
      });
      const m = vp.reduce((a, b) => a + b, 0) / vp.length;
      return Math.sqrt(vp.reduce((a, b) => a + (b - m) ** 2, 0) / (vp.length - 1));
    });
    line(`Pioneer Days, ${kind}, ${players} (VP a player)`, rms(sds));
  }
