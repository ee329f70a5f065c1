#!/usr/bin/env node
// `npm ci` compiles the sources into dist/ (the `prepare` script); that JavaScript runs when it is
// at least as new as every file under src/. Otherwise (sources edited since, or installed with
// --ignore-scripts) the sources run through tsx, so there is still no build step to forget.
// Running compiled saves tsx's loader thread, its esbuild processes and its source maps in every
// process and worker thread: ~70 MB of RSS at start, more under load (docs/performance.md#memory).
import { existsSync, readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const compiled = new URL('dist/cli/main.js', root);

function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const fresh = existsSync(compiled) && statSync(compiled).mtimeMs >= newestUnder(new URL('src', root).pathname);
if (fresh && process.env.GOLDMAPS_FROM_SOURCES !== '1') {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
