import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildScoredMap } from '../../../core/maps.ts';
import type { Point, Scene, SceneItem } from '../../../core/scene.ts';
import { sceneToPng } from '../../../formats/png-document.ts';
import { sheetArea } from '../../../formats/print-layout.ts';
import { lostValley } from '../index.ts';
import type { LostValleyMap } from '../model.ts';

/**
 * The kit's cut tiles printed on a greyscale printer: each sheet of tile fronts is drawn to PNG,
 * turned grey, and drawn again without the ground marks; where the two differ is the mark as
 * printed. Every tile's mark must stand out from its fill, and each mark's shape alone must say
 * its ground, since two fills (tundra, riverside) come out nearly the same grey.
 */

type Group = Extract<SceneItem, { kind: 'group' }>;
const DPI = 200;
/** Grey levels (of 255) from the fill beneath at which a pixel is part of the printed mark. */
const INKED = 30;
/** Grey levels from the fill a mark's strokes must reach to read at a glance. */
const CONTRAST = 60;
const GROUNDS = ['forest', 'lake', 'mountain', 'riverside', 'tundra'];

const isGroup = (i: SceneItem): i is Group => i.kind === 'group';
const withoutMarks = (items: SceneItem[]): SceneItem[] =>
  items.filter((i) => !(isGroup(i) && i.role === 'ground-mark')).map((i) => (isGroup(i) ? { ...i, items: withoutMarks(i.items) } : i));

async function grey(scene: Scene): Promise<{ px: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(await sceneToPng(scene, { dpi: DPI }))
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(1);
  return { px: data, width: info.width, height: info.height };
}

interface Mark {
  tile: number;
  terrain: string;
  /** The mark's printed pixels, as offsets from its centre's pixel. */
  pixels: Set<string>;
  /** How many of them differ from the fill by CONTRAST or more. */
  strong: number;
}

/** Every mark of every tile on one fronts sheet, as printed in grey. */
async function marksOn(
  sheet: Scene,
  terrainOf: Map<number, string>,
): Promise<{ marks: Mark[]; tiles: number[]; fills: Map<string, number[]> }> {
  const [on, off] = await Promise.all([grey(sheet), grey({ ...sheet, items: withoutMarks(sheet.items) })]);
  const perMm = on.width / sheet.width;
  const marks: Mark[] = [];
  const tiles: number[] = [];
  const fills = new Map<string, number[]>();
  for (const tile of sheet.items.filter((i): i is Group => isGroup(i) && i.role === 'tile')) {
    const order = Number(tile.data!.order);
    const terrain = terrainOf.get(order)!;
    tiles.push(order);
    for (const mark of tile.items.filter((i): i is Group => isGroup(i) && i.role === 'ground-mark')) {
      const pts: Point[] = mark.items.flatMap((i) => ('points' in i ? i.points : []));
      const x0 = Math.min(...pts.map((p) => p.x)) - 1;
      const x1 = Math.max(...pts.map((p) => p.x)) + 1;
      const y0 = Math.min(...pts.map((p) => p.y)) - 1;
      const y1 = Math.max(...pts.map((p) => p.y)) + 1;
      const cx = Math.round(((x0 + x1) / 2) * perMm);
      const cy = Math.round(((y0 + y1) / 2) * perMm);
      const pixels = new Set<string>();
      let strong = 0;
      for (let y = Math.floor(y0 * perMm); y <= Math.ceil(y1 * perMm); y++)
        for (let x = Math.floor(x0 * perMm); x <= Math.ceil(x1 * perMm); x++) {
          const k = y * on.width + x;
          const d = Math.abs(on.px[k]! - off.px[k]!);
          if (d >= INKED) pixels.add(`${x - cx} ${y - cy}`);
          if (d >= CONTRAST) strong++;
          else if (on.px[k] === off.px[k]) {
            if (!fills.has(terrain)) fills.set(terrain, []);
            fills.get(terrain)!.push(off.px[k]!);
          }
        }
      marks.push({ tile: order, terrain, pixels, strong });
    }
  }
  return { marks, tiles, fills };
}

/** How alike two printed marks are: pixels in both over pixels in either. */
function likeness(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const p of a) if (b.has(p)) both++;
  return both / (a.size + b.size - both);
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

describe('Lost Valley kit tiles in greyscale', () => {
  let map: LostValleyMap;
  let found: Awaited<ReturnType<typeof marksOn>>[];
  beforeAll(async () => {
    map = buildScoredMap(lostValley, '42', {}) as unknown as LostValleyMap;
    const sheets = lostValley.sheets!(map as never, { theme: 'print', labels: true, hexSize: 20 }, sheetArea('a4'));
    const fronts = sheets.filter((s) => /^tiles .*\(fronts/.test(s.title));
    expect(fronts.length).toBeGreaterThan(1);
    const terrainOf = new Map(map.tiles.map((t) => [t.order, t.terrain]));
    found = [];
    // One sheet at a time: two A4 rasters at 200 dpi are enough to hold at once.
    for (const sheet of fronts) found.push(await marksOn(sheet, terrainOf));
  }, 120_000);

  it('prints a mark on every tile but the spring that stands out from its fill in grey', () => {
    const marks = found.flatMap((f) => f.marks);
    const tiles = found.flatMap((f) => f.tiles);
    expect(tiles).toHaveLength(map.tiles.length);
    for (const t of map.tiles) {
      if (t.terrain === 'spring') continue;
      const mine = marks.filter((m) => m.tile === t.order);
      expect(mine.length, `tile ${t.order}`).toBeGreaterThan(0);
      // Strokes a third of a millimetre wide, some 3 pixels at 200 dpi, a centimetre or more long
      // in all: their cores must reach CONTRAST (a dark fir on forest reached it in 4 pixels).
      expect(Math.max(...mine.map((m) => m.strong)), `tile ${t.order} (${t.terrain})`).toBeGreaterThan(60);
    }
    expect(new Set(marks.map((m) => m.terrain))).toEqual(new Set(GROUNDS));
  });

  it('tells every ground by its mark alone, though tundra and riverside are nearly one grey', () => {
    const fill = (g: string) => median(found.flatMap((f) => f.fills.get(g) ?? []));
    // Why the marks are needed: these two fills are within a few grey levels of each other.
    expect(Math.abs(fill('tundra') - fill('riverside'))).toBeLessThan(10);
    const marks = found.flatMap((f) => f.marks);
    // Each ground's reference is its most complete mark (one no river or stone lies over).
    const reference = new Map(
      GROUNDS.map((g) => [g, marks.filter((m) => m.terrain === g).reduce((a, b) => (b.pixels.size > a.pixels.size ? b : a))]),
    );
    // Every whole mark on the sheets overlaps its own ground's reference well and every other
    // ground's little (seed 42: at least 0.66 against at most 0.36).
    let told = 0;
    for (const m of marks) {
      if (m.pixels.size < 0.85 * reference.get(m.terrain)!.pixels.size) continue;
      for (const g of GROUNDS)
        if (g === m.terrain) expect(likeness(m.pixels, reference.get(g)!.pixels), `tile ${m.tile}`).toBeGreaterThan(0.55);
        else expect(likeness(m.pixels, reference.get(g)!.pixels), `tile ${m.tile} (${m.terrain}) against ${g}`).toBeLessThan(0.45);
      told++;
    }
    expect(told).toBeGreaterThan(map.tiles.length);
  });
});
