import { Worker } from 'node:worker_threads';

/** Maps' digests built in one worker thread: a second isolate must agree with the main one. */
export function digestsInWorker(game: string, maps: ReadonlyArray<{ seed: string; options: unknown }>): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./ts-worker.js', import.meta.url), {
      workerData: { entry: new URL('./digest-worker.ts', import.meta.url).href, game, maps },
    });
    worker.once('message', (digests: string[]) => {
      resolve(digests);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
