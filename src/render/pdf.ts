import PDFDocument from 'pdfkit';
import type { Point, Scene, SceneItem } from '../core/scene.ts';
import { outline, placeText } from './glyphs.ts';
import { FOOTER_MM, PAGE_MARGIN_MM, PAPER, layoutPrint, type Paper, type PrintLayout, type PrintOptions } from './print-layout.ts';

const PT_PER_MM = 72 / 25.4;

/** '#rrggbb' or '#rrggbbaa' → colour and opacity, as pdfkit takes them. */
function colour(c: string | undefined): { color: string; opacity: number } | undefined {
  if (!c || c === 'none') return undefined;
  if (/^#[0-9a-f]{8}$/i.test(c)) return { color: c.slice(0, 7), opacity: parseInt(c.slice(7), 16) / 255 };
  return { color: c, opacity: 1 };
}

type Doc = PDFKit.PDFDocument;

function paintPath(doc: Doc, it: { fill?: string; stroke?: string; strokeWidth?: number; opacity?: number }, defaultFill?: string): void {
  const fill = colour(it.fill ?? defaultFill);
  const stroke = colour(it.stroke);
  const alpha = it.opacity ?? 1;
  if (stroke) doc.lineWidth(it.strokeWidth ?? 0.3).lineJoin('round').lineCap('round');
  if (fill && stroke) doc.fillColor(fill.color, fill.opacity * alpha).strokeColor(stroke.color, stroke.opacity * alpha).fillAndStroke();
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
      const o = outline(it.text, it.bold);
      const t = placeText(o, it.at, it.size, it.anchor, it.baseline);
      const fill = colour(it.fill) ?? { color: '#000000', opacity: 1 };
      doc.save();
      doc.transform(t.scale, 0, 0, -t.scale, t.x, t.y);
      doc.path(o.d).fillColor(fill.color, fill.opacity).fill();
      doc.restore();
      return;
    }
    case 'group':
      for (const child of it.items) draw(doc, child);
      return;
  }
}

function caption(doc: Doc, text: string, x: number, y: number, size: number): void {
  draw(doc, { kind: 'text', at: { x, y }, text, size, fill: '#333333', anchor: 'start' });
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
    doc.moveTo(cx + dx * gap, cy).lineTo(cx + dx * (gap + len), cy).stroke();
    doc.moveTo(cx, cy + dy * gap).lineTo(cx, cy + dy * (gap + len)).stroke();
  }
  doc.restore();
}

/** A registration cross in a circle: printed on both pages that share an overlap strip. */
function alignmentMark(doc: Doc, x: number, y: number): void {
  doc.save().lineWidth(0.25).strokeColor('#000000');
  doc.circle(x, y, 2.2).stroke();
  doc.moveTo(x - 3.5, y).lineTo(x + 3.5, y).stroke();
  doc.moveTo(x, y - 3.5).lineTo(x, y + 3.5).stroke();
  doc.restore();
}

/** A 50 mm bar: a printer that scaled the page shows itself here. */
function scaleBar(doc: Doc, x: number, y: number): void {
  doc.save().lineWidth(0.6).strokeColor('#000000');
  doc.moveTo(x, y).lineTo(x + 50, y).stroke();
  doc.moveTo(x, y - 1.5).lineTo(x, y + 1.5).stroke();
  doc.moveTo(x + 50, y - 1.5).lineTo(x + 50, y + 1.5).stroke();
  doc.restore();
}

const CULL_PAD = 12;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The bounding box of each top-level item (text measured from its outline), in item order. */
function itemBoxes(items: SceneItem[], pad: number): Box[] {
  const out: Box[] = [];
  const ofPoints = (ps: Point[], pad = 0) => {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const p of ps) {
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x);
      y1 = Math.max(y1, p.y);
    }
    return { x0: x0 - pad, y0: y0 - pad, x1: x1 + pad, y1: y1 + pad };
  };
  const visit = (it: SceneItem): Point[] => {
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
        return it.items.flatMap(visit);
    }
  };
  for (const it of items) {
    const ps = visit(it);
    out.push(ps.length > 0 ? ofPoints(ps, pad) : { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });
  }
  return out;
}

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
function itemsIn(items: SceneItem[], boxes: Box[], pad: number, window: { x: number; y: number; width: number; height: number }): SceneItem[] {
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
 * it is wider than tall), with "sheet i of n", the label and a 50 mm bar in the footer band.
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
    doc.translate(PAGE_MARGIN_MM, PAGE_MARGIN_MM);
    doc.rect(0, 0, sheet.width, sheet.height).fillColor(sheet.background).fill();
    for (const item of sheet.items) draw(doc, item);
    doc.restore();
    const footerY = pageHeight - PAGE_MARGIN_MM - FOOTER_MM / 2;
    caption(doc, `sheet ${i + 1} of ${sheets.length} · ${sheet.title} · ${request.label} · print at 100% (actual size): the bar measures 50 mm`, PAGE_MARGIN_MM, footerY + 2.5, 3);
    scaleBar(doc, pageWidth - PAGE_MARGIN_MM - 50, footerY - 2);
    doc.restore();
  });
  doc.end();
  return done;
}

/**
 * A vector PDF of the scene. True size: as many pages as the board needs, each showing its
 * window with crop marks, alignment crosses in the overlap strips and "row r, column c of R × C";
 * fit: the whole board on one page with its scale printed. Same scene, same bytes (the creation
 * date is fixed; pdfkit writes no random ID without encryption).
 */
export async function sceneToPdf(scene: Scene, request: PdfRequest): Promise<{ pdf: Buffer; layout: PrintLayout }> {
  const layout = layoutPrint(scene.width, scene.height, request);
  const { doc, done } = newDocument(scene.title);
  const { margin, overlap } = layout;
  // Pages a winding course never crosses stay unprinted; the others keep their grid position.
  // A page is printed when something is drawn on it; what it draws is padded past the widest
  // stroke a scene uses, so nothing visible at a page edge is culled.
  const tight = itemBoxes(scene.items, 0.5);
  const loose = itemBoxes(scene.items, CULL_PAD);
  const printed = layout.tiles.filter((tile) => itemsIn(scene.items, tight, 0.5, tile).length > 0);
  const itemsOf = new Map(printed.map((tile) => [tile, itemsIn(scene.items, loose, CULL_PAD, tile)] as const));
  for (const tile of printed) {
    doc.addPage({ size: [layout.pageWidth * PT_PER_MM, layout.pageHeight * PT_PER_MM], margin: 0 });
    doc.save();
    doc.scale(PT_PER_MM);
    const areaW = request.size === 'fit' ? scene.width * layout.scale : tile.width;
    const areaH = request.size === 'fit' ? scene.height * layout.scale : tile.height;
    doc.save();
    doc.rect(margin, margin, areaW, areaH).clip();
    doc.translate(margin, margin);
    doc.scale(layout.scale);
    doc.translate(-tile.x, -tile.y);
    doc.rect(0, 0, scene.width, scene.height).fillColor(scene.background).fill();
    for (const item of itemsOf.get(tile) ?? scene.items) draw(doc, item);
    doc.restore();
    if (request.size === 'true') {
      cropMarks(doc, margin, margin, areaW, areaH);
      // Crosses in the middle of each overlap strip shared with a neighbour page.
      const crossY = [margin + areaH * 0.25, margin + areaH * 0.75];
      const crossX = [margin + areaW * 0.25, margin + areaW * 0.75];
      if (tile.column < layout.columns) for (const y of crossY) alignmentMark(doc, margin + areaW - overlap / 2, y);
      if (tile.column > 1) for (const y of crossY) alignmentMark(doc, margin + overlap / 2, y);
      if (tile.row < layout.rows) for (const x of crossX) alignmentMark(doc, x, margin + areaH - overlap / 2);
      if (tile.row > 1) for (const x of crossX) alignmentMark(doc, x, margin + overlap / 2);
      const skipped = layout.tiles.length - printed.length;
      const where = `row ${tile.row}, column ${tile.column} of ${layout.rows} × ${layout.columns}${skipped ? ` (${skipped} blank left out)` : ''}`;
      caption(doc, `${where} · ${request.label} · true size: check that the 50 mm bar measures 50 mm · overlap ${overlap} mm`, margin, layout.pageHeight - margin - 2, 3);
      scaleBar(doc, layout.pageWidth - margin - 50, layout.pageHeight - margin - 6.5);
    } else {
      caption(doc, `${request.label} · fitted to one page at ${Math.round(layout.scale * 100)}% of true size`, margin, layout.pageHeight - margin - 2, 3);
    }
    doc.restore();
  }
  doc.end();
  return { pdf: await done, layout: { ...layout, tiles: printed } };
}
