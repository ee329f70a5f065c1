/**
 * The triangle lattice of the waterfall landscapes, integer only.
 *
 * Vertices (intersections) are [x, y]: the point x·(1, 0) + y·(½, √3⁄2). Each vertex has six
 * neighbours. Faces (triangles) are [a, b, c] with a + b + c = 2 for an up triangle and 1 for a
 * down triangle; two faces share an edge exactly when they differ by one in one coordinate.
 *   up   [a, b, c] has corners (a−1, b−1), (a, b−1), (a−1, b)
 *   down [a, b, c] has corners (a, b−1), (a−1, b), (a, b)
 * An edge is a pair of neighbouring vertices, written with the smaller vertex first.
 */
export type Vertex = readonly [number, number];
export type Face = readonly [number, number, number];
export type Edge = readonly [Vertex, Vertex];

export const VERTEX_STEPS: readonly Vertex[] = [
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
  [1, -1],
];

export function isUp(f: Face): boolean {
  return f[0] + f[1] + f[2] === 2;
}

export function isFace(f: readonly number[]): f is Face {
  const s = (f[0] ?? 0) + (f[1] ?? 0) + (f[2] ?? 0);
  return f.length === 3 && f.every(Number.isInteger) && (s === 1 || s === 2);
}

export function corners(f: Face): [Vertex, Vertex, Vertex] {
  const [a, b] = f;
  return isUp(f)
    ? [
        [a - 1, b - 1],
        [a, b - 1],
        [a - 1, b],
      ]
    : [
        [a, b - 1],
        [a - 1, b],
        [a, b],
      ];
}

/** The three edge-neighbours of a face. */
export function faceNeighbours(f: Face): [Face, Face, Face] {
  const [a, b, c] = f;
  const d = isUp(f) ? -1 : 1;
  return [
    [a + d, b, c],
    [a, b + d, c],
    [a, b, c + d],
  ];
}

export function vertexKey(v: Vertex): string {
  return `${v[0]},${v[1]}`;
}

export function faceKey(f: Face): string {
  return `${f[0]},${f[1]},${f[2]}`;
}

function less(p: Vertex, q: Vertex): boolean {
  return p[1] < q[1] || (p[1] === q[1] && p[0] < q[0]);
}

export function edge(p: Vertex, q: Vertex): Edge {
  return less(p, q) ? [p, q] : [q, p];
}

export function edgeKey(e: Edge): string {
  return `${vertexKey(e[0])}|${vertexKey(e[1])}`;
}

/** The edge two edge-adjacent faces share. */
export function sharedEdge(f: Face, g: Face): Edge | undefined {
  const cg = corners(g).map(vertexKey);
  const common = corners(f).filter((v) => cg.includes(vertexKey(v)));
  return common.length === 2 ? edge(common[0]!, common[1]!) : undefined;
}

export function faceEdges(f: Face): [Edge, Edge, Edge] {
  const [p, q, r] = corners(f);
  return [edge(p, q), edge(q, r), edge(r, p)];
}

/**
 * The two faces on either side of an edge. Edges are written lower vertex first, so from it the
 * other end lies at (+1, 0), (0, +1) or (−1, +1): one formula each.
 */
export function edgeFaces(e: Edge): [Face, Face] {
  const [[x, y], [x2, y2]] = e;
  if (y2 === y)
    return [
      [x + 1, y + 1, -x - y],
      [x + 1, y, -x - y],
    ];
  if (x2 === x)
    return [
      [x + 1, y + 1, -x - y],
      [x, y + 1, -x - y],
    ];
  return [
    [x, y + 1, -x - y],
    [x, y + 1, 1 - x - y],
  ];
}

/** A face as one integer, for hot maps and sets (coordinates within ±1000). */
export function faceId(f: Face): number {
  return ((f[0] + 2048) * 4096 + (f[1] + 2048)) * 2 + (f[0] + f[1] + f[2] - 1);
}

/** A vertex as one integer (coordinates within ±1000). */
export function vertexId(v: Vertex): number {
  return (v[0] + 2048) * 4096 + (v[1] + 2048);
}

export function vertexNeighbours(v: Vertex): Vertex[] {
  return VERTEX_STEPS.map(([dx, dy]) => [v[0] + dx, v[1] + dy] as const);
}

/** The six faces around a vertex, anticlockwise from the one to its upper right. */
export function facesAround(v: Vertex): Face[] {
  const [x, y] = v;
  return [
    [x + 1, y + 1, -x - y],
    [x, y + 1, -x - y],
    [x, y + 1, 1 - x - y],
    [x, y, 1 - x - y],
    [x + 1, y, 1 - x - y],
    [x + 1, y, -x - y],
  ] as Face[];
}

/** Lattice distance between vertices (steps along edges). */
export function vertexDistance(p: Vertex, q: Vertex): number {
  const dx = p[0] - q[0];
  const dy = p[1] - q[1];
  return (Math.abs(dx) + Math.abs(dy) + Math.abs(dx + dy)) / 2;
}

/** The drawing position of a vertex for an edge length (y grows downwards, so the landscape rises up the page). */
export function vertexPoint(v: Vertex, edgeLength: number): { x: number; y: number } {
  return { x: edgeLength * (v[0] + v[1] / 2), y: -edgeLength * (Math.sqrt(3) / 2) * v[1] };
}
