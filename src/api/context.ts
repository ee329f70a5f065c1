import type { Logger } from 'pino';
import type { PlayStore } from '../store/store.ts';
import { RasterPool } from '../workers/raster-pool.ts';
import { WorkPool } from '../workers/work-pool.ts';
import { Counters } from './counters.ts';
import { DEFAULT_LIMITS, type Limits } from './limits.ts';
import { AnswerCache, MapCache } from './map-cache.ts';
import { RenderFiles } from './render-files.ts';
import { RenderGate } from './render-gate.ts';

/** What every router of one app shares: its limits, counters, store, caches and pools. */
export interface ApiContext {
  logger: Logger;
  limits: Limits;
  counters: Counters;
  store?: PlayStore;
  now: () => Date;
  maps: MapCache;
  /** Whole answers of seed URLs, replayed ahead of express. */
  answers: AnswerCache;
  work: WorkPool;
  rasters: RasterPool;
  renders: RenderGate;
  /** Rendered PNGs and PDFs on disk, by what decides their bytes. */
  renderFiles: RenderFiles;
  playtests: RenderGate;
}

export interface ContextOptions {
  logger: Logger;
  limits?: Limits;
  store?: PlayStore;
  now?: () => Date;
  counters?: Counters;
}

export function createContext({
  logger,
  limits = DEFAULT_LIMITS,
  store,
  now = () => new Date(),
  counters = new Counters(),
}: ContextOptions): ApiContext {
  return {
    logger,
    limits,
    counters,
    store,
    now,
    maps: new MapCache(limits.cachedMaps),
    answers: new AnswerCache(limits.cachedMaps),
    work: new WorkPool({ logger }),
    rasters: new RasterPool({ concurrency: limits.renderConcurrency, logger }),
    renders: new RenderGate(limits.renderConcurrency, limits.renderQueue),
    renderFiles: new RenderFiles({
      dir: limits.renderCacheDir,
      maxBytes: limits.renderCacheBytes,
      freeBytes: limits.renderCacheFreeBytes,
      logger,
    }),
    playtests: new RenderGate(limits.renderConcurrency, limits.renderQueue, 'bot games'),
  };
}

/** Stops the pools' threads and render child. */
export async function closeContext(ctx: ApiContext): Promise<void> {
  await Promise.all([ctx.work.close(), ctx.rasters.close()]);
}
