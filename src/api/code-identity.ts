import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the running service is made of: a sha256 over every file of its code (the compiled
 * `dist/` with the games' data in `src/`, or, run from sources, `src/`) and its shared schemas, in path order. An answer
 * that only this code decides, such as a seed's bot games, is the same wherever the identity is,
 * so its ETag can be known before the games are played, and a deploy that changes a bot changes it.
 */
export function codeIdentity({
  root = fileURLToPath(new URL('../../', import.meta.url)),
  code = fileURLToPath(new URL('../', import.meta.url)),
}: {
  root?: string;
  code?: string;
} = {}): string {
  const hash = createHash('sha256');
  // Run compiled, the code is dist/ and the games' data still src/ (core/json-file.ts dataFile).
  const data = code === join(root, 'src') ? [] : filesUnder(join(root, 'src')).filter((f) => f.endsWith('.json'));
  for (const dir of [code, join(root, 'schemas')]) {
    for (const file of [...filesUnder(dir), ...(dir === code ? data : [])])
      hash.update(file.slice(root.length)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

let running: string | undefined;

/** This process's own code identity, read once (a quarter of a second on a busy machine). */
export const runningCodeIdentity = (): string => (running ??= codeIdentity());
