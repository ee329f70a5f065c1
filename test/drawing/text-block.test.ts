import { describe, expect, it } from 'vitest';
import { blockHeight, textBlock } from '../../src/drawing/text-block.ts';

describe('textBlock', () => {
  const lines = { lines: ['Discard your hand,', 'draw 4'], size: 2 };

  it('sets one text item a line from the top down, leading sizes apart, at the anchor given', () => {
    expect(textBlock(lines, 10, 5, { fill: '#111', anchor: 'middle', bold: true })).toEqual([
      { kind: 'text', at: { x: 10, y: 5 + 2 * 0.8 }, text: 'Discard your hand,', size: 2, fill: '#111', anchor: 'middle', bold: true },
      { kind: 'text', at: { x: 10, y: 5 + 2 * (0.8 + 1.25) }, text: 'draw 4', size: 2, fill: '#111', anchor: 'middle', bold: true },
    ]);
  });

  it('starts at the left edge, in regular weight, 1.25 sizes apart unless told', () => {
    const [first, second] = textBlock(lines, 0, 0, { fill: '#111', leading: 1.5 });
    expect(first).toMatchObject({ anchor: 'start', bold: false });
    expect(second).toMatchObject({ at: { x: 0, y: 2 * (0.8 + 1.5) } });
  });

  it('is as tall as its lines at the leading', () => {
    expect(blockHeight(lines)).toBe(2 * 2 * 1.25);
    expect(blockHeight(lines, 1.3)).toBe(2 * 2 * 1.3);
    expect(blockHeight({ lines: [], size: 3 })).toBe(0);
  });
});
