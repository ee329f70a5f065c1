import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/**
 * Text as glyph outlines from DejaVu Sans (shipped by the dejavu-fonts-ttf package), so an SVG,
 * its PNG and the PDF look the same on a machine with no fonts installed at all.
 */
const require = createRequire(import.meta.url);
const fontDir = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf').replace(/DejaVuSans\.ttf$/, '');

type Font = fontkit.Font;
let regular: Font | undefined;
let bold: Font | undefined;

/** The TTF file behind the outlines, for renderers that embed the font (the PDF). */
export function fontFile(isBold: boolean): string {
  return `${fontDir}${isBold ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf'}`;
}

function font(isBold: boolean): Font {
  if (isBold) return (bold ??= fontkit.openSync(fontFile(true)) as Font);
  return (regular ??= fontkit.openSync(fontFile(false)) as Font);
}

export interface TextMetrics {
  /** Advance width in font units. */
  width: number;
  unitsPerEm: number;
  /** Height of a capital letter in font units, for centring text vertically. */
  capHeight: number;
}

export interface Outline extends TextMetrics {
  /** Path data in font units, y up, pen starting at 0. */
  d: string;
}

const cache = new Map<string, Outline>();

export function outline(text: string, isBold = false): Outline {
  const key = `${isBold ? 'b' : 'r'}${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const f = font(isBold);
  const run = f.layout(text);
  let pen = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i] as { xAdvance: number; xOffset: number; yOffset: number };
    const dx = pen + pos.xOffset;
    const dy = pos.yOffset;
    for (const c of glyph.path.commands) {
      const a = c.args.map((v, k) => Math.round(k % 2 === 0 ? v + dx : v + dy));
      switch (c.command) {
        case 'moveTo':
          parts.push(`M${a[0]} ${a[1]}`);
          break;
        case 'lineTo':
          parts.push(`L${a[0]} ${a[1]}`);
          break;
        case 'quadraticCurveTo':
          parts.push(`Q${a[0]} ${a[1]} ${a[2]} ${a[3]}`);
          break;
        case 'bezierCurveTo':
          parts.push(`C${a[0]} ${a[1]} ${a[2]} ${a[3]} ${a[4]} ${a[5]}`);
          break;
        case 'closePath':
          parts.push('Z');
          break;
      }
    }
    pen += pos.xAdvance;
  });
  const result: Outline = {
    d: parts.join(''),
    width: pen,
    unitsPerEm: f.unitsPerEm,
    capHeight: f.glyphForCodePoint(72).bbox.maxY,
  };
  // Labels repeat from map to map, but every map adds two texts of its own (its title and digest,
  // some 12 KB of outline each) that are never asked for again: at 10,000 entries the cache held
  // ~120 MB of them before clearing. A map's shared labels number a few dozen.
  if (cache.size > 1_000) cache.clear();
  cache.set(key, result);
  return result;
}

/** Where the outline's origin goes and how much it is scaled, for a text item. */
export function placeText(
  o: TextMetrics,
  at: { x: number; y: number },
  size: number,
  anchor: 'start' | 'middle' | 'end',
  baseline: 'alphabetic' | 'middle' = 'alphabetic',
): { x: number; y: number; scale: number } {
  const scale = size / o.unitsPerEm;
  const shift = anchor === 'middle' ? o.width / 2 : anchor === 'end' ? o.width : 0;
  const lift = baseline === 'middle' ? (o.capHeight * scale) / 2 : 0;
  return { x: at.x - shift * scale, y: at.y + lift, scale };
}

const metricsCache = new Map<string, TextMetrics>();

/**
 * An outline's measures without its path: what wrapping and placing text need. Wrapping measures
 * every prefix of a paragraph, so building (and caching) each prefix's outline would be slow.
 */
export function textMetrics(text: string, isBold = false): TextMetrics {
  const key = `${isBold ? 'b' : 'r'}${text}`;
  const hit = metricsCache.get(key) ?? cache.get(key);
  if (hit) return hit;
  const f = font(isBold);
  const width = f.layout(text).positions.reduce((a, p) => a + p.xAdvance, 0);
  const result = { width, unitsPerEm: f.unitsPerEm, capHeight: f.glyphForCodePoint(72).bbox.maxY };
  if (metricsCache.size > 20_000) metricsCache.clear();
  metricsCache.set(key, result);
  return result;
}

/** Width in millimetres of a text item at `size` (the outline's advance, scaled). */
export function textWidth(text: string, size: number, isBold = false): number {
  const o = textMetrics(text, isBold);
  return (o.width / o.unitsPerEm) * size;
}
