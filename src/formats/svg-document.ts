import type { Point, Scene, SceneItem } from '../core/scene.ts';
import { outline, placeText } from '../drawing/glyphs.ts';
import { twoDecimals } from '../drawing/two-decimals.ts';

/** Two decimals of a millimetre (10 µm) is finer than any printer and keeps output stable. */
const n = twoDecimals;

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);

function paint(
  item: { fill?: string; stroke?: string; strokeWidth?: number; dash?: number[]; opacity?: number },
  defaultFill = 'none',
): string {
  let out = ` fill="${escapeXml(item.fill ?? defaultFill)}"`;
  if (item.stroke)
    out += ` stroke="${escapeXml(item.stroke)}" stroke-width="${n(item.strokeWidth ?? 0.3)}" stroke-linejoin="round" stroke-linecap="round"`;
  if (item.dash) out += ` stroke-dasharray="${item.dash.map(n).join(' ')}"`;
  if (item.opacity !== undefined && item.opacity !== 1) out += ` opacity="${n(item.opacity)}"`;
  return out;
}

const points = (ps: Point[]) => ps.map((p) => `${n(p.x)},${n(p.y)}`).join(' ');

/** Distinct text outlines, each written once in <defs> and placed with <use>. */
type Glyphs = Map<string, { id: string; d: string }>;

function item(it: SceneItem, glyphs: Glyphs): string {
  switch (it.kind) {
    case 'polygon':
      return `<polygon points="${points(it.points)}"${paint(it, '#000')}/>`;
    case 'polyline':
      return `<polyline points="${points(it.points)}"${paint(it)}/>`;
    case 'segments':
      return `<path d="${it.segments.map(([a, b]) => `M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}`).join('')}"${paint(it)}/>`;
    case 'circle':
      return `<circle cx="${n(it.centre.x)}" cy="${n(it.centre.y)}" r="${n(it.radius)}"${paint(it, '#000')}/>`;
    case 'text': {
      const o = outline(it.text, it.bold);
      const t = placeText(o, it.at, it.size, it.anchor, it.baseline);
      const key = `${it.bold ? 'b' : 'r'}${it.text}`;
      let glyph = glyphs.get(key);
      if (!glyph) {
        glyph = { id: `t${glyphs.size}`, d: o.d };
        glyphs.set(key, glyph);
      }
      // The outline is in font units with y up; one transform scales and flips it into place.
      return `<use href="#${glyph.id}" aria-label="${escapeXml(it.text)}" transform="matrix(${t.scale.toFixed(6)} 0 0 ${(-t.scale).toFixed(6)} ${n(t.x)} ${n(t.y)})" fill="${escapeXml(it.fill)}"/>`;
    }
    case 'group': {
      const data = Object.entries(it.data ?? {})
        .map(([k, v]) => ` data-${k}="${escapeXml(v)}"`)
        .join('');
      // Generic classes for front ends that know no game: hover shows the title, stop is walked.
      const classes = [it.role, it.title ? 'hover' : undefined, it.stop ? 'stop' : undefined].filter(Boolean).join(' ');
      const role = classes ? ` class="${escapeXml(classes)}"` : '';
      const title = it.title ? `<title>${escapeXml(it.title)}</title>` : '';
      return `<g${role}${data}>${title}${it.items.map((child) => item(child, glyphs)).join('')}</g>`;
    }
  }
}

/**
 * The scene as a standalone SVG. Its width and height are in millimetres, so printing the SVG
 * at 100% gives true size; a pixel width for screens is set by the caller's CSS or rasteriser.
 */
export function sceneToSvg(scene: Scene, { pixels }: { pixels?: { width: number; height: number } } = {}): string {
  // Rasterisers get pixel dimensions: librsvg through sharp would otherwise apply the density to
  // millimetres twice (once converting units, once scaling from 72 dpi).
  const size = pixels ? `width="${pixels.width}" height="${pixels.height}"` : `width="${n(scene.width)}mm" height="${n(scene.height)}mm"`;
  const glyphs: Glyphs = new Map();
  const body = scene.items.map((it) => item(it, glyphs)).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" ${size} preserveAspectRatio="none" viewBox="0 0 ${n(scene.width)} ${n(scene.height)}" role="img">` +
    `<title>${escapeXml(scene.title)}</title>` +
    `<rect width="100%" height="100%" fill="${escapeXml(scene.background)}"/>` +
    (glyphs.size ? `<defs>${[...glyphs.values()].map((g) => `<path id="${g.id}" d="${g.d}"/>`).join('')}</defs>` : '') +
    body +
    `</svg>\n`
  );
}
