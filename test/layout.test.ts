/**
 * docs/layout.md is the newcomer's map of the tree: it may not name a folder that is gone, nor
 * leave out a folder of src/ or a top-level one, so moving code means updating the map.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);

/** The folders git tracks a file under, each ending in '/', every ancestor included. */
function trackedFolders(): Set<string> {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) for (let dir = posix.dirname(file); dir !== '.'; dir = posix.dirname(dir)) folders.add(`${dir}/`);
  return folders;
}

/** The folders the page names: an entry of its tree block starts its line with the folder's path. */
function namedFolders(): string[] {
  const page = readFileSync(new URL('docs/layout.md', root), 'utf8');
  const tree = /^```\n([\s\S]*?)^```/m.exec(page)?.[1] ?? '';
  return [...tree.matchAll(/^(\S+\/)\s/gm)].map((m) => m[1]!);
}

/** A game's own test/, data/, schemas/ and calibrate/ (and what is in them): the page names them once for every game. */
const GAME_PARTS = /^src\/games\/[^/]+\/(test|data|schemas|calibrate)\//;

describe('docs/layout.md', () => {
  const tracked = trackedFolders();
  const named = namedFolders();

  it('names folders, each once', () => {
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((f, i) => named.indexOf(f) !== i)).toEqual([]);
  });

  it('names only folders that exist', () => {
    expect(named.filter((f) => !tracked.has(f))).toEqual([]);
  });

  it('names every folder of src/ and every top-level folder', () => {
    const wanted = [...tracked].filter((f) => !f.slice(0, -1).includes('/') || (f.startsWith('src/') && !GAME_PARTS.test(f))).sort();
    expect(wanted).toContain('src/core/');
    expect(wanted.filter((f) => !named.includes(f))).toEqual([]);
  });
});
