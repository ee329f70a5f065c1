import { describe, expect, it } from 'vitest';
import { apply, compose, flushPlacements, placeShape, seamPairs } from './placement.ts';
import { FINISH_ROW, HEXAGON_3, STRIP_565 } from './shapes.ts';

describe('piece shapes', () => {
  it('have the printed sizes', () => {
    expect(HEXAGON_3).toHaveLength(37);
    expect(STRIP_565).toHaveLength(16);
    expect(FINISH_ROW).toHaveLength(4);
    const rows = new Map<number, number>();
    for (const h of STRIP_565) rows.set(h.r, (rows.get(h.r) ?? 0) + 1);
    expect([...rows.values()]).toEqual([5, 6, 5]);
  });
});

describe('transforms', () => {
  it('compose as function composition', () => {
    const a = { turns: 2, dq: 3, dr: -1 };
    const b = { turns: 5, dq: -4, dr: 7 };
    for (const h of HEXAGON_3) expect(apply(compose(a, b), h)).toEqual(apply(a, apply(b, h)));
  });
});

describe('flush placements', () => {
  it('lay hexagons side to side, two offsets per side, never overlapping', () => {
    const placements = flushPlacements(HEXAGON_3, HEXAGON_3);
    expect(placements).toHaveLength(12);
    for (const t of placements) {
      const placed = placeShape(HEXAGON_3, t);
      const keys = new Set(HEXAGON_3.map((h) => `${h.q},${h.r}`));
      expect(placed.some((h) => keys.has(`${h.q},${h.r}`))).toBe(false);
      expect(seamPairs(HEXAGON_3, placed)).toHaveLength(7);
    }
  });

  it('lay a strip with its long side against a hexagon side', () => {
    const placements = flushPlacements(HEXAGON_3, STRIP_565);
    expect(placements).toHaveLength(6);
    for (const t of placements) expect(seamPairs(HEXAGON_3, placeShape(STRIP_565, t))).toHaveLength(8);
  });
});
