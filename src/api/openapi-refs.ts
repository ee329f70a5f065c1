import { schemaById } from '../core/schema.ts';

type Json = Record<string, unknown>;

/** `https://goldmaps.dev/schemas/api/play-report.json` → `PlayReport`, for a schema pulled in only by a `$ref`. */
const nameOfId = (id: string) =>
  new URL(id).pathname
    .replace(/^\/schemas\//, '')
    .replace(/\.json$/, '')
    .split(/[/.-]/)
    .filter((w) => w !== 'api')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/**
 * The document with every `$ref` a JSON pointer into it: the schemas keep their refs by `$id`
 * (`…/api/seed.json`, `api/play-report.json#/$defs/seat`) and embedded ones refer to their own
 * `#/$defs/…`, which is valid JSON Schema 2020-12 but which common OpenAPI tools resolve against
 * the document's root or try to download. Each `$id` a ref names becomes a component (added from
 * the shared schemas when the document lacks it), each ref `#/components/schemas/<Name>…`, and
 * the `$id`s go, so no base is left to resolve against.
 */
export function bundleRefs(input: Json): Json {
  // A copy: the schemas inside are the very objects the validator compiled from.
  const document = structuredClone(input);
  const components = (document.components as { schemas: Record<string, Json> }).schemas;
  const byId = new Map<string, string>();
  for (const [name, schema] of Object.entries(components)) if (typeof schema.$id === 'string') byId.set(schema.$id, name);

  const componentFor = (id: string): string => {
    let name = byId.get(id);
    if (name === undefined) {
      name = nameOfId(id);
      if (components[name]) throw new Error(`OpenAPI: two schemas would be component ${name}`);
      const { $schema: _s, ...schema } = structuredClone(schemaById(id));
      components[name] = schema;
      byId.set(id, name);
      rewrite(schema, id, `#/components/schemas/${name}`);
    }
    return name;
  };

  /** Rewrites refs in place; `base` is the `$id` that relative refs resolve against, `at` where its root now lies. */
  function rewrite(node: unknown, base: string | undefined, at: string): void {
    if (Array.isArray(node)) {
      for (const item of node) rewrite(item, base, at);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const obj = node as Json;
    if (typeof obj.$id === 'string') {
      base = new URL(obj.$id, base).href;
      delete obj.$id;
    }
    if (typeof obj.$ref === 'string') {
      const ref = obj.$ref;
      if (ref.startsWith('#')) {
        // A pointer into the schema it sits in, whose root now lies at `at`.
        if (!ref.startsWith('#/components/')) obj.$ref = `${at}${ref.slice(1)}`;
      } else {
        if (!base) throw new Error(`OpenAPI: ${ref} has no base to resolve against`);
        const target = new URL(ref, base);
        const fragment = target.hash.slice(1);
        target.hash = '';
        obj.$ref = `#/components/schemas/${componentFor(target.href)}${fragment}`;
      }
    }
    for (const [key, value] of Object.entries(obj)) if (key !== '$ref') rewrite(value, base, at);
  }

  for (const name of Object.keys(components)) rewrite(components[name], undefined, `#/components/schemas/${name}`);
  const { components: _c, ...rest } = document;
  rewrite(rest, undefined, '#');
  return document;
}
