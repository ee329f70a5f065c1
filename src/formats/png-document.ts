import type { Scene } from '../core/scene.ts';
import { rasterSize } from './raster-size.ts';
import { sceneToSvg } from './svg-document.ts';

/** Draws an SVG, already at the raster's pixel size, to PNG bytes recording `dpi`. */
export type Rasterise = (svg: string, dpi: number) => Promise<Buffer>;

/**
 * PNG through sharp (libvips + librsvg). The dpi is written into the file's pHYs chunk, so a
 * 300 dpi board prints at true size from any image viewer that honours it. `rasterise` is where
 * the pixels are drawn (the service's render child); in this process when absent.
 */
export async function sceneToPng(scene: Scene, request: { dpi?: number; width?: number }, rasterise?: Rasterise): Promise<Buffer> {
  const size = rasterSize(scene, request);
  const svg = sceneToSvg(scene, { pixels: size });
  // sharp loads only when this process draws: JSON and SVG answers, and a service whose child
  // draws, never load libvips.
  rasterise ??= (await import('./png-raster.js')).svgToPng;
  return rasterise(svg, size.dpi);
}
