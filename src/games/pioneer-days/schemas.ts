import { dataFile } from '../../core/json-file.ts';
import { registerSchemas } from '../../core/schema.ts';

/** This game's JSON Schemas (schemas/: options, map, play, …), registered with the validator once. */
export const SCHEMAS = registerSchemas(dataFile('./schemas/', import.meta.url));
