import { DEFAULT_RENDER_LIMITS, type RenderLimits } from '../formats/format.ts';

export interface Limits extends RenderLimits {
  bodyBytes: number;
  renderConcurrency: number;
  renderQueue: number;
  rerollAttempts: number;
  rerollMillis: number;
  cachedMaps: number;
  /** A play report's body (the plays routes' own parser; every other body takes `bodyBytes`). */
  reportBytes: number;
  /** Writes (report POSTs and DELETEs) one client address may make a minute, keyed or not. */
  writesPerMinutePerAddress: number;
  /** Node's headersTimeout and requestTimeout: a client slower than this is cut off (408) and counted. */
  headersMillis: number;
  requestMillis: number;
  /** How long a handler may take before it is answered 503 for it. */
  budgetMillis: number;
  /** How long /readyz waits for the store before saying it is unreachable. */
  readyMillis: number;
}

export const DEFAULT_LIMITS: Limits = {
  ...DEFAULT_RENDER_LIMITS,
  bodyBytes: 1024 * 1024,
  renderConcurrency: 2,
  renderQueue: 8,
  rerollAttempts: 2000,
  rerollMillis: 5000,
  cachedMaps: 256,
  reportBytes: 16 * 1024,
  writesPerMinutePerAddress: 120,
  headersMillis: 10_000,
  requestMillis: 30_000,
  budgetMillis: 60_000,
  readyMillis: 2_000,
};
