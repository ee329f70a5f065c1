import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS, distance, fromKey, hexKey, neighbours, rotate } from './axial.ts';

const axial = fc.record({ q: fc.integer({ min: -500, max: 500 }), r: fc.integer({ min: -500, max: 500 }) });

describe('axial hexes', () => {
  it('packs keys losslessly', () => {
    fc.assert(
      fc.property(axial, (h) => {
        expect(fromKey(hexKey(h.q, h.r))).toEqual(h);
      }),
    );
  });

  it('has six neighbours at distance 1, opposite directions cancelling', () => {
    expect(neighbours({ q: 0, r: 0 }).every((n) => distance(n, { q: 0, r: 0 }) === 1)).toBe(true);
    for (let d = 0; d < 6; d++) {
      const a = DIRECTIONS[d]!;
      const b = DIRECTIONS[(d + 3) % 6]!;
      expect(a.q + b.q).toBe(0);
      expect(a.r + b.r).toBe(0);
    }
  });

  it('rotates by 60° steps: distance kept, six turns the identity, one turn maps direction d to d+1', () => {
    fc.assert(
      fc.property(axial, fc.integer({ min: -12, max: 12 }), (h, turns) => {
        const o = { q: 0, r: 0 };
        expect(distance(rotate(h, turns), o)).toBe(distance(h, o));
        expect(rotate(rotate(h, turns), -turns)).toEqual(h);
      }),
    );
    for (let d = 0; d < 6; d++) expect(rotate(DIRECTIONS[d]!, 1)).toEqual(DIRECTIONS[(d + 1) % 6]);
  });

  it('satisfies the triangle inequality', () => {
    fc.assert(
      fc.property(axial, axial, axial, (a, b, c) => {
        expect(distance(a, c)).toBeLessThanOrEqual(distance(a, b) + distance(b, c));
      }),
    );
  });
});
