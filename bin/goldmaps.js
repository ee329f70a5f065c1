#!/usr/bin/env node
// `npm ci` compiles the sources into dist/ (the `prepare` script); that JavaScript runs when it is
// at least as new as every file under src/. Otherwise (sources edited since, or installed with
// --ignore-scripts) the sources run through tsx, so there is still no build step to forget.
// Running compiled saves tsx's loader thread, its esbuild processes and its source maps in every
// process and worker thread: ~70 MB of RSS at start, more under load (docs/performance.md#memory).
import { compiledEntry, compiledIsFresh } from './compiled.js';

if (process.env.GOLDMAPS_FROM_SOURCES !== '1' && compiledIsFresh()) {
  await import(compiledEntry.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
