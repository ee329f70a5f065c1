import type { AnyGameModule } from '../core/game-module.ts';
import { InputError, type ScoredMap } from '../core/maps.ts';
import { check } from '../core/schema.ts';
import { formatParameters, styleOf, type OutputFormat, type RenderLimits, type RenderRequest } from './format.ts';

/**
 * A format's parameters from text (a query string, CLI flags): coerced, checked against the
 * format's schema and completed with its defaults. Bad input is an InputError naming the field.
 */
export function formatParams(format: OutputFormat, input: Record<string, unknown>): Record<string, unknown> {
  const checked = check<Record<string, unknown>>(format.schema, caseFolded(format, input), { coerce: true });
  if (!checked.ok) throw new InputError(checked.errors, 'Invalid query');
  return checked.value;
}

/** `paper=A4`, `layout=Kit`: a word of an enum in any case is that word; anything else is left for the schema to refuse by name. */
function caseFolded(format: OutputFormat, input: Record<string, unknown>): Record<string, unknown> {
  const parameters = formatParameters(format.schema);
  const out = { ...input };
  for (const [name, value] of Object.entries(input)) {
    const choices = parameters[name]?.enum as unknown[] | undefined;
    if (typeof value === 'string' && choices?.includes(value.toLowerCase())) out[name] = value.toLowerCase();
  }
  return out;
}

/** Everything a render needs, the board drawn and the limits checked: nothing is drawn in vain. */
export function renderRequest(
  format: OutputFormat,
  game: AnyGameModule,
  map: ScoredMap,
  params: Record<string, unknown>,
  limits: RenderLimits,
): RenderRequest {
  const drawsScene = typeof format.needsScene === 'function' ? format.needsScene(params) : format.needsScene;
  const request: RenderRequest = { game, map, params, ...(drawsScene ? { scene: game.scene(map, styleOf(params)) } : {}) };
  format.prepare?.(request, limits);
  return request;
}

/** The parameters that change a render's bytes, for naming the variant (ETags, caches). */
export function variantParams(params: Record<string, unknown>): Record<string, unknown> {
  const { options: _options, ...rest } = params;
  return rest;
}
