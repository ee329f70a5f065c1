import type { LostValleyOptions } from './model.ts';

/**
 * The settings of the options the calibration measures and a reroll may choose: every ice, gold
 * and these river lengths (the ones between play like their neighbours).
 */
export const STEER_ICE = ['slow', 'normal', 'fast'] as const;
export const STEER_RIVER = [3, 4, 5, 6, 8, 10, 12] as const;
export const STEER_GOLD = ['near', 'scattered', 'far'] as const;

/** The measured setting nearest a map's options (a river between two measured lengths reads as the shorter). */
export function settingOf(options: LostValleyOptions | undefined): { gold: string; ice: string; river: number } {
  const river = options?.river ?? 12;
  const nearest = STEER_RIVER.reduce((best, r) => (Math.abs(r - river) < Math.abs(best - river) ? r : best), STEER_RIVER[0]);
  return { gold: options?.gold ?? 'scattered', ice: options?.ice ?? 'normal', river: nearest };
}

/** How a setting is named in the score model's per-setting tables. */
export const partingKey = (s: { gold: string; ice: string; river: number }) => `${s.gold}-${s.ice}-${s.river}`;
