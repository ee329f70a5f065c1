import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { InputError } from '../core/maps.ts';
import type { RerollRequest, RerollResult } from '../core/reroll.ts';
import type { Rendered, RenderRequest } from '../formats/format.ts';
import type { WorkAnswer, WorkTask } from './work-task.ts';

/**
 * Worker threads for the service's long JavaScript work, rerolls and PDF drawing, so one long
 * request never delays the others on the event loop. Threads start on first use (a server that
 * never rerolls starts none) and end after a minute idle.
 */
export class WorkPool {
  #pool: Piscina | undefined;

  constructor(readonly threads = Math.max(1, availableParallelism())) {}

  #run(task: WorkTask): Promise<WorkAnswer> {
    this.#pool ??= new Piscina({ filename: new URL('./work-worker.js', import.meta.url).href, minThreads: 0, maxThreads: this.threads, idleTimeout: 60_000 });
    return this.#pool.run(task) as Promise<WorkAnswer>;
  }

  /** The library's reroll in a worker; undefined when `deadline` (Date.now()) passed first. */
  async reroll(game: string, request: RerollRequest, deadline: number): Promise<RerollResult | undefined> {
    const answer = await this.#run({ kind: 'reroll', game, request, deadline });
    if (answer.kind === 'input-error') throw new InputError(answer.errors, answer.title);
    if (answer.kind !== 'reroll') throw new Error('unexpected worker answer');
    return answer.result;
  }

  /** A format's render of a prepared request (scene and sheets drawn, limits checked) in a worker. */
  async render(format: string, { game, map, params, scene, sheets }: RenderRequest): Promise<Rendered> {
    const answer = await this.#run({ kind: 'render', game: game.id, format, map, params, ...(scene ? { scene } : {}), ...(sheets ? { sheets } : {}) });
    if (answer.kind !== 'render') throw new Error('unexpected worker answer');
    const body = typeof answer.body === 'string' ? answer.body : Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength);
    return { body, ...(answer.filename ? { filename: answer.filename } : {}) };
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.destroy();
  }
}
