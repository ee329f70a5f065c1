import { canonicalJson, sha256Hex } from '../core/canonical.ts';
import type { AnyGameModule, TablePiece } from '../core/game-module.ts';
import type { ScoredMap } from '../core/maps.ts';
import { loadSchema } from '../core/schemas.ts';
import { styleOf, type OutputFormat } from './format.ts';
import { tablePiecesOf } from './table-pieces.ts';

/** Tabletop Simulator's unit is about an inch (kb.tabletopsimulator.com, Custom Token). */
const MM_PER_UNIT = 25.4;
/**
 * Units a Custom_Tile spans along its longer side at scale 1. The save-file documentation does
 * not say; 2 is the size TTS gives a new tile (and its default grid cell), so scale = inches / 2.
 */
const TILE_UNITS_AT_SCALE_1 = 2;
/** Just above the table top, and how far each token of a pile lies above the one below it. */
const TABLE_Y = 1;
const STACK_Y = 0.2;
/** TTS's custom tile shapes by their save-file numbers. */
const TILE_TYPE = { box: 0, hex: 1, circle: 2 } as const;

/** Four decimals of a unit (2.5 µm): stable text, finer than TTS places anything. */
const round = (v: number) => Math.round(v * 1e4) / 1e4 + 0;

/**
 * Six hex digits per piece, derived from the map's digest and the piece id (a TTS GUID is six hex
 * digits by convention): the same map always gives the same GUIDs, and no two pieces share one.
 */
function guids(map: ScoredMap, pieces: TablePiece[]): string[] {
  const seen = new Set<string>();
  return pieces.map((p) => {
    for (let k = 0; ; k++) {
      const g = sha256Hex(`${map.digest ?? ''}\u0000${p.id}\u0000${k}`).slice(0, 6);
      if (!seen.has(g)) {
        seen.add(g);
        return g;
      }
    }
  });
}

/** The PNG route's address of one side of one piece, with everything that makes the same map and style. */
function imageUrl(
  base: string,
  game: AnyGameModule,
  map: ScoredMap,
  params: Record<string, unknown>,
  piece: TablePiece,
  side: 'front' | 'back',
): string {
  const query = new URLSearchParams();
  if (map.options && Object.keys(map.options).length > 0) query.set('options', canonicalJson(map.options));
  for (const name of ['theme', 'labels', 'hexSize'] as const) if (params[name] !== undefined) query.set(name, String(params[name]));
  query.set('piece', piece.id);
  if (side === 'back') query.set('side', 'back');
  query.set('dpi', String(params.imageDpi));
  return `${base}/api/v1/games/${game.id}/maps/${encodeURIComponent(map.seed ?? '')}.png?${query.toString()}`;
}

/**
 * A Tabletop Simulator saved object (Documents/My Games/Tabletop Simulator/Saves/Saved Objects):
 * every piece, tile, blockade and token of the map as a Custom_Tile with its own picture from the
 * PNG route, where and as the board lays it; piles of tokens stacked. docs/tabletop.md.
 */
function savedObject(game: AnyGameModule, map: ScoredMap, params: Record<string, unknown>): Record<string, unknown> {
  const style = styleOf(params);
  const pieces = tablePiecesOf(game, map, style);
  const ids = guids(map, pieces);
  const base = (params.baseUrl as string).replace(/\/+$/, '');
  const xs = pieces.map((p) => p.at.x);
  const ys = pieces.map((p) => p.at.y);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const piles = new Map<string, number>();
  const objects = pieces.map((p, i) => {
    const spot = `${round(p.at.x)} ${round(p.at.y)}`;
    const height = piles.get(spot) ?? 0;
    piles.set(spot, height + 1);
    const scale = round(Math.max(p.front.width, p.front.height) / MM_PER_UNIT / TILE_UNITS_AT_SCALE_1);
    const shape = p.shape ?? 'box';
    return {
      GUID: ids[i],
      Name: 'Custom_Tile',
      Transform: {
        posX: round((p.at.x - cx) / MM_PER_UNIT),
        posY: round(TABLE_Y + height * STACK_Y),
        // The board's top is away from the player at the table's near edge (−Z).
        posZ: round(-(p.at.y - cy) / MM_PER_UNIT),
        rotX: 0,
        // 180 faces the picture's top away from that player; clockwise on paper is clockwise from above.
        rotY: round((((180 + p.rotation) % 360) + 360) % 360),
        rotZ: p.faceDown ? 180 : 0,
        scaleX: scale,
        scaleY: 1,
        scaleZ: scale,
      },
      Nickname: p.name,
      Description: p.description,
      GMNotes: '',
      ColorDiffuse: { r: 1, g: 1, b: 1 },
      // The board's pieces stay put when a pawn is dragged over them; what players move or turn up does not.
      Locked: p.kind === 'tile' && !p.loose,
      Grid: false,
      Snap: false,
      Autoraise: true,
      Sticky: true,
      Tooltip: true,
      Tags: [game.id, p.kind],
      CustomImage: {
        ImageURL: imageUrl(base, game, map, params, p, 'front'),
        ImageSecondaryURL: imageUrl(base, game, map, params, p, p.back ? 'back' : 'front'),
        ImageScalar: 1,
        WidthScale: 0,
        CustomTile: {
          Type: TILE_TYPE[shape],
          Thickness: p.kind === 'tile' ? 0.1 : 0.15,
          Stackable: p.kind === 'token',
          // Stretched, a tile is made square whatever its picture (kb.tabletopsimulator.com, Custom
          // Tile): a box keeps its picture's proportions; a hex or disc is symmetric anyway.
          Stretch: shape !== 'box',
        },
      },
      LuaScript: '',
      LuaScriptState: '',
      XmlUI: '',
    };
  });
  // A saved object is a save file with the outer fields left empty and the objects in ObjectStates.
  return {
    SaveName: `${game.title} · seed ${map.seed ?? ''}`,
    Date: '',
    VersionNumber: '',
    GameMode: '',
    GameType: '',
    GameComplexity: '',
    Tags: [],
    Gravity: 0.5,
    PlayArea: 0.5,
    Table: '',
    Sky: '',
    Note: '',
    TabStates: {},
    LuaScript: '',
    LuaScriptState: '',
    XmlUI: '',
    ObjectStates: objects,
  };
}

export const ttsFormat: OutputFormat = {
  id: 'tts',
  extension: 'tts.json',
  mediaType: 'application/json',
  description:
    'A Tabletop Simulator saved object: every piece, tile, blockade and token as a Custom_Tile placed as on the board, each picture fetched from this service (give baseUrl).',
  schema: loadSchema('api/formats/tts'),
  documentSchema: loadSchema('tabletop-simulator.saved-object'),
  needsScene: false,
  binary: false,
  heavy: false,
  cacheable: true,
  render: async ({ game, map, params }) => ({ body: `${JSON.stringify(savedObject(game, map, params), null, 2)}\n` }),
  downloads: [{ id: 'tts', label: 'Tabletop Simulator saved object (pieces)', params: {}, origin: 'baseUrl' }],
};
