import { readdirSync } from 'node:fs';
import { readJson } from './json-file.ts';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const schemaDir = new URL('../../schemas/', import.meta.url);

/** Every shared schema file under schemas/ (the API's, the store's), so `$ref`s between them resolve by `$id`. */
function allSchemaFiles(dir: URL): Array<Record<string, unknown>> {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      if (entry.isDirectory()) return allSchemaFiles(new URL(`${entry.name}/`, dir));
      if (!entry.name.endsWith('.json')) return [];
      return [readJson<Record<string, unknown>>(new URL(entry.name, dir))];
    });
}

const files = allSchemaFiles(schemaDir);

function makeAjv(coerceTypes: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, useDefaults: true, strict: true, allowUnionTypes: true, coerceTypes, verbose: true });
  addFormats.default(ajv);
  // What a pattern means in words, for people who would otherwise be shown the regex.
  ajv.addKeyword({ keyword: 'x-pattern-message', schemaType: 'string' });
  // An option whose default leaves no trace in the map (the conformance suite reads it).
  ajv.addKeyword({ keyword: 'x-no-trace', schemaType: 'boolean' });
  for (const schema of files) ajv.addSchema(schema);
  return ajv;
}

/**
 * Two ajv instances for the whole process, schemas compiled once each. `useDefaults` fills
 * option defaults so that the normalised copy is what gets hashed. Query strings arrive as text,
 * so their instance coerces "300" to 300 and "true" to true (but never an array to a scalar:
 * a repeated query key stays an error).
 */
const strictAjv = makeAjv(false);
const queryAjv = makeAjv(true);

/**
 * A game's own schemas (its folder's schemas/), added beside the shared ones so that `$ref`s
 * between them resolve by `$id`; by file name without `.json` (options, map, play, …).
 */
export function registerSchemas(dir: URL): Record<string, Record<string, unknown>> {
  const added: Record<string, Record<string, unknown>> = {};
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const schema = readJson<Record<string, unknown>>(new URL(name, dir));
    if (files.some((s) => s.$id === schema.$id)) throw new Error(`two schemas with $id ${String(schema.$id)}`);
    files.push(schema);
    strictAjv.addSchema(schema);
    queryAjv.addSchema(schema);
    added[name.slice(0, -'.json'.length)] = schema;
  }
  return added;
}

const compiled = new WeakMap<object, ValidateFunction>();

export function validatorFor(schema: object, { coerce = false }: { coerce?: boolean } = {}): ValidateFunction {
  const ajv = coerce ? queryAjv : strictAjv;
  const id = (schema as { $id?: string }).$id;
  if (id) {
    const known = ajv.getSchema(id);
    if (known) return known;
  }
  const cache = coerce ? undefined : compiled;
  let fn = cache?.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    cache?.set(schema, fn);
  }
  return fn;
}

export function schemaById(id: string): Record<string, unknown> {
  const found = files.find((s) => s.$id === id);
  if (!found) throw new Error(`no schema with $id ${id}`);
  return found;
}

export interface FieldError {
  /** Dotted path of the offending field relative to the validated value ('' for the value itself). */
  field: string;
  message: string;
}

function jsonPointerToField(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
}

function describe(error: ErrorObject): FieldError {
  let field = jsonPointerToField(error.instancePath);
  let message = error.message ?? 'is invalid';
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
    const name = String(params.additionalProperty ?? params.unevaluatedProperty);
    field = field ? `${field}.${name}` : name;
    message = 'is not a known field';
  } else if (error.keyword === 'required') {
    field = field ? `${field}.${String(params.missingProperty)}` : String(params.missingProperty);
    message = 'is required';
  } else if (error.keyword === 'dependentRequired') {
    field = field ? `${field}.${String(params.property)}` : String(params.property);
    message = `needs ${String(params.missingProperty)} as well`;
  } else if (error.keyword === 'pattern' && typeof error.parentSchema?.['x-pattern-message'] === 'string') {
    message = error.parentSchema['x-pattern-message'];
  } else if (error.keyword === 'enum') {
    message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return { field, message };
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/**
 * A deep copy as structuredClone makes it. Options are nearly always a flat object of strings,
 * numbers and booleans, which is copied key by key here: structuredClone's serialiser took
 * about 1% of a default Gold City map's build. Anything else goes to structuredClone, and so does
 * an own "__proto__" key (JSON.parse makes one), which assigning would turn into a prototype.
 */
function copyOf(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Object.getPrototypeOf(input) !== Object.prototype) return structuredClone(input);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    const v = (input as Record<string, unknown>)[key];
    if (key === '__proto__' || (v !== null && v !== undefined && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean'))
      return structuredClone(input);
    out[key] = v;
  }
  return out;
}

/**
 * Validates a deep copy, never the caller's object: defaults are written into the copy, and
 * callers such as express 5 hand out re-parsed objects that must not be relied on.
 */
export function check<T>(schema: object, input: unknown, { coerce = false }: { coerce?: boolean } = {}): Checked<T> {
  let value: unknown;
  try {
    value = input === undefined ? undefined : copyOf(input);
  } catch (e) {
    // JSON.parse takes nesting that no recursive copy can follow (10⁴ arrays deep fit in 20 kB).
    if (e instanceof RangeError) return { ok: false, errors: [{ field: '', message: 'is nested too deeply' }] };
    throw e;
  }
  const fn = validatorFor(schema, { coerce });
  if (fn(value)) return { ok: true, value: value as T };
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const e of fn.errors ?? []) {
    const d = describe(e);
    const key = `${d.field}\u0000${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(d);
  }
  return { ok: false, errors };
}
