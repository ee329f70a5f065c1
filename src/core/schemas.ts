import { readFileSync } from 'node:fs';

/** The JSON Schemas in schemas/ are the single source of truth for every outside input. */
export function loadSchema(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../schemas/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
}
