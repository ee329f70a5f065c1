import type { Point, SceneItem } from '../core/scene.ts';

/**
 * Scene items scaled by `scale` about the origin, then moved by (dx, dy). Every length scales
 * with them (stroke widths, dashes, radii, text sizes), and a group keeps all its fields (data,
 * title, role, stop), so a scaled board still reads as one in an interactive front end.
 */
export function transformItems(
  items: readonly SceneItem[],
  { scale: k = 1, dx = 0, dy = 0 }: { scale?: number; dx?: number; dy?: number },
): SceneItem[] {
  const p = (q: Point): Point => ({ x: q.x * k + dx, y: q.y * k + dy });
  const paint = (item: { strokeWidth?: number; dash?: number[] }) => ({
    ...(item.strokeWidth !== undefined ? { strokeWidth: item.strokeWidth * k } : {}),
    ...(item.dash !== undefined ? { dash: item.dash.map((d) => d * k) } : {}),
  });
  const move = (item: SceneItem): SceneItem => {
    switch (item.kind) {
      case 'polygon':
      case 'polyline':
        return { ...item, points: item.points.map(p), ...paint(item) };
      case 'segments':
        return { ...item, segments: item.segments.map(([a, b]) => [p(a), p(b)] as [Point, Point]), ...paint(item) };
      case 'circle':
        return { ...item, centre: p(item.centre), radius: item.radius * k, ...paint(item) };
      case 'text':
        return { ...item, at: p(item.at), size: item.size * k };
      case 'group':
        return { ...item, items: item.items.map(move) };
    }
  };
  return items.map(move);
}

/** Scene items moved by (dx, dy), at the same size. */
export const translateItems = (items: readonly SceneItem[], dx: number, dy: number): SceneItem[] => transformItems(items, { dx, dy });
