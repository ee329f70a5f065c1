import type { Point, SceneItem } from '../core/scene.ts';
import { outline, placeText } from './glyphs.ts';

/** An axis-aligned box in scene millimetres; an empty one has x0 > x1. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const EMPTY_BOX: Readonly<Box> = Object.freeze({ x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });

/** The smallest box holding every point, grown by `pad` on each side (no points: an empty box). */
export function boundsOf(points: Iterable<Point>, pad = 0): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return { x0: x0 - pad, y0: y0 - pad, x1: x1 + pad, y1: y1 + pad };
}

/** The smallest box holding every box (none: an empty box). */
export function unionOf(boxes: readonly Box[]): Box {
  return boxes.reduce(
    (a, b) => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) }),
    EMPTY_BOX,
  );
}

/** The points that bound what an item draws: a text by its glyph outline's advance, from a size above its baseline to 0.3 below. */
function extent(it: SceneItem): Point[] {
  switch (it.kind) {
    case 'polygon':
    case 'polyline':
      return it.points;
    case 'segments':
      return it.segments.flat();
    case 'circle':
      return [
        { x: it.centre.x - it.radius, y: it.centre.y - it.radius },
        { x: it.centre.x + it.radius, y: it.centre.y + it.radius },
      ];
    case 'text': {
      const o = outline(it.text, it.bold);
      const t = placeText(o, it.at, it.size, it.anchor, it.baseline);
      return [
        { x: t.x, y: t.y - it.size },
        { x: t.x + o.width * t.scale, y: t.y + it.size * 0.3 },
      ];
    }
    case 'group':
      return it.items.flatMap(extent);
  }
}

/** The box of each item (groups whole, stroke widths not counted), grown by `pad`, in item order. */
export function itemBoxes(items: readonly SceneItem[], pad: number): Box[] {
  return items.map((it) => {
    const ps = extent(it);
    return ps.length > 0 ? boundsOf(ps, pad) : EMPTY_BOX;
  });
}
