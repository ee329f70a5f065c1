import { readFileSync } from 'node:fs';
import type { TileSet } from './model.ts';

/** The tile set is project data: fixtures/lost-valley/tiles.json (design notes in the README). */
export const TILE_SET: TileSet = JSON.parse(readFileSync(new URL('../../../fixtures/lost-valley/tiles.json', import.meta.url), 'utf8')) as TileSet;

/** The marker supply as a flat list, one entry per marker, in a fixed order. */
export function markerSupply(kind: keyof TileSet['markers']): string[] {
  return Object.entries(TILE_SET.markers[kind]).flatMap(([value, count]) => Array.from({ length: count }, () => value));
}
