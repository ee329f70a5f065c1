import { describe, expect, it } from 'vitest';
import type { SceneItem } from '../../src/core/scene.ts';
import { EMPTY_BOX, boundsOf, itemBoxes, unionOf } from '../../src/drawing/bounds.ts';
import { textWidth } from '../../src/drawing/glyphs.ts';

describe('bounds', () => {
  it('holds every point, grown by the pad on each side', () => {
    expect(
      boundsOf([
        { x: 3, y: -1 },
        { x: -2, y: 4 },
        { x: 0, y: 0 },
      ]),
    ).toEqual({ x0: -2, y0: -1, x1: 3, y1: 4 });
    expect(boundsOf([{ x: 1, y: 2 }], 0.5)).toEqual({ x0: 0.5, y0: 1.5, x1: 1.5, y1: 2.5 });
  });

  it('is empty (x0 > x1) for no points, and a union ignores empty boxes', () => {
    const none = boundsOf([]);
    expect(none.x0).toBeGreaterThan(none.x1);
    expect(unionOf([none, { x0: 0, y0: 0, x1: 1, y1: 2 }, { x0: -1, y0: 1, x1: 0, y1: 3 }])).toEqual({ x0: -1, y0: 0, x1: 1, y1: 3 });
    expect(unionOf([])).toEqual(EMPTY_BOX);
  });

  it('boxes each item: circles by their radius, groups whole, text by its measured width', () => {
    const items: SceneItem[] = [
      { kind: 'circle', centre: { x: 10, y: 10 }, radius: 2 },
      {
        kind: 'group',
        items: [
          {
            kind: 'polyline',
            points: [
              { x: 0, y: 0 },
              { x: 5, y: 1 },
            ],
          },
          {
            kind: 'segments',
            segments: [
              [
                { x: -3, y: 2 },
                { x: 1, y: 7 },
              ],
            ],
          },
        ],
      },
      { kind: 'text', at: { x: 0, y: 10 }, text: 'Gold City', size: 4, fill: '#000', anchor: 'middle' },
      { kind: 'group', items: [] },
    ];
    const [circle, group, text, empty] = itemBoxes(items, 1);
    expect(circle).toEqual({ x0: 7, y0: 7, x1: 13, y1: 13 });
    expect(group).toEqual({ x0: -4, y0: -1, x1: 6, y1: 8 });
    const w = textWidth('Gold City', 4);
    expect(text!.x0).toBeCloseTo(-w / 2 - 1, 9);
    expect(text!.x1).toBeCloseTo(w / 2 + 1, 9);
    expect(empty!.x0).toBeGreaterThan(empty!.x1);
  });
});
