import { HttpProblem } from './problem.ts';

/**
 * Bounds the renders (PNG, PDF), or the bot games, in flight and waiting. Rasterising is
 * memory-hungry and bot games hold a worker thread for seconds, so past the queue the service
 * answers 503 with Retry-After rather than queueing without bound.
 */
export class RenderGate {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly queue: number,
    /** What the gate lets through, for the 503's title: `renders`, `bot games`. */
    readonly what = 'renders',
  ) {}

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `job` in its turn; a `signal` that aborts while the job waits takes it out of the queue (rejected with the signal's reason). */
  async run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.#active >= this.concurrency) {
      if (this.#waiting.length >= this.queue) {
        throw new HttpProblem(503, `Too many ${this.what} in progress`, 'Try again shortly.', { headers: { 'Retry-After': '1' } });
      }
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal?.removeEventListener('abort', leave);
          resolve();
        };
        const leave = () => {
          this.#waiting.splice(this.#waiting.indexOf(turn), 1);
          reject(signal!.reason);
        };
        signal?.addEventListener('abort', leave, { once: true });
        this.#waiting.push(turn);
      });
    } else {
      this.#active++;
    }
    try {
      return await job();
    } finally {
      const next = this.#waiting.shift();
      // A waiter inherits this slot, so #active only drops when nobody is waiting.
      if (next) next();
      else this.#active--;
    }
  }
}
