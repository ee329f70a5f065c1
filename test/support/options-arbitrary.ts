import fc from 'fast-check';

type PropertySchema = { type?: string; enum?: unknown[]; minimum?: number; maximum?: number; pattern?: string; default?: unknown };

/**
 * Any options object a game's schema accepts, some fields left to their defaults: built from
 * the schema itself, so every registered game is covered without a line written for it.
 */
export function optionsFromSchema(schema: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, p] of Object.entries(properties)) {
    if (p.enum) fields[name] = fc.constantFrom(...p.enum);
    else if (p.type === 'boolean') fields[name] = fc.boolean();
    else if (p.type === 'integer') fields[name] = fc.integer({ min: p.minimum ?? 0, max: p.maximum ?? 100 });
    else if (p.type === 'string' && p.pattern) fields[name] = fc.oneof(fc.constant(p.default), fc.stringMatching(new RegExp(p.pattern)));
    else throw new Error(`options.${name}: teach optionsFromSchema about ${JSON.stringify(p)}`);
  }
  return fc.record(fields, { requiredKeys: [] });
}
