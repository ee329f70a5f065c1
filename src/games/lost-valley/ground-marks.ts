import type { Mm, Point, SceneItem } from '../../core/scene.ts';
import { corners, type Face, type Vertex } from '../../geometry/trilattice/lattice.ts';
import type { LvTerrain } from './model.ts';

/**
 * Each ground drawn with its own small mark as well as its colour, so that a player who does
 * not tell tundra's khaki from riverside's green (deuteranopia and protanopia fold them
 * together) still reads the landscape: dashes of snow on tundra, a fir on forest, a peak on
 * mountain, waves on lake, tufts of grass on riverside. Marks are ink at low opacity, drawn
 * in a face's outer corner, clear of the marker piles at the tile's centre.
 */
const OPACITY = 0.55;
/**
 * Pale ink on the two dark grounds, dark on the others: a dark fir on forest's green came out 50
 * grey levels from its fill in greyscale, a pale one 80 (docs/printing.md, readable without colour).
 */
const inkOn = (terrain: LvTerrain) => (terrain === 'forest' || terrain === 'mountain' ? '#ffffff' : '#1b1b1b');

type Mark = (at: Point, s: Mm, ink: string) => SceneItem[];

const line = (points: Point[], s: Mm, ink: string): SceneItem => ({
  kind: 'polyline',
  points,
  stroke: ink,
  strokeWidth: s * 0.14,
  opacity: OPACITY,
});

const MARKS: Partial<Record<LvTerrain, Mark>> = {
  tundra: (p, s, ink) =>
    [-0.35, 0, 0.35].map((dy, i) =>
      line(
        [
          { x: p.x - s * (0.5 - i * 0.12), y: p.y + dy * s },
          { x: p.x + s * (0.5 - i * 0.12), y: p.y + dy * s },
        ],
        s,
        ink,
      ),
    ),
  forest: (p, s, ink) => [
    {
      kind: 'polygon',
      points: [
        { x: p.x, y: p.y - s * 0.6 },
        { x: p.x + s * 0.42, y: p.y + s * 0.3 },
        { x: p.x - s * 0.42, y: p.y + s * 0.3 },
      ],
      fill: ink,
      opacity: OPACITY,
    },
    line(
      [
        { x: p.x, y: p.y + s * 0.3 },
        { x: p.x, y: p.y + s * 0.6 },
      ],
      s,
      ink,
    ),
  ],
  mountain: (p, s, ink) => [
    line(
      [
        { x: p.x - s * 0.6, y: p.y + s * 0.4 },
        { x: p.x - s * 0.15, y: p.y - s * 0.45 },
        { x: p.x + s * 0.15, y: p.y },
        { x: p.x + s * 0.35, y: p.y - s * 0.25 },
        { x: p.x + s * 0.6, y: p.y + s * 0.4 },
      ],
      s,
      ink,
    ),
  ],
  lake: (p, s, ink) =>
    [-0.22, 0.22].map((dy) =>
      line(
        [-0.6, -0.3, 0, 0.3, 0.6].map((dx, k) => ({ x: p.x + dx * s, y: p.y + dy * s + (k % 2 === 0 ? s * 0.12 : -s * 0.12) })),
        s,
        ink,
      ),
    ),
  riverside: (p, s, ink) =>
    [-0.4, 0, 0.4].flatMap((dx) => [
      line(
        [
          { x: p.x + dx * s, y: p.y + s * 0.35 },
          { x: p.x + dx * s - s * 0.12, y: p.y - s * 0.3 },
        ],
        s,
        ink,
      ),
      line(
        [
          { x: p.x + dx * s, y: p.y + s * 0.35 },
          { x: p.x + dx * s + s * 0.12, y: p.y - s * 0.3 },
        ],
        s,
        ink,
      ),
    ]),
};

/**
 * A tile's ground marks, one in the outer corner of each face (the corner it shares with no other
 * face of the tile), as the board and the kit's cut tiles both draw them; `at` places a vertex.
 */
export function tileGroundMarks(terrain: LvTerrain, faces: readonly Face[], at: (v: Vertex) => Point, edgeLength: Mm): SceneItem[] {
  const mark = MARKS[terrain];
  if (!mark) return [];
  const cornerUse = new Map<string, number>();
  for (const f of faces) for (const v of corners(f)) cornerUse.set(String(v), (cornerUse.get(String(v)) ?? 0) + 1);
  return faces.flatMap((f): SceneItem[] => {
    const apex = corners(f).find((v) => cornerUse.get(String(v)) === 1);
    if (!apex) return [];
    const [a, b, c] = corners(f).map(at) as [Point, Point, Point];
    const centre = { x: (a.x + b.x + c.x) / 3, y: (a.y + b.y + c.y) / 3 };
    const p = at(apex);
    const spot = { x: p.x + (centre.x - p.x) * 0.62, y: p.y + (centre.y - p.y) * 0.62 };
    return [{ kind: 'group', role: 'ground-mark', items: mark(spot, edgeLength * 0.09, inkOn(terrain)) }];
  });
}

/** The ground's mark for a legend swatch. */
export function legendMark(terrain: LvTerrain, centre: Point, size: Mm): SceneItem[] {
  return MARKS[terrain]?.(centre, size, inkOn(terrain)) ?? [];
}
