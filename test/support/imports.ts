import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';

/** One import of a source file, its specifier as written and, for a relative one, the repo path it names. */
export interface Import {
  specifier: string;
  target?: string;
  /** `import type` / `export type`: erased before the code runs. */
  typeOnly: boolean;
  /** `import('…')`: loaded when called, never while the importer is being evaluated. */
  dynamic: boolean;
}

const root = new URL('../../', import.meta.url);

/** The .ts and .js files under a repo folder, as repo paths, test folders and type declarations included. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(new URL(`${dir}/`, root), { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? sourceFiles(`${dir}/${e.name}`)
        : /\.(ts|js)$/.test(e.name) && !e.name.endsWith('.d.ts')
          ? [`${dir}/${e.name}`]
          : [],
    )
    .sort();
}

/**
 * What a file imports. Read with a regular expression over statements, not a parser: the code
 * keeps to `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')` with literal
 * specifiers, which is all the checks need. Under verbatimModuleSyntax only a whole-statement
 * `import type` is erased; `import { type A }` still loads the module, so it counts.
 */
export function importsOf(path: string): Import[] {
  const text = readFileSync(new URL(path, root), 'utf8');
  const out: Import[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
    const target = specifier.startsWith('.') ? posix.normalize(posix.join(posix.dirname(path), specifier)) : undefined;
    out.push({ specifier, ...(target ? { target } : {}), typeOnly, dynamic });
  };
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm))
    add(m[3]!, Boolean(m[2]), false);
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) add(m[1]!, false, true);
  return out;
}

/** The imports among `files` that `keep` accepts, as each file's list of files it imports. */
export function importGraph(files: readonly string[], keep: (i: Import) => boolean): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((f) => [
      f,
      [
        ...new Set(
          importsOf(f)
            .filter((i) => i.target && known.has(i.target) && keep(i))
            .map((i) => i.target!),
        ),
      ],
    ]),
  );
}

/**
 * The circles of a graph, each once, as the nodes around it (the first repeated at the end): a
 * depth-first search reports every edge back into the path it is on.
 */
export function importCircles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const circles = new Map<string, string[]>();
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const circle = path.slice(path.indexOf(next));
        // The same circle entered at another node is reported once, turned to start at its least node.
        const start = circle.indexOf([...circle].sort()[0]!);
        const turned = [...circle.slice(start), ...circle.slice(0, start)];
        circles.set(turned.join(' -> '), [...turned, turned[0]!]);
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of edges.keys()) if (!state.has(node)) visit(node);
  return [...circles.values()];
}
