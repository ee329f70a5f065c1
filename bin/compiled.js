// Whether dist/ (compiled by npm ci's prepare script) is at least as new as every file under src/:
// bin/goldmaps.js runs it only then, and test/compiled.test.ts asks the same question.
import { existsSync, readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);
export const compiledEntry = new URL('dist/cli/main.js', root);

function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function compiledIsFresh() {
  return existsSync(compiledEntry) && statSync(compiledEntry).mtimeMs >= newestUnder(new URL('src', root).pathname);
}
