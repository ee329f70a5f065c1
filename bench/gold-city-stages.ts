/**
 * Where Gold City generation spends its time: generate.ts's own stages (STAGES, the list
 * generateGoldCity runs) run one by one on the same seeds, each timed (median over rounds of the
 * mean per map, in µs). Running the generator's list rather than a copy of it means no stage can
 * be left out or run differently here.
 */
import { GoldCityBuild, STAGES, type StageName } from '../src/games/gold-city/generate.ts';
import type { GoldCityOptions } from '../src/games/gold-city/model.ts';
import { median } from './measure.ts';

export const STAGE_NAMES: readonly StageName[] = STAGES.map((s) => s.name);

type PerStage = Record<StageName, number>;

export function stageTimes(options: GoldCityOptions, { rounds = 40, batch = 50 } = {}): PerStage {
  const sums = Object.fromEntries(STAGE_NAMES.map((s) => [s, 0])) as PerStage;
  const perRound = Object.fromEntries(STAGE_NAMES.map((s) => [s, [] as number[]])) as Record<StageName, number[]>;
  const run = (seed: string, timed: boolean) => {
    const build = new GoldCityBuild(seed, options);
    let t = performance.now();
    for (const stage of STAGES) {
      stage.run(build);
      if (!timed) continue;
      const now = performance.now();
      sums[stage.name] += now - t;
      t = now;
    }
  };
  for (let i = 0; i < 500; i++) run(`stages-warm-${i}`, false);
  let n = 0;
  for (let round = 0; round < rounds; round++) {
    for (const s of STAGE_NAMES) sums[s] = 0;
    for (let i = 0; i < batch; i++) run(`stages-${n++}`, true);
    for (const s of STAGE_NAMES) perRound[s].push((1000 * sums[s]) / batch);
  }
  return Object.fromEntries(STAGE_NAMES.map((s) => [s, median(perRound[s])])) as PerStage;
}
