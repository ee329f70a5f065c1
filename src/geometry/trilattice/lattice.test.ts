import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  corners,
  edgeFaces,
  edgeKey,
  faceEdges,
  faceId,
  faceKey,
  faceNeighbours,
  facesAround,
  isUp,
  sharedEdge,
  vertexKey,
  type Face,
} from './lattice.ts';

const face = fc
  .tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), fc.boolean())
  .map(([a, b, up]) => [a, b, (up ? 2 : 1) - a - b] as Face);

describe('triangle lattice', () => {
  it('neighbouring faces share exactly one edge and have opposite orientation', () => {
    fc.assert(
      fc.property(face, (f) => {
        for (const g of faceNeighbours(f)) {
          expect(isUp(g)).toBe(!isUp(f));
          const e = sharedEdge(f, g)!;
          expect(e).toBeDefined();
          expect(faceNeighbours(g).map(faceKey)).toContain(faceKey(f));
        }
      }),
    );
  });

  it('an edge lies between exactly the two faces that have it', () => {
    fc.assert(
      fc.property(face, (f) => {
        for (const e of faceEdges(f)) {
          const [g, h] = edgeFaces(e);
          const keys = [faceKey(g), faceKey(h)];
          expect(keys).toContain(faceKey(f));
          for (const x of [g, h]) expect(faceEdges(x).map(edgeKey)).toContain(edgeKey(e));
        }
      }),
    );
  });

  it('numeric ids are one-to-one', () => {
    fc.assert(
      fc.property(face, face, (f, g) => {
        expect(faceId(f) === faceId(g)).toBe(faceKey(f) === faceKey(g));
      }),
    );
  });

  it('six faces meet at every vertex, each with it as a corner', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), (x, y) => {
        const around = facesAround([x, y]);
        expect(new Set(around.map(faceKey)).size).toBe(6);
        for (const f of around) expect(corners(f).map(vertexKey)).toContain(`${x},${y}`);
        expect(around.filter(isUp)).toHaveLength(3);
      }),
    );
  });

  it('a diamond is two edge-adjacent faces in one of three orientations', () => {
    const f: Face = [1, 1, 0];
    const directions = faceNeighbours(f).map((g) => {
      const e = sharedEdge(f, g)!;
      return `${e[1][0] - e[0][0]},${e[1][1] - e[0][1]}`;
    });
    expect(new Set(directions).size).toBe(3);
  });
});
