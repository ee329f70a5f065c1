import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  edgeBetween,
  edgeDirection,
  edgeFace,
  edgeHigh,
  edgeLow,
  edgeOf,
  faceAround,
  faceAt,
  faceB,
  faceCorner,
  faceEdge,
  faceNeighbour,
  faceTriple,
  firstFaceOfRow,
  hasCorner,
  nextTo,
  sharedEdgeOf,
  StampSet,
  stepFace,
  touch,
  vertexAt,
  vertexOf,
  VERTEX_STEP_IDS,
  WINDOW_LIMIT,
} from './ids.ts';
import {
  corners,
  edge,
  edgeFaces,
  edgeKey,
  faceEdges,
  faceKey,
  faceNeighbours,
  facesAround,
  sharedEdge,
  vertexDistance,
  vertexKey,
  vertexNeighbours,
  type Edge,
  type Face,
  type Vertex,
} from './lattice.ts';

// Everything a caller may look at: faces within the limit and a ring or two beyond.
const R = WINDOW_LIMIT + 3;
const coord = fc.integer({ min: -R, max: R });
const vertex = fc.tuple(coord, coord).map(([x, y]) => [x, y] as Vertex);
const face = fc.tuple(coord, coord, fc.boolean()).map(([a, b, up]) => [a, b, (up ? 2 : 1) - a - b] as Face);
const runs = { numRuns: 2000 };
const edgeKeyOf = (e: number) => edgeKey([vertexOf(edgeLow(e)), vertexOf(edgeHigh(e))] as Edge);
const faceKeyOf = (f: number) => faceKey(faceTriple(f));

describe('triangle lattice ids', () => {
  it('round-trip vertices and faces', () => {
    fc.assert(
      fc.property(vertex, face, (v, f) => {
        expect(vertexOf(vertexAt(v[0], v[1]))).toEqual(v);
        expect(faceTriple(faceAt(f))).toEqual([...f]);
        expect(faceB(faceAt(f))).toBe(f[1]);
      }),
      runs,
    );
  });

  it('answer what lattice.ts answers for a face', () => {
    fc.assert(
      fc.property(face, (f) => {
        const id = faceAt(f);
        expect([0, 1, 2].map((k) => faceKeyOf(faceNeighbour(id, k)))).toEqual(faceNeighbours(f).map(faceKey));
        expect([0, 1, 2].map((k) => vertexKey(vertexOf(faceCorner(id, k))))).toEqual(corners(f).map(vertexKey));
        expect([0, 1, 2].map((k) => edgeKeyOf(faceEdge(id, k)))).toEqual(faceEdges(f).map(edgeKey));
        for (const g of faceNeighbours(f)) expect(edgeKeyOf(sharedEdgeOf(id, faceAt(g)))).toBe(edgeKey(sharedEdge(f, g)!));
        // The next face of the same parity shares one corner, no edge.
        expect(sharedEdgeOf(id, id + 2)).toBe(-1);
        for (const c of corners(f)) expect(hasCorner(id, vertexAt(c[0], c[1]))).toBe(true);
        expect(id >= firstFaceOfRow(1)).toBe(f[1] >= 1);
        expect(id >= firstFaceOfRow(2)).toBe(f[1] >= 2);
      }),
      runs,
    );
  });

  it('answer what lattice.ts answers for a vertex and its edges', () => {
    fc.assert(
      fc.property(vertex, vertex, (v, w) => {
        const id = vertexAt(v[0], v[1]);
        expect([0, 1, 2, 3, 4, 5].map((k) => faceKeyOf(faceAround(id, k)))).toEqual(facesAround(v).map(faceKey));
        expect(VERTEX_STEP_IDS.map((d) => vertexKey(vertexOf(id + d)))).toEqual(vertexNeighbours(v).map(vertexKey));
        vertexNeighbours(v).forEach((n, k) => {
          const e = edge(v, n);
          const eid = edgeBetween(id, vertexAt(n[0], n[1]));
          expect(edgeOf(e)).toBe(eid);
          expect(edgeKeyOf(eid)).toBe(edgeKey(e));
          expect([0, 1].map((s) => faceKeyOf(edgeFace(eid, s)))).toEqual(edgeFaces(e).map(faceKey));
          expect(new Set([0, 1].map((s) => faceKeyOf(stepFace(id, k, s))))).toEqual(new Set(edgeFaces(e).map(faceKey)));
          const d = [e[1][0] - e[0][0], e[1][1] - e[0][1]];
          expect(edgeDirection(eid)).toBe(d[1] === 0 ? 0 : d[0] === 0 ? 1 : 2);
        });
        expect(nextTo(id, vertexAt(w[0], w[1]))).toBe(vertexDistance(v, w) <= 1);
        expect(nextTo(id, id + VERTEX_STEP_IDS[2]!)).toBe(true);
      }),
      runs,
    );
  });

  it('edges touch when they share an end', () => {
    fc.assert(
      fc.property(face, (f) => {
        const id = faceAt(f);
        const edges = faceEdges(f);
        const g = faceNeighbours(f)[0];
        for (const e of edges) {
          for (const h of [...edges, ...faceEdges(g)]) {
            const shares = e.some((p) => h.some((q) => vertexKey(p) === vertexKey(q)));
            expect(touch(edgeOf(e), edgeOf(h))).toBe(shares);
          }
        }
        expect(edgeBetween(faceCorner(id, 0), faceCorner(id, 0) + 2)).toBe(-1);
      }),
      runs,
    );
  });

  it('stamp sets empty on clear', () => {
    const s = new StampSet(8);
    expect(s.has(3)).toBe(false);
    s.add(3);
    expect(s.has(3)).toBe(true);
    s.clear();
    expect(s.has(3)).toBe(false);
  });
});
