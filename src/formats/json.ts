import { loadSchema } from '../core/schemas.ts';
import type { OutputFormat } from './format.ts';

/** The map document with its score: the same bytes from the API and the CLI. */
export const jsonFormat: OutputFormat = {
  id: 'json',
  mediaType: 'application/json',
  description: 'The map document with its score.',
  schema: loadSchema('api/formats/json'),
  needsScene: false,
  binary: false,
  heavy: false,
  cacheable: true,
  render: async ({ map }) => ({ body: JSON.stringify(map) }),
  downloads: [{ id: 'json', label: 'JSON', params: {} }],
};
