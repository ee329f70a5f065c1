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
  /** Where rendered PNGs and PDFs are kept on disk by their ETag; absent, they are drawn on every request. */
  renderCacheDir?: string;
  /** The most those files take together (0: none kept). */
  renderCacheBytes: number;
  /** No file is kept while the disk under them would have less than this free, so the cache never fills the store's disk. */
  renderCacheFreeBytes: number;
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
  renderCacheBytes: 512 * 2 ** 20,
  renderCacheFreeBytes: 64 * 2 ** 20,
};
