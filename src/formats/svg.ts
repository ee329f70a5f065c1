import { loadSchema } from '../core/schemas.ts';
import { sceneToSvg } from './svg-document.ts';
import type { OutputFormat } from './format.ts';

export const svgFormat: OutputFormat = {
  id: 'svg',
  mediaType: 'image/svg+xml',
  description: 'The board as SVG, sized in millimetres, so it prints at true size.',
  schema: loadSchema('api/formats/svg'),
  needsScene: true,
  binary: false,
  heavy: false,
  cacheable: false,
  render: async ({ scene }) => ({ body: sceneToSvg(scene!) }),
  downloads: [{ id: 'svg', label: 'SVG', params: {} }],
};
