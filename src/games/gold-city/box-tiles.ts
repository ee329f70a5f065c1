import { readJson, dataFile } from '../../core/json-file.ts';
import { rotate, type Axial } from '../../geometry/hex/axial.ts';
import type { PieceKind, Terrain } from './model.ts';

/**
 * The printed pieces of The Quest for El Dorado as goldmaps reads them from
 * src/games/gold-city/data/rulebook/tiles.json (sources recorded there): what is on every hex of every lettered
 * face, and which faces are the two sides of one board.
 */
export interface PrintedHex {
  q: number;
  r: number;
  terrain: Terrain;
  strength?: number;
  /** A mountain printed with the cave mark. */
  cave?: true;
}

export interface PrintedTile {
  letter: string;
  kind: PieceKind;
  /** The board it is a side of, e.g. "K/L". */
  board: string;
  /** Its spaces in its own frame (finishing spaces for the end piece). */
  spaces: PrintedHex[];
  /** Hexes it covers that are not spaces: the city of the end piece. */
  other: Axial[];
  /** Where the gate stands (the end piece only). */
  gate?: Axial;
}

interface TableTile {
  kind: PieceKind;
  rows?: Array<{ r: number; q: number; hexes: string }>;
  finish?: Array<[number, number]>;
  city?: Array<[number, number]>;
}

const TERRAIN: Record<string, Terrain> = {
  J: 'jungle',
  W: 'water',
  V: 'village',
  R: 'rubble',
  B: 'basecamp',
  M: 'mountain',
  C: 'mountain',
  S: 'start',
};

const table = readJson<{ tiles: Record<string, TableTile>; boards: Record<string, string[]> }>(
  dataFile('./data/rulebook/tiles.json', import.meta.url),
);

/** One printed hex code ("J2", "M", "C", "S") at (q, r): its terrain, strength and cave mark. */
export function printedHex(code: string, q: number, r: number): PrintedHex {
  const terrain = TERRAIN[code[0] as string];
  if (!terrain) throw new Error(`tiles.json: unknown hex code ${code}`);
  const hex: PrintedHex = { q, r, terrain };
  if (code.length > 1) hex.strength = Number(code.slice(1));
  if (code === 'C') hex.cave = true;
  return hex;
}

const boardOf = new Map<string, string>();
for (const [board, letters] of Object.entries(table.boards)) for (const letter of letters) boardOf.set(letter, board);

export const BOX_TILES: ReadonlyMap<string, PrintedTile> = new Map(
  Object.entries(table.tiles).map(([letter, t]) => {
    const board = boardOf.get(letter);
    if (!board) throw new Error(`tiles.json: tile ${letter} is on no board`);
    if (t.kind === 'finish') {
      const city = (t.city ?? []).map(([q, r]) => ({ q, r }));
      const tile: PrintedTile = {
        letter,
        kind: 'finish',
        board,
        spaces: (t.finish ?? []).map(([q, r]) => ({ q, r, terrain: 'finish' as const })),
        other: city,
        gate: city[1] as Axial,
      };
      return [letter, tile];
    }
    const spaces = (t.rows ?? []).flatMap((row) => row.hexes.split(' ').map((code, k) => printedHex(code, row.q + k, row.r)));
    return [letter, { letter, kind: t.kind, board, spaces, other: [] }];
  }),
);

/** The boards of the box by name, each with its sides' letters, in table order. */
export const BOX_BOARDS: ReadonlyArray<{ board: string; letters: readonly string[] }> = Object.entries(table.boards).map(
  ([board, letters]) => ({ board, letters }),
);

/** Where a piece's placement puts hex h of its printed face: turned `turns` × 60° clockwise, then moved. */
export function placed(p: { turns: number; dq: number; dr: number }, h: Axial): Axial {
  const t = rotate(h, p.turns);
  return { q: t.q + p.dq, r: t.r + p.dr };
}
