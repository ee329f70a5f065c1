import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildScoredMap } from '../../../core/maps.ts';
import type { Point, Scene, SceneItem } from '../../../core/scene.ts';
import { DEFAULT_RENDER_LIMITS } from '../../../formats/format.ts';
import { findFormat } from '../../../formats/index.ts';
import { sheetArea } from '../../../formats/print-layout.ts';
import { formatParams, renderRequest } from '../../../formats/render.ts';
import { lostValley } from '../index.ts';
import { edgeKey, faceEdges, isFace, type Face } from '../../../geometry/trilattice/lattice.ts';
import type { LostValleyMap, LvTile } from '../model.ts';
import { PAD_MM } from '../table-pieces.ts';

/**
 * Lost Valley's Tabletop Simulator export set up as the kit plays it (docs/tabletop.md): the post
 * face up and locked in its place, every other tile face down in its place, the spring and the
 * ice block beside the post, the markers face down in piles by tile, and every piece the kit's
 * size in millimetres at the scale the page states.
 */

interface Obj {
  Nickname: string;
  Description: string;
  Locked: boolean;
  Transform: { posX: number; posY: number; posZ: number; rotX: number; rotY: number; rotZ: number; scaleX: number; scaleZ: number };
  CustomImage: { ImageURL: string; ImageSecondaryURL: string; CustomTile: { Type: number; Stretch: boolean } };
  Tags: string[];
}
type Group = Extract<SceneItem, { kind: 'group' }>;

const MM_PER_UNIT = 25.4;
/** The millimetres a scale-1 piece's longer side spans, as docs/tabletop.md states it. */
const STATED = Number(
  /longer side in millimetres over ([\d.]+)/.exec(readFileSync(new URL('../../../../docs/tabletop.md', import.meta.url), 'utf8'))![1],
);

const pointsOf = (items: SceneItem[]): Point[] =>
  items.flatMap((i) =>
    i.kind === 'group'
      ? pointsOf(i.items)
      : i.kind === 'polygon'
        ? i.points
        : i.kind === 'circle'
          ? [
              { x: i.centre.x - i.radius, y: i.centre.y - i.radius },
              { x: i.centre.x + i.radius, y: i.centre.y + i.radius },
            ]
          : [],
  );
const span = (pts: Point[]) => ({
  w: Math.max(...pts.map((p) => p.x)) - Math.min(...pts.map((p) => p.x)),
  h: Math.max(...pts.map((p) => p.y)) - Math.min(...pts.map((p) => p.y)),
});
const groups = (items: SceneItem[], role: string): Group[] =>
  items.flatMap((i) => (i.kind !== 'group' ? [] : i.role === role ? [i] : groups(i.items, role)));

describe.each(['42', '7'])('Lost Valley seed %s on the virtual table', (seed) => {
  let map: LostValleyMap;
  let objects: Obj[];
  let sheets: Scene[];
  const byName = (name: string) => objects.find((o) => o.Nickname === name)!;
  const tileObj = (order: number) => objects.find((o) => o.Nickname === (order === 0 ? 'Trading post (tile 0)' : `Tile ${order}`))!;

  beforeAll(async () => {
    map = buildScoredMap(lostValley, seed, {}) as unknown as LostValleyMap;
    const format = findFormat('tts')!;
    const params = formatParams(format, { baseUrl: 'https://maps.example.org' });
    const { body } = await format.render(renderRequest(format, lostValley, map as never, params, DEFAULT_RENDER_LIMITS));
    objects = (JSON.parse(String(body)) as { ObjectStates: Obj[] }).ObjectStates;
    // The kit at its default size: hexSize 20 (the largest that fits A4 and Letter, kit.ts).
    sheets = lostValley.sheets!(map as never, { theme: 'print', labels: true, hexSize: 20 }, sheetArea('a4'));
  });

  it('lays the post face up and locked, every other tile but the spring face down and free in its place', () => {
    const spring = map.tiles.find((t) => t.kind === 'spring')!;
    const post = tileObj(0);
    expect([post.Transform.rotZ, post.Locked]).toEqual([0, true]);
    const waiting = map.tiles.filter((t) => t.order > 0 && t !== spring);
    expect(waiting.length).toBe(map.tiles.length - 2);
    for (const t of waiting) {
      const o = tileObj(t.order);
      expect([o.Transform.rotX, o.Transform.rotZ, o.Locked], `tile ${t.order}`).toEqual([0, 180, false]);
      expect(o.CustomImage.ImageSecondaryURL).toContain('side=back');
      expect(o.CustomImage.ImageSecondaryURL).toContain(`piece=tile-${t.order}&`);
    }
    // In its place: as far from the post, in 25.4 mm units, as the kit's lattice puts it.
    const mm = (a: Obj, b: Obj) => Math.hypot(a.Transform.posX - b.Transform.posX, a.Transform.posZ - b.Transform.posZ) * MM_PER_UNIT;
    const lattice = lostValley.tablePieces!(map as never, { theme: 'print', labels: true, hexSize: 20 });
    const at = (id: string) => lattice.find((p) => p.id === id)!.at;
    for (const t of waiting) {
      const [a, b] = [at('tile-0'), at(`tile-${t.order}`)];
      expect(mm(post, tileObj(t.order))).toBeCloseTo(Math.hypot(a.x - b.x, a.y - b.y), 2);
    }
  });

  it('puts the spring face up and the ice block beside the post, below the landscape, on no tile', () => {
    const spring = map.tiles.find((t) => t.kind === 'spring')!;
    const s = byName(`Spring (tile ${spring.order})`);
    const ice = byName('Ice block');
    expect([s.Transform.rotZ, s.Locked, ice.Transform.rotZ, ice.Locked]).toEqual([0, false, 0, false]);
    // The post's side of the landscape is the near edge, −Z.
    const landscape = objects.filter((o) => o.Tags.includes('tile') && o !== s);
    const nearest = Math.min(...landscape.map((o) => o.Transform.posZ));
    const post = tileObj(0);
    for (const o of [s, ice]) {
      expect(o.Transform.posZ).toBeLessThan(nearest);
      expect(Math.abs(o.Transform.posX - post.Transform.posX)).toBeLessThan(6);
    }
    expect(ice.Transform.posX).toBeGreaterThan(s.Transform.posX);
    // Not on the spring: it goes there when the last land tile is down.
    expect(ice.Description).toMatch(/when the last land tile is down/);
    // Its description names the tiles beside its place: those it shares an edge with.
    const named = /gap beside tiles? ([\d and]+) at/.exec(s.Description)![1]!.split(' and ').map(Number);
    const edges = (t: LvTile) => (t.faces.filter(isFace) as Face[]).flatMap((f) => faceEdges(f).map(edgeKey));
    const mine = new Set(edges(spring));
    const beside = map.tiles.filter((t) => t !== spring && edges(t).some((e) => mine.has(e))).map((t) => t.order);
    expect(named).toEqual(beside.sort((a, b) => a - b));
    expect(named.length).toBeGreaterThan(0);
  });

  it('piles the markers face down by tile, one pile per tile right of the landscape, backs naming the tile', () => {
    const markers = objects.filter((o) => o.Tags.includes('token') && o.Nickname.endsWith('marker'));
    expect(markers).toHaveLength(map.markers.length);
    const order = new Map(map.tiles.map((t) => [t.id, t.order]));
    const pieces = lostValley.tablePieces!(map as never, { theme: 'print', labels: true, hexSize: 20 });
    const piles = new Map<string, Set<number>>();
    map.markers.forEach((m, i) => {
      const o = markers.find((x) => x.CustomImage.ImageURL.includes(`piece=marker-${i + 1}&`))!;
      expect(o.Transform.rotZ).toBe(180);
      const key = `${o.Transform.posX} ${o.Transform.posZ}`;
      piles.set(key, (piles.get(key) ?? new Set()).add(order.get(m.tile)!));
      const back = pieces.find((p) => p.id === `marker-${i + 1}`)!.back!;
      expect(JSON.stringify(back.items)).toContain(`"text":"tile ${order.get(m.tile)}"`);
    });
    // One tile's markers to a pile, every pile one tile's, all right of every tile.
    for (const tiles of piles.values()) expect(tiles.size).toBe(1);
    expect(piles.size).toBe(new Set(map.markers.map((m) => m.tile)).size);
    const right = Math.max(...objects.filter((o) => o.Tags.includes('tile')).map((o) => o.Transform.posX));
    for (const o of markers) expect(o.Transform.posX).toBeGreaterThan(right);
  });

  it('sizes every piece as the kit prints it, at the stated scale', () => {
    expect(STATED).toBeCloseTo(2 * MM_PER_UNIT, 9);
    const mmOf = (o: Obj) => o.Transform.scaleX * STATED;
    for (const o of objects) expect(o.Transform.scaleZ).toBe(o.Transform.scaleX);
    // Tiles: the kit's cut outline, plus the picture's margin round it.
    const kitTiles = groups(
      sheets.filter((s) => /\(fronts/.test(s.title)).flatMap((s) => s.items),
      'tile',
    );
    expect(kitTiles).toHaveLength(map.tiles.length);
    for (const g of kitTiles) {
      const { w, h } = span(pointsOf(g.items.filter((i) => i.kind === 'polygon')));
      const o = tileObj(Number(g.data!.order)) ?? byName(`Spring (tile ${g.data!.order})`);
      expect(mmOf(o), `tile ${g.data!.order}`).toBeCloseTo(Math.max(w, h) + 2 * PAD_MM, 2);
      expect([o.CustomImage.CustomTile.Type, o.CustomImage.CustomTile.Stretch]).toEqual([0, false]);
    }
    // Markers: the kit's discs (the outline circle of each front).
    const discs = groups(
      sheets.flatMap((s) => s.items),
      'marker',
    ).map((g) => span(pointsOf([g.items[1]!])).w);
    expect(new Set(discs.map((d) => d.toFixed(3)))).toEqual(new Set(['17.000']));
    for (const o of objects.filter((x) => x.Nickname.endsWith('marker'))) expect(mmOf(o)).toBeCloseTo(discs[0]!, 2);
    // The ice block: the kit's square.
    const [ice] = groups(
      sheets.flatMap((s) => s.items),
      'ice-block',
    );
    const side = span(pointsOf(ice!.items.slice(0, 1)));
    expect(side.w).toBeCloseTo(side.h, 9);
    expect(mmOf(byName('Ice block'))).toBeCloseTo(side.w, 2);
  });
});
