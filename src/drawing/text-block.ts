import type { SceneItem } from '../core/scene.ts';

/** Lines of text at one size, as fitText (text-fit.ts) sets them. */
export interface TextLines {
  lines: string[];
  size: number;
}

/** How tall `text` stands when its lines are `leading` sizes apart. */
export const blockHeight = (text: TextLines, leading = 1.25): number => text.lines.length * text.size * leading;

/**
 * The lines as text items from `top` down, `leading` sizes apart, each anchored at `x`: its left
 * edge there ('start'), its middle ('middle') or its right edge ('end'). The first baseline sits
 * 0.8 of a size below `top`, so capitals start at about `top`.
 */
export function textBlock(
  text: TextLines,
  x: number,
  top: number,
  o: { fill: string; anchor?: 'start' | 'middle' | 'end'; bold?: boolean; leading?: number },
): SceneItem[] {
  const leading = o.leading ?? 1.25;
  const anchor = o.anchor ?? 'start';
  const bold = o.bold ?? false;
  return text.lines.map((line, k) => ({
    kind: 'text' as const,
    at: { x, y: top + text.size * (0.8 + leading * k) },
    text: line,
    size: text.size,
    fill: o.fill,
    anchor,
    bold,
  }));
}
