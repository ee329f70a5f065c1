import type { Scene } from '../core/scene.ts';
import { readJson } from '../core/json-file.ts';

export const MM_PER_INCH = 25.4;

/**
 * The dpi a PNG gets when none is asked for: the format's schema states it (the API and CLI fill
 * it in from there), so a caller drawing directly cannot drift from them. Read as a file rather
 * than through the schema registry, so a raster worker loads no validator.
 */
export const DEFAULT_DPI: number = readJson<{ properties: { dpi: { default: number } } }>(
  new URL('../../schemas/api/formats/png.json', import.meta.url),
).properties.dpi.default;

/** Pixel size of a scene at a dpi, or scaled to a pixel width (the dpi then follows from it). */
export function rasterSize(scene: Scene, request: { dpi?: number; width?: number }): { width: number; height: number; dpi: number } {
  const dpi = request.width ? (request.width / scene.width) * MM_PER_INCH : (request.dpi ?? DEFAULT_DPI);
  return {
    width: Math.max(1, Math.round((scene.width / MM_PER_INCH) * dpi)),
    height: Math.max(1, Math.round((scene.height / MM_PER_INCH) * dpi)),
    dpi,
  };
}
