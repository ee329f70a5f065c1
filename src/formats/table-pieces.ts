import type { AnyGameModule, TablePiece } from '../core/game-module.ts';
import type { ScoredMap } from '../core/maps.ts';
import type { Style } from '../core/scene.ts';

/**
 * A saved object names every piece's picture, so one map's pieces are asked for once per piece
 * in a row: they are drawn once per map and style and kept while the map is (the service caches
 * maps), not once per picture.
 */
const drawn = new WeakMap<object, Map<string, TablePiece[]>>();

/**
 * The map's pieces as they lie on the table: the game's own, or, for a game whose board is one
 * sheet (a trail), that board as a single tile.
 */
export function tablePiecesOf(game: AnyGameModule, map: ScoredMap, style: Style): TablePiece[] {
  const key = `${game.id} ${style.theme} ${style.labels} ${style.hexSize}`;
  const byStyle = drawn.get(map) ?? new Map<string, TablePiece[]>();
  drawn.set(map, byStyle);
  const seen = byStyle.get(key);
  if (seen) return seen;
  const pieces = game.tablePieces ? game.tablePieces(map, style) : [boardAsTile(game, map, style)];
  byStyle.set(key, pieces);
  return pieces;
}

function boardAsTile(game: AnyGameModule, map: ScoredMap, style: Style): TablePiece {
  const board = game.scene(map, style);
  return {
    id: 'board',
    kind: 'tile',
    name: `${game.title} board`,
    description: board.title,
    front: board,
    at: { x: board.width / 2, y: board.height / 2 },
    rotation: 0,
  };
}
