import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * One ajv for the whole process: schemas compile once and are cached by `$id`.
 * `useDefaults` fills option defaults so that a normalised copy is what gets hashed.
 */
const ajv = new Ajv2020({ allErrors: true, useDefaults: true, strict: true, allowUnionTypes: true });
addFormats.default(ajv);

const compiled = new Map<object, ValidateFunction>();

export function validatorFor(schema: object): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(schema, fn);
  }
  return fn;
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
  if (error.keyword === 'additionalProperties') {
    field = field ? `${field}.${String(params.additionalProperty)}` : String(params.additionalProperty);
    message = 'is not a known field';
  } else if (error.keyword === 'required') {
    field = field ? `${field}.${String(params.missingProperty)}` : String(params.missingProperty);
    message = 'is required';
  } else if (error.keyword === 'enum') {
    message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return { field, message };
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/**
 * Validates a deep copy, never the caller's object: defaults are written into the copy, and
 * callers such as express 5 hand out re-parsed objects that must not be relied on.
 */
export function check<T>(schema: object, input: unknown): Checked<T> {
  const value = input === undefined ? undefined : structuredClone(input);
  const fn = validatorFor(schema);
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

export function formatFieldErrors(errors: FieldError[], prefix = ''): string {
  return errors
    .map((e) => {
      const field = [prefix, e.field].filter(Boolean).join(e.field.startsWith('[') ? '' : '.');
      return `${field || '(root)'}: ${e.message}`;
    })
    .join('; ');
}
