import PDFDocument from 'pdfkit';
import type { Point, Scene, SceneItem } from '../core/scene.ts';
import { fontFile, placeText, textMetrics } from '../drawing/glyphs.ts';
import { HEADER_MM, boardPageCount, planBoardPrint, type BoardPlan } from './board-plan.ts';
import { pageMapItems } from './page-map.ts';
import { itemBoxes, unionOf } from '../drawing/bounds.ts';
import { textBlock } from '../drawing/text-block.ts';
import { MIN_TEXT_MM, fitText } from '../drawing/text-fit.ts';
import { FOOTER_MM, PAGE_MARGIN_MM, PAPER, type Paper, type PrintLayout, type PrintOptions } from './print-layout.ts';

const PT_PER_MM = 72 / 25.4;

/** '#rrggbb' or '#rrggbbaa' → colour and opacity, as pdfkit takes them. */
function colour(c: string | undefined): { color: string; opacity: number } | undefined {
  if (!c || c === 'none') return undefined;
  if (/^#[0-9a-f]{8}$/i.test(c)) return { color: c.slice(0, 7), opacity: parseInt(c.slice(7), 16) / 255 };
  return { color: c, opacity: 1 };
}

type Doc = PDFKit.PDFDocument;

function paintPath(
  doc: Doc,
  it: { fill?: string; stroke?: string; strokeWidth?: number; dash?: number[]; opacity?: number },
  defaultFill?: string,
): void {
  const fill = colour(it.fill ?? defaultFill);
  const stroke = colour(it.stroke);
  const alpha = it.opacity ?? 1;
  if (stroke)
    doc
      .lineWidth(it.strokeWidth ?? 0.3)
      .lineJoin('round')
      .lineCap('round');
  // Dashes are graphics state: set for this path only, as the SVG renderer draws them.
  if (stroke && it.dash?.length) doc.dash(it.dash[0] as number, { space: it.dash[1] ?? it.dash[0] });
  else doc.undash();
  if (fill && stroke)
    doc
      .fillColor(fill.color, fill.opacity * alpha)
      .strokeColor(stroke.color, stroke.opacity * alpha)
      .fillAndStroke();
  else if (fill) doc.fillColor(fill.color, fill.opacity * alpha).fill();
  else if (stroke) doc.strokeColor(stroke.color, stroke.opacity * alpha).stroke();
}

function trace(doc: Doc, points: Point[], close: boolean): void {
  points.forEach((p, i) => (i === 0 ? doc.moveTo(p.x, p.y) : doc.lineTo(p.x, p.y)));
  if (close) doc.closePath();
}

/** Draws scene items in millimetre units (the caller has scaled the page to mm). */
function draw(doc: Doc, it: SceneItem): void {
  switch (it.kind) {
    case 'polygon':
      trace(doc, it.points, true);
      return paintPath(doc, it, '#000000');
    case 'polyline':
      trace(doc, it.points, false);
      return paintPath(doc, { ...it, fill: 'none' });
    case 'segments':
      for (const [a, b] of it.segments) doc.moveTo(a.x, a.y).lineTo(b.x, b.y);
      return paintPath(doc, { ...it, fill: 'none' });
    case 'circle':
      doc.circle(it.centre.x, it.centre.y, it.radius);
      return paintPath(doc, it, '#000000');
    case 'text': {
      // Real text in the embedded (subset) DejaVu Sans, so a PDF can be searched, copied and read
      // aloud; placed by the same outline metrics the SVG uses, so it sits where the outlines did.
      const t = placeText(textMetrics(it.text, it.bold), it.at, it.size, it.anchor, it.baseline);
      const fill = colour(it.fill) ?? { color: '#000000', opacity: 1 };
      doc
        .font(it.bold ? 'bold' : 'regular')
        .fontSize(it.size)
        .fillColor(fill.color, fill.opacity);
      doc.text(it.text, t.x, t.y, { lineBreak: false, baseline: 'alphabetic' });
      return;
    }
    case 'group':
      for (const child of it.items) draw(doc, child);
      return;
  }
}

/** Corner crop marks just outside the printed window, so each sheet can be trimmed to it. */
function cropMarks(doc: Doc, x: number, y: number, w: number, h: number): void {
  const len = 5;
  const gap = 1.5;
  doc.save().lineWidth(0.2).strokeColor('#000000');
  for (const [cx, cy, dx, dy] of [
    [x, y, -1, -1],
    [x + w, y, 1, -1],
    [x, y + h, -1, 1],
    [x + w, y + h, 1, 1],
  ] as const) {
    doc
      .moveTo(cx + dx * gap, cy)
      .lineTo(cx + dx * (gap + len), cy)
      .stroke();
    doc
      .moveTo(cx, cy + dy * gap)
      .lineTo(cx, cy + dy * (gap + len))
      .stroke();
  }
  doc.restore();
}

/** A registration cross in a circle: printed on both pages that share an overlap strip. */
function alignmentMark(doc: Doc, x: number, y: number): void {
  doc.save().lineWidth(0.25).strokeColor('#000000');
  doc.circle(x, y, 2.2).stroke();
  doc
    .moveTo(x - 3.5, y)
    .lineTo(x + 3.5, y)
    .stroke();
  doc
    .moveTo(x, y - 3.5)
    .lineTo(x, y + 3.5)
    .stroke();
  doc.restore();
}

/** A 50 mm bar, labelled: a printer that scaled the page shows itself here. */
function scaleBar(doc: Doc, x: number, y: number): void {
  doc.save().lineWidth(0.6).strokeColor('#000000');
  doc
    .moveTo(x, y)
    .lineTo(x + 50, y)
    .stroke();
  doc
    .moveTo(x, y - 1.5)
    .lineTo(x, y + 1.5)
    .stroke();
  doc
    .moveTo(x + 50, y - 1.5)
    .lineTo(x + 50, y + 1.5)
    .stroke();
  doc.restore();
  draw(doc, { kind: 'text', at: { x: x + 25, y: y - 1.2 }, text: '50 mm', size: 2.2, fill: '#333333', anchor: 'middle' });
}

/** Room the footer's text leaves for the scale bar at its right, with a gap between them. */
const BAR_ROOM_MM = 50 + 6;

/**
 * The page's own footer band, below the drawing: its text fitted (shrunk, then wrapped) to the
 * width left of the scale bar, so no caption runs under the bar or off the page.
 */
function footer(doc: Doc, text: string, pageWidth: number, pageHeight: number, withBar: boolean): void {
  const top = pageHeight - PAGE_MARGIN_MM - FOOTER_MM + 1;
  const width = pageWidth - 2 * PAGE_MARGIN_MM - (withBar ? BAR_ROOM_MM : 0);
  // A number keeps its unit when the line wraps ("50 mm" never ends a line on "50").
  const fitted = fitText(text.replace(/(\d) mm\b/g, '$1\u00a0mm'), width, 3, { minSize: MIN_TEXT_MM });
  for (const line of textBlock(fitted, PAGE_MARGIN_MM, top, { fill: '#333333' })) draw(doc, line);
  if (withBar) scaleBar(doc, pageWidth - PAGE_MARGIN_MM - 50, pageHeight - PAGE_MARGIN_MM - FOOTER_MM / 2 + 1);
}

/** The page's header band above the drawing: the board's title, fitted to the width. */
function headerBand(doc: Doc, text: string, pageWidth: number): void {
  const fitted = fitText(text, pageWidth - 2 * PAGE_MARGIN_MM, 4, { minSize: 2.6, bold: true });
  for (const line of textBlock({ lines: fitted.lines.slice(0, 2), size: fitted.size }, PAGE_MARGIN_MM, PAGE_MARGIN_MM, {
    fill: '#1b1b1b',
    bold: true,
  }))
    draw(doc, line);
}

export interface PdfRequest extends PrintOptions {
  /** Printed on every page: which map this is. */
  label: string;
}

function newDocument(title: string): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: { Title: title, Creator: 'goldmaps', Producer: 'goldmaps', CreationDate: new Date(0), ModDate: new Date(0) },
  });
  // Named once a document, so the fonts are F1 and F2 and their subset tags (made from the ids)
  // are the same in every render.
  doc.registerFont('regular', fontFile(false));
  doc.registerFont('bold', fontFile(true));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * Print-and-play sheets: each scene at true size on a page of its own (turned to landscape when
 * it is wider than tall), with "sheet i of n", the label and a 50 mm bar in the footer band. A
 * sheet is centred across the page, so a back drawn mirrored about the sheet's middle lands behind
 * its front when the page is printed double-sided (flipped on the long edge).
 */
export async function sheetsToPdf(sheets: readonly Scene[], request: { paper: Paper; label: string; title: string }): Promise<Buffer> {
  const { doc, done } = newDocument(request.title);
  const paper = PAPER[request.paper];
  sheets.forEach((sheet, i) => {
    const landscape = sheet.width > sheet.height;
    const pageWidth = landscape ? paper.height : paper.width;
    const pageHeight = landscape ? paper.width : paper.height;
    doc.addPage({ size: [pageWidth * PT_PER_MM, pageHeight * PT_PER_MM], margin: 0 });
    doc.save();
    doc.scale(PT_PER_MM);
    doc.save();
    // Centred across the page, so a back sheet mirrored about its own middle lands behind its
    // front when printed double-sided (flipped on the long edge).
    doc.translate((pageWidth - sheet.width) / 2, PAGE_MARGIN_MM);
    doc.rect(0, 0, sheet.width, sheet.height).fillColor(sheet.background).fill();
    for (const item of sheet.items) draw(doc, item);
    doc.restore();
    footer(
      doc,
      `sheet ${i + 1} of ${sheets.length} · ${sheet.title} · ${request.label} · print at 100% (actual size): the bar measures 50 mm`,
      pageWidth,
      pageHeight,
      true,
    );
    doc.restore();
  });
  doc.end();
  return done;
}

/**
 * A vector PDF of the scene (see planBoardPrint for how it is laid out). True size: each page its
 * window with crop marks, alignment crosses in the overlap strips, the title in a header band and
 * "row r, column c of R × C" with the 50 mm bar in the footer band; a lifted legend gets a last
 * page of its own. Fit: the whole board on one page with its scale printed. Same scene, same
 * bytes (the creation date is fixed; pdfkit writes no random ID without encryption).
 */
export async function sceneToPdf(scene: Scene, request: PdfRequest): Promise<{ pdf: Buffer; layout: PrintLayout }> {
  const plan = planBoardPrint(scene, request);
  const { layout } = plan;
  const { doc, done } = newDocument(scene.title);
  const { margin, overlap } = layout;
  const top = margin + layout.header;
  const total = boardPageCount(plan);
  plan.pages.forEach(({ tile, items }, n) => {
    doc.addPage({ size: [layout.pageWidth * PT_PER_MM, layout.pageHeight * PT_PER_MM], margin: 0 });
    doc.save();
    doc.scale(PT_PER_MM);
    const areaW = (request.size === 'fit' ? scene.width : tile.width) * layout.scale;
    const areaH = (request.size === 'fit' ? scene.height : tile.height) * layout.scale;
    // A text column's pages are centred across the page; a poster's tiles keep the margin their crop marks assume.
    const left = plan.flow ? (layout.pageWidth - areaW) / 2 : margin;
    doc.save();
    doc.rect(left, top, areaW, areaH).clip();
    doc.translate(left, top);
    doc.scale(layout.scale);
    doc.translate(-tile.x, -tile.y);
    doc.rect(0, 0, scene.width, scene.height).fillColor(scene.background).fill();
    for (const item of items) draw(doc, item);
    doc.restore();
    if (plan.lifted) headerBand(doc, `${plan.lifted.title} · page ${n + 1} of ${total}`, layout.pageWidth);
    if (plan.flow) {
      // Pages of a text column: nothing to trim or join, so no crop marks or crosses.
      footer(
        doc,
        `page ${n + 1} of ${total} · ${request.label} · ${layout.scale === 1 ? 'true size' : `enlarged to ${Math.round(layout.scale * 100)}% to fill the page`}: print at 100% (actual size), the bar measures 50 mm`,
        layout.pageWidth,
        layout.pageHeight,
        true,
      );
    } else if (request.size === 'true') {
      cropMarks(doc, margin, top, areaW, areaH);
      // Crosses in the middle of each overlap strip shared with a neighbour page.
      const crossY = [top + areaH * 0.25, top + areaH * 0.75];
      const crossX = [margin + areaW * 0.25, margin + areaW * 0.75];
      if (layout.tiles.length > 1) {
        if (tile.column < layout.columns) for (const y of crossY) alignmentMark(doc, margin + areaW - overlap / 2, y);
        if (tile.column > 1) for (const y of crossY) alignmentMark(doc, margin + overlap / 2, y);
        if (tile.row < layout.rows) for (const x of crossX) alignmentMark(doc, x, top + areaH - overlap / 2);
        if (tile.row > 1) for (const x of crossX) alignmentMark(doc, x, top + overlap / 2);
      }
      const where = `row ${tile.row}, column ${tile.column} of ${layout.rows} × ${layout.columns}${plan.skipped ? ` (${plan.skipped} blank left out)` : ''}`;
      const join = layout.tiles.length > 1 ? ` · trim at the crop marks, overlap ${overlap} mm so the crosses meet` : '';
      footer(
        doc,
        `${where} · ${request.label} · true size: check that the bar measures 50 mm${join}`,
        layout.pageWidth,
        layout.pageHeight,
        true,
      );
    } else {
      footer(
        doc,
        `${request.label} · fitted to one page at ${Math.round(layout.scale * 100)}% of true size`,
        layout.pageWidth,
        layout.pageHeight,
        false,
      );
    }
    doc.restore();
  });
  if (plan.lifted && plan.lifted.legend.length > 0)
    legendPage(doc, scene, plan, request, `${plan.lifted.title} · page ${total} of ${total}: legend and how the pages fit together`);
  doc.end();
  return { pdf: await done, layout: { ...layout, tiles: plan.pages.map((p) => p.tile) } };
}

/**
 * The legend lifted off a tiled board, on a page of its own (true size when it fits the width),
 * and under it the map of how the pages fit together.
 */
function legendPage(doc: Doc, scene: Scene, plan: BoardPlan, request: PdfRequest, title: string): void {
  const { layout } = plan;
  const legend = plan.lifted!.legend;
  const box = unionOf(itemBoxes(legend, 1));
  const areaW = layout.pageWidth - 2 * layout.margin;
  const scale = Math.min(1, areaW / (box.x1 - box.x0));
  doc.addPage({ size: [layout.pageWidth * PT_PER_MM, layout.pageHeight * PT_PER_MM], margin: 0 });
  doc.save();
  doc.scale(PT_PER_MM);
  headerBand(doc, title, layout.pageWidth);
  doc.save();
  doc.translate(layout.margin, layout.margin + HEADER_MM);
  doc.scale(scale);
  doc.translate(-box.x0, -box.y0);
  doc
    .rect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0)
    .fillColor(scene.background)
    .fill();
  for (const item of legend) draw(doc, item);
  doc.restore();
  const mapTop = layout.margin + HEADER_MM + (box.y1 - box.y0) * scale + 8;
  const mapRoom = layout.pageHeight - layout.margin - layout.footer - mapTop - 2;
  const pageMap = pageMapItems(scene, plan, Math.min(areaW, 170), mapRoom);
  doc.save();
  doc.translate(layout.margin + (areaW - Math.min(areaW, 170)) / 2, mapTop);
  for (const item of pageMap.items) draw(doc, item);
  doc.restore();
  footer(
    doc,
    `legend and page map · ${request.label}${scale < 1 ? ` · legend at ${Math.round(scale * 100)}% of true size` : ''}`,
    layout.pageWidth,
    layout.pageHeight,
    false,
  );
  doc.restore();
}
