import type { Point, Scene, SceneItem } from '../core/scene.ts';
import { outline, placeText } from './glyphs.ts';

/** Two decimals of a millimetre (10 µm) is finer than any printer and keeps output stable. */
const n = (v: number) => {
  const s = v.toFixed(2);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
};

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);

function paint(item: { fill?: string; stroke?: string; strokeWidth?: number; dash?: number[]; opacity?: number }, defaultFill = 'none'): string {
  let out = ` fill="${escapeXml(item.fill ?? defaultFill)}"`;
  if (item.stroke) out += ` stroke="${escapeXml(item.stroke)}" stroke-width="${n(item.strokeWidth ?? 0.3)}" stroke-linejoin="round" stroke-linecap="round"`;
  if (item.dash) out += ` stroke-dasharray="${item.dash.map(n).join(' ')}"`;
  if (item.opacity !== undefined && item.opacity !== 1) out += ` opacity="${n(item.opacity)}"`;
  return out;
}

const points = (ps: Point[]) => ps.map((p) => `${n(p.x)},${n(p.y)}`).join(' ');

function item(it: SceneItem): string {
  switch (it.kind) {
    case 'polygon':
      return `<polygon points="${points(it.points)}"${paint(it, '#000')}/>`;
    case 'polyline':
      return `<polyline points="${points(it.points)}"${paint(it)}/>`;
    case 'circle':
      return `<circle cx="${n(it.centre.x)}" cy="${n(it.centre.y)}" r="${n(it.radius)}"${paint(it, '#000')}/>`;
    case 'text': {
      const o = outline(it.text, it.bold);
      const t = placeText(o, it.at, it.size, it.anchor, it.baseline);
      // The outline is in font units with y up; one transform scales and flips it into place.
      return `<path aria-label="${escapeXml(it.text)}" transform="matrix(${t.scale.toFixed(6)} 0 0 ${(-t.scale).toFixed(6)} ${n(t.x)} ${n(t.y)})" d="${o.d}" fill="${escapeXml(it.fill)}"/>`;
    }
    case 'group': {
      const data = Object.entries(it.data ?? {})
        .map(([k, v]) => ` data-${k}="${escapeXml(v)}"`)
        .join('');
      const role = it.role ? ` class="${escapeXml(it.role)}"` : '';
      const title = it.title ? `<title>${escapeXml(it.title)}</title>` : '';
      return `<g${role}${data}>${title}${it.items.map(item).join('')}</g>`;
    }
  }
}

/**
 * The scene as a standalone SVG. Its width and height are in millimetres, so printing the SVG
 * at 100% gives true size; a pixel width for screens is set by the caller's CSS or rasteriser.
 */
export function sceneToSvg(scene: Scene): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(scene.width)}mm" height="${n(scene.height)}mm" viewBox="0 0 ${n(scene.width)} ${n(scene.height)}" role="img">` +
    `<title>${escapeXml(scene.title)}</title>` +
    `<rect width="100%" height="100%" fill="${escapeXml(scene.background)}"/>` +
    scene.items.map(item).join('') +
    `</svg>\n`
  );
}
