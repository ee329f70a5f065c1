import type { Mm, Point, SceneItem } from '../../core/scene.ts';
import type { LvTerrain } from './model.ts';

/**
 * Each ground drawn with its own small mark as well as its colour, so that a player who does
 * not tell tundra's khaki from riverside's green (deuteranopia and protanopia fold them
 * together) still reads the landscape: dashes of snow on tundra, a fir on forest, a peak on
 * mountain, waves on lake, tufts of grass on riverside. Marks are ink at low opacity, drawn
 * in a face's outer corner, clear of the marker piles at the tile's centre.
 */
const INK = '#1b1b1b';
const OPACITY = 0.55;

type Mark = (at: Point, s: Mm) => SceneItem[];

const line = (points: Point[], s: Mm): SceneItem => ({ kind: 'polyline', points, stroke: INK, strokeWidth: s * 0.14, opacity: OPACITY });

const MARKS: Partial<Record<LvTerrain, Mark>> = {
  tundra: (p, s) =>
    [-0.35, 0, 0.35].map((dy, i) =>
      line(
        [
          { x: p.x - s * (0.5 - i * 0.12), y: p.y + dy * s },
          { x: p.x + s * (0.5 - i * 0.12), y: p.y + dy * s },
        ],
        s,
      ),
    ),
  forest: (p, s) => [
    {
      kind: 'polygon',
      points: [
        { x: p.x, y: p.y - s * 0.6 },
        { x: p.x + s * 0.42, y: p.y + s * 0.3 },
        { x: p.x - s * 0.42, y: p.y + s * 0.3 },
      ],
      fill: INK,
      opacity: OPACITY,
    },
    line(
      [
        { x: p.x, y: p.y + s * 0.3 },
        { x: p.x, y: p.y + s * 0.6 },
      ],
      s,
    ),
  ],
  mountain: (p, s) => [
    line(
      [
        { x: p.x - s * 0.6, y: p.y + s * 0.4 },
        { x: p.x - s * 0.15, y: p.y - s * 0.45 },
        { x: p.x + s * 0.15, y: p.y },
        { x: p.x + s * 0.35, y: p.y - s * 0.25 },
        { x: p.x + s * 0.6, y: p.y + s * 0.4 },
      ],
      s,
    ),
  ],
  lake: (p, s) =>
    [-0.22, 0.22].map((dy) =>
      line(
        [-0.6, -0.3, 0, 0.3, 0.6].map((dx, k) => ({ x: p.x + dx * s, y: p.y + dy * s + (k % 2 === 0 ? s * 0.12 : -s * 0.12) })),
        s,
      ),
    ),
  riverside: (p, s) =>
    [-0.4, 0, 0.4].flatMap((dx) => [
      line(
        [
          { x: p.x + dx * s, y: p.y + s * 0.35 },
          { x: p.x + dx * s - s * 0.12, y: p.y - s * 0.3 },
        ],
        s,
      ),
      line(
        [
          { x: p.x + dx * s, y: p.y + s * 0.35 },
          { x: p.x + dx * s + s * 0.12, y: p.y - s * 0.3 },
        ],
        s,
      ),
    ]),
};

/** The ground's mark in the outer corner of one triangular face (`apex` is the corner it shares with no other face of the tile). */
export function groundMark(terrain: LvTerrain, apex: Point, faceCentre: Point, edgeLength: Mm): SceneItem[] {
  const mark = MARKS[terrain];
  if (!mark) return [];
  const at = { x: apex.x + (faceCentre.x - apex.x) * 0.62, y: apex.y + (faceCentre.y - apex.y) * 0.62 };
  return [{ kind: 'group', role: 'ground-mark', items: mark(at, edgeLength * 0.09) }];
}

/** The ground's mark for a legend swatch. */
export function legendMark(terrain: LvTerrain, centre: Point, size: Mm): SceneItem[] {
  return MARKS[terrain]?.(centre, size) ?? [];
}
