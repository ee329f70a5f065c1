import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMap, buildScoredMap } from '../../src/core/maps.ts';
import { DEFAULT_RENDER_LIMITS } from '../../src/formats/format.ts';
import { pngFormat } from '../../src/formats/png.ts';
import { formatParams, renderRequest } from '../../src/formats/render.ts';
import { DEFAULT_STYLE, type Scene, type SceneItem } from '../../src/core/scene.ts';
import { goldCity } from '../../src/games/gold-city/index.ts';
import { sceneToPdf } from '../../src/formats/pdf-document.ts';
import { FOOTER_MM, PAPER, layoutPrint } from '../../src/formats/print-layout.ts';
import { boardPageCount, planBoardPrint } from '../../src/formats/board-plan.ts';
import { textWidth } from '../../src/drawing/glyphs.ts';
import { fitText } from '../../src/drawing/text-fit.ts';
import { pngDpi, testServer } from '../support/server.ts';

const run = promisify(execFile);
const cli = new URL('../../bin/goldmaps.js', import.meta.url).pathname;
const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('print layout', () => {
  it('tiles any board: windows cover it, neighbours overlap by exactly the overlap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 2000 }),
        fc.integer({ min: 50, max: 2000 }),
        fc.constantFrom('a4', 'letter'),
        (w, h, paper) => {
          const l = layoutPrint(w, h, { paper: paper as 'a4' | 'letter', size: 'true' });
          const areaW = l.pageWidth - 2 * l.margin;
          const areaH = l.pageHeight - 2 * l.margin - FOOTER_MM;
          expect(l.tiles).toHaveLength(l.rows * l.columns);
          const last = l.tiles[l.tiles.length - 1]!;
          expect(last.x + last.width).toBeGreaterThanOrEqual(w - 1e-9);
          expect(last.y + last.height).toBeGreaterThanOrEqual(h - 1e-9);
          for (const t of l.tiles) {
            expect(t.width).toBeCloseTo(areaW, 9);
            expect(t.height).toBeCloseTo(areaH, 9);
            const right = l.tiles.find((u) => u.row === t.row && u.column === t.column + 1);
            if (right) expect(right.x - (t.x + t.width)).toBeCloseTo(-l.overlap, 9);
            const below = l.tiles.find((u) => u.row === t.row + 1 && u.column === t.column);
            if (below) expect(below.y - (t.y + t.height)).toBeCloseTo(-l.overlap, 9);
          }
        },
      ),
    );
  });

  it('fits a board onto one page, never above true size by accident of paper', () => {
    const l = layoutPrint(780, 884, { paper: 'letter', size: 'fit' });
    expect(l.tiles).toHaveLength(1);
    expect(l.scale).toBeLessThan(1);
    expect(Math.min(l.pageWidth, l.pageHeight)).toBeCloseTo(PAPER.letter.width, 6);
  });

  it('enlarges a text column towards the page width, by whole percents, without taking more pages', () => {
    // Five 60 mm blocks, 100 mm wide, a break between each: four fit A4's 268 mm at 100% (2 pages).
    const blocks = [0, 1, 2, 3, 4].map(
      (k): SceneItem => ({
        kind: 'polygon',
        points: [
          { x: 0, y: k * 60 + 1 },
          { x: 100, y: k * 60 + 1 },
          { x: 100, y: k * 60 + 59 },
          { x: 0, y: k * 60 + 59 },
        ],
        fill: '#888888',
      }),
    );
    const scene: Scene = { width: 100, height: 300, background: '#ffffff', title: 'column', items: blocks, breaks: [60, 120, 180, 240] };
    const plan = planBoardPrint(scene, { paper: 'a4', size: 'true' });
    // 190/100 would fill the width but put each block on a page of its own; three blocks a page
    // (180 mm) keep two pages up to 268/180 = 148%.
    expect(plan.flow).toBe(true);
    expect(plan.layout.scale).toBe(1.48);
    expect(plan.pages.map((p) => [p.tile.y, p.tile.height])).toEqual([
      [0, 180],
      [180, 120],
    ]);
    // Wider than the page: not a column to enlarge (it is tiled as a board).
    expect(planBoardPrint({ ...scene, width: 400 }, { paper: 'a4', size: 'true' }).flow).toBeUndefined();
  });
});

describe('PDF', () => {
  const map = buildMap(goldCity, 'print', {});
  const scene = goldCity.scene(map, DEFAULT_STYLE);

  it('prints a default map at true size on A4 over several pages that line up, the same bytes every time', async () => {
    const a = await sceneToPdf(scene, { paper: 'a4', size: 'true', label: 'test' });
    const b = await sceneToPdf(scene, { paper: 'a4', size: 'true', label: 'test' });
    expect(a.pdf.equals(b.pdf)).toBe(true);
    expect(a.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(a.layout.tiles.length).toBeGreaterThan(4);
    // The windows, and the legend lifted off the board onto a page of its own.
    expect(pages(a.pdf)).toBe(a.layout.tiles.length + 1);
    const text = a.pdf.toString('latin1');
    // 1 mm = 72/25.4 pt: an A4 page is 595.28 × 841.89 pt in one orientation or the other.
    expect(text).toMatch(/\/MediaBox \[0 0 (841\.88|595\.27)/);
  });

  it('lifts the title and legend off a tiled board: no page draws either, each page has the title in its header', () => {
    const plan = planBoardPrint(scene, { paper: 'a4', size: 'true' });
    expect(plan.lifted?.title).toBe(scene.title);
    expect(plan.lifted?.legend.length).toBe(1);
    for (const { items } of plan.pages)
      expect(items.some((it) => it.kind === 'group' && (it.role === 'title' || it.role === 'legend'))).toBe(false);
    expect(plan.layout.header).toBeGreaterThan(0);
  });

  it('prints a default course true size on one or two A0 sheets (poster papers)', () => {
    for (const seed of ['42', 'print', 'a', 'b', 'c']) {
      const s = goldCity.scene(buildMap(goldCity, seed, {}), DEFAULT_STYLE);
      const n = boardPageCount(planBoardPrint(s, { paper: 'a0', size: 'true' }));
      expect(n, seed).toBeLessThanOrEqual(2);
    }
    for (const paper of ['a3', 'a2', 'a1', 'tabloid'] as const) {
      expect(boardPageCount(planBoardPrint(scene, { paper, size: 'true' }))).toBeGreaterThan(0);
      expect(planBoardPrint(scene, { paper, size: 'fit' }).pages).toHaveLength(1);
    }
  });

  it('fits text to a width: shrinks, then wraps, never wider than asked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9·()]{1,12}$/), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 20, max: 300 }),
        (words, width) => {
          const f = fitText(words.join(' '), width, 5, { minSize: 3 });
          for (const line of f.lines) expect(textWidth(line, f.size)).toBeLessThanOrEqual(width + 1e-6);
          expect(f.lines.join(' ')).toBe(words.join(' '));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('fits onto one page when asked', async () => {
    const fit = await sceneToPdf(scene, { paper: 'letter', size: 'fit', label: 'test' });
    expect(pages(fit.pdf)).toBe(1);
  });
});

describe('print over HTTP and the CLI', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves PDFs by paper and size, refusing more pages than the limit, naming hexSize', async () => {
    const fit = await fetch(`${server.url}/api/v1/games/gold-city/maps/pdf.pdf?paper=letter&size=fit`);
    expect(fit.headers.get('content-type')).toBe('application/pdf');
    expect(pages(Buffer.from(await fit.arrayBuffer()))).toBe(1);
    const tiled = await fetch(`${server.url}/api/v1/games/gold-city/maps/pdf.pdf`);
    expect(pages(Buffer.from(await tiled.arrayBuffer()))).toBeGreaterThan(1);
    const huge = await fetch(`${server.url}/api/v1/games/gold-city/maps/pdf.pdf?hexSize=60&options=%7B%22pieces%22%3A10%7D`);
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('hexSize');
  });

  it('sizes a PNG by hexPx (pixels across a hex, flat to flat) and names the largest dpi, width and hexPx that fit', async () => {
    const res = await fetch(`${server.url}/api/v1/games/gold-city/maps/px.png?hexPx=60&hexSize=20&options=%7B%22pieces%22%3A3%7D`);
    expect(res.status).toBe(200);
    const png = Buffer.from(await res.arrayBuffer());
    const scene = goldCity.scene(buildMap(goldCity, 'px', { pieces: 3 }), DEFAULT_STYLE);
    // 60 px across √3 × 20 mm of flats: the dpi and so the picture's width follow.
    const dpi = (60 * 25.4) / (Math.sqrt(3) * 20);
    expect(png.readUInt32BE(16)).toBe(Math.round((scene.width / 25.4) * dpi));
    const big = await fetch(`${server.url}/api/v1/games/gold-city/maps/px.png?hexPx=2000`);
    expect(big.status).toBe(400);
    const error = ((await big.json()) as { errors: Array<{ field: string; message: string }> }).errors[0]!;
    expect(error.field).toBe('hexPx');
    const fits = error.message.match(/dpi (\d+), width (\d+) or hexPx (\d+)/)!;
    // Each suggestion passes the limit check (rendering 40 megapixels three times would be slow).
    const map = buildScoredMap(goldCity, 'px', {});
    for (const [param, value] of [
      ['dpi', fits[1]!],
      ['width', fits[2]!],
      ['hexPx', fits[3]!],
    ] as const) {
      expect(
        () => renderRequest(pngFormat, goldCity, map, formatParams(pngFormat, { [param]: value }), DEFAULT_RENDER_LIMITS),
        `${param}=${value}`,
      ).not.toThrow();
      expect(() =>
        renderRequest(pngFormat, goldCity, map, formatParams(pngFormat, { [param]: String(Number(value) + 1) }), DEFAULT_RENDER_LIMITS),
      ).toThrow(/limit/);
    }
  });

  it('goldmaps generate --format pdf|png|svg writes print files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'goldmaps-print-'));
    await run(process.execPath, [
      cli,
      'generate',
      'gold-city',
      '--seed',
      'cli-print',
      '--options',
      '{"pieces":3}',
      '--format',
      'png',
      '--dpi',
      '150',
      '--out',
      join(dir, 'm.png'),
    ]);
    expect(pngDpi(readFileSync(join(dir, 'm.png')))).toBe(150);
    await run(process.execPath, [
      cli,
      'generate',
      'gold-city',
      '--seed',
      'cli-print',
      '--format',
      'pdf',
      '--paper',
      'letter',
      '--size',
      'fit',
      '--out',
      join(dir, 'm.pdf'),
    ]);
    expect(pages(readFileSync(join(dir, 'm.pdf')))).toBe(1);
    const { stdout } = await run(process.execPath, [cli, 'generate', 'gold-city', '--seed', 'cli-print', '--format', 'svg']);
    expect(stdout.startsWith('<svg')).toBe(true);
  });
});
