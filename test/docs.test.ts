/**
 * The docs' examples run, and their links lead somewhere. README.md and docs/*.md are read as a
 * newcomer would use them: in every ```sh block, each line that starts with `goldmaps `,
 * `npx goldmaps ` or `curl ` is run with sh, in order, in one scratch directory per page (so a
 * file written by one example is there for the next), `goldmaps` being this checkout's CLI and
 * `http://localhost:8080` a real server on 127.0.0.1. After a command, `#> text` is a line its
 * output (stdout, then stderr) must hold, compared trimmed and in order, and `# exits N` the exit
 * status it must end with (0 when not said). A block preceded by `<!-- docs-test: skip REASON -->`
 * is not run; SKIPPED below names each one, so a new skip is a decision made here.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from './support/server.ts';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const pagesIn = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `${dir}/${f}`);
/** The reference and, under docs/studies/, the measurements behind its choices. */
const PAGES = ['README.md', ...pagesIn('docs'), ...pagesIn('docs/studies')];

/** The blocks left out on purpose: page, the block's first line, and why. */
const SKIPPED: ReadonlyArray<readonly [string, string, string]> = [
  ['README.md', 'npm ci && npm start', 'set-up: installs, then serves until stopped'],
  ['docs/cli.md', 'goldmaps balance gold-city --seed 42', 'slow (balance: 3,200 bot games; rank: 10,000 maps) or never ends (serve)'],
  ['docs/gold-city.md', 'goldmaps balance gold-city --seed 42', 'slow (3,200 bot games, about 10 s)'],
  ['docs/operations.md', 'MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072 \\', 'serves until stopped'],
  [
    'docs/plays.md',
    '$ npx goldmaps keys create --name "Harbour Games Club"',
    "needs a writer key on the server's store: the same calls run against a real server on both backends in test/api/plays.test.ts and test/store/cli-and-kill.test.ts",
  ],
  [
    'docs/plays.md',
    'curl -sS -X POST "http://localhost:8080/api/v1/games/gold-city/maps/42/plays" \\',
    "needs a writer key on the server's store: the same calls run against a real server on both backends in test/api/plays.test.ts and test/store/cli-and-kill.test.ts",
  ],
  [
    'docs/plays.md',
    'curl -sS "http://localhost:8080/api/v1/games/gold-city/maps/42/plays?order=best"',
    "needs a writer key on the server's store: the same calls run against a real server on both backends in test/api/plays.test.ts and test/store/cli-and-kill.test.ts",
  ],
  [
    'docs/plays.md',
    'curl -sS -X DELETE -H "Authorization: Bearer $KEY" \\',
    "needs a writer key on the server's store: the same calls run against a real server on both backends in test/api/plays.test.ts and test/store/cli-and-kill.test.ts",
  ],
  [
    'docs/plays.md',
    'goldmaps plays add gold-city --seed 42 [--options \'{"players":3}\'] [--name <club>] < report.json',
    "needs a writer key on the server's store: the same calls run against a real server on both backends in test/api/plays.test.ts and test/store/cli-and-kill.test.ts",
  ],
  [
    'docs/store.md',
    'D=$(mktemp -d); URL=$(bash scripts/pg-cluster.sh start $D)',
    'starts a PostgreSQL cluster: .ci/run does this for every test run',
  ],
];

const SKIP_MARK = /^<!--\s*docs-test:\s*skip\s+(.+?)\s*-->$/;
const RUNNABLE = /^(?:npx )?goldmaps |^curl /;

interface Block {
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  body: Array<{ text: string; line: number }>;
  skip?: string;
}

interface Example {
  page: string;
  line: number;
  command: string;
  exit: number;
  expected: string[];
}

function read(page: string): string[] {
  return readFileSync(join(root, page), 'utf8').split('\n');
}

/** Fenced blocks, with the skip mark on the nearest non-blank line above, if any. */
function blocksOf(page: string): Block[] {
  const lines = read(page);
  const out: Block[] = [];
  let open: Block | undefined;
  lines.forEach((text, i) => {
    const fence = /^(`{3,})(.*)$/.exec(text);
    if (open) {
      if (fence && fence[2]!.trim() === '') {
        out.push(open);
        open = undefined;
      } else open.body.push({ text, line: i + 1 });
      return;
    }
    if (!fence) return;
    let above = i - 1;
    while (above >= 0 && lines[above]!.trim() === '') above--;
    const skip = above >= 0 ? SKIP_MARK.exec(lines[above]!.trim())?.[1] : undefined;
    open = { page, line: i + 1, lang: fence[2]!.trim(), body: [], ...(skip ? { skip } : {}) };
  });
  if (open) throw new Error(`${page}:${open.line}: a code block is never closed`);
  return out;
}

/** The commands of a block, each with what it must print and how it must end. */
function examplesOf(block: Block): Example[] {
  const out: Example[] = [];
  let last: Example | undefined;
  for (const { text, line } of block.body) {
    const expected = /^#>\s?(.*)$/.exec(text);
    const exits = /^# exits (\d+)$/.exec(text);
    if (expected || exits) {
      if (!last) throw new Error(`${block.page}:${line}: "${text}" follows no command that is run`);
      if (expected) last.expected.push(expected[1]!.trim());
      else last.exit = Number(exits![1]);
      continue;
    }
    last = RUNNABLE.test(text) ? { page: block.page, line, command: text, exit: 0, expected: [] } : undefined;
    if (last) out.push(last);
  }
  return out;
}

const shBlocks = PAGES.flatMap(blocksOf).filter((b) => b.lang === 'sh');
/** Scratch directories made by this file, removed at the end. */
const scratch: string[] = [];
const scratchDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

/** A `goldmaps` on PATH that is this checkout's CLI, as `npm ci` would give `npx goldmaps`. */
function shimDir(): string {
  const dir = scratchDir('goldmaps-docs-bin-');
  const shim = join(dir, 'goldmaps');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${join(root, 'bin/goldmaps.js')}" "$@"\n`);
  chmodSync(shim, 0o755);
  return dir;
}

function run(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string[] }> {
  return new Promise((done) => {
    execFile('sh', ['-c', command], { cwd, env, maxBuffer: 256 * 1024 * 1024, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, output: `${stdout}\n${stderr}`.split('\n').map((l) => l.trim()) });
    });
  });
}

describe('the docs', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    server = await testServer();
    env = { ...process.env, PATH: `${shimDir()}:${process.env.PATH ?? ''}` };
  });
  afterAll(async () => {
    await server?.close();
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  it('skip only the blocks this test names, each marked with its reason', () => {
    const skipped = shBlocks.filter((b) => b.skip).map((b) => [b.page, b.body[0]!.text.split(/\s+#/)[0]!.trim(), b.skip]);
    expect(skipped).toEqual(SKIPPED.map(([page, first, why]) => [page, first, why]));
  });

  it('have something to run in every sh block they do not skip', () => {
    const idle = shBlocks.filter((b) => !b.skip && examplesOf(b).length === 0).map((b) => `${b.page}:${b.line}`);
    expect(idle).toEqual([]);
    expect(shBlocks.flatMap(examplesOf).length).toBeGreaterThan(40);
  });

  const pagesWithExamples = PAGES.filter((page) => shBlocks.some((b) => b.page === page && !b.skip));
  it.concurrent.each(pagesWithExamples)('%s: every example runs and prints what it says', { timeout: 180_000 }, async (page) => {
    const cwd = scratchDir('goldmaps-docs-');
    for (const block of shBlocks.filter((b) => b.page === page && !b.skip)) {
      for (const example of examplesOf(block)) {
        const command = example.command.replace(/^npx goldmaps /, 'goldmaps ').replaceAll('http://localhost:8080', server.url);
        const { code, output } = await run(command, cwd, env);
        const where = `${page}:${example.line}: ${example.command}`;
        expect(code, `${where}\n${output.join('\n').slice(0, 2000)}`).toBe(example.exit);
        let from = 0;
        for (const want of example.expected) {
          const at = output.indexOf(want, from);
          expect(at, `${where}\nwants the line: ${want}\nprinted:\n${output.join('\n').slice(0, 2000)}`).toBeGreaterThanOrEqual(0);
          from = at + 1;
        }
      }
    }
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const { target, line } of linksOf(page)) {
        if (/^[a-z][a-z+.-]*:/i.test(target)) continue;
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const file = path === '' ? join(root, page) : resolve(dirname(join(root, page)), decodeURIComponent(path));
        const name = relative(root, file);
        if (!existsSync(file)) broken.push(`${page}:${line}: ${target} (no file ${name})`);
        else if (anchor !== undefined && !(file.endsWith('.md') && anchorsOf(name).has(anchor)))
          broken.push(`${page}:${line}: ${target} (no heading #${anchor} in ${name})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('read their headings as GitHub does, so the link check means something', () => {
    expect(slug('Fair seats (option `stagger`)')).toBe('fair-seats-option-stagger');
    expect(slug('The catalogue is designed, not printed')).toBe('the-catalogue-is-designed-not-printed');
    expect(anchorsOf('docs/difficulty.md').has('gold-city')).toBe(true);
    expect(anchorsOf('docs/difficulty.md').has('exits-3')).toBe(false);
  });
});

/** `[text](target)` links outside code: fenced blocks and inline code are not prose. */
function linksOf(page: string): Array<{ target: string; line: number }> {
  const out: Array<{ target: string; line: number }> = [];
  let fenced = false;
  read(page).forEach((text, i) => {
    if (/^`{3,}/.test(text)) fenced = !fenced;
    if (fenced) return;
    for (const m of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) out.push({ target: m[1]!, line: i + 1 });
  });
  return out;
}

/** GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(page: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const text of read(page)) {
    if (/^`{3,}/.test(text)) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(text);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}
