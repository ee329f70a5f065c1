import { readFileSync } from 'node:fs';

/** Project data (schemas, fixtures, package.json) read relative to the module, in src/ or dist/ alike. */
export function readJson<T>(url: URL): T {
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}
