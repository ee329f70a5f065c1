import { readFileSync } from 'node:fs';
import type { GoldCityMap } from '../model.ts';

/**
 * An independent check of a box course against src/games/gold-city/data/rulebook/tiles.json, written from the
 * table alone (none of the generator's helpers): every piece's hexes are its printed face turned
 * and moved as recorded, no hex is covered twice, no board is used twice (on either side), only
 * neighbours in the course touch, blockades are printed ones, caves sit on printed cave marks.
 * Returns what is wrong, in words.
 */
const table = JSON.parse(readFileSync(new URL('../data/rulebook/tiles.json', import.meta.url), 'utf8')) as {
  tiles: Record<string, { kind: string; rows?: Array<{ q: number; r: number; hexes: string }>; finish?: number[][]; city?: number[][] }>;
  boards: Record<string, string[]>;
};
const LETTER_TERRAIN: Record<string, string> = {
  J: 'jungle',
  W: 'water',
  V: 'village',
  R: 'rubble',
  B: 'basecamp',
  M: 'mountain',
  C: 'mountain',
  S: 'start',
};
const PRINTED = ['jungle1', 'village1', 'rubble1', 'water1', 'jungle2', 'rubble2'];
const NEAR: Array<[number, number]> = [
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
  [1, -1],
];

function turn(q: number, r: number, turns: number): [number, number] {
  for (let i = 0; i < turns; i++) [q, r] = [-r, q + r];
  return [q, r];
}

export function checkAgainstTiles(map: GoldCityMap): string[] {
  const wrong: string[] = [];
  const owner = new Map<string, number>();
  const boardUsed = new Set<string>();
  const expected = new Map<string, string>();
  map.pieces.forEach((p, i) => {
    const face = table.tiles[p.tile as string];
    if (!face) return void wrong.push(`${p.id}: no face ${p.tile}`);
    const board = Object.entries(table.boards).find(([, letters]) => letters.includes(p.tile as string))?.[0];
    if (!board || boardUsed.has(board)) wrong.push(`${p.id}: board ${board} used twice`);
    boardUsed.add(board as string);
    const hexes: Array<[number, number, string]> = face.rows
      ? face.rows.flatMap((row) => row.hexes.split(' ').map((code, k) => [row.q + k, row.r, code] as [number, number, string]))
      : [
          ...(face.finish ?? []).map(([q, r]) => [q, r, 'F'] as [number, number, string]),
          ...(face.city ?? []).map(([q, r]) => [q, r, 'X'] as [number, number, string]),
        ];
    for (const [q, r, code] of hexes) {
      const [tq, tr] = turn(q, r, p.turns as number);
      const key = `${tq + (p.dq as number)},${tr + (p.dr as number)}`;
      if (owner.has(key)) wrong.push(`${p.id}: hex ${key} covered twice`);
      owner.set(key, i);
      if (code !== 'X')
        expected.set(
          key,
          `${p.id} ${code === 'F' ? 'finish' : LETTER_TERRAIN[code[0] as string]}${code.slice(1)}${code === 'C' ? ' cave' : ''}`,
        );
    }
  });
  for (const [key, i] of owner) {
    const [q, r] = key.split(',').map(Number) as [number, number];
    for (const [dq, dr] of NEAR) {
      const j = owner.get(`${q + dq},${r + dr}`);
      if (j !== undefined && Math.abs(j - i) > 1) wrong.push(`pieces ${i} and ${j} touch at ${key}`);
    }
  }
  const got = new Map(map.spaces.map((s) => [`${s.q},${s.r}`, s]));
  if (got.size !== expected.size) wrong.push(`${got.size} spaces, the faces print ${expected.size}`);
  for (const [key, want] of expected) {
    const s = got.get(key);
    const [, terrainPlus, cave] = want.split(' ');
    if (!s) wrong.push(`no space at ${key} (${want})`);
    else if (`${s.piece} ${s.terrain}${s.strength ?? ''}` !== `${want.split(' ')[0]} ${terrainPlus}`)
      wrong.push(`space ${key} is ${s.piece} ${s.terrain}${s.strength ?? ''}, printed ${want}`);
    else if (s.cave && cave !== 'cave') wrong.push(`space ${key} is a cave, not printed so`);
  }
  const blockades = map.blockades.map((b) => `${b.terrain}${b.strength}`);
  for (const b of blockades) {
    const k = PRINTED.indexOf(b);
    if (k === -1 || blockades.filter((x) => x === b).length > PRINTED.filter((x) => x === b).length)
      wrong.push(`blockade ${b} is not printed (or used too often)`);
  }
  for (const b of map.blockades)
    if (b.between[1] === map.pieces[map.pieces.length - 1]?.id) wrong.push(`blockade ${b.id} before El Dorado`);
  for (const c of map.caves ?? [])
    if (!(expected.get(`${c.q},${c.r}`) ?? '').endsWith(' cave')) wrong.push(`cave pile at ${c.q},${c.r} on no printed cave`);
  return wrong;
}
