import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import { Piscina } from 'piscina';
import { InputError, type ScoredMap } from '../core/maps.ts';
import type { RerollRequest, RerollResult } from '../seeds/reroll.ts';
import type { Rendered, RenderRequest } from '../formats/format.ts';
import type { WorkAnswer, WorkTask } from './work-task.ts';

export interface WorkPoolOptions {
  /** Threads at most. */
  threads?: number;
  /** A pool's threads are replaced after this many tasks between them (see WorkPool). */
  tasksPerPool?: number;
  /**
   * Each thread's V8 heap bound, MB (old generation; the young one is held at 8 MB). 64: the
   * largest PDF the API accepts (a 10-piece temple course, 1:1 on A0) drew in 40 and not in 32.
   */
  heapMb?: number;
  /** Where a thread that failed with no task of its own (while starting) is reported. */
  logger?: Pick<Logger, 'error'>;
}

/** A drawing that outgrew a worker thread's heap bound (the thread is replaced; others go on). */
export class WorkerOutOfMemory extends Error {
  constructor(format: string, heapMb: number) {
    super(`drawing the ${format.toUpperCase()} needed more than a worker thread's ${heapMb} MB heap`);
  }
}

/**
 * Two threads at most, one on a one-core machine: each thread holds its own copy of the modules
 * and draws a kit's fonts afresh, 150–230 MB of RSS once it has drawn PDF kits
 * (docs/performance.md#memory), so threads beyond the renders the gate lets through (2) buy
 * memory, not speed. Not one: a reroll queued behind a poster PDF would run out of its time.
 */
export const DEFAULT_THREADS = Math.max(1, Math.min(2, availableParallelism()));

/**
 * Worker threads for the service's long JavaScript work, rerolls, bot games and PDF drawing, so one long
 * request never delays the others on the event loop. Threads start on first use (a server that
 * never rerolls starts none) and end after a minute idle.
 *
 * Memory: pdfkit and fontkit parse the fonts afresh for every document, so a thread drawing kits
 * lets its heap grow as far as V8 allows before collecting; a heap bound (resourceLimits) keeps it
 * collecting sooner, at no cost a kit measured, and the pool is replaced after `tasksPerPool`
 * tasks, its threads ending once their tasks are done, so whatever a thread gathers is given back
 * (the render child is recycled the same way, raster-pool.ts): with heaps bounded, a pool that
 * was never replaced still crept from ~350 to ~420 MB over 320 kits (bench/memory/pool.mts).
 */
export class WorkPool {
  #pool: Piscina | undefined;
  #given = 0;
  /** The tasks given to the current pool and not yet settled. */
  #pending = new Set<Promise<WorkAnswer>>();
  /** Replaced pools finishing their tasks. */
  readonly #ending = new Set<Promise<void>>();
  readonly threads: number;
  readonly tasksPerPool: number;
  readonly heapMb: number;

  readonly #logger: Pick<Logger, 'error'> | undefined;

  constructor({ threads = DEFAULT_THREADS, tasksPerPool = 200, heapMb = 64, logger }: WorkPoolOptions = {}) {
    this.#logger = logger;
    this.threads = threads;
    this.tasksPerPool = tasksPerPool;
    this.heapMb = heapMb;
  }

  async #run(task: WorkTask, signal?: AbortSignal): Promise<WorkAnswer> {
    // A new pool starts once the replaced one has ended: overlapping, the two pools' threads (4)
    // made the soak's peak (519 MB for 4 s, against 440–480 otherwise). The price is a wait, once
    // every tasksPerPool tasks, for the tasks the old pool still holds.
    while (!this.#pool && this.#ending.size > 0) await Promise.all(this.#ending);
    if (!this.#pool) {
      this.#pool = new Piscina({
        filename: new URL('./work-worker.js', import.meta.url).href,
        minThreads: 0,
        maxThreads: this.threads,
        idleTimeout: 60_000,
        resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 8 },
      });
      // Piscina emits 'error' for a thread that fails holding no task (one that runs out of heap
      // while loading): unheard, that event would end the service.
      this.#pool.on('error', (e: unknown) => this.#logger?.error({ err: e }, 'worker thread failed'));
    }
    const pool = this.#pool;
    // Piscina stops the thread of a task aborted while it runs (a new one starts when needed).
    const answer = pool.run(task, signal ? { signal } : {}) as Promise<WorkAnswer>;
    this.#pending.add(answer);
    void answer.catch(() => {}).finally(() => this.#pending.delete(answer));
    if (++this.#given >= this.tasksPerPool) {
      // The next task starts a fresh pool once this one has ended, when every task given it has
      // settled (piscina's close would cut those still queued).
      const given = [...this.#pending];
      this.#pool = undefined;
      this.#given = 0;
      this.#pending = new Set();
      const ending = Promise.allSettled(given)
        .then(() => pool.close())
        .finally(() => this.#ending.delete(ending));
      this.#ending.add(ending);
    }
    return answer;
  }

  /** The library's reroll in a worker; undefined when `deadline` (Date.now()) passed first. */
  async reroll(game: string, request: RerollRequest, deadline: number): Promise<RerollResult | undefined> {
    const answer = await this.#run({ kind: 'reroll', game, request, deadline });
    if (answer.kind === 'input-error') throw new InputError(answer.errors, answer.title);
    if (answer.kind !== 'reroll') throw new Error('unexpected worker answer');
    return answer.result;
  }

  /**
   * The game's seeded bot games on a map, in a worker: its playtest report. A `signal` that aborts
   * stops the games where they are, their thread with them (the promise rejects).
   */
  async playtest(game: string, map: ScoredMap, games: number, playerKind?: string, signal?: AbortSignal): Promise<unknown> {
    const answer = await this.#run({ kind: 'playtest', game, map, games, ...(playerKind === undefined ? {} : { playerKind }) }, signal);
    if (answer.kind !== 'playtest') throw new Error('unexpected worker answer');
    return answer.report;
  }

  /** A format's render of a prepared request (scene and sheets drawn, limits checked) in a worker. */
  async render(format: string, { game, map, params, scene, sheets }: RenderRequest): Promise<Rendered> {
    const answer = await this.#run({
      kind: 'render',
      game: game.id,
      format,
      map,
      params,
      ...(scene ? { scene } : {}),
      ...(sheets ? { sheets } : {}),
    }).catch((e: unknown) => {
      // test/workers/pdf-heap.test.ts draws the largest documents the API accepts within the bound;
      // should one ever outgrow it, the answer names the bound rather than a bare internal error.
      if ((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkerOutOfMemory(format, this.heapMb);
      throw e;
    });
    if (answer.kind !== 'render') throw new Error('unexpected worker answer');
    const body =
      typeof answer.body === 'string' ? answer.body : Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength);
    return { body };
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await Promise.all([pool?.destroy(), ...this.#ending]);
  }
}
