import type { AnyGameModule } from '../core/game-module.ts';
import type { ScoredMap } from '../core/maps.ts';
import { downloadsFor, extensionOf, formatParameters, type Download, type OutputFormat } from './format.ts';
import { jsonFormat } from './json.ts';
import { pdfFormat } from './pdf.ts';
import { pngFormat } from './png.ts';
import { setupMissing } from './sheet-layout.ts';
import { svgFormat } from './svg.ts';
import { ttsFormat } from './tts.ts';

/** The one list of output formats: API routes, OpenAPI, the CLI and the page read it. */
export const FORMATS: readonly OutputFormat[] = [jsonFormat, svgFormat, pngFormat, pdfFormat, ttsFormat];

/**
 * The downloads that mean something for this very map: the game's, less a setup sheet where the
 * map has none (a generated Gold City course is no box's), so a page never offers a 400.
 */
export function downloadsOfMap(game: AnyGameModule, map: ScoredMap): Array<Download & { format: OutputFormat }> {
  const noSetup = game.setup ? setupMissing(game, map) !== undefined : true;
  return FORMATS.flatMap((format) =>
    downloadsFor(format, game)
      .filter((d) => !(d.needs === 'setup' && noSetup))
      .map((d) => ({ ...d, format })),
  );
}

export function findFormat(id: string): OutputFormat | undefined {
  return FORMATS.find((f) => f.id === id);
}

/**
 * The format a path segment's extension names, and the rest: `42.tts.json` is a saved object
 * before `42.tts` is JSON, so longer extensions are tried first; case does not matter.
 */
export function formatOfName(name: string): { stem: string; format: OutputFormat } | undefined {
  const lower = name.toLowerCase();
  const longestFirst = [...FORMATS].sort((a, b) => extensionOf(b).length - extensionOf(a).length);
  const format = longestFirst.find((f) => lower.endsWith(`.${extensionOf(f)}`) && lower.length > extensionOf(f).length + 1);
  return format && { stem: name.slice(0, name.length - extensionOf(format).length - 1), format };
}

/** Every parameter any format takes, with its schema and the formats that take it (for flags and docs). */
export const FORMAT_PARAMETERS: ReadonlyMap<string, { schema: Record<string, unknown>; formats: string[] }> = (() => {
  const out = new Map<string, { schema: Record<string, unknown>; formats: string[] }>();
  for (const f of FORMATS) {
    for (const [name, schema] of Object.entries(formatParameters(f.schema))) {
      const seen = out.get(name) ?? { schema, formats: [] };
      seen.formats.push(f.id);
      out.set(name, seen);
    }
  }
  return out;
})();
