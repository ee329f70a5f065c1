// The service's worker threads (see work-pool.ts). Like rank-worker.js: built, the task is plain
// JavaScript beside this file; from the sources, register tsx and load the TypeScript.
import { existsSync } from 'node:fs';

const compiled = new URL('./work-task.js', import.meta.url);
let task;
if (existsSync(compiled)) {
  task = await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  task = await import(new URL('./work-task.ts', import.meta.url).href);
}
export default task.default;
