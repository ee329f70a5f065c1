import { describe, expect, it } from 'vitest';
import { textWidth } from '../../src/drawing/glyphs.ts';
import { fitAll, fitText, wrapText } from '../../src/drawing/text-fit.ts';

const SENTENCE = 'When you take a yellow die: gain 2 silver + 1 cattle, and mind the famine track';

describe('wrapText', () => {
  it('breaks at spaces into lines no wider than the width, measured from the glyphs', () => {
    for (const width of [20, 35, 60]) {
      const lines = wrapText(SENTENCE, width, 3);
      expect(lines.join(' ')).toBe(SENTENCE);
      for (const line of lines) expect(textWidth(line, 3)).toBeLessThanOrEqual(width);
      // Greedy: the next word would not have fitted on any line but the last.
      lines.slice(0, -1).forEach((line, k) => expect(textWidth(`${line} ${lines[k + 1]!.split(' ')[0]}`, 3)).toBeGreaterThan(width));
    }
  });

  it('measures narrow and wide letters apart, where a count of characters cannot', () => {
    // Twelve characters each; at 0.6 em a character both would take 21.6 mm at 3 mm.
    expect(wrapText('iiii iiii ii', 15, 3)).toHaveLength(1);
    expect(wrapText('MMMM MMMM MM', 15, 3).length).toBeGreaterThan(1);
  });

  it('measures bold wider than regular', () => {
    const width = textWidth(SENTENCE, 3) + 0.01;
    expect(wrapText(SENTENCE, width, 3)).toHaveLength(1);
    expect(wrapText(SENTENCE, width, 3, true).length).toBeGreaterThan(1);
  });

  it('keeps a word too wide for the width on a line of its own', () => {
    expect(wrapText('a Blockade b', 5, 4)).toEqual(['a', 'Blockade', 'b']);
  });
});

describe('fitText', () => {
  it('keeps the size when the text fits, shrinks towards minSize, then wraps at minSize', () => {
    const w = textWidth(SENTENCE, 3);
    expect(fitText(SENTENCE, w, 3)).toEqual({ lines: [SENTENCE], size: 3 });
    expect(fitText(SENTENCE, w * 0.9, 3, { minSize: 2.5 }).size).toBeCloseTo(2.7, 9);
    const wrapped = fitText(SENTENCE, w / 2, 3, { minSize: 2.5 });
    expect(wrapped).toEqual({ lines: wrapText(SENTENCE, w / 2, 2.5), size: 2.5 });
  });
});

describe('fitAll', () => {
  const steps = ['1. Print it.', SENTENCE, '3. Cut it out.'];
  const w = textWidth(SENTENCE, 3) * 0.9;

  it('sets every text of a list at one size, the smallest any of them needs, and none wider than asked', () => {
    const fitted = fitAll(steps, w, 3, { minSize: 2.5 });
    expect(new Set(fitted.map((f) => f.size))).toEqual(new Set([fitText(SENTENCE, w, 3, { minSize: 2.5 }).size]));
    expect(fitted[0]!.size).toBeCloseTo(2.7, 9);
    fitted.forEach((f, k) => {
      expect(f.lines.join(' ')).toBe(steps[k]);
      for (const line of f.lines) expect(textWidth(line, f.size)).toBeLessThanOrEqual(w + 1e-9);
    });
  });

  it('wraps instead of shrinking when minSize is the size', () => {
    const fitted = fitAll(steps, w, 3, { minSize: 3 });
    expect(fitted.map((f) => f.size)).toEqual([3, 3, 3]);
    expect(fitted[1]!.lines).toEqual(wrapText(SENTENCE, w, 3));
  });
});
