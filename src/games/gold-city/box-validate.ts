import { DIRECTIONS, hexKey } from '../../geometry/hex/axial.ts';
import { BOX_TILES, placed } from './box-tiles.ts';
import { PRINTED_BLOCKADES, type GoldCityMap, type Space } from './model.ts';

type Add = (rule: string, message: string, at?: string) => void;

/**
 * A course from the box (any piece naming a `tile`, or options.tiles "box"), checked against the
 * printed faces: each piece is the face it names, turned and moved as it says, hex for hex; each
 * board on one side at most once; the end piece's city clear of every other piece; blockades the
 * printed six; caves only on printed cave mountains; no Golden Temples layer.
 */
export function validateBox(map: GoldCityMap, add: Add): void {
  const boxed = map.options?.tiles === 'box' || map.pieces.some((p) => p.tile !== undefined);
  if (!boxed) return;
  if (map.temples?.length || map.guardians?.length)
    add('box-temples', 'a course from the box has no Golden Temples layer: no printed temple tiles are typed in', 'temples');
  const byHex = new Map<number, Space>();
  for (const s of map.spaces) byHex.set(hexKey(s.q, s.r), s);
  const boards = new Map<string, string>();
  const city = new Map<number, number>();
  map.pieces.forEach((p, i) => {
    const at = `pieces[${i}]`;
    const tile = p.tile === undefined ? undefined : BOX_TILES.get(p.tile);
    if (!tile || p.turns === undefined || p.dq === undefined || p.dr === undefined) {
      add('box-piece', `${p.id} does not name a printed face with its turns, dq and dr`, at);
      return;
    }
    if (tile.kind !== p.kind) add('box-piece', `${p.id} is a ${p.kind} piece but face ${tile.letter} is a ${tile.kind}`, `${at}.kind`);
    const other = boards.get(tile.board);
    if (other !== undefined)
      add(
        'box-board',
        `${p.id} is face ${tile.letter} of board ${tile.board}, which ${other} already uses${other.endsWith(tile.letter) ? '' : ' on its other side'}`,
        `${at}.tile`,
      );
    else boards.set(tile.board, `${p.id} (face ${tile.letter})`);
    const own = map.spaces.filter((s) => s.piece === p.id);
    if (own.length !== tile.spaces.length)
      add('box-space', `${p.id} has ${own.length} spaces; face ${tile.letter} has ${tile.spaces.length}`, at);
    for (const h of tile.spaces) {
      const to = placed(p as { turns: number; dq: number; dr: number }, h);
      const s = byHex.get(hexKey(to.q, to.r));
      if (!s || s.piece !== p.id) {
        add(
          'box-space',
          `face ${tile.letter} of ${p.id} puts a ${h.terrain} space at (${to.q},${to.r}), but the course has ${s ? `a space of ${s.piece}` : 'no space'} there`,
          at,
        );
      } else if (s.terrain !== h.terrain || s.strength !== h.strength) {
        add(
          'box-space',
          `space (${to.q},${to.r}) on ${p.id} is ${s.terrain}${s.strength ?? ''}; face ${tile.letter} prints ${h.terrain}${h.strength ?? ''} there`,
          at,
        );
      } else if (s.cave && !h.cave)
        add('box-space', `space (${to.q},${to.r}) on ${p.id} is marked as a cave; face ${tile.letter} prints no cave there`, at);
    }
    for (const h of tile.other) {
      const to = placed(p as { turns: number; dq: number; dr: number }, h);
      city.set(hexKey(to.q, to.r), i);
    }
    if (tile.gate && map.gate) {
      const g = placed(p as { turns: number; dq: number; dr: number }, tile.gate);
      if (g.q !== map.gate.q || g.r !== map.gate.r)
        add('box-gate', `the gate is at (${map.gate.q},${map.gate.r}); face ${tile.letter} of ${p.id} puts it at (${g.q},${g.r})`, 'gate');
    }
  });
  // The city of the end piece is board too: nothing may lie on it, nor beside it.
  for (const [key, i] of city) {
    for (const d of [{ q: 0, r: 0 }, ...DIRECTIONS]) {
      for (const s of map.spaces) {
        if (hexKey(s.q - d.q, s.r - d.r) !== key || s.piece === map.pieces[i]?.id) continue;
        add(
          'box-city',
          `${s.piece}'s space (${s.q},${s.r}) ${d.q === 0 && d.r === 0 ? 'lies on' : 'touches'} the city of El Dorado`,
          `pieces[${i}]`,
        );
      }
    }
  }
  const left = PRINTED_BLOCKADES.map((b, k) => ({ ...b, n: k + 1, used: false }));
  map.blockades.forEach((b, i) => {
    const match = left.find(
      (p) => !p.used && p.terrain === b.terrain && p.strength === b.strength && (b.printedNumber === undefined || b.printedNumber === p.n),
    );
    if (match) match.used = true;
    else
      add(
        'box-blockade',
        `blockade ${b.id} (${b.terrain} ${b.strength}${b.printedNumber === undefined ? '' : `, printed number ${b.printedNumber}`}) is not one of the six printed blockades left`,
        `blockades[${i}]`,
      );
  });
}
