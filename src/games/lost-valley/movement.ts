import { shortestPaths } from '../../algorithms/shortest-paths.ts';
import { edge, edgeKey, faceEdges, isFace, vertexKey, type Edge, type Face, type Vertex } from '../../geometry/trilattice/lattice.ts';
import type { LostValleyMap } from './model.ts';

export type EdgeKind = 'overland' | 'river' | 'across' | 'ford';

export interface MovementGraph {
  vertices: Vertex[];
  index: Map<string, number>;
  /** Per vertex: [neighbour, kind]. */
  links: Array<Array<[number, EdgeKind]>>;
  /** Riverside intersections (two prospectors may share them). */
  riverside: Uint8Array;
}

/** The edges of a tile's outline: its faces' edges less the ones two of its own faces share. */
export function tileOutline(faces: readonly (readonly number[])[]): Edge[] {
  const seen = new Map<string, { e: Edge; n: number }>();
  for (const f of faces) {
    if (!isFace(f)) continue;
    for (const e of faceEdges(f as Face)) {
      const key = edgeKey(e);
      const known = seen.get(key);
      if (known) known.n++;
      else seen.set(key, { e, n: 1 });
    }
  }
  return [...seen.values()].filter((s) => s.n === 1).map((s) => s.e);
}

/**
 * Intersections and tile edges with their kinds: walking an edge the river flows across is
 * crossing it (boat only, or on foot at the two fords); other edges of river tiles, the spring and
 * the trading post piece run along the river; the rest are overland. Only tiles' outlines are
 * edges: "Prospectors move along tile edges … Tiles cannot be crossed", so the diagonal inside a
 * diamond (or inside the trading post piece) is no way, even where the river flows across it.
 */
export function movementGraph(map: LostValleyMap): MovementGraph {
  const riverTiles = new Set(map.river);
  const crossings = new Set(map.riverCrossings.map((e) => edgeKey(edge(e[0] as unknown as Vertex, e[1] as unknown as Vertex))));
  const fords = new Set(map.fords.map((e) => edgeKey(edge(e[0] as unknown as Vertex, e[1] as unknown as Vertex))));
  const kinds = new Map<string, { e: Edge; kind: EdgeKind }>();
  for (const tile of map.tiles) {
    const wet = riverTiles.has(tile.id);
    for (const e of tileOutline(tile.faces)) {
      const key = edgeKey(e);
      const kind: EdgeKind = fords.has(key) ? 'ford' : crossings.has(key) ? 'across' : wet ? 'river' : 'overland';
      const known = kinds.get(key);
      // An edge between a river tile and a land tile is still a riverbank.
      if (!known || (known.kind === 'overland' && kind !== 'overland')) kinds.set(key, { e, kind });
    }
  }
  const vertices: Vertex[] = [];
  const index = new Map<string, number>();
  const id = (v: Vertex) => {
    const key = vertexKey(v);
    let i = index.get(key);
    if (i === undefined) {
      i = vertices.length;
      vertices.push(v);
      index.set(key, i);
    }
    return i;
  };
  const links: Array<Array<[number, EdgeKind]>> = [];
  const riversideList: number[] = [];
  for (const { e, kind } of kinds.values()) {
    const a = id(e[0]);
    const b = id(e[1]);
    (links[a] ??= []).push([b, kind]);
    (links[b] ??= []).push([a, kind]);
    if (kind !== 'overland') riversideList.push(a, b);
  }
  const riverside = new Uint8Array(vertices.length);
  for (const i of riversideList) riverside[i] = 1;
  return { vertices, index, links: vertices.map((_, i) => links[i] ?? []), riverside };
}

/** Turns on foot from `from` to every intersection: one edge overland (or at a ford), or two along the river. */
export function turnsOnFoot(g: MovementGraph, from: Vertex): Float64Array {
  const start = g.index.get(vertexKey(from)) ?? -1;
  return shortestPaths(g.links, start, (kind) => (kind === 'across' ? Infinity : kind === 'river' ? 0.5 : 1));
}
