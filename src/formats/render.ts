import type { AnyGameModule } from '../core/game-module.ts';
import { InputError, type ScoredMap } from '../core/maps.ts';
import { check } from '../core/schema.ts';
import { styleOf, type OutputFormat, type RenderLimits, type RenderRequest } from './format.ts';

/**
 * A format's parameters from text (a query string, CLI flags): coerced, checked against the
 * format's schema and completed with its defaults. Bad input is an InputError naming the field.
 */
export function formatParams(format: OutputFormat, input: Record<string, unknown>): Record<string, unknown> {
  const checked = check<Record<string, unknown>>(format.schema, input, { coerce: true });
  if (!checked.ok) throw new InputError(checked.errors, 'Invalid query');
  return checked.value;
}

/** Everything a render needs, the board drawn and the limits checked: nothing is drawn in vain. */
export function renderRequest(format: OutputFormat, game: AnyGameModule, map: ScoredMap, params: Record<string, unknown>, limits: RenderLimits): RenderRequest {
  const request: RenderRequest = { game, map, params, ...(format.needsScene ? { scene: game.scene(map, styleOf(params)) } : {}) };
  format.prepare?.(request, limits);
  return request;
}

/** The parameters that change a render's bytes, for naming the variant (ETags, caches). */
export function variantParams(params: Record<string, unknown>): Record<string, unknown> {
  const { options: _options, ...rest } = params;
  return rest;
}
