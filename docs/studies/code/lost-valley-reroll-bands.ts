/**
 * Does the band a Lost Valley reroll answers hold in each kind of player's own games? For every
 * table size and band, N rerolls from fresh base seeds (`rb-<players>-<band>-<i>`, players pinned,
 * the rest steered as a caller who leaves them open gets), once as the service rerolls by default
 * and once with `agree` (both kinds' readings inside the band too). Each answer is then played,
 * G races of each kind (the playtest's own games, which the score never plays), and each kind's
 * gold per prospector is placed on that kind's own calibrated scale: the band it played. Prints,
 * per table size and band, the hits, the mean attempts, and how often the answer played in the
 * asked band for the greedy bots, for the planners and for both. Writes nothing.
 *   N=20 G=8 npx tsx docs/studies/code/lost-valley-reroll-bands.ts        (≈ 5 minutes on two cores)
 *   ONLY=2 … to measure one table size.
 */
import calibration from '../../../src/games/lost-valley/data/calibration.json' with { type: 'json' };
import { bandOf, difficultyOnScale, type Scale } from '../../../src/core/difficulty.ts';
import type { Band } from '../../../src/core/game-module.ts';
import { reroll } from '../../../src/seeds/reroll.ts';
import { lostValley } from '../../../src/games/lost-valley/index.ts';
import type { LostValleyMap } from '../../../src/games/lost-valley/model.ts';
import { playtest } from '../../../src/games/lost-valley/rules/playtest.ts';

const N = Number(process.env.N ?? 20);
const G = Number(process.env.G ?? 8);
const ONLY = (process.env.ONLY ?? '2,3,4').split(',').map(Number);
const BANDS: Band[] = ['easy', 'medium', 'hard', 'expert'];
const KIND_SCALES = { greedy: calibration.scales, planner: calibration.planner.scales } as unknown as Record<string, Record<string, Scale>>;

const playedBand = (map: LostValleyMap, kind: 'greedy' | 'planner', players: number) =>
  bandOf(difficultyOnScale(playtest(map, { games: G, player: kind }).goldPerProspector, KIND_SCALES[kind]![String(players)]!));

const pct = (k: number, n: number) => (n === 0 ? '—' : `${Math.round((100 * k) / n)}%`);

console.log(`players band     | rule    hits  attempts | played in band: greedy planner both | interval width`);
for (const players of ONLY) {
  for (const band of BANDS) {
    for (const agree of [false, true]) {
      let hits = 0,
        attempts = 0,
        greedy = 0,
        planner = 0,
        both = 0,
        width = 0;
      for (let i = 0; i < N; i++) {
        const result = reroll(lostValley, {
          seed: `rb-${players}-${band}-${i}`,
          options: { players },
          target: { band },
          maxAttempts: 200,
          agree,
        })!;
        attempts += result.attempts;
        if (!result.hit) continue;
        hits++;
        const map = result.map as LostValleyMap;
        const interval = map.score!.interval!;
        width += interval[1] - interval[0];
        const g = playedBand(map, 'greedy', players) === band;
        const p = playedBand(map, 'planner', players) === band;
        greedy += g ? 1 : 0;
        planner += p ? 1 : 0;
        both += g && p ? 1 : 0;
      }
      console.log(
        `${players}       ${band.padEnd(8)} | ${(agree ? 'agree' : 'mean').padEnd(7)} ${String(hits).padStart(2)}/${N} ${(attempts / N).toFixed(1).padStart(8)} | ${pct(greedy, hits).padStart(20)} ${pct(planner, hits).padStart(7)} ${pct(both, hits).padStart(4)} | ${(width / Math.max(1, hits)).toFixed(1)}`,
      );
    }
  }
}
