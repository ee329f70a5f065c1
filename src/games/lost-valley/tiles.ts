import { readJson, dataFile } from '../../core/json-file.ts';
import type { TileSet } from './model.ts';

/** The tile set is project data: src/games/lost-valley/data/tiles.json (design notes in docs/lost-valley.md). */
export const TILE_SET = readJson<TileSet>(dataFile('./data/tiles.json', import.meta.url));

/** The marker supply as a flat list, one entry per marker, in a fixed order. */
export function markerSupply(kind: keyof TileSet['markers']): string[] {
  return Object.entries(TILE_SET.markers[kind]).flatMap(([value, count]) => Array.from({ length: count }, () => value));
}
