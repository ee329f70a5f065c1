import type { TablePiece } from '../../core/game-module.ts';
import type { Mm, Point, Scene, SceneItem, Style } from '../../core/scene.ts';
import { DIRECTIONS, hexKey } from '../../geometry/hex/axial.ts';
import { boundsOf } from '../../drawing/bounds.ts';
import { translateItems } from '../../drawing/transform.ts';
import { archPoints, centre, corners, layerMarks, sharedEdge, spaceDrawing } from './drawings.ts';
import type { GoldCityMap, Space } from './model.ts';
import { BLOCKADE, TOKEN_MM, blockadeCard, guardianBack, guardianFront, tokenBack, tokenFront } from './sheets.ts';

/** Room round a picture, so its outline is drawn whole. */
const PAD_MM = 1;
const INK = '#1b1b1b';

/** A picture of `items`, which lie within `box`, moved to start at the pad: transparent round the piece. */
function picture(title: string, items: SceneItem[], box: { x0: number; y0: number; x1: number; y1: number }): Scene {
  return {
    width: (box.x1 - box.x0 + 2 * PAD_MM) as Mm,
    height: (box.y1 - box.y0 + 2 * PAD_MM) as Mm,
    background: 'none',
    title,
    items: translateItems(items, PAD_MM - box.x0, PAD_MM - box.y0),
  };
}

const middle = (box: { x0: number; y0: number; x1: number; y1: number }): Point => ({ x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 });

/**
 * Gold City on the table: each course piece as it lies on the board (its spaces, seams outlined,
 * the gate with the finish row), each blockade across its seam, and each cave's tokens and each
 * guardian face down on its mountain. Positions are the board's hex centres in millimetres.
 */
export function goldCityTablePieces(map: GoldCityMap, style: Style): TablePiece[] {
  const size = style.hexSize;
  const marks = layerMarks(map);
  const byHex = new Map<number, Space>(map.spaces.map((s) => [hexKey(s.q, s.r), s]));
  const neighbour = (s: Space, k: number) => byHex.get(hexKey(s.q + DIRECTIONS[k]!.q, s.r + DIRECTIONS[k]!.r));
  const out: TablePiece[] = [];

  map.pieces.forEach((piece, order) => {
    const spaces = map.spaces.filter((s) => s.piece === piece.id);
    if (spaces.length === 0) return;
    const gate = piece.kind === 'finish' && map.gate ? centre(map.gate.q, map.gate.r, size) : undefined;
    const items: SceneItem[] = [];
    const outline: Array<[Point, Point]> = [];
    for (const s of spaces) {
      const c = centre(s.q, s.r, size);
      items.push(...spaceDrawing(s, c, size, style.labels, marks.get(hexKey(s.q, s.r))));
      DIRECTIONS.forEach((_, k) => {
        if (neighbour(s, k)?.piece !== piece.id) outline.push(sharedEdge(c, size, k));
      });
    }
    if (gate) {
      items.push({ kind: 'polygon', points: corners(gate, size), fill: '#fff4cf', stroke: '#00000055', strokeWidth: size * 0.02 });
      items.push({
        kind: 'polygon',
        points: archPoints({ x: gate.x, y: gate.y + size * 0.55 }, size * 0.8),
        fill: '#e3a21a',
        stroke: '#5a3b00',
        strokeWidth: size * 0.06,
      });
    }
    items.push({ kind: 'segments', segments: outline, stroke: INK, strokeWidth: size * 0.05 });
    const box = boundsOf([...spaces.flatMap((s) => corners(centre(s.q, s.r, size), size)), ...(gate ? corners(gate, size) : [])]);
    const single = spaces.length === 1 && !gate;
    out.push({
      id: piece.id,
      kind: 'tile',
      name: `Piece ${piece.id}`,
      description: `${piece.kind} piece, ${order + 1} of ${map.pieces.length} in the course (${spaces.length} spaces)${piece.tile ? `; the box's tile ${piece.tile}` : ''}`,
      front: picture(`piece ${piece.id}`, items, box),
      at: middle(box),
      rotation: 0,
      ...(single ? { shape: 'hex' as const } : {}),
    });
  });

  for (const b of map.blockades) {
    // The seam's edges, end to end: the card lies along the line from its first corner to its last.
    const edges: Array<[Point, Point]> = [];
    for (const s of map.spaces) {
      if (s.piece !== b.between[0]) continue;
      DIRECTIONS.forEach((_, k) => {
        if (neighbour(s, k)?.piece === b.between[1]) edges.push(sharedEdge(centre(s.q, s.r, size), size, k));
      });
    }
    if (edges.length === 0) continue;
    const ends = edges.flat();
    const box = boundsOf(ends);
    const across = box.x1 - box.x0 >= box.y1 - box.y0;
    const [a, z] = [...ends].sort((p, q) => (across ? p.x - q.x || p.y - q.y : p.y - q.y || p.x - q.x));
    const angle = (Math.atan2(z!.y - a!.y, z!.x - a!.x) * 180) / Math.PI;
    const card = blockadeCard(b, 0, 0);
    out.push({
      id: `blockade-${b.id}`,
      kind: 'blockade',
      name: `Blockade ${b.id}`,
      description: `Between pieces ${b.between[0]} and ${b.between[1]}: ${b.terrain} ${b.strength}, ${b.points} points to whoever breaks it`,
      front: picture(`blockade ${b.id}`, card, { x0: 0, y0: 0, x1: BLOCKADE.width, y1: BLOCKADE.height }),
      at: middle(box),
      // Upright on paper the card is wider than tall: turned to lie along the seam, never upside down.
      rotation: Math.round(((((angle + 90) % 180) + 180) % 180) - 90),
    });
  }

  const tokenBox = { x0: 0, y0: 0, x1: TOKEN_MM, y1: TOKEN_MM };
  (map.caves ?? []).forEach((pile, i) => {
    const cave = `C${i + 1}`;
    const at = centre(pile.q, pile.r, size);
    pile.tokens.forEach((token, k) => {
      out.push({
        id: `${cave}-${k + 1}`,
        kind: 'token',
        name: `Cave token ${cave}`,
        description: `One of the ${pile.tokens.length} tokens of cave ${cave}, face down: a pawn that stops beside the cave takes the top one`,
        front: picture(`cave ${cave} token ${k + 1}`, tokenFront(token, 0, 0), tokenBox),
        back: picture(`cave ${cave} back`, tokenBack(cave, 0, 0), tokenBox),
        at,
        rotation: 0,
        faceDown: true,
      });
    });
  });
  (map.guardians ?? []).forEach((g, i) => {
    out.push({
      id: `guardian-${i + 1}`,
      kind: 'token',
      name: 'Guardian',
      description: `Face down on the mountain at (${g.q},${g.r}): it goes off when a pawn stops beside it`,
      front: picture(`guardian ${i + 1}`, guardianFront(g, 0, 0), tokenBox),
      back: picture(`guardian ${i + 1} back`, guardianBack(`(${g.q},${g.r})`, 0, 0), tokenBox),
      at: centre(g.q, g.r, size),
      rotation: 0,
      faceDown: true,
    });
  });
  return out;
}
