// One of the service's render children (see raster-pool.ts): draws SVGs to PNG with the library's
// svgToPng, in a process of its own so that the memory glibc keeps after librsvg's rasters goes
// back to the system when the service replaces the child. Plain JavaScript, so node starts it
// without a TypeScript loader.
import { svgToPng } from '../formats/png-raster.js';

// The service decides when a child ends. Ctrl-C in a terminal reaches the whole process group,
// and must not cut a render the service is still finishing as it stops.
process.on('SIGINT', () => {});
// Nobody else will ever send work: end with the service, even one that was killed outright.
process.on('disconnect', () => process.exit(0));

// Renders may overlap (the service sends as many as its gate lets through): answers carry the id.
process.on('message', ({ id, svg, dpi }) => {
  svgToPng(svg, dpi).then(
    (png) => process.send({ id, png, rss: process.memoryUsage.rss() }),
    (e) => process.send({ id, error: e instanceof Error ? e.message : String(e), rss: process.memoryUsage.rss() }),
  );
});

process.send({ ready: true });
