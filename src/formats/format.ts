import type { AnyGameModule } from '../core/game-module.ts';
import type { ScoredMap } from '../core/maps.ts';
import { DEFAULT_STYLE, type Scene, type Style } from '../core/scene.ts';
import { schemaById } from '../core/schema.ts';

/** The limits a render must stay within, the same for every front end. */
export interface RenderLimits {
  maxPixels: number;
  maxPdfPages: number;
}

export const DEFAULT_RENDER_LIMITS: RenderLimits = { maxPixels: 40_000_000, maxPdfPages: 64 };

export interface RenderRequest {
  game: AnyGameModule;
  map: ScoredMap;
  /** The format's parameters, validated against its schema with defaults filled in. */
  params: Record<string, unknown>;
  /** The board, for the picture formats. */
  scene?: Scene;
  /** Print-and-play sheets, for a kit. */
  sheets?: Scene[];
  /**
   * Where a raster format's SVG becomes pixels: the service passes its render child's, whose
   * librsvg memory goes back to the system when it is replaced; absent, this process draws.
   */
  rasterise?: (svg: string, dpi: number) => Promise<Buffer>;
}

export interface Rendered {
  body: Buffer | string;
}

/**
 * One output format: everything the API routes, OpenAPI, the CLI's --format and the page's
 * download links need to know about it. Adding a format is one more of these in FORMATS.
 */
export interface OutputFormat {
  /** The CLI's --format and, unless `extension` says otherwise, the file extension: `/maps/42.png`, `--format png`. */
  id: string;
  /** A file extension other than the id (`tts.json`: the file is JSON and TTS wants it so). */
  extension?: string;
  mediaType: string;
  description: string;
  /** The JSON Schema of the document a JSON format writes other than the map, for OpenAPI. */
  documentSchema?: Record<string, unknown>;
  /** The query (and CLI flag) schema in schemas/api/formats/, with its defaults. */
  schema: Record<string, unknown>;
  /**
   * Drawn from the game's scene (the map itself otherwise); a function when only some of its
   * layouts draw the board (a kit's sheets are scenes of their own).
   */
  needsScene: boolean | ((params: Record<string, unknown>) => boolean);
  /**
   * What sets this variant's file apart from another of the same map, for its name
   * (`['poster', 'a0']` → `gold-city-42-poster-a0.pdf`); absent, the game and seed alone.
   */
  nameParts?(params: Record<string, unknown>): string[];
  /** Bytes that do not belong on a terminal. */
  binary: boolean;
  /** Costly enough to queue behind the service's render gate. */
  heavy: boolean;
  /** Drawn in JavaScript for long enough that the service draws it in a worker thread. */
  offThread?: boolean;
  /** Small and cheap to keep: the service may hold the rendered bytes with the map. */
  cacheable: boolean;
  /** The limits that concern this format, as the page and API clients read them. */
  limitsOf?(limits: RenderLimits): Record<string, number>;
  /**
   * Completes the request with what the render needs beyond the board (a kit's sheets), and
   * refuses, before any drawing, what the limits forbid: an InputError naming the field.
   */
  prepare?(request: RenderRequest, limits: RenderLimits): void;
  render(request: RenderRequest): Promise<Rendered>;
  /**
   * The downloads a page offers of a map, as labels and parameters; `needs` names the part of
   * the game face a download depends on (a kit needs `sheets`, a setup sheet `setup`), so games without it are not offered it.
   */
  downloads: Download[];
}

/**
 * One download preset. `id` is what a game names in its `downloads` list to offer only the
 * presets that mean something for its maps (no 100 px a hex for a trail sheet).
 */
export interface Download {
  id: string;
  label: string;
  params: Record<string, unknown>;
  needs?: 'sheets' | 'setup';
  /** A parameter the page fills with its own origin: the service as its visitors reach it (a saved object's baseUrl). */
  origin?: string;
}

/** The presets `game` offers of `format`: what its face can draw, and only those it names if it names any. */
export function downloadsFor(format: OutputFormat, game: AnyGameModule): Download[] {
  return format.downloads.filter((d) => (!d.needs || game[d.needs]) && (!game.downloads || game.downloads.includes(d.id)));
}

/**
 * The board style every picture format reads from its parameters. hexSize has no schema default
 * because a kit chooses its own when none is given (see the pdf format); boards use 20 mm.
 */
export function styleOf(params: Record<string, unknown>): Style {
  return {
    theme: params.theme as Style['theme'],
    labels: params.labels as boolean,
    hexSize: (params.hexSize as number | undefined) ?? DEFAULT_STYLE.hexSize,
  };
}

/** A format's parameters with their schemas, the shared ones it refers to included. */
export function formatParameters(schema: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const part of (schema.allOf as Array<{ $ref?: string }> | undefined) ?? []) {
    if (part.$ref) Object.assign(out, formatParameters(schemaById(new URL(part.$ref, schema.$id as string).href)));
  }
  Object.assign(out, (schema.properties as Record<string, Record<string, unknown>> | undefined) ?? {});
  return out;
}

/** The extension a format's URLs and files end in. */
export const extensionOf = (format: OutputFormat): string => format.extension ?? format.id;

export function fileStem(game: AnyGameModule, map: ScoredMap): string {
  return `${game.id}-${encodeURIComponent(map.seed ?? 'map')}`;
}

/** A file name per distinct download: game, seed, what sets the variant apart, and the extension. */
export function fileName(format: OutputFormat, game: AnyGameModule, map: ScoredMap, params: Record<string, unknown>): string {
  const style = [params.theme === 'screen' ? 'screen' : '', params.hexSize !== undefined ? `hex${params.hexSize}mm` : ''];
  return `${[fileStem(game, map), ...(format.nameParts?.(params) ?? []), ...style].filter(Boolean).join('-')}.${extensionOf(format)}`;
}
