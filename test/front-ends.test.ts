/**
 * The front ends are written once over the GameModule face: no game id and no game's own
 * fields in the API, the renderers, the formats, the CLI, batch ranking, core or the page.
 * And the rooms of src/ stack: core imports none above it, and no file imports itself round a circle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildScoredMap } from '../src/core/maps.ts';
import { GAMES } from '../src/games/index.ts';
import { importCircles, importGraph, importsOf, sourceFiles } from './support/imports.ts';

const root = new URL('../', import.meta.url);
const FRONT_ENDS = [
  'src/api',
  'src/formats',
  'src/drawing',
  'src/algorithms',
  'src/cli',
  'src/seeds',
  'src/workers',
  'src/plays',
  'src/store',
  'src/core',
  'public',
];

function files(dir: string): string[] {
  return readdirSync(new URL(dir, root), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(`${dir}/${e.name}`) : /\.(ts|js|html|css)$/.test(e.name) ? [`${dir}/${e.name}`] : [],
  );
}

/** Every key in a value, at any depth. */
function keys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keys(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keys(v, out);
    }
  }
  return out;
}

/** The fields every map document and score has: the face, not a game. */
const SHARED = new Set([
  ...keys({
    game: 0,
    generator: { name: 0, version: 0 },
    seed: 0,
    options: 0,
    digest: 0,
    score: {
      difficulty: 0,
      band: 0,
      interval: 0,
      confidence: 0,
      summary: { headline: 0, facts: [{ label: 0, value: 0 }], chart: { title: 0, bars: [{ label: 0, value: 0, text: 0 }] } },
    },
  }),
]);

/** Words the page uses for the DOM and JSON Schema, which games happen to use as field names too. */
const PAGE_VOCABULARY = new Set(['type', 'kind', 'value', 'label', 'title', 'name', 'id', 'data']);

describe('front ends know no game', () => {
  const sources = FRONT_ENDS.flatMap(files).map((path) => ({ path, text: readFileSync(new URL(path, root), 'utf8') }));

  it('import no game but through the registry, and core not even that', () => {
    for (const { path, text } of sources) {
      const imports = [...text.matchAll(/from ['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      const games = imports.filter((i) => /games\//.test(i) && !/games\/index\.ts$/.test(i));
      expect(games, path).toEqual([]);
      if (path.startsWith('src/core'))
        expect(
          imports.filter((i) => /games\//.test(i)),
          path,
        ).toEqual([]);
    }
  });

  it.each(GAMES.map((g) => [g.id, g] as const))('name neither %s nor its fields', (id, game) => {
    const map = buildScoredMap(game, 'fields', {});
    const own = [...keys(map)].filter((k) => !SHARED.has(k) && !PAGE_VOCABULARY.has(k) && k.length > 2);
    for (const { path, text } of sources) {
      expect(text.includes(`'${id}'`) || text.includes(`"${id}"`), `${path} names ${id}`).toBe(false);
      const named = own.filter((k) => new RegExp(`\\.${k}\\b(?!\\()|\\[['"]${k}['"]\\]`).test(text) && path.startsWith('public'));
      expect(named, `${path} reads ${id}'s fields`).toEqual([]);
    }
  });
});

/** The rooms built on src/core: core may be imported by them, never import them. */
const ABOVE_CORE = ['plays', 'seeds', 'workers', 'formats', 'drawing', 'api', 'cli', 'store', 'games'];

describe('the rooms of src/ stack', () => {
  const src = sourceFiles('src');

  it('games stand apart: no file of a game, its tests included, imports another game', () => {
    const gameOf = (path: string) => /^src\/games\/([^/]+)\//.exec(path)?.[1];
    const across = src
      .filter((f) => gameOf(f) !== undefined)
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => i.target && gameOf(i.target) !== undefined && gameOf(i.target) !== gameOf(f))
          .map((i) => `${f} imports ${i.specifier}`),
      );
    expect(across).toEqual([]);
  });

  it('core imports nothing from a room above it, not even a type or lazily', () => {
    const above = new RegExp(`^src/(${ABOVE_CORE.join('|')})/`);
    const up = src
      .filter((f) => f.startsWith('src/core/'))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => i.target && above.test(i.target))
          .map((i) => `${f} imports ${i.specifier}`),
      );
    expect(up).toEqual([]);
  });

  // A circle of imports that run leaves one module reading another's bindings before they are
  // set, and two files that cannot be read apart. `import type` is erased before the code runs
  // (verbatimModuleSyntax keeps every other import), so a circle made only through types cannot
  // misorder anything and is allowed; a lazy import('…') is counted, since none closes a circle today.
  it('has no import circle among its files but through types', () => {
    expect(importCircles(importGraph(src, (i) => !i.typeOnly)).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('(the circle finder finds every circle once, and nothing in a graph without one)', () => {
    const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
    expect(importCircles(graph({ a: ['b'], b: ['c', 'd'], c: ['a'], d: [] }))).toEqual([['a', 'b', 'c', 'a']]);
    expect(importCircles(graph({ c: ['a'], a: ['b'], b: ['c'], x: ['x'] }))).toEqual([
      ['a', 'b', 'c', 'a'],
      ['x', 'x'],
    ]);
    expect(importCircles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });
});
