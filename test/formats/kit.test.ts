import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScoredMap, type ScoredMap } from '../../src/core/maps.ts';
import type { GoldCityMap } from '../../src/games/gold-city/model.ts';
import type { SceneItem } from '../../src/core/scene.ts';
import { DEFAULT_RENDER_LIMITS } from '../../src/formats/format.ts';
import { pdfFormat } from '../../src/formats/pdf.ts';
import { formatParams, renderRequest } from '../../src/formats/render.ts';
import { goldCity } from '../../src/games/gold-city/index.ts';
import { fitsArea, sheetArea } from '../../src/formats/print-layout.ts';
import { testServer } from '../support/server.ts';

const run = promisify(execFile);
const cli = new URL('../../bin/goldmaps.js', import.meta.url).pathname;
const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

function texts(items: SceneItem[]): string[] {
  return items.flatMap((it) => (it.kind === 'text' ? [it.text] : it.kind === 'group' ? texts(it.items) : []));
}

function kit(seed: string, query: Record<string, string>) {
  const map = buildScoredMap(goldCity, seed, {}) as unknown as GoldCityMap;
  const request = renderRequest(
    pdfFormat,
    goldCity,
    map as unknown as ScoredMap,
    formatParams(pdfFormat, { layout: 'kit', ...query }),
    DEFAULT_RENDER_LIMITS,
  );
  return { map, sheets: request.sheets!, request };
}

describe('Gold City print-and-play kit', () => {
  it('is an assembly sheet, one sheet per piece, and a cut sheet: 9 pages for a default course', () => {
    const { map, sheets } = kit('42', { paper: 'a4' });
    expect(sheets.map((s) => s.title)).toEqual(['assembly', ...map.pieces.map((p) => `piece ${p.id}`), 'cut sheet']);
    expect(sheets).toHaveLength(9);
  });

  it('prints every piece at a hex size that fits A4 and Letter alike when none is given, the same on both', () => {
    for (const seed of ['42', 'print', 'a', 'b']) {
      for (const paper of ['a4', 'letter'] as const) {
        const { sheets, map } = kit(seed, { paper });
        for (const s of sheets) expect(fitsArea(s.width, s.height, sheetArea(paper)), `${seed} ${paper} ${s.title}`).toBe(true);
        // A hex polygon on a terrain piece's sheet: 14 mm centre to corner.
        const piece = sheets[map.pieces.findIndex((p) => p.kind === 'terrain') + 1]!;
        const hex = piece.items.find((it) => it.kind === 'polygon' && it.points.length === 6);
        expect(
          hex && hex.kind === 'polygon' && Math.hypot(hex.points[0]!.x - hex.points[3]!.x, hex.points[0]!.y - hex.points[3]!.y),
        ).toBeCloseTo(28, 6);
      }
    }
  });

  it('labels every seam on both pieces with the piece that joins there, and names blockades and caves', () => {
    const { map, sheets } = kit('42', { paper: 'a4' });
    map.pieces.forEach((_p, i) => {
      const words = texts(sheets[i + 1]!.items);
      if (i > 0) expect(words).toContain(map.pieces[i - 1]!.id);
      if (i + 1 < map.pieces.length) expect(words).toContain(map.pieces[i + 1]!.id);
    });
    const assembly = texts(sheets[0]!.items);
    for (const p of map.pieces) expect(assembly).toContain(p.id);
    for (const b of map.blockades) expect(assembly).toContain(b.id);
    const cut = texts(sheets[sheets.length - 1]!.items);
    for (const b of map.blockades) expect(cut).toContain(b.id);
    // Four token backs per cave, each naming its cave.
    (map.caves ?? []).forEach((_, i) => expect(cut.filter((t) => t === `cave C${i + 1}`)).toHaveLength(4));
  });

  it('refuses a hex size whose pieces do not fit the paper, naming hexSize and the largest that fits', () => {
    expect(() => kit('42', { paper: 'a4', hexSize: '20' })).toThrow(/largest hexSize that fits is 14/);
    expect(kit('42', { paper: 'a3', hexSize: '20' }).sheets).toHaveLength(9);
  });
});

describe('the kit over HTTP and the CLI', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves ….pdf?layout=kit, and refuses an oversized hexSize with a 400 naming it', async () => {
    const res = await fetch(`${server.url}/api/v1/games/gold-city/maps/42.pdf?layout=kit&paper=letter`);
    expect(res.status).toBe(200);
    expect(pages(Buffer.from(await res.arrayBuffer()))).toBe(9);
    const big = await fetch(`${server.url}/api/v1/games/gold-city/maps/42.pdf?layout=kit&hexSize=30`);
    expect(big.status).toBe(400);
    expect(((await big.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('hexSize');
  });

  it('goldmaps generate gold-city --format pdf --layout kit writes the kit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'goldmaps-kit-'));
    await run(process.execPath, [
      cli,
      'generate',
      'gold-city',
      '--seed',
      '42',
      '--format',
      'pdf',
      '--layout',
      'kit',
      '--out',
      join(dir, 'kit.pdf'),
    ]);
    expect(pages(readFileSync(join(dir, 'kit.pdf')))).toBe(9);
  });
});
