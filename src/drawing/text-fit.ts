import { textWidth } from './glyphs.ts';

/**
 * `text` broken at spaces into lines no wider than `maxWidth` at `size`, each measured from its
 * glyphs: a line takes words while they fit. A single word wider than `maxWidth` keeps a line to
 * itself (fitText shrinks such a line; other callers must leave room).
 */
export function wrapText(text: string, maxWidth: number, size: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size, bold) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Text fitted to a width: at `size` when it fits, else shrunk down to `minSize`, else wrapped at
 * spaces onto as many lines as it needs at `minSize` (a single word still too wide is shrunk
 * further), so titles and captions are never cut and never run under a neighbouring mark.
 */
export function fitText(
  text: string,
  maxWidth: number,
  size: number,
  options: { minSize?: number; bold?: boolean } = {},
): { lines: string[]; size: number } {
  const bold = options.bold ?? false;
  const minSize = Math.min(options.minSize ?? size * 0.6, size);
  const full = textWidth(text, size, bold);
  if (full <= maxWidth) return { lines: [text], size };
  if (full * (minSize / size) <= maxWidth) return { lines: [text], size: (size * maxWidth) / full };
  const lines = wrapText(text, maxWidth, minSize, bold);
  const widest = Math.max(...lines.map((l) => textWidth(l, minSize, bold)));
  return { lines, size: widest > maxWidth ? (minSize * maxWidth) / widest : minSize };
}

/**
 * The smallest size, in millimetres (em, ≈ 8 pt; capitals about 2 mm tall in DejaVu Sans), at
 * which a sheet's running text (titles, steps, notes) is set: lines that do not fit wrap rather
 * than shrink below it.
 */
export const MIN_TEXT_MM = 2.8;

/**
 * Texts fitted to one width at one shared size, the smallest any of them needs (as fitText fits
 * each), so the lines of a list never differ in size: one long step shrinks or wraps the whole
 * list with it instead of standing smaller than its neighbours. With `minSize` equal to `size`
 * every text keeps `size` and long ones wrap.
 */
export function fitAll(
  texts: readonly string[],
  maxWidth: number,
  size: number,
  options: { minSize?: number; bold?: boolean } = {},
): Array<{ lines: string[]; size: number }> {
  const shared = Math.min(size, ...texts.map((t) => fitText(t, maxWidth, size, options).size));
  return texts.map((t) => fitText(t, maxWidth, shared, { ...options, minSize: shared }));
}
