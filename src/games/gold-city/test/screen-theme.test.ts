import { describe, expect, it } from 'vitest';
import { buildMap } from '../../../core/maps.ts';
import type { Point, SceneItem } from '../../../core/scene.ts';
import { DIRECTIONS, hexKey } from '../../../geometry/hex/axial.ts';
import { goldCity } from '../index.ts';

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** Every stroke of the scene, by the midpoint of each straight segment it draws (rounded to 0.01 mm). */
function strokesByMidpoint(items: SceneItem[], out = new Map<string, string[]>()): Map<string, string[]> {
  for (const it of items) {
    if (it.kind === 'group') strokesByMidpoint(it.items, out);
    if (it.kind !== 'segments' || !it.stroke) continue;
    for (const [a, b] of it.segments) {
      const key = `${((a.x + b.x) / 2).toFixed(2)} ${((a.y + b.y) / 2).toFixed(2)}`;
      out.set(key, [...(out.get(key) ?? []), it.stroke]);
    }
  }
  return out;
}

describe('theme=screen', () => {
  it.each(['42', '7', 'edge'])('draws the board edge of seed %s in a colour that stands out from the dark page', (seed) => {
    const map = buildMap(goldCity, seed, {});
    const print = goldCity.scene(map, { theme: 'print', labels: true, hexSize: 20 });
    const screen = goldCity.scene(map, { theme: 'screen', labels: true, hexSize: 20 });
    expect(screen.background).not.toBe(print.background);
    // The board's edge: each space's side with no space beyond it, placed as the scene places spaces.
    const spaceAt = new Set(map.spaces.map((s) => hexKey(s.q, s.r)));
    const strokes = strokesByMidpoint(screen.items);
    const centres = new Map<string, Point>();
    const find = (items: SceneItem[]) => {
      for (const it of items) {
        if (it.kind !== 'group') continue;
        if (it.role === 'space' && it.data) {
          const poly = it.items.find((x) => x.kind === 'polygon');
          if (poly?.kind === 'polygon')
            centres.set(`${it.data.q},${it.data.r}`, {
              x: poly.points.reduce((a, p) => a + p.x, 0) / 6,
              y: poly.points.reduce((a, p) => a + p.y, 0) / 6,
            });
        }
        find(it.items);
      }
    };
    find(screen.items);
    let edges = 0;
    for (const s of map.spaces) {
      const c = centres.get(`${s.q},${s.r}`)!;
      DIRECTIONS.forEach((d, k) => {
        if (spaceAt.has(hexKey(s.q + d.q, s.r + d.r))) return;
        // The side facing direction k: its midpoint lies √3/2 × size from the centre at 60°·k.
        const a = (Math.PI / 180) * 60 * k;
        const key = `${(c.x + Math.cos(a) * 10 * Math.sqrt(3)).toFixed(2)} ${(c.y + Math.sin(a) * 10 * Math.sqrt(3)).toFixed(2)}`;
        const colours = strokes.get(key) ?? [];
        expect(
          Math.max(0, ...colours.map((col) => contrast(col.slice(0, 7), screen.background))),
          `${s.q},${s.r} side ${k}`,
        ).toBeGreaterThanOrEqual(4.5);
        edges++;
      });
    }
    expect(edges).toBeGreaterThan(20);
  });
});
