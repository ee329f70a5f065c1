/**
 * The lattice of lattice.ts with every vertex, face and edge as one small integer over a fixed
 * window, for hot loops: neighbours are constant offsets and sets are typed arrays indexed by id,
 * where tuples, string keys and Maps cost an allocation or a hash per lookup.
 *
 *   vertex [x, y]    (y + ORIGIN) · SPAN + (x + ORIGIN)
 *   face [a, b, c]   2 · vertex(a, b) + 1 if up, + 0 if down (c follows from a, b and the parity)
 *   edge             4 · its low end + direction (0, 1, 2: the high end is 1, SPAN or SPAN − 1 on)
 *
 * Vertex ids order vertices as lattice.ts's `edge` does (y first, then x), so an edge's low end is
 * its smaller id. Ids and offsets are right only while every coordinate stays within ±WINDOW_LIMIT;
 * callers keep to that (and check it where they grow).
 */
import { corners, edge, edgeFaces, faceNeighbours, facesAround, VERTEX_STEPS, type Edge, type Face, type Vertex } from './lattice.ts';

export const SPAN = 256;
const ORIGIN = 128;
/** Room is left past this for the rings of neighbours a caller looks at around its faces. */
export const WINDOW_LIMIT = 120;
export const VERTEX_IDS = SPAN * SPAN;
export const FACE_IDS = 2 * VERTEX_IDS;
export const EDGE_IDS = 4 * VERTEX_IDS;

export function vertexAt(x: number, y: number): number {
  return (y + ORIGIN) * SPAN + (x + ORIGIN);
}

export function vertexX(v: number): number {
  return (v % SPAN) - ORIGIN;
}

export function vertexY(v: number): number {
  return ((v / SPAN) | 0) - ORIGIN;
}

export function vertexOf(v: number): Vertex {
  return [vertexX(v), vertexY(v)];
}

export function faceAt(f: Face): number {
  return 2 * vertexAt(f[0], f[1]) + (f[0] + f[1] + f[2] === 2 ? 1 : 0);
}

export function faceA(f: number): number {
  return vertexX(f >> 1);
}

export function faceB(f: number): number {
  return vertexY(f >> 1);
}

/** The face as lattice.ts (and map documents) write it, a fresh array. */
export function faceTriple(f: number): [number, number, number] {
  const a = faceA(f);
  const b = faceB(f);
  return [a, b, (f & 1) + 1 - a - b];
}

/** Faces with b ≥ b0 are exactly the ids from this one on, since a row of faces is a run of ids. */
export function firstFaceOfRow(b0: number): number {
  return 2 * vertexAt(-ORIGIN, b0);
}

// Offset tables, read off lattice.ts at one place so they cannot drift from it (lattice.test and
// ids.test check them everywhere in the window).
const HERE: Vertex = [0, 0];
const V0 = vertexAt(0, 0);
const DOWN: Face = [0, 0, 1];
const UP: Face = [0, 0, 2];
const offsetsOfFace = (f: Face, faces: (f: Face) => readonly Face[]) => faces(f).map((g) => faceAt(g) - faceAt(f));
const offsetsOfCorners = (f: Face) => corners(f).map((c) => vertexAt(c[0], c[1]) - (faceAt(f) >> 1));

/** Step k from a vertex (lattice.ts's VERTEX_STEPS order). */
export const VERTEX_STEP_IDS: readonly number[] = VERTEX_STEPS.map(([dx, dy]) => dy * SPAN + dx);
/** Per face parity (down, up): the three edge-neighbours in faceNeighbours' order. */
const NEIGHBOUR = [offsetsOfFace(DOWN, faceNeighbours), offsetsOfFace(UP, faceNeighbours)] as const;
/** Per face parity: the three corners in corners' order, from the face's own vertex id. */
const CORNER = [offsetsOfCorners(DOWN), offsetsOfCorners(UP)] as const;
/** The six faces around a vertex in facesAround's order, from twice its id. */
const AROUND: readonly number[] = facesAround(HERE).map((g) => faceAt(g) - 2 * V0);
const HIGH_END: readonly number[] = [1, SPAN, SPAN - 1];
/** Per direction: edgeFaces' two faces, from twice the low end's id. */
const EDGE_FACES = HIGH_END.map((d) => edgeFaces(edge(HERE, vertexOf(V0 + d))).map((g) => faceAt(g) - 2 * V0));
/** Per vertex step: the two faces on either side of the edge walked, from twice the start's id. */
const STEP_FACES = VERTEX_STEP_IDS.map((d) => edgeFaces(edge(HERE, vertexOf(V0 + d))).map((g) => faceAt(g) - 2 * V0));

export function faceNeighbour(f: number, k: number): number {
  return f + NEIGHBOUR[f & 1]![k]!;
}

export function faceCorner(f: number, k: number): number {
  return (f >> 1) + CORNER[f & 1]![k]!;
}

export function faceAround(v: number, k: number): number {
  return 2 * v + AROUND[k]!;
}

export function hasCorner(f: number, v: number): boolean {
  const c = CORNER[f & 1]!;
  const d = v - (f >> 1);
  return d === c[0] || d === c[1] || d === c[2];
}

/** The edge between two neighbouring vertices; -1 if they are not neighbours. */
export function edgeBetween(p: number, q: number): number {
  // biome-ignore lint/complexity/useMathMinMax: generation's hot loop; the plain comparison is what was measured
  const lo = p < q ? p : q;
  const d = p < q ? q - p : p - q;
  return d === 1 ? 4 * lo : d === SPAN ? 4 * lo + 1 : d === SPAN - 1 ? 4 * lo + 2 : -1;
}

export function edgeLow(e: number): number {
  return e >> 2;
}

export function edgeHigh(e: number): number {
  return (e >> 2) + HIGH_END[e & 3]!;
}

/** Edges of one direction are parallel. */
export function edgeDirection(e: number): number {
  return e & 3;
}

/** edgeFaces(e)[k]. */
export function edgeFace(e: number, k: number): number {
  return 2 * (e >> 2) + EDGE_FACES[e & 3]![k]!;
}

/** edgeFaces of the edge from v along vertex step k, in either order. */
export function stepFace(v: number, k: number, side: number): number {
  return 2 * v + STEP_FACES[k]![side]!;
}

/** faceEdges(f)[k]: the edges corner k → k + 1 (mod 3). */
export function faceEdge(f: number, k: number): number {
  return edgeBetween(faceCorner(f, k), faceCorner(f, k === 2 ? 0 : k + 1));
}

/** The edge two edge-adjacent faces share; -1 if they share none. */
export function sharedEdgeOf(f: number, g: number): number {
  let first = -1;
  for (let k = 0; k < 3; k++) {
    const c = faceCorner(f, k);
    if (!hasCorner(g, c)) continue;
    if (first === -1) first = c;
    else return edgeBetween(first, c);
  }
  return -1;
}

export function edgeOf(e: Edge): number {
  return edgeBetween(vertexAt(e[0][0], e[0][1]), vertexAt(e[1][0], e[1][1]));
}

export function touch(e: number, g: number): boolean {
  const a = edgeLow(e);
  const b = edgeHigh(e);
  const c = edgeLow(g);
  const d = edgeHigh(g);
  return a === c || a === d || b === c || b === d;
}

/** Within one vertex step of each other (or the same vertex). */
export function nextTo(v: number, w: number): boolean {
  const d = v > w ? v - w : w - v;
  return d === 0 || d === 1 || d === SPAN || d === SPAN - 1;
}

/**
 * A set of ids below `size` that empties in O(1): an id is in it when its stamp is the current
 * round, so one allocation serves every use (a module-level set per hot loop, not one per call).
 */
export class StampSet {
  private readonly at: Uint32Array;
  private round = 1;

  constructor(size: number) {
    this.at = new Uint32Array(size);
  }

  clear(): void {
    // Rounds run out after 2³² clears (hours of rerolls): then the stamps really are cleared.
    if (++this.round === 0xffffffff) {
      this.at.fill(0);
      this.round = 1;
    }
  }

  has(id: number): boolean {
    return this.at[id] === this.round;
  }

  add(id: number): void {
    this.at[id] = this.round;
  }
}
