/**
 * Builds src/games/gold-city/data/rulebook/<course>.json — the printed rulebook courses of The Quest for El
 * Dorado as Gold City map documents — from two tables: src/games/gold-city/data/rulebook/tiles.json (what is on
 * every hex of every printed piece) and src/games/gold-city/data/rulebook/courses.json (which pieces, in which
 * order, turned and moved where). Both tables name their public sources.
 *
 *   node --import tsx src/games/gold-city/calibrate/rulebook-courses.ts
 *
 * What the document cannot say as printed: finishing spaces are free in Gold City (printed
 * jungle-1 / water-1), the gate stands on the city hex in the middle of the end piece, and the
 * blockades go in their printed numbers along the course (the rulebook leaves them to chance).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { rotate, compareAxial, type Axial } from '../../../geometry/hex/axial.ts';
import { printedHex } from '../box-tiles.ts';
import { PRINTED_BLOCKADES, type Blockade, type GoldCityMap, type Piece, type PieceKind, type Space } from '../model.ts';

interface TileRow {
  r: number;
  q: number;
  hexes: string;
}
interface TerrainTile {
  kind: 'start' | 'terrain' | 'strip';
  rows: TileRow[];
}
interface EndTile {
  kind: 'finish';
  printedFinish: string;
  finish: Array<[number, number]>;
  city: Array<[number, number]>;
}
interface Placement {
  tile: string;
  turns: number;
  dq: number;
  dr: number;
}
interface CourseEntry {
  name: string;
  rating: 'easy' | 'medium' | 'hard' | 'expert';
  ratingSource: string;
  pieces: Placement[];
}

const dir = new URL('../data/rulebook/', import.meta.url);
const tilesDoc = JSON.parse(readFileSync(new URL('tiles.json', dir), 'utf8')) as { tiles: Record<string, TerrainTile | EndTile> };
const coursesDoc = JSON.parse(readFileSync(new URL('courses.json', dir), 'utf8')) as { courses: Record<string, CourseEntry> };

function place(p: Placement, h: Axial): Axial {
  const t = rotate(h, p.turns);
  return { q: t.q + p.dq, r: t.r + p.dr };
}

/** One printed hex code (e.g. "J2", "M", "C", "S") as a space of piece `piece` at `at`. */
function spaceOf(code: string, piece: string, at: Axial): Space {
  return { piece, ...printedHex(code, at.q, at.r) };
}

function build(id: string, course: CourseEntry): GoldCityMap {
  const pieces: Piece[] = [];
  const spaces: Space[] = [];
  let gate: Axial | undefined;
  course.pieces.forEach((p, i) => {
    const tile = tilesDoc.tiles[p.tile];
    if (!tile) throw new Error(`${id}: no tile ${p.tile}`);
    const pid = `p${i}`;
    pieces.push({ id: pid, kind: tile.kind as PieceKind });
    const own: Space[] = [];
    if (tile.kind === 'finish') {
      for (const [q, r] of tile.finish) own.push({ piece: pid, ...place(p, { q, r }), terrain: 'finish' });
      const [cq, cr] = tile.city[1] as [number, number];
      gate = place(p, { q: cq, r: cr });
    } else {
      for (const row of tile.rows) {
        row.hexes.split(' ').forEach((code, k) => own.push(spaceOf(code, pid, place(p, { q: row.q + k, r: row.r }))));
      }
    }
    own.sort(compareAxial);
    spaces.push(...own);
  });
  // Start spaces numbered in row order, as the generator numbers them.
  spaces.filter((s) => s.terrain === 'start').forEach((s, k) => (s.start = k + 1));

  // The printed blockades in their numbers, one per seam between terrain pieces (none before the end piece).
  const blockades: Blockade[] = [];
  for (let i = 0; i + 2 < pieces.length && blockades.length < PRINTED_BLOCKADES.length; i++) {
    const printed = PRINTED_BLOCKADES[blockades.length] as (typeof PRINTED_BLOCKADES)[number];
    const n = blockades.length + 1;
    blockades.push({
      id: `b${n}`,
      between: [(pieces[i] as Piece).id, (pieces[i + 1] as Piece).id],
      terrain: printed.terrain,
      strength: printed.strength,
      points: Math.min(n, 4),
      printedNumber: n,
    } as Blockade);
  }

  const doc: GoldCityMap = {
    game: 'gold-city',
    orientation: 'pointy',
    pieces,
    spaces,
    blockades,
    printed: {
      name: course.name,
      rating: course.rating,
      ratingSource: course.ratingSource,
      tiles: course.pieces.map((p) => p.tile),
      source: 'src/games/gold-city/data/rulebook/tiles.json and courses.json (see their _sources)',
      fidelity:
        'faithful terrain and layout; differs from print in: finishing spaces free (printed jungle-1/water-1), blockades laid in printed order 1..n (print: at random), blockade points = min(printed number, 4)',
    },
  };
  if (gate) doc.gate = { q: gate.q, r: gate.r };
  return doc;
}

for (const [id, course] of Object.entries(coursesDoc.courses)) {
  const doc = build(id, course);
  writeFileSync(new URL(`${id}.json`, dir), `${JSON.stringify(doc, null, 1)}\n`);
  console.log(`${id}: ${doc.pieces.length} pieces, ${doc.spaces.length} spaces, ${doc.blockades.length} blockades`);
}
