import { InputError } from '../core/maps.ts';
import { loadSchema } from '../core/schemas.ts';
import { MM_PER_INCH, rasterSize } from '../render/raster-size.ts';
import type { OutputFormat, RenderRequest } from './format.ts';

function sizeRequest(params: Record<string, unknown>): { width?: number; dpi?: number } {
  return params.width !== undefined ? { width: params.width as number } : { dpi: params.dpi as number };
}

export const pngFormat: OutputFormat = {
  id: 'png',
  mediaType: 'image/png',
  description: 'The board as PNG, its dpi recorded in the file so it prints at true size.',
  schema: loadSchema('api/formats/png'),
  needsScene: true,
  binary: true,
  heavy: true,
  cacheable: false,
  limitsOf: (limits) => ({ maxPixels: limits.maxPixels }),
  prepare({ scene, params }: RenderRequest, limits) {
    const size = rasterSize(scene!, sizeRequest(params));
    if (size.width * size.height <= limits.maxPixels) return;
    // Name what would fit, so the caller can ask again at once.
    const areaInches = (scene!.width / MM_PER_INCH) * (scene!.height / MM_PER_INCH);
    const dpi = Math.floor(Math.sqrt(limits.maxPixels / areaInches));
    const width = Math.floor((scene!.width / MM_PER_INCH) * dpi);
    throw new InputError(
      [{ field: params.width !== undefined ? 'width' : 'dpi', message: `would render ${size.width}×${size.height} pixels; the limit is ${limits.maxPixels} (this board fits at dpi ${dpi} or width ${width})` }],
      'Render too large',
    );
  },
  async render({ scene, params }) {
    // sharp loads only when a PNG is asked for: JSON and SVG answers do not pay for libvips.
    const { sceneToPng } = await import('../render/png.ts');
    return { body: await sceneToPng(scene!, sizeRequest(params)) };
  },
  downloads: [{ label: 'PNG', params: { dpi: 300 } }],
};
