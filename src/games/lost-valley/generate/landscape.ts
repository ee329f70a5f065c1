import {
  edgeFace,
  edgeHigh,
  edgeLow,
  edgeOf,
  faceA,
  faceAround,
  faceAt,
  faceB,
  faceTriple,
  firstFaceOfRow,
  nextTo,
  vertexAt,
  vertexX,
  vertexY,
  WINDOW_LIMIT,
} from '../../../geometry/trilattice/ids.ts';
import { edge, type Face, type Vertex } from '../../../geometry/trilattice/lattice.ts';
import type { LvTile, Marker, PrintedTile, Symbols, TileKind } from '../model.ts';
import { TILE_SET } from '../tiles.ts';
import { IdBytes } from './id-bytes.ts';
import type { Stacks } from './stacks.ts';

/** The landscape lies above the cliff: faces whose corners all have y ≥ 0. */
export const inPlay = (f: Face) => f[1] >= 1;

export const TRADING_POST: Vertex = [0, 0];
/** The trading post piece: three faces on the cliff edge; the river leaves over its top edge. */
export const START_FACES: Face[] = [
  [0, 1, 1],
  [0, 1, 0],
  [1, 1, 0],
];

/*
 * Generation works on lattice ids (geometry/trilattice/ids.ts) and typed arrays indexed by them:
 * the replay looks up tens of thousands of faces and edges per map, and tuples with string keys made it
 * allocation- and hash-bound. The window the ids cover is ample: the landscape is vertex-connected
 * (every tile is laid on or next to one already down) and has at most 102 faces, so nothing lies
 * more than about 105 steps from the trading post; `place` checks it all the same.
 */
export const TRADING_POST_ID = vertexAt(TRADING_POST[0], TRADING_POST[1]);
export const START_FACE_IDS = START_FACES.map(faceAt);
const START_RIVER_EDGE_ID = edgeOf(edge([-1, 1], [0, 1]));
/** inPlay on ids: faces with b ≥ 1. */
const IN_PLAY_FROM = firstFaceOfRow(1);
/** Faces with b = 1, on the cliff line, are the ids before this one. */
const ABOVE_CLIFF_LINE_FROM = firstFaceOfRow(2);
export const NONE = -1;

/** An intersection's id back to the [x, y] the document and the watch speak. */
export const vertexPair = (v: number): [number, number] => [vertexX(v), vertexY(v)];

/**
 * The replay's faces and intersections are kept a byte per id from the row under the cliff up
 * (nothing lower is ever looked at), with room at first for ROWS rows: the tallest landscape over
 * thousands of seeds is 11 faces high, and a taller one grows them.
 */
const ROWS = 12;
/** The id of the first intersection of row y in the window; a face's id is about twice its intersection's. */
const rowStart = (y: number) => vertexAt(-WINDOW_LIMIT, y);
export const intersectionBytes = () => new IdBytes(rowStart(-1), rowStart(ROWS));

/** The bottom row of the landscape, along the cliff: faces with a corner on y = 0. */
export const onCliffLine = (f: number) => f >= IN_PLAY_FROM && f < ABOVE_CLIFF_LINE_FROM;

const MARKER_KINDS = ['rivergold', 'mountaingold', 'animal', 'event'] as const;

/** Each printed tile's symbols with keys in code-unit order (so the digest takes the fast canonical path), copied per tile placed. */
const SORTED_SYMBOLS: ReadonlyMap<PrintedTile, Symbols | undefined> = new Map(
  [TILE_SET.start, TILE_SET.spring, ...TILE_SET.river, ...TILE_SET.land, ...TILE_SET.triangles].map((printed) => {
    const names = Object.keys(printed.symbols).sort() as Array<keyof Symbols>;
    return [printed, names.length > 0 ? (Object.fromEntries(names.map((k) => [k, printed.symbols[k]])) as Symbols) : undefined];
  }),
);

/** Everything the exploration replay keeps: the board, the river's open end, the stacks. */
export class Landscape {
  readonly tiles: LvTile[] = [];
  readonly markers: Marker[] = [];
  /** Which tile covers each face: its order + 1, 0 where none. */
  private readonly cover = new IdBytes(2 * rowStart(-1), 2 * rowStart(ROWS));
  /** 1 at intersections where exploring placed nothing (no tile fits). */
  readonly exhausted = intersectionBytes();
  /** Faces placed since enclosed gaps were last looked for. */
  fresh: number[] = [];
  /** fillGaps' other buffer, swapped with `fresh`. */
  spare: number[] = [];
  readonly crossings: number[] = [];
  readonly river: string[] = [];
  /** The edge the river enters the landscape's next (upstream) tile through; NONE once the spring is down. */
  openEdge = START_RIVER_EDGE_ID;
  springTile: string | undefined;
  landPlaced = 0;
  private reservedFor = -1;
  private reservedAt = NONE;
  private reservedFace = NONE;

  constructor(readonly stacks: Stacks) {}

  placed(f: number): boolean {
    return this.cover.get(f) !== 0;
  }

  empty(f: number): boolean {
    return f >= IN_PLAY_FROM && this.cover.get(f) === 0;
  }

  /** The face the river will flow out of next: kept free of land until the river reaches it; NONE without one. */
  reserved(): number {
    // It moves only when a tile is laid or the river's end moves: worked out again only then.
    if (this.reservedFor !== this.tiles.length || this.reservedAt !== this.openEdge) {
      this.reservedFor = this.tiles.length;
      this.reservedAt = this.openEdge;
      this.reservedFace = this.findReserved();
    }
    return this.reservedFace;
  }

  private findReserved(): number {
    const e = this.openEdge;
    if (e === NONE) return NONE;
    const f = edgeFace(e, 0);
    if (!this.placed(f)) return f;
    const g = edgeFace(e, 1);
    return this.placed(g) ? NONE : g;
  }

  /** Empty and not reserved: where land may go. */
  open(f: number): boolean {
    return this.empty(f) && f !== this.reserved();
  }

  place(kind: TileKind, printed: PrintedTile, faces: readonly number[]): LvTile {
    const symbols = SORTED_SYMBOLS.get(printed);
    const order = this.tiles.length;
    // Two literals rather than a conditional spread, which V8 builds key by key on a slow path.
    const tile: LvTile = symbols
      ? {
          faces: faces.map(faceTriple),
          id: `t${order}`,
          kind,
          order,
          printed: printed.id,
          symbols: { ...symbols },
          terrain: printed.terrain,
        }
      : { faces: faces.map(faceTriple), id: `t${order}`, kind, order, printed: printed.id, terrain: printed.terrain };
    // A byte counts the tiles: the box has 56.
    if (order >= 255) throw new Error('Lost Valley landscape has more tiles than a byte counts');
    for (const f of faces) {
      if (Math.abs(faceA(f)) > WINDOW_LIMIT || Math.abs(faceB(f)) > WINDOW_LIMIT)
        throw new Error(`Lost Valley landscape outgrew the lattice window at face ${JSON.stringify(faceTriple(f))}`);
      this.cover.set(f, order + 1);
      this.fresh.push(f);
    }
    this.tiles.push(tile);
    this.dealMarkers(tile, printed);
    return tile;
  }

  dealMarkers(tile: LvTile, printed: PrintedTile): void {
    for (const kind of MARKER_KINDS) {
      const n = printed.symbols[kind] ?? 0;
      for (let k = 0; k < n; k++) {
        const drawn = this.stacks.markers[kind].pop();
        if (drawn === undefined) continue;
        this.markers.push(
          kind === 'animal' || kind === 'event' ? { kind, tile: tile.id, type: drawn } : { kind, tile: tile.id, value: Number(drawn) },
        );
      }
    }
  }

  /** Partly unexplored: an open face around it, or the river's open end within one edge. Exhausted intersections are not: prospectors stop heading there. */
  partlyUnexplored(v: number): boolean {
    if (this.exhausted.get(v) !== 0) return false;
    const r = this.reserved();
    for (let k = 0; k < 6; k++) {
      const f = faceAround(v, k);
      if (f !== r && this.empty(f)) return true;
    }
    return this.riverNear(v);
  }

  riverNear(v: number): boolean {
    const e = this.openEdge;
    return e !== NONE && (nextTo(edgeLow(e), v) || nextTo(edgeHigh(e), v));
  }

  /**
   * Prospectors walk along tile edges and "tiles cannot be crossed": the edge between faces f and g
   * may be walked when they are not both unexplored nor of one tile (a diamond's diagonal, the
   * trading post piece's inner edges), that is when their covers differ.
   */
  walkable(f: number, g: number): boolean {
    return this.cover.get(f) !== this.cover.get(g);
  }

  walkableEdge(e: number): boolean {
    return this.walkable(edgeFace(e, 0), edgeFace(e, 1));
  }

  /** Inside one tile: the edge between two of its faces. */
  insideTile(e: number): boolean {
    const t = this.cover.get(edgeFace(e, 0));
    return t !== 0 && t === this.cover.get(edgeFace(e, 1));
  }
}
