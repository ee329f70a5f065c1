import { describe, expect, it } from 'vitest';
import type { SceneItem } from '../../src/core/scene.ts';
import { transformItems, translateItems } from '../../src/drawing/transform.ts';

const board: SceneItem[] = [
  {
    kind: 'group',
    role: 'tile',
    stop: true,
    title: 'Forest (river, explored as tile 3)',
    data: { id: 't3', order: '3' },
    items: [
      {
        kind: 'polygon',
        points: [
          { x: 0, y: 0 },
          { x: 10, y: 0 },
          { x: 0, y: 10 },
        ],
        fill: '#3f7d3a',
        stroke: '#000',
        strokeWidth: 1,
        dash: [2, 1],
      },
      { kind: 'circle', centre: { x: 4, y: 4 }, radius: 2, fill: '#fff' },
      { kind: 'text', at: { x: 5, y: 5 }, text: '3', size: 4, fill: '#000', anchor: 'middle', bold: true, baseline: 'middle' },
    ],
  },
  {
    kind: 'segments',
    segments: [
      [
        { x: 0, y: 0 },
        { x: 2, y: 2 },
      ],
    ],
    stroke: '#000',
    strokeWidth: 0.5,
  },
];

describe('transformItems', () => {
  it('scales points and every length, then moves them', () => {
    const [group, segments] = transformItems(board, { scale: 0.5, dx: 1, dy: 48 });
    expect(segments).toEqual({
      kind: 'segments',
      segments: [
        [
          { x: 1, y: 48 },
          { x: 2, y: 49 },
        ],
      ],
      stroke: '#000',
      strokeWidth: 0.25,
    });
    const [polygon, circle, text] = (group as Extract<SceneItem, { kind: 'group' }>).items;
    expect(polygon).toEqual({
      kind: 'polygon',
      points: [
        { x: 1, y: 48 },
        { x: 6, y: 48 },
        { x: 1, y: 53 },
      ],
      fill: '#3f7d3a',
      stroke: '#000',
      strokeWidth: 0.5,
      dash: [1, 0.5],
    });
    expect(circle).toEqual({ kind: 'circle', centre: { x: 3, y: 50 }, radius: 1, fill: '#fff' });
    expect(text).toEqual({
      kind: 'text',
      at: { x: 3.5, y: 50.5 },
      text: '3',
      size: 2,
      fill: '#000',
      anchor: 'middle',
      bold: true,
      baseline: 'middle',
    });
  });

  it('keeps every field of a group but its items: data, title, role and stop', () => {
    const [group] = transformItems(board, { scale: 2 });
    const { items: moved, ...fields } = group as Extract<SceneItem, { kind: 'group' }>;
    const { items: original, ...expected } = board[0] as Extract<SceneItem, { kind: 'group' }>;
    expect(fields).toEqual(expected);
    expect(moved).toHaveLength(original.length);
  });

  it('translates at the same size, leaving the originals alone', () => {
    const before = JSON.stringify(board);
    const [, segments] = translateItems(board, 3, -1);
    expect(segments).toEqual({
      kind: 'segments',
      segments: [
        [
          { x: 3, y: -1 },
          { x: 5, y: 1 },
        ],
      ],
      stroke: '#000',
      strokeWidth: 0.5,
    });
    expect(JSON.stringify(board)).toBe(before);
  });
});
