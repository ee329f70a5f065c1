import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildScoredMap } from '../../src/core/maps.ts';
import type { SceneItem } from '../../src/core/scene.ts';
import { DEFAULT_RENDER_LIMITS } from '../../src/formats/format.ts';
import { pdfFormat } from '../../src/formats/pdf.ts';
import { formatParams, renderRequest } from '../../src/formats/render.ts';
import { GAMES } from '../../src/games/index.ts';
import { pdfText } from '../support/pdf-text.ts';

const run = promisify(execFile);

function texts(items: SceneItem[]): string[] {
  return items.flatMap((it) => (it.kind === 'text' ? [it.text] : it.kind === 'group' ? texts(it.items) : []));
}

const extracted = (pdf: Buffer): Promise<string> => pdfText(pdf);

async function render(gameId: string, seed: string, query: Record<string, string>) {
  const game = GAMES.find((g) => g.id === gameId)!;
  const map = buildScoredMap(game, seed, {});
  const request = renderRequest(pdfFormat, game, map, formatParams(pdfFormat, query), DEFAULT_RENDER_LIMITS);
  const { body } = await pdfFormat.render!(request);
  return { pdf: body as Buffer, request };
}

describe('PDF text is text', () => {
  it('has poppler installed (CI installs poppler-utils)', async () => {
    await expect(run('pdftotext', ['-v'])).resolves.toBeDefined();
  });

  for (const [game, seed] of [
    ['gold-city', '42'],
    ['lost-valley', '42'],
    ['pioneer-days', '1'],
  ] as const) {
    it(`${game}: every word of the kit's sheets can be read out of its PDF, and two renders are the same bytes`, async () => {
      const a = await render(game, seed, { layout: 'kit', paper: 'a4' });
      const b = await render(game, seed, { layout: 'kit', paper: 'a4' });
      expect(a.pdf.equals(b.pdf)).toBe(true);
      const read = (await extracted(a.pdf)).replace(/\s+/g, ' ');
      const words = new Set(
        a.request
          .sheets!.flatMap((s) => texts(s.items))
          .flatMap((t) => t.split(/\s+/))
          .filter((w) => /^[A-Za-z][A-Za-z]{3,}$/.test(w)),
      );
      expect(words.size).toBeGreaterThan(10);
      const missing = [...words].filter((w) => !read.includes(w));
      expect(missing).toEqual([]);
      // The footer is text too, and the font is embedded as a subset.
      expect(read).toContain('print at 100% (actual size)');
      expect(a.pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    });
  }

  it('the tiled poster: its title header and legend are text', async () => {
    const { pdf } = await render('gold-city', '42', { paper: 'a4', size: 'true' });
    const read = await extracted(pdf);
    expect(read).toContain('Gold City · seed 42');
    expect(read).toContain('legend');
  });
});
