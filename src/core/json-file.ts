import { readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url);

/**
 * Where a game's data file is. Data (calibrations, tiles, catalogues, schemas) lives beside the
 * code that reads it in src/, and nowhere else: the compiled modules in dist/ read the same files
 * from src/, so a build never copies data and never serves a stale copy of it.
 */
export function dataFile(relative: string, moduleUrl: string): URL {
  const url = new URL(relative, moduleUrl);
  const dist = new URL('dist/', ROOT).href;
  return url.href.startsWith(dist) ? new URL(`src/${url.href.slice(dist.length)}`, ROOT) : url;
}

/** Project data (schemas, a game's data, package.json) read as JSON. */
export function readJson<T>(url: URL): T {
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

/**
 * A data file's text: indented, with each list of plain values on one line, so that the diff of a
 * recalibration shows which figures moved and not a column of numbers.
 */
export function dataText(value: unknown): string {
  const text = JSON.stringify(value, null, 1).replace(
    /\[\s+([^[\]{}]*?)\s+\]/g,
    (_, inner: string) => `[${inner.replace(/\s*\n\s*/g, ' ')}]`,
  );
  return `${text}\n`;
}
