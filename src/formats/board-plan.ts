import type { Point, Scene, SceneItem } from '../core/scene.ts';
import { itemBoxes, unionOf, type Box } from '../drawing/bounds.ts';
import { layoutPrint, type PrintLayout, type PrintOptions, type Tile } from './print-layout.ts';

export const CULL_PAD = 12;

function meets(b: Box, t: { x: number; y: number; width: number; height: number }): boolean {
  return b.x1 > t.x && b.x0 < t.x + t.width && b.y1 > t.y && b.y0 < t.y + t.height;
}

function segmentBox([a, b]: [Point, Point], pad: number): Box {
  return { x0: Math.min(a.x, b.x) - pad, y0: Math.min(a.y, b.y) - pad, x1: Math.max(a.x, b.x) + pad, y1: Math.max(a.y, b.y) + pad };
}

/**
 * The items a page window shows: the others are skipped rather than drawn and clipped away, so
 * a many-page print costs about as much as one drawing of the board. A segments item (every piece
 * outline, say) keeps just its strokes that reach the window.
 */
export function itemsIn(
  items: SceneItem[],
  boxes: Box[],
  pad: number,
  window: { x: number; y: number; width: number; height: number },
): SceneItem[] {
  const out: SceneItem[] = [];
  items.forEach((it, i) => {
    if (!meets(boxes[i]!, window)) return;
    if (it.kind === 'segments') {
      const segments = it.segments.filter((seg) => meets(segmentBox(seg, pad), window));
      if (segments.length > 0) out.push({ ...it, segments });
    } else out.push(it);
  });
  return out;
}

/** Height of a tiled page's header band, where the board's title goes once it is lifted off the board. */
export const HEADER_MM = 8;

/** Title and legend: drawn with the board when it prints on one page, else lifted off it. */
export const isFurniture = (it: SceneItem): boolean => it.kind === 'group' && (it.role === 'title' || it.role === 'legend');

export interface BoardPlan {
  layout: PrintLayout;
  /** The windows that print, in scene coordinates, with what each draws. */
  pages: Array<{ tile: Tile; items: SceneItem[] }>;
  /** Windows left out because nothing is drawn on them. */
  skipped: number;
  /** When the board is tiled: its title goes in each page's header, its legend on a page of its own. */
  lifted?: { title: string; legend: SceneItem[] };
  /** A column of text laid as pages (the scene's `breaks`): no overlap, no crop marks to trim at. */
  flow?: boolean;
}

/**
 * A text column laid as pages: each page ends at the lowest break that fits it, so no block
 * between two breaks is split (one taller than a page is cut where the page ends). Nothing in a
 * text column has a true size to keep (no piece to cut, no board to play on), so the column is
 * enlarged towards the printable width, by whole percents, as far as it goes without taking more
 * pages than at 100%: a narrow column then fills the width or, on its fullest page, the height.
 */
function flowPlan(scene: Scene, breaks: readonly number[], options: PrintOptions): BoardPlan | undefined {
  const page = layoutPrint(scene.width, 1, { ...options, overlap: 0 });
  const { width: areaW, height: areaH } = page.tiles[0]!;
  if (scene.width > areaW) return undefined;
  const cutsAt = (room: number): number[] => {
    const cuts = [0];
    for (let top = 0; scene.height - top > room; ) {
      const fits = breaks.filter((b) => b > top + 1 && b - top <= room);
      top = fits.length > 0 ? Math.max(...fits) : top + room;
      cuts.push(top);
    }
    return [...cuts, scene.height];
  };
  const pages = cutsAt(areaH).length;
  let percent = Math.floor((100 * areaW) / scene.width);
  while (percent > 100 && cutsAt((100 * areaH) / percent).length > pages) percent--;
  const scale = percent / 100;
  const cuts = cutsAt(areaH / scale);
  const boxes = itemBoxes(scene.items, 0.5);
  const tiles: Tile[] = cuts.slice(0, -1).map((y, i) => ({ row: i + 1, column: 1, x: 0, y, width: scene.width, height: cuts[i + 1]! - y }));
  return {
    layout: { ...page, scale, rows: tiles.length, columns: 1, tiles },
    pages: tiles.map((tile) => ({ tile, items: itemsIn(scene.items, boxes, 0.5, tile) })),
    skipped: 0,
    flow: true,
  };
}

/**
 * How a board prints. Fit: the whole scene on one page. True size: the whole scene on one page
 * when it fits (title and legend with it); otherwise the title and legend come off the board
 * (so no page holds half a title), the board is cropped to what is drawn, and the tile grid is
 * slid over the board to the offset that leaves the fewest pages with anything on them (so no
 * page holds only a sliver), centred on a tie.
 */
export function planBoardPrint(scene: Scene, options: PrintOptions): BoardPlan {
  const whole = layoutPrint(scene.width, scene.height, options);
  const flow = options.size === 'true' && scene.breaks ? flowPlan(scene, scene.breaks, options) : undefined;
  if (flow) return flow;
  if (options.size === 'fit' || whole.tiles.length === 1)
    return { layout: whole, pages: whole.tiles.map((tile) => ({ tile, items: scene.items })), skipped: 0 };
  const board = scene.items.filter((it) => !isFurniture(it));
  const tight = itemBoxes(board, 0.5);
  const loose = itemBoxes(board, CULL_PAD);
  const drawn = unionOf(tight.filter((b) => b.x1 >= b.x0));
  const crop = {
    x0: Math.max(0, drawn.x0 - 2),
    y0: Math.max(0, drawn.y0 - 2),
    x1: Math.min(scene.width, drawn.x1 + 2),
    y1: Math.min(scene.height, drawn.y1 + 2),
  };
  const layout = layoutPrint(crop.x1 - crop.x0, crop.y1 - crop.y0, { ...options, header: HEADER_MM });
  const spanW = layout.columns * (layout.tiles[0]!.width - layout.overlap) + layout.overlap;
  const spanH = layout.rows * (layout.tiles[0]!.height - layout.overlap) + layout.overlap;
  const slackX = Math.max(0, spanW - (crop.x1 - crop.x0));
  const slackY = Math.max(0, spanH - (crop.y1 - crop.y0));
  let best: { tiles: Tile[]; count: number } | undefined;
  for (const fy of [0.5, 0, 0.25, 0.75, 1]) {
    for (const fx of [0.5, 0, 0.25, 0.75, 1]) {
      const tiles = layout.tiles.map((t) => ({ ...t, x: t.x + crop.x0 - fx * slackX, y: t.y + crop.y0 - fy * slackY }));
      const count = tiles.filter((t) => itemsIn(board, tight, 0.5, t).length > 0).length;
      if (!best || count < best.count) best = { tiles, count };
    }
  }
  const printed = best!.tiles.filter((t) => itemsIn(board, tight, 0.5, t).length > 0);
  const legend = scene.items.filter((it) => it.kind === 'group' && it.role === 'legend');
  return {
    layout: { ...layout, tiles: best!.tiles },
    pages: printed.map((tile) => ({ tile, items: itemsIn(board, loose, CULL_PAD, tile) })),
    skipped: layout.tiles.length - printed.length,
    lifted: { title: scene.title, legend },
  };
}

/** Pages a board print takes: its windows, and the legend's page when the legend was lifted. */
export function boardPageCount(plan: BoardPlan): number {
  return plan.pages.length + (plan.lifted && plan.lifted.legend.length > 0 ? 1 : 0);
}
