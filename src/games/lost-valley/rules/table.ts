import {
  corners,
  edge,
  edgeKey,
  faceEdges,
  isFace,
  isUp,
  vertexKey,
  type Face,
  type Vertex,
} from '../../../geometry/trilattice/lattice.ts';
import { ICE_ROLL, type LostValleyMap, type LvTerrain } from '../model.ts';
import { movementGraph, type EdgeKind, type MovementGraph } from '../movement.ts';

/** A tile as the rules see it. */
export interface TableTile {
  id: string;
  kind: string;
  terrain: LvTerrain;
  fish: boolean;
  bearCave: boolean;
  /** Intersections at its corners. */
  corners: number[];
  /** Tiles sharing an edge with it (a canal runs across such an edge). */
  neighbours: number[];
}

/** Everything about a landscape that does not change during a game: plain data. */
export interface Table {
  players: number;
  /** The least roll that moves the ice block. */
  iceRoll: number;
  vertices: Vertex[];
  /** Per intersection: [neighbour, edge kind, edge index]. */
  links: Array<Array<[number, EdgeKind, number]>>;
  /** Per edge: the tiles it borders (it is walkable once one of them is explored). */
  edgeTiles: number[][];
  riverside: boolean[];
  /** Per intersection: the tiles it is a corner of. */
  beside: number[][];
  tiles: TableTile[];
  post: number;
  /** Tile indices the ice block passes, from the spring down to the waterfall. */
  icePath: number[];
  landTiles: number;
  /** The markers as dealt, by tile. */
  markers: Array<Array<{ kind: string; value?: number; type?: string }>>;
}

const WATER: ReadonlySet<string> = new Set(['lake', 'riverside', 'spring']);
export const isWater = (t: TableTile) => WATER.has(t.terrain) || t.kind === 'start';

/** `g` is the landscape's movement graph, when the caller has it already (the score does). */
export function buildTable(map: LostValleyMap, g: MovementGraph = movementGraph(map)): Table {
  const edgeIndex = new Map<string, number>();
  const links: Table['links'] = g.vertices.map(() => []);
  const edgeTiles: number[][] = [];
  g.links.forEach((list, a) => {
    for (const [b, kind] of list) {
      const key = edgeKey(edge(g.vertices[a]!, g.vertices[b]!));
      let e = edgeIndex.get(key);
      if (e === undefined) {
        e = edgeTiles.length;
        edgeIndex.set(key, e);
        edgeTiles.push([]);
      }
      links[a]!.push([b, kind, e]);
    }
  });
  const beside: number[][] = g.vertices.map(() => []);
  // Per edge, the tiles with a face on either side of it (an edge has an up face and a down face).
  const sides: Array<[number[], number[]]> = edgeTiles.map(() => [[], []]);
  const riverIds = new Set(map.river);
  const tiles: TableTile[] = map.tiles.map((t, ti) => {
    const faces = t.faces.filter(isFace) as Face[];
    const cs = new Set<number>();
    for (const f of faces) {
      for (const c of corners(f)) {
        const v = g.index.get(vertexKey(c));
        if (v !== undefined) cs.add(v);
      }
      const up = isUp(f) ? 0 : 1;
      for (const e of faceEdges(f)) {
        const k = edgeIndex.get(edgeKey(e));
        if (k === undefined) continue;
        if (!edgeTiles[k]!.includes(ti)) edgeTiles[k]!.push(ti);
        sides[k]![up].push(ti);
      }
    }
    const list = [...cs].sort((a, b) => a - b);
    for (const v of list) beside[v]!.push(ti);
    return {
      id: t.id,
      kind: riverIds.has(t.id) && t.kind !== 'start' && t.kind !== 'spring' ? 'river' : t.kind,
      terrain: t.terrain,
      fish: Boolean(t.symbols?.fish) || t.terrain === 'lake' || riverIds.has(t.id),
      bearCave: Boolean(t.symbols?.bearCave),
      corners: list,
      neighbours: [],
    };
  });
  // Tiles are neighbours when a face of one and a different face of the other share an edge.
  const neighbours = tiles.map(() => new Set<number>());
  for (const [up, down] of sides) {
    for (const i of up) {
      for (const j of down) {
        if (i === j) continue;
        neighbours[i]!.add(j);
        neighbours[j]!.add(i);
      }
    }
  }
  tiles.forEach((t, i) => t.neighbours.push(...[...neighbours[i]!].sort((a, b) => a - b)));
  const indexOf = new Map(map.tiles.map((t, i) => [t.id, i] as const));
  const markers: Table['markers'] = map.tiles.map(() => []);
  for (const m of map.markers) {
    const i = indexOf.get(m.tile);
    if (i !== undefined)
      markers[i]!.push({
        kind: m.kind,
        ...(m.value !== undefined ? { value: m.value } : {}),
        ...(m.type !== undefined ? { type: m.type } : {}),
      });
  }
  return {
    players: map.options?.players ?? 4,
    iceRoll: ICE_ROLL[map.options?.ice ?? 'normal'] ?? 5,
    vertices: g.vertices,
    links,
    edgeTiles,
    riverside: [...g.riverside].map(Boolean),
    beside,
    tiles,
    post: g.index.get(vertexKey([map.tradingPost[0], map.tradingPost[1]])) ?? 0,
    icePath: [...map.river].reverse().map((id) => indexOf.get(id) ?? 0),
    landTiles: map.tiles.filter((t) => t.kind === 'land').length,
    markers,
  };
}
