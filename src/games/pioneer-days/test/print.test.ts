import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScoredMap } from '../../../core/maps.ts';
import { DEFAULT_RENDER_LIMITS } from '../../../formats/format.ts';
import { pdfFormat } from '../../../formats/pdf.ts';
import { planBoardPrint } from '../../../formats/board-plan.ts';
import { itemBoxes, unionOf } from '../../../drawing/bounds.ts';
import { formatParams, renderRequest } from '../../../formats/render.ts';
import { CATALOGUE, EQUIPMENT, TOWNS, TOWNSFOLK } from '../catalogue.ts';
import { pioneerDays } from '../index.ts';
import type { PioneerDaysMap } from '../model.ts';
import { testServer } from '../../../../test/support/server.ts';
import { pdfText } from '../../../../test/support/pdf-text.ts';

/** Each page's text as poppler reads it (pages end with a form feed). */
const pages = async (pdf: Buffer): Promise<string[]> => (await pdfText(pdf)).split('\f').slice(0, -1);

const built = new Map<string, ReturnType<typeof buildScoredMap>>();
async function render(seed: string, options: Record<string, unknown>, query: Record<string, string>) {
  const key = JSON.stringify([seed, options]);
  const map = built.get(key) ?? buildScoredMap(pioneerDays, seed, options);
  built.set(key, map);
  const request = renderRequest(pdfFormat, pioneerDays, map, formatParams(pdfFormat, query), DEFAULT_RENDER_LIMITS);
  const { body } = await pdfFormat.render!(request);
  return { map: map as unknown as PioneerDaysMap, pdf: body as Buffer, request };
}

const count = (text: string, re: RegExp) => (text.match(new RegExp(re.source, 'g')) ?? []).length;
const dealt = (map: PioneerDaysMap) =>
  map.weeks.flatMap((w) => [
    ...w.towns.map((id) => [id, TOWNS.get(id)!.name]),
    ...w.townsfolk.map((id) => [id, TOWNSFOLK.get(id)!.name]),
    ...w.equipment.map((id) => [id, EQUIPMENT.get(id)!.name]),
  ]);

describe('the Pioneer Days kit', () => {
  for (const paper of ['a4', 'letter']) {
    it(`on ${paper}: every card the trail deals is on a card sheet with its name and id, its back on the next page`, async () => {
      const { map, pdf, request } = await render('1', { players: 4 }, { layout: 'kit', paper });
      const read = await pages(pdf);
      expect(read).toHaveLength(request.sheets!.length);
      const cards = dealt(map);
      expect(cards).toHaveLength(9 + 24 + 20);
      const fronts = read.filter((p) => /cards \d+–\d+ of 53 \(fronts\)/.test(p));
      const backs = read.filter((p) => /Backs of cards/.test(p));
      expect(fronts.length).toBe(Math.ceil(53 / (paper === 'a4' ? 8 : 6)));
      expect(backs.length).toBe(fronts.length);
      const all = fronts.join('\n').replace(/\s+/g, ' ');
      for (const [id, name] of cards) {
        expect(all, id).toContain(`${name} ${id}`);
        expect(count(all, new RegExp(`\\b${id}\\b`)), id).toBe(1);
      }
      // A back page follows each front page, so a whole-kit double-sided print pairs them.
      read.forEach((p, i) => {
        if (/\(fronts\)/.test(p)) {
          expect(i % 2, "a fronts page is a page's front side").toBe(0);
          expect(read[i + 1]).toMatch(/Backs of cards/);
        }
      });
      expect(all).toContain('flip on the long edge');
      // What else the table needs, from the rules' components.
      const setup = read[0]!.replace(/\s+/g, ' ');
      for (const need of [
        'You also need',
        'Dice: 5 of each colour',
        '36 gold tokens',
        'disaster tracks',
        'start player token',
        'wagon cards',
      ])
        expect(setup).toContain(need);
    });
  }

  it('its card sheets are duplex pairs: each back sits behind its front, mirrored about the centred sheet', () => {
    const map = buildScoredMap(pioneerDays, '1', { players: 4 });
    const sheets = pioneerDays.sheets!(map as never, { theme: 'print', labels: true, hexSize: 20 }, { width: 181, height: 268 });
    const where = (s: (typeof sheets)[number], role: string) =>
      new Map(
        s.items.flatMap((it) =>
          it.kind === 'group' && it.role === role
            ? [[it.data!.id!, (it.items[0] as { points: Array<{ x: number; y: number }> }).points[0]!] as const]
            : [],
        ),
      );
    const fronts = sheets.filter((s) => s.title.endsWith('(fronts)'));
    expect(fronts.length).toBeGreaterThan(0);
    for (const front of fronts) {
      const back = sheets[sheets.indexOf(front) + 1]!;
      expect(back.width).toBe(front.width);
      const f = where(front, 'card');
      const b = where(back, 'card-back');
      expect([...b.keys()].sort()).toEqual([...f.keys()].sort());
      // Mirrored about the sheet's middle (the face's band starts 1.5 mm in, the back's panel 4 mm in).
      for (const [id, p] of f) expect(front.width - (p.x - 1.5) - 88).toBeCloseTo(b.get(id)!.x - 4, 6);
    }
  });
});

describe('the retail box setup (layout=setup)', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers over HTTP: dice, gold and sets of the trail, cards by position, no goldmaps card named', async () => {
    const { games } = (await (await fetch(`${server.url}/api/v1/games`)).json()) as {
      games: Array<{ id: string; downloads: Array<{ id: string; params: Record<string, unknown> }> }>;
    };
    const offered = games.find((g) => g.id === 'pioneer-days')!.downloads.find((d) => d.id === 'pdf-setup-a4');
    expect(offered?.params).toEqual({ layout: 'setup', paper: 'a4' });
    expect(games.find((g) => g.id === 'lost-valley')!.downloads.map((d) => d.id)).not.toContain('pdf-setup-a4');
    const res = await fetch(`${server.url}/api/v1/games/pioneer-days/maps/1.pdf?layout=setup&paper=a4`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const map = buildScoredMap(pioneerDays, '1', {}) as unknown as PioneerDaysMap;
    const text = (await pages(Buffer.from(await res.arrayBuffer()))).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('setup from the box');
    expect(text).toContain('sort each deck by the name printed on its cards');
    expect(text).toContain('describes its dice and gold, not the cards');
    expect(text).toContain(`P${map.startPlayer} takes the start player token`);
    expect(text).toContain(`use sets ${map.townsfolkSets.join(' and ')}`);
    // (poppler's layout mode reads single digits a space apart as one number)
    expect(text.replace(/[ ·]/g, '')).toContain(map.gold.join(''));
    expect(text).toContain('Week 4 · day 5');
    const names = [...CATALOGUE.towns, ...CATALOGUE.townsfolk, ...CATALOGUE.equipment].map((c) => c.name);
    expect(names.filter((n) => text.includes(n))).toEqual([]);
    expect(text).not.toMatch(/\b[A-E]\d\d\b|\b[TG]\d\d\b/);
    // Week 1's town cards by their place in the deck sorted by id, which is the printed deck's sorted place.
    const ids = CATALOGUE.towns.map((t) => t.id).sort();
    expect(text).toContain(`sorted town deck): ${map.weeks[0]!.towns.map((id) => `no. ${ids.indexOf(id) + 1}`).join(', ')}`);
  });

  it('is refused, naming layout, for a game without one (HTTP and CLI), and printed by the CLI for Pioneer Days', async () => {
    const res = await fetch(`${server.url}/api/v1/games/lost-valley/maps/1.pdf?layout=setup`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Array<{ field: string; message: string }> };
    expect(body.errors).toEqual([
      { field: 'layout', message: 'lost-valley has no setup sheet for its printed components; use layout=kit or layout=board' },
    ]);
    const cli = new URL('../../../../bin/goldmaps.js', import.meta.url).pathname;
    const dir = mkdtempSync(join(tmpdir(), 'goldmaps-pd-'));
    const run = (...args: string[]) =>
      new Promise<{ code: number; stderr: string }>((resolve) =>
        execFile(process.execPath, [cli, ...args], (error, _out, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
        ),
      );
    const ok = await run(
      'generate',
      'pioneer-days',
      '--seed',
      '1',
      '--format',
      'pdf',
      '--layout',
      'setup',
      '--out',
      join(dir, 'setup.pdf'),
    );
    expect(ok).toEqual({ code: 0, stderr: '' });
    expect((await pages(readFileSync(join(dir, 'setup.pdf')))).join('')).toContain('setup from the box');
    const refused = await run(
      'generate',
      'lost-valley',
      '--seed',
      '1',
      '--format',
      'pdf',
      '--layout',
      'setup',
      '--out',
      join(dir, 'no.pdf'),
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/layout.*lost-valley has no setup sheet/);
  });
});

describe('the trail PDF fills its pages', () => {
  for (const paper of ['a4', 'letter'] as const) {
    it(`on ${paper}: the column is enlarged, in no more pages, and fills its fullest page`, () => {
      for (const [seed, players] of [
        ['1', 4],
        ['42', 2],
        ['7', 3],
      ] as const) {
        const map = buildScoredMap(pioneerDays, seed, { players });
        const scene = pioneerDays.scene(map as never, { theme: 'print', labels: true, hexSize: 20 });
        const plan = planBoardPrint(scene, { paper, size: 'true' });
        const { layout } = plan;
        const areaW = layout.pageWidth - 2 * layout.margin;
        const areaH = layout.pageHeight - 2 * layout.margin - layout.footer;
        expect(plan.flow).toBe(true);
        // The docs' 3 pages, as at 100% (a week is ~100 mm of a 250-268 mm page).
        expect(plan.pages).toHaveLength(3);
        expect(layout.scale).toBeGreaterThan(1.15);
        const filled = plan.pages.map(({ tile, items }) => {
          const drawn = unionOf(itemBoxes(items, 0));
          expect(tile.height * layout.scale).toBeLessThanOrEqual(areaH + 1e-9);
          expect(scene.width * layout.scale).toBeLessThanOrEqual(areaW + 1e-9);
          const h = Math.min(drawn.y1, tile.y + tile.height) - Math.max(drawn.y0, tile.y);
          return Math.max(((drawn.x1 - drawn.x0) * layout.scale) / areaW, (h * layout.scale) / areaH);
        });
        // At 100% the column drew 61% of A4's printable width and at most 79% of a page's height.
        expect(Math.max(...filled), `seed ${seed}`).toBeGreaterThanOrEqual(0.9);
      }
    });
  }
});

describe('no week is split across the pages of a trail PDF', () => {
  for (const paper of ['a4', 'letter']) {
    it(`true size on ${paper}: pages, not poster tiles; each week's five days on its page; every line printed once`, async () => {
      const { pdf, request } = await render('1', { players: 4 }, { paper, size: 'true' });
      const read = await pages(pdf);
      expect(read.length).toBeGreaterThan(1);
      // Days are "Day n" under their week's heading; one week a heading.
      for (const page of read) expect(count(page, /\bDay [1-5]\b/)).toBe(5 * count(page, /Week \d →/));
      const all = read.join('\n');
      expect(count(all, /Week \d →/)).toBe(4);
      expect(count(all, /\bDay 1\b/)).toBe(4);
      // Poster tiles overlap and carry "row r, column c" and crop-mark instructions; pages do not.
      expect(all).not.toMatch(/row \d, column \d|trim at the crop marks/);
      expect(all).toMatch(/page 1 of \d/);
      expect(request.scene!.breaks!.length).toBe(5);
    });
  }
  for (const layout of ['kit', 'setup']) {
    for (const paper of ['a4', 'letter']) {
      it(`${layout} on ${paper}: each week's setup lines and its dice script on one page`, async () => {
        const { pdf } = await render('1', { players: 4 }, { layout, paper });
        for (const page of await pages(pdf)) {
          // A setup week is a heading and its lines down to the store; a dice week is five days.
          expect(count(page, /^\s*Store[ ,]/m)).toBe(count(page, /^\s*Week \d\s*$/m));
          for (let w = 1; w <= 4; w++) expect([0, 5], `week ${w}`).toContain(count(page, new RegExp(`Week ${w} · day \\d`)));
        }
      });
    }
  }
});
