/**
 * Which difficulty bands courses from the box reach at each table size: random box courses
 * (every tier, 3–8 pieces, strips on and off) scored by the Gold City model, counted by band,
 * then a reroll for each band from `{"tiles":"box","players":N}` over base seeds.
 *
 *   node --import tsx docs/studies/code/measure-box-reach.ts [courses per table size, default 400] [reroll seeds, default 10]
 */
import { buildMap } from '../../../src/core/maps.ts';
import { measureReach } from '../../../src/seeds/reroll-reach.ts';
import { Rng } from '../../../src/core/rng.ts';
import { BANDS } from '../../../src/core/difficulty.ts';
import { goldCity } from '../../../src/games/gold-city/index.ts';

const per = Number(process.argv[2] ?? 400);
const seeds = Number(process.argv[3] ?? 10);
for (const players of [2, 3, 4]) {
  const rng = Rng.fromSeed(`box reach ${players}`);
  const count: Record<string, number> = Object.fromEntries(BANDS.map((b) => [b, 0]));
  let lo = 100;
  let hi = 0;
  let extrapolated = 0;
  for (let k = 0; k < per; k++) {
    const strips = rng.chance(0.7);
    const map = buildMap(goldCity, `r${k}`, {
      tiles: 'box',
      players,
      strips,
      pieces: rng.int(3, strips ? 8 : 6),
      tier: rng.pick(['easy', 'normal', 'hard', 'expert']),
    });
    const score = goldCity.score(map as never);
    count[score.band] = (count[score.band] ?? 0) + 1;
    lo = Math.min(lo, score.difficulty);
    hi = Math.max(hi, score.difficulty);
    if (score.extrapolated) extrapolated++;
  }
  const reach = BANDS.map((band) => {
    const r = measureReach(goldCity as never, { band }, { tiles: 'box', players }, { seeds, maxAttempts: 100, prefix: `box${players}` });
    return `${band} ${r.hits}/${r.seeds} (median ${r.medianAttempts})`;
  });
  console.log(
    `${players} players: ${per} courses, difficulty ${lo}–${hi}, extrapolated ${extrapolated}; bands ${BANDS.map((b) => `${b} ${count[b]}`).join(', ')}; reroll ${reach.join(', ')}`,
  );
}
