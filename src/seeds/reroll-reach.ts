import { BANDS } from '../core/difficulty.ts';
import type { AnyGameModule } from '../core/game-module.ts';
import { sum } from '../core/stats.ts';
import { reroll, type Target } from './reroll.ts';

export interface Reach {
  target: string;
  /** Base seeds whose reroll hit within the attempts allowed. */
  hits: number;
  seeds: number;
  medianAttempts: number;
  meanAttempts: number;
}

/** Every band, and ranges ten wide across the scale: what a caller may ask a reroll for. */
export const REACH_TARGETS: readonly Target[] = [
  ...BANDS.map((band) => ({ band })),
  ...Array.from({ length: 10 }, (_, k) => ({ min: 10 * k, max: 10 * k + 10 })),
];

/** How reliably and how fast a reroll from `options` reaches `target`, over `seeds` base seeds. */
export function measureReach(
  game: AnyGameModule,
  target: Target,
  options: Record<string, unknown>,
  { seeds, maxAttempts, prefix = 'reach', agree = false }: { seeds: number; maxAttempts: number; prefix?: string; agree?: boolean },
): Reach {
  const attempts: number[] = [];
  let hits = 0;
  for (let i = 1; i <= seeds; i++) {
    const r = reroll(game, { seed: `${prefix}-${i}`, options, target, maxAttempts, agree })!;
    if (r.hit) hits++;
    attempts.push(r.attempts);
  }
  attempts.sort((a, b) => a - b);
  return {
    target: 'band' in target ? target.band : `${target.min}–${target.max}`,
    hits,
    seeds,
    medianAttempts: attempts[Math.floor((attempts.length - 1) / 2)]!,
    meanAttempts: Math.round((10 * sum(attempts)) / attempts.length) / 10,
  };
}
