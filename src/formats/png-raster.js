// Plain JavaScript, so the service's render child (src/workers/raster-pool.ts) loads it with node
// alone: without a TypeScript loader and fonts a child starts in a third of the time and ~35 MB
// smaller. Its types are in png-raster.d.ts.
import sharp from 'sharp';

// Every render is a new SVG, so libvips' operation cache would only hold memory; and the
// service bounds render concurrency itself (RenderGate), one libvips thread per render.
sharp.cache(false);
sharp.concurrency(1);

/**
 * An SVG drawn at its own pixel size to PNG, the dpi written into the file's pHYs chunk. Density
 * alone, not withMetadata({ density }): that also embeds an sRGB ICC profile, which a PNG without
 * one is taken to be anyway, for 12% more CPU a render (bench, same pixels).
 */
export function svgToPng(svg, dpi) {
  return sharp(Buffer.from(svg), { limitInputPixels: false })
    .png({ compressionLevel: 6, adaptiveFiltering: false, palette: false })
    .withDensity(dpi)
    .toBuffer();
}
