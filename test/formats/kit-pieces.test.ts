import { describe, expect, it } from 'vitest';
import { buildScoredMap, type ScoredMap } from '../../src/core/maps.ts';
import type { Point, Scene, SceneItem } from '../../src/core/scene.ts';
import { DEFAULT_RENDER_LIMITS } from '../../src/formats/format.ts';
import { pdfFormat } from '../../src/formats/pdf.ts';
import { formatParams, renderRequest } from '../../src/formats/render.ts';
import { GAMES } from '../../src/games/index.ts';
import type { GoldCityMap } from '../../src/games/gold-city/model.ts';
import type { LostValleyMap } from '../../src/games/lost-valley/model.ts';
import { pdfText } from '../support/pdf-text.ts';

/** What poppler reads out of a PDF, one string per page (form feeds split them). */
const pagesText = async (pdf: Buffer, args: string[] = ['-layout']): Promise<string[]> => (await pdfText(pdf, args)).split('\f');

async function render(gameId: string, seed: string, query: Record<string, string>) {
  const game = GAMES.find((g) => g.id === gameId)!;
  const map = buildScoredMap(game, seed, {});
  const request = renderRequest(pdfFormat, game, map, formatParams(pdfFormat, query), DEFAULT_RENDER_LIMITS);
  const { body } = await pdfFormat.render!(request);
  return { pdf: body as Buffer, sheets: request.sheets ?? [], map: map as ScoredMap };
}

const words = (page: string) => new Set(page.split(/[\s,.;:()]+/).filter(Boolean));

function groups(items: readonly SceneItem[], role: string): Array<Extract<SceneItem, { kind: 'group' }>> {
  return items.flatMap((it) => (it.kind !== 'group' ? [] : [...(it.role === role ? [it] : []), ...groups(it.items, role)]));
}

function texts(items: readonly SceneItem[]): Array<Extract<SceneItem, { kind: 'text' }>> {
  return items.flatMap((it) => (it.kind === 'text' ? [it] : it.kind === 'group' ? texts(it.items) : []));
}

/** Distance from p to the segment a–b. */
function toSegment(p: Point, [a, b]: [Point, Point]): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Whether p is inside a polygon (even-odd). */
function inPolygon(p: Point, poly: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** A tile's cut line and its face triangles, from its group on a fronts sheet. */
function tileShape(tile: Extract<SceneItem, { kind: 'group' }>) {
  const faces = tile.items
    .filter((it): it is Extract<SceneItem, { kind: 'polygon' }> => it.kind === 'polygon' && it.points.length === 3)
    .map((f) => f.points);
  const cut = tile.items.find((it): it is Extract<SceneItem, { kind: 'segments' }> => it.kind === 'segments')!.segments;
  const inside = (c: Point, r: number) => faces.some((f) => inPolygon(c, f)) && cut.every((s) => toSegment(c, s) >= r);
  return { faces, cut, inside };
}

describe('Lost Valley kit: buildable from the sheets alone', async () => {
  const { pdf, sheets, map: scored } = await render('lost-valley', '42', { layout: 'kit', paper: 'a4' });
  const map = scored as unknown as LostValleyMap;
  const pages = await pagesText(pdf);
  const fronts = sheets.map((s, i) => ({ s, i })).filter(({ s }) => s.title.includes('(fronts') && s.title.startsWith('tiles'));

  it('numbers every tile on the setup picture, matching the cut tiles', () => {
    const picture = groups(sheets[0]!.items, 'landscape')[0]!;
    const numbers = texts(picture.items).map((t) => t.text);
    for (const t of map.tiles) expect(numbers, `tile ${t.order}`).toContain(String(t.order));
    // And the setup page's words are text: the also-needed list with the die and the supply.
    expect(pages[0]).toContain('Also needed');
    expect(pages[0]).toMatch(/six-sided die/);
  });

  it('prints each tile number inside its own cut tile, on the page that tile is on', () => {
    let seen = 0;
    for (const { s, i } of fronts) {
      const read = words(pages[i]!);
      for (const tile of groups(s.items, 'tile')) {
        const order = tile.data!.order!;
        const shape = tileShape(tile);
        const number = texts(tile.items).find((t) => t.text === order);
        expect(number, `tile ${order}`).toBeDefined();
        expect(shape.inside(number!.at, number!.size * 0.5), `tile ${order}'s number is inside its cut line`).toBe(true);
        expect(read.has(order), `tile ${order} on page ${i + 1}`).toBe(true);
        seen++;
      }
    }
    expect(seen).toBe(map.tiles.length);
  });

  it("prints each ford once, every stone wholly inside its tile's cut outline", () => {
    const found: string[] = [];
    for (const { s } of fronts) {
      for (const tile of groups(s.items, 'tile')) {
        const shape = tileShape(tile);
        for (const ford of groups(tile.items, 'ford')) {
          found.push(ford.data!.ford!);
          for (const stone of ford.items) {
            if (stone.kind !== 'circle') continue;
            expect(
              shape.inside(stone.centre, stone.radius + (stone.strokeWidth ?? 0) / 2),
              `ford ${ford.data!.ford} on tile ${tile.data!.order}`,
            ).toBe(true);
          }
        }
      }
    }
    expect(found.sort()).toEqual(map.fords.map((_, k) => String(k + 1)));
  });

  it('has a marker for every marker the landscape lays, each back behind its front naming its tile, and the ice block', () => {
    const frontSheet = sheets.find((s) => s.title.startsWith('markers') && s.title.includes('(fronts'))!;
    const backSheet = sheets.find((s) => s.title.startsWith('markers') && s.title.includes('(backs'))!;
    const fs = groups(frontSheet.items, 'marker');
    const bs = groups(backSheet.items, 'marker-back');
    expect(fs).toHaveLength(map.markers.length);
    expect(bs).toHaveLength(map.markers.length);
    const order = new Map(map.tiles.map((t) => [t.id, String(t.order)]));
    expect(fs.map((g) => g.data!.tile).sort()).toEqual(map.markers.map((m) => order.get(m.tile)!).sort());
    fs.forEach((f, k) => {
      const front = f.items.find((it) => it.kind === 'circle')! as Extract<SceneItem, { kind: 'circle' }>;
      const back = bs[k]!.items.find((it) => it.kind === 'circle')! as Extract<SceneItem, { kind: 'circle' }>;
      // Mirrored about the sheet's middle (the PDF centres the sheet on the page), and bled.
      expect(front.centre.x + back.centre.x).toBeCloseTo(frontSheet.width, 6);
      expect(back.centre.y).toBeCloseTo(front.centre.y, 6);
      expect(back.radius).toBeGreaterThan(front.radius);
      expect(texts(bs[k]!.items).map((t) => t.text)).toContain(`tile ${f.data!.tile}`);
    });
    expect(groups(frontSheet.items, 'ice-block')).toHaveLength(1);
    expect(groups(backSheet.items, 'ice-block-back')).toHaveLength(1);
  });

  it('puts every fronts sheet on the front of a page printed double-sided, its backs behind it, and prints the price list', () => {
    sheets.forEach((s, i) => {
      if (s.title.includes('(fronts')) {
        expect(i % 2, `${s.title} is sheet ${i + 1}`).toBe(0);
        expect(sheets[i + 1]!.title).toMatch(/\(backs/);
      }
    });
    expect(sheets[1]!.title).toBe('price and cost list');
    expect(pages[1]).toMatch(/horse: 4 \+ X/);
  });

  it('has a prospector per player colour, for the largest table', () => {
    const all = sheets.flatMap((s) => groups(s.items, 'prospector'));
    expect(all.map((g) => g.data!.colour)).toEqual(['red', 'blue', 'yellow', 'black']);
    expect(all.length).toBeGreaterThanOrEqual(4);
  });

  it("prints duplex backs behind their fronts on paper: the ice block's words mirror about the page middle", async () => {
    const html = (await pagesText(pdf, ['-bbox'])).join('');
    const width = Number(/<page width="([\d.]+)"/.exec(html)![1]);
    const boxes = html
      .split('<page ')
      .slice(1)
      .map((p) =>
        [
          ...p.matchAll(/<word xMin="([\d.]+)"[^>]*>ICE<\/word>\s*<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>BLOCK<\/word>/g),
        ].map((m) => (Number(m[1]) + Number(m[2])) / 2),
      );
    const withIce = boxes.map((xs, i) => ({ xs, i })).filter(({ xs }) => xs.length > 0);
    expect(withIce).toHaveLength(2);
    expect(withIce[1]!.i).toBe(withIce[0]!.i + 1);
    expect(withIce[0]!.xs[0]! + withIce[1]!.xs[0]!).toBeCloseTo(width, 0);
  });
});

describe('Lost Valley kit over more landscapes', () => {
  it('every ford once and whole inside its tile, every tile number inside its tile, every marker on the sheet (seeds a, b, c, 7; two players, short river)', () => {
    const game = GAMES.find((g) => g.id === 'lost-valley')!;
    for (const [seed, options] of [
      ['a', {}],
      ['b', {}],
      ['c', {}],
      ['7', {}],
      ['b', { players: 2, river: 3 }],
    ] as const) {
      const map = buildScoredMap(game, seed, options) as unknown as LostValleyMap;
      const sheets = renderRequest(
        pdfFormat,
        game,
        map as unknown as ScoredMap,
        formatParams(pdfFormat, { layout: 'kit', paper: 'a4' }),
        DEFAULT_RENDER_LIMITS,
      ).sheets!;
      const tiles = sheets
        .filter((s) => s.title.startsWith('tiles') && s.title.includes('(fronts'))
        .flatMap((s) => groups(s.items, 'tile'));
      expect(
        tiles.map((t) => Number(t.data!.order)).sort((x, y) => x - y),
        seed,
      ).toEqual(map.tiles.map((t) => t.order).sort((x, y) => x - y));
      const fords: string[] = [];
      for (const tile of tiles) {
        const shape = tileShape(tile);
        const number = texts(tile.items).find((t) => t.text === tile.data!.order)!;
        expect(shape.inside(number.at, number.size * 0.5), `${seed} tile ${tile.data!.order}`).toBe(true);
        for (const ford of groups(tile.items, 'ford')) {
          fords.push(ford.data!.ford!);
          for (const stone of ford.items)
            if (stone.kind === 'circle')
              expect(shape.inside(stone.centre, stone.radius + (stone.strokeWidth ?? 0) / 2), `${seed} ford ${ford.data!.ford}`).toBe(true);
        }
      }
      expect(fords.sort(), seed).toEqual(map.fords.map((_, k) => String(k + 1)));
      expect(
        sheets.flatMap((s) => groups(s.items, 'marker')),
        seed,
      ).toHaveLength(map.markers.length);
      expect(
        sheets.flatMap((s) => groups(s.items, 'prospector')),
        seed,
      ).toHaveLength(4);
      sheets.forEach(
        (s, i) =>
          s.title.includes('(fronts') && expect(i % 2 === 0 && /\(backs/.test(sheets[i + 1]!.title), `${seed}: ${s.title}`).toBe(true),
      );
    }
  });
});

describe('Gold City kit: every piece names itself, the kit names what it lacks', async () => {
  const { pdf, sheets, map: scored } = await render('gold-city', '42', { layout: 'kit', paper: 'a4' });
  const map = scored as unknown as GoldCityMap;
  const pages = await pagesText(pdf);

  it("prints each piece's own id inside the piece, on its own page", () => {
    map.pieces.forEach((p, i) => {
      const sheet: Scene = sheets[i + 1]!;
      expect(sheet.title).toBe(`piece ${p.id}`);
      const badge = groups(sheet.items, 'piece-id');
      expect(badge).toHaveLength(1);
      const label = texts(badge[0]!.items)[0]!;
      expect(label.text).toBe(p.id);
      const disc = badge[0]!.items.find((it) => it.kind === 'circle') as Extract<SceneItem, { kind: 'circle' }>;
      const cut = sheet.items
        .filter((it): it is Extract<SceneItem, { kind: 'segments' }> => it.kind === 'segments' && it.strokeWidth === 0.6)
        .flatMap((it) => it.segments);
      const hexes = sheet.items
        .filter((it): it is Extract<SceneItem, { kind: 'polygon' }> => it.kind === 'polygon' && it.points.length === 6)
        .map((h) => h.points);
      expect(
        hexes.some((h) => inPolygon(disc.centre, h) || h.some((_, k) => toSegment(disc.centre, [h[k]!, h[(k + 1) % 6]!]) < 1e-6)),
        `${p.id}'s badge is on the piece`,
      ).toBe(true);
      for (const seg of cut) expect(toSegment(disc.centre, seg)).toBeGreaterThan(disc.radius);
      expect(words(pages[i + 1]!).has(p.id)).toBe(true);
    });
  });

  it("says on the assembly sheet what else is needed: the base game's cards, market and pawns", () => {
    const first = pages[0]!.replace(/\s+/g, ' ');
    expect(first).toContain('Also needed');
    expect(first).toMatch(/starting deck of eight cards/);
    expect(first).toMatch(/market cards and market board/);
    expect(first).toMatch(/a pawn per player/);
  });

  it('names every cave C1… on the board picture, as the cave tokens do', () => {
    const game = GAMES.find((g) => g.id === 'gold-city')!;
    const scene = game.scene(scored, { theme: 'print', labels: true, hexSize: 20 });
    const ids = texts(scene.items).map((t) => t.text);
    expect((map.caves ?? []).length).toBeGreaterThan(0);
    (map.caves ?? []).forEach((_, i) => expect(ids).toContain(`C${i + 1}`));
    const cut = texts(sheets[sheets.length - 1]!.items).map((t) => t.text);
    (map.caves ?? []).forEach((_, i) => expect(cut).toContain(`cave C${i + 1}`));
  });
});

describe('the A4 poster: its legend page shows how the pages fit together', () => {
  it('lost-valley: the title and legend come off the tiled board, the legend page maps its pages', async () => {
    const { pdf } = await render('lost-valley', '42', { paper: 'a4', size: 'true' });
    const pages = (await pagesText(pdf)).filter((p) => p.trim());
    expect(pages).toHaveLength(3);
    expect(pages[2]).toContain('How the pages fit together');
    expect(pages[2]).toMatch(/p\. 1\b[\s\S]*p\. 2\b|p\. 2\b[\s\S]*p\. 1\b/);
    expect(pages[0]).toContain('Lost Valley · seed 42 · difficulty');
  });

  it('gold-city: draws every printed page in a map, numbered as its header, as real text', async () => {
    const { pdf } = await render('gold-city', '42', { paper: 'a4', size: 'true' });
    const pages = (await pagesText(pdf)).filter((p) => p.trim());
    const last = pages[pages.length - 1]!;
    expect(last).toContain('How the pages fit together');
    for (let n = 1; n < pages.length; n++) {
      expect(last, `page ${n} in the map`).toMatch(new RegExp(`p\\. ${n}\\b`));
      expect(pages[n - 1]).toContain(`page ${n} of ${pages.length}`);
    }
    // The caves are named on the poster too.
    expect(pages.join(' ')).toMatch(/\bC1\b/);
  });
});
