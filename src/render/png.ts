import sharp from 'sharp';
import type { Scene } from '../core/scene.ts';
import { rasterSize } from './raster-size.ts';
import { sceneToSvg } from './svg.ts';

// Every render is a new SVG, so libvips' operation cache would only hold memory; and the
// service bounds render concurrency itself (RenderGate), one libvips thread per render.
sharp.cache(false);
sharp.concurrency(1);

/**
 * PNG through sharp (libvips + librsvg). The dpi is written into the file's pHYs chunk, so a
 * 300 dpi board prints at true size from any image viewer that honours it.
 */
export async function sceneToPng(scene: Scene, request: { dpi?: number; width?: number }): Promise<Buffer> {
  const size = rasterSize(scene, request);
  const svg = sceneToSvg(scene, { pixels: size });
  return sharp(Buffer.from(svg), { limitInputPixels: false })
    .png({ compressionLevel: 6, adaptiveFiltering: false, palette: false })
    .withMetadata({ density: size.dpi })
    .toBuffer();
}
