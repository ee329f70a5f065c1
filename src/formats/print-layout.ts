/** Paper sizes in millimetres, portrait: office sizes and the poster sizes copy shops print. */
export const PAPER = {
  a4: { width: 210, height: 297 },
  letter: { width: 215.9, height: 279.4 },
  tabloid: { width: 279.4, height: 431.8 },
  a3: { width: 297, height: 420 },
  a2: { width: 420, height: 594 },
  a1: { width: 594, height: 841 },
  a0: { width: 841, height: 1189 },
} as const;
export type Paper = keyof typeof PAPER;

export interface PrintOptions {
  paper: Paper;
  /** 'true': 1:1, tiled over as many pages as needed; 'fit': scaled onto one page. */
  size: 'true' | 'fit';
  /** Unprintable border most printers keep. */
  margin?: number;
  /** Strip printed on both neighbouring pages, to glue or tape over. */
  overlap?: number;
  /** Height kept free at the top of each page for a header band (none by default). */
  header?: number;
}

export interface Tile {
  row: number;
  column: number;
  /** The window of the board (mm, board coordinates) this page shows. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PrintLayout {
  pageWidth: number;
  pageHeight: number;
  landscape: boolean;
  margin: number;
  overlap: number;
  /** Height kept free at the bottom of each page for the caption and page index. */
  footer: number;
  /** Height kept free at the top of each page for the title (0 when the board carries its own). */
  header: number;
  scale: number;
  rows: number;
  columns: number;
  tiles: Tile[];
}

export const FOOTER_MM = 9;

/** Unprintable border most printers keep, in millimetres. */
export const PAGE_MARGIN_MM = 10;

/**
 * The area a print-and-play sheet may fill on a paper, portrait: inside the margins, with the
 * footer band's height kept free in both directions, so that the same area turned to landscape
 * (for a sheet wider than tall) still clears the footer band of a landscape page.
 */
export function sheetArea(paper: Paper): { width: number; height: number } {
  const p = PAPER[paper];
  return { width: p.width - 2 * PAGE_MARGIN_MM - FOOTER_MM, height: p.height - 2 * PAGE_MARGIN_MM - FOOTER_MM };
}

/** Whether a sheet of w × h mm fits an area either way round. */
export function fitsArea(w: number, h: number, area: { width: number; height: number }): boolean {
  const e = 1e-6;
  return (w <= area.width + e && h <= area.height + e) || (w <= area.height + e && h <= area.width + e);
}

/** The area that fits both A4 and Letter: a kit sized for it prints on either. */
export function officeArea(): { width: number; height: number } {
  const a = sheetArea('a4');
  const b = sheetArea('letter');
  return { width: Math.min(a.width, b.width), height: Math.min(a.height, b.height) };
}

function tilesFor(boardW: number, boardH: number, areaW: number, areaH: number, overlap: number): { rows: number; columns: number } {
  const columns = boardW <= areaW ? 1 : Math.ceil((boardW - overlap) / (areaW - overlap));
  const rows = boardH <= areaH ? 1 : Math.ceil((boardH - overlap) / (areaH - overlap));
  return { rows, columns };
}

/**
 * Lays a board of `boardW` × `boardH` mm out on paper. True size tries both orientations and
 * keeps the one with fewer pages (portrait on a tie); each page's window steps by its printable
 * size less the overlap, so neighbouring pages repeat a strip of the board to align and glue.
 */
export function layoutPrint(boardW: number, boardH: number, options: PrintOptions): PrintLayout {
  const margin = options.margin ?? PAGE_MARGIN_MM;
  const overlap = options.overlap ?? 12;
  const header = options.header ?? 0;
  const paper = PAPER[options.paper];
  const candidates = [false, true].map((landscape) => {
    const pageWidth = landscape ? paper.height : paper.width;
    const pageHeight = landscape ? paper.width : paper.height;
    const areaW = pageWidth - 2 * margin;
    const areaH = pageHeight - 2 * margin - FOOTER_MM - header;
    return { landscape, pageWidth, pageHeight, areaW, areaH };
  });
  if (options.size === 'fit') {
    const best = candidates
      .map((c) => ({ ...c, scale: Math.min(c.areaW / boardW, c.areaH / boardH) }))
      .reduce((a, b) => (b.scale > a.scale + 1e-9 ? b : a));
    return {
      pageWidth: best.pageWidth,
      pageHeight: best.pageHeight,
      landscape: best.landscape,
      margin,
      overlap: 0,
      footer: FOOTER_MM,
      header,
      scale: best.scale,
      rows: 1,
      columns: 1,
      tiles: [{ row: 1, column: 1, x: 0, y: 0, width: boardW, height: boardH }],
    };
  }
  const scored = candidates.map((c) => ({ ...c, ...tilesFor(boardW, boardH, c.areaW, c.areaH, overlap) }));
  const best = scored.reduce((a, b) => (b.rows * b.columns < a.rows * a.columns ? b : a));
  const tiles: Tile[] = [];
  for (let row = 0; row < best.rows; row++) {
    for (let column = 0; column < best.columns; column++) {
      tiles.push({
        row: row + 1,
        column: column + 1,
        x: column * (best.areaW - overlap),
        y: row * (best.areaH - overlap),
        width: best.areaW,
        height: best.areaH,
      });
    }
  }
  return {
    pageWidth: best.pageWidth,
    pageHeight: best.pageHeight,
    landscape: best.landscape,
    margin,
    overlap,
    footer: FOOTER_MM,
    header,
    scale: 1,
    rows: best.rows,
    columns: best.columns,
    tiles,
  };
}
