import type { Blockade, CavePile, GoldCityMap, Space } from '../model.ts';

const CODES: Record<string, Space['terrain']> = {
  J: 'jungle',
  W: 'water',
  V: 'village',
  R: 'rubble',
  B: 'basecamp',
  M: 'mountain',
  S: 'start',
  F: 'finish',
  T: 'torch',
};

/**
 * A course typed as rows of cells, for rules tests: `J2` jungle-2, `T2` torch-2, `S1` start 1, `F` finish,
 * `M` mountain, `.` nothing. Cells at column c of row r sit at axial (c, r); `pieceOf` says
 * which piece a column belongs to.
 */
export function course(
  rows: string[],
  { pieceOf, blockades = [], caves = [] }: { pieceOf: (q: number) => number; blockades?: Blockade[]; caves?: CavePile[] },
): GoldCityMap {
  const spaces: Space[] = [];
  let pieces = 0;
  rows.forEach((row, r) => {
    row
      .trim()
      .split(/\s+/)
      .forEach((cell, q) => {
        if (cell === '.') return;
        const terrain = CODES[cell[0]!];
        if (!terrain) throw new Error(`bad cell ${cell}`);
        const n = cell.length > 1 ? Number(cell.slice(1)) : undefined;
        const space: Space = { q, r, piece: `p${pieceOf(q)}`, terrain };
        if (terrain === 'start') space.start = n;
        else if (n !== undefined) space.strength = n;
        if (terrain === 'mountain' && caves.some((c) => c.q === q && c.r === r)) space.cave = true;
        pieces = Math.max(pieces, pieceOf(q) + 1);
        spaces.push(space);
      });
  });
  const kinds = Array.from(
    { length: pieces },
    (_, i) => (i === 0 ? 'start' : i === pieces - 1 ? 'finish' : 'terrain') as 'start' | 'finish' | 'terrain',
  );
  return { game: 'gold-city', orientation: 'pointy', pieces: kinds.map((kind, i) => ({ id: `p${i}`, kind })), spaces, blockades, caves };
}
