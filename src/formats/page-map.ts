import type { Point, Scene, SceneItem } from '../core/scene.ts';
import { isFurniture, type BoardPlan } from './board-plan.ts';
import { blockHeight, textBlock } from '../drawing/text-block.ts';
import { fitText } from '../drawing/text-fit.ts';
import { transformItems } from '../drawing/transform.ts';

const INK = '#1b1b1b';

/** The board without its words: at a diagram's scale they would only be specks. */
function shapesOnly(items: readonly SceneItem[]): SceneItem[] {
  return items.flatMap((it): SceneItem[] =>
    it.kind === 'text' ? [] : it.kind === 'group' ? [{ ...it, items: shapesOnly(it.items) }] : [it],
  );
}

const rect = (x: number, y: number, w: number, h: number): Point[] => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];

/**
 * How the pages of a tiled poster fit together, drawn within `width` × `height` from (0, 0): the
 * board small, every page window over it where it prints, numbered as its header numbers it, and
 * the windows left blank dashed; a caption says how to join them. A person laying out a
 * fifteen-page poster starts here rather than matching edges by eye.
 */
export function pageMapItems(scene: Scene, plan: BoardPlan, width: number, height: number): { items: SceneItem[]; height: number } {
  const title = fitText('How the pages fit together', width, 4.2, { bold: true });
  const caption = fitText(
    `Each box is one printed page, numbered as in its header (row, column). Neighbours overlap by ${plan.layout.overlap} mm: trim one page at its crop marks and lay it over the next so the crosses meet.${plan.skipped ? ` Dashed boxes had nothing on them and were not printed.` : ''}`,
    width,
    3,
    { minSize: 2.6 },
  );
  const top = blockHeight(title) + 2;
  const room = { width, height: Math.max(20, height - top - blockHeight(caption) - 4) };
  const windows = plan.layout.tiles;
  const x0 = Math.min(...windows.map((t) => t.x));
  const y0 = Math.min(...windows.map((t) => t.y));
  const x1 = Math.max(...windows.map((t) => t.x + t.width));
  const y1 = Math.max(...windows.map((t) => t.y + t.height));
  const k = Math.min(room.width / (x1 - x0), room.height / (y1 - y0));
  const ox = (width - (x1 - x0) * k) / 2 - x0 * k;
  const oy = top - y0 * k;
  const board = transformItems(shapesOnly(scene.items.filter((it) => !isFurniture(it))), { scale: k, dx: ox, dy: oy });
  const items: SceneItem[] = [
    ...textBlock(title, 0, 0, { fill: INK, bold: true }),
    { kind: 'group', role: 'page-map-board', items: board },
  ];
  const numbered = new Map(plan.pages.map((p, n) => [`${p.tile.row} ${p.tile.column}`, n + 1]));
  for (const t of windows) {
    const at = rect(t.x * k + ox, t.y * k + oy, t.width * k, t.height * k);
    const c = { x: (t.x + t.width / 2) * k + ox, y: (t.y + t.height / 2) * k + oy };
    const page = numbered.get(`${t.row} ${t.column}`);
    if (page === undefined) {
      items.push({ kind: 'polygon', points: at, fill: 'none', stroke: '#888888', strokeWidth: 0.3, dash: [1.2, 1] });
      items.push({ kind: 'text', at: c, text: 'blank', size: 2.6, fill: '#666666', anchor: 'middle', baseline: 'middle' });
      continue;
    }
    const r = Math.min(5, (Math.min(t.width, t.height) * k) / 5);
    items.push({
      kind: 'group',
      role: 'page-map-page',
      data: { page: String(page), row: String(t.row), column: String(t.column) },
      items: [
        { kind: 'polygon', points: at, fill: 'none', stroke: INK, strokeWidth: 0.45 },
        { kind: 'circle', centre: c, radius: r, fill: '#ffffffdd', stroke: INK, strokeWidth: 0.3 },
        {
          kind: 'text',
          at: { x: c.x, y: c.y - r * 0.12 },
          text: `p. ${page}`,
          size: r * 0.62,
          fill: INK,
          anchor: 'middle',
          bold: true,
          baseline: 'middle',
        },
        {
          kind: 'text',
          at: { x: c.x, y: c.y + r * 0.5 },
          text: `r${t.row} c${t.column}`,
          size: r * 0.34,
          fill: INK,
          anchor: 'middle',
          baseline: 'middle',
        },
      ],
    });
  }
  const diagramBottom = top + (y1 - y0) * k;
  items.push(...textBlock(caption, 0, diagramBottom + 3, { fill: '#333333' }));
  return { items, height: diagramBottom + 3 + blockHeight(caption) };
}
