// Worker threads do not inherit the main thread's TypeScript loader. Built (dist/), a task is
// plain JavaScript beside its worker; from the sources, register tsx and load the TypeScript.
import { existsSync } from 'node:fs';

/** The default export of the task module `name` (without extension) beside `base`. */
export async function loadTask(name, base) {
  const compiled = new URL(`./${name}.js`, base);
  if (existsSync(compiled)) return (await import(compiled.href)).default;
  const { register } = await import('tsx/esm/api');
  register();
  return (await import(new URL(`./${name}.ts`, base).href)).default;
}
