import { schemaById } from './schema.ts';

const BASE = 'https://goldmaps.dev/schemas/';

/** The JSON Schemas in schemas/ are the single source of truth for every outside input. */
export function loadSchema(name: string): Record<string, unknown> {
  return schemaById(`${BASE}${name}.json`);
}
