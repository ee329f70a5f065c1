import type { Problem } from '../../core/game-module.ts';
import {
  edge,
  edgeFaces,
  edgeKey,
  faceKey,
  faceNeighbours,
  isFace,
  sharedEdge,
  type Edge,
  type Face,
  type Vertex,
} from '../../geometry/trilattice/lattice.ts';
import { inPlay } from './generate.ts';
import { LAND_TILES, type LostValleyMap, type MarkerKind } from './model.ts';
import { TILE_SET } from './tiles.ts';

const printedById = new Map(
  [TILE_SET.start, ...TILE_SET.river, ...TILE_SET.land, ...TILE_SET.triangles, TILE_SET.spring].map((t) => [t.id, t] as const),
);

const asEdge = (e: [readonly number[], readonly number[]]): Edge => edge([e[0][0]!, e[0][1]!] as Vertex, [e[1][0]!, e[1][1]!] as Vertex);

/**
 * The invariants of a waterfall landscape: tiles never overlap, diamonds are two edge-adjacent
 * faces, the river runs unbroken from the waterfall to the spring and never into land, all 32
 * land tiles are down, no enclosed hole is left, markers match the printed symbols and the supply,
 * and there are two fords, both tile edges.
 */
export function validateLostValley(map: LostValleyMap): Problem[] {
  const problems: Problem[] = [];
  const add = (rule: string, message: string, at?: string) => problems.push(at === undefined ? { rule, message } : { rule, message, at });
  const owner = new Map<string, number>();
  const byId = new Map<string, number>();

  map.tiles.forEach((tile, i) => {
    if (byId.has(tile.id)) add('duplicate-tile', `tile id ${tile.id} is used twice`, `tiles[${i}].id`);
    byId.set(tile.id, i);
    for (const [k, f] of tile.faces.entries()) {
      if (!isFace(f)) {
        add('face', `tile ${tile.id} has a face ${JSON.stringify(f)} that is not a lattice triangle`, `tiles[${i}].faces[${k}]`);
        continue;
      }
      const key = faceKey(f);
      const other = owner.get(key);
      if (other !== undefined)
        add(
          'overlap',
          `tile ${tile.id} covers face [${f.join(', ')}], already covered by ${map.tiles[other]!.id}`,
          `tiles[${i}].faces[${k}]`,
        );
      else owner.set(key, i);
    }
    const expected = tile.kind === 'river' || tile.kind === 'land' ? 2 : tile.kind === 'start' ? undefined : 1;
    if (expected !== undefined && tile.faces.length !== expected)
      add(
        'shape',
        `${tile.kind} tile ${tile.id} must cover ${expected} face${expected === 1 ? '' : 's'}, not ${tile.faces.length}`,
        `tiles[${i}].faces`,
      );
    if (
      expected === 2 &&
      tile.faces.length === 2 &&
      tile.faces.every(isFace) &&
      !sharedEdge(tile.faces[0] as Face, tile.faces[1] as Face)
    ) {
      add('diamond', `diamond ${tile.id} covers two faces that do not share an edge`, `tiles[${i}].faces`);
    }
  });

  const land = map.tiles.filter((t) => t.kind === 'land').length;
  if (land !== LAND_TILES) add('land-count', `${land} land diamonds are placed; exploration ends when all ${LAND_TILES} are`, 'tiles');

  // The river: consecutive river tiles meet across the recorded crossing, never onto land.
  const river = map.river.map((id) => byId.get(id));
  if (river.some((i) => i === undefined)) add('river', 'the river names a tile that does not exist', 'river');
  const first = map.tiles[river[0] ?? -1];
  const last = map.tiles[river[river.length - 1] ?? -1];
  if (first?.kind !== 'start') add('river', 'the river must begin at the trading post piece (the waterfall)', 'river[0]');
  if (last?.kind !== 'spring') add('river', 'the river must end at the spring', `river[${map.river.length - 1}]`);
  for (let k = 1; k < river.length; k++) {
    const a = map.tiles[river[k - 1]!];
    const b = map.tiles[river[k]!];
    if (!a || !b) continue;
    if (b.kind !== 'river' && b.kind !== 'spring') add('river', `river step ${k} is ${b.id}, a ${b.kind} tile`, `river[${k}]`);
    const touching = a.faces.some((f) => b.faces.some((g) => isFace(f) && isFace(g) && sharedEdge(f, g)));
    if (!touching) add('river', `the river breaks between ${a.id} and ${b.id}: they share no edge`, `river[${k}]`);
  }
  const riverTiles = new Set(map.river);
  for (const [k, e] of map.riverCrossings.entries()) {
    for (const f of edgeFaces(asEdge(e))) {
      const i = owner.get(faceKey(f));
      if (i === undefined || !riverTiles.has(map.tiles[i]!.id)) {
        add(
          'river-into-land',
          `the river crosses edge ${JSON.stringify(e)} into ${i === undefined ? 'nothing' : `${map.tiles[i]!.kind} tile ${map.tiles[i]!.id}`}`,
          `riverCrossings[${k}]`,
        );
        break;
      }
    }
  }

  if (map.fords.length !== 2) add('fords', `there must be two fords, not ${map.fords.length}`, 'fords');
  const crossingKeys = new Set(map.riverCrossings.map((e) => edgeKey(asEdge(e))));
  map.fords.forEach((f, k) => {
    if (!crossingKeys.has(edgeKey(asEdge(f)))) add('fords', `ford ${k} is not an edge the river crosses`, `fords[${k}]`);
    // Prospectors walk tile edges only: a ford inside a diamond could never be walked.
    const [i, j] = edgeFaces(asEdge(f)).map((g) => owner.get(faceKey(g)));
    if (i !== undefined && i === j) add('fords', `ford ${k} runs inside tile ${map.tiles[i]!.id}, not along a tile edge`, `fords[${k}]`);
  });

  // No enclosed hole: an empty face in the landscape whose three neighbours are all covered or off the board.
  const seen = new Set<string>();
  for (const tile of map.tiles) {
    for (const f of tile.faces) {
      if (!isFace(f)) continue;
      for (const g of faceNeighbours(f)) {
        const key = faceKey(g);
        if (seen.has(key) || owner.has(key) || !inPlay(g)) continue;
        seen.add(key);
        if (faceNeighbours(g).every((h) => owner.has(faceKey(h)) || !inPlay(h)))
          add('hole', `face [${g.join(', ')}] is an enclosed hole`, 'tiles');
      }
    }
  }

  // Markers: per tile exactly the printed symbols; overall within the supply.
  const count = new Map<string, number>();
  map.markers.forEach((m, k) => {
    const i = byId.get(m.tile);
    if (i === undefined) add('marker', `marker ${k} lies on unknown tile ${m.tile}`, `markers[${k}].tile`);
    count.set(`${m.tile}|${m.kind}`, (count.get(`${m.tile}|${m.kind}`) ?? 0) + 1);
  });
  for (const tile of map.tiles) {
    const printed = printedById.get(tile.printed);
    if (!printed) {
      add('printed', `tile ${tile.id} names printed tile ${tile.printed}, which the set does not have`, 'tiles');
      continue;
    }
    for (const kind of ['rivergold', 'mountaingold', 'animal', 'event'] as MarkerKind[]) {
      const want = printed.symbols[kind] ?? 0;
      const got = count.get(`${tile.id}|${kind}`) ?? 0;
      if (want !== got)
        add(
          'marker',
          `tile ${tile.id} (${tile.printed}) shows ${want} ${kind} symbol${want === 1 ? '' : 's'} but carries ${got} marker${got === 1 ? '' : 's'}`,
          'markers',
        );
    }
  }
  for (const kind of ['rivergold', 'mountaingold', 'animal', 'event'] as MarkerKind[]) {
    const supply = TILE_SET.markers[kind];
    const used = new Map<string, number>();
    for (const m of map.markers) if (m.kind === kind) used.set(String(m.value ?? m.type), (used.get(String(m.value ?? m.type)) ?? 0) + 1);
    for (const [value, n] of used) {
      if (n > (supply[value] ?? 0))
        add('marker-supply', `${n} ${kind} markers of ${value}; the supply has ${supply[value] ?? 0}`, 'markers');
    }
  }
  const printedUsed = new Map<string, number>();
  for (const t of map.tiles) printedUsed.set(t.printed, (printedUsed.get(t.printed) ?? 0) + 1);
  for (const [id, n] of printedUsed) if (n > 1) add('printed', `printed tile ${id} is placed ${n} times`, 'tiles');
  return problems;
}
