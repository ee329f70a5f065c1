import { Worker } from 'node:worker_threads';

/** A map's digest built in a worker thread: a second isolate must agree with the main one. */
export function digestInWorker(game: string, seed: string, options: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./ts-worker.js', import.meta.url), {
      workerData: { entry: new URL('./digest-worker.ts', import.meta.url).href, game, seed, options },
    });
    worker.once('message', (digest: string) => {
      resolve(digest);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
