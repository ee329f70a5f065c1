import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildScoredMap, InputError } from '../src/core/maps.ts';
import { reroll } from '../src/seeds/reroll.ts';
import { DEFAULT_RENDER_LIMITS } from '../src/formats/format.ts';
import { pdfFormat } from '../src/formats/pdf.ts';
import { formatParams, renderRequest } from '../src/formats/render.ts';
import { GAMES, findGame } from '../src/games/index.ts';

const cli = new URL('../bin/goldmaps.js', import.meta.url).pathname;

function goldmaps(...args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], (error, _stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }));
  });
}

// What only some games have (steer, sheets, playtest, balance): a front end asked for a part a
// game lacks says so in words, and does the rest without it.
describe('a game without the optional parts', () => {
  const lacking = (part: 'balance' | 'steer') => GAMES.filter((g) => !g[part]).map((g) => g.id);

  it('has games to test with: some lack balance, some lack steer', () => {
    expect(lacking('balance').length).toBeGreaterThan(0);
    expect(lacking('steer').length).toBeGreaterThan(0);
  });

  it.each(lacking('balance'))('CLI balance %s exits 2 saying it cannot balance its seats', async (id) => {
    const r = await goldmaps('balance', id, '--seed', 'x', '--games', '1');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${id} cannot balance its seats yet`);
  });

  it.each(lacking('steer'))('rerolls %s without a steer, from the given options alone', (id) => {
    const r = reroll(findGame(id)!, { seed: 'no-steer', target: { min: 0, max: 100 }, maxAttempts: 1 })!;
    expect(r.hit).toBe(true);
    expect(r.map.score.summary?.headline.length).toBeGreaterThan(0);
  });

  it('refuses a print-and-play PDF for a game with no kit, naming layout, and still prints its board', () => {
    const game = { ...findGame('gold-city')!, sheets: undefined };
    const map = buildScoredMap(game, 'no-kit', {});
    const kit = formatParams(pdfFormat, { layout: 'kit' });
    expect(() => renderRequest(pdfFormat, game, map, kit, DEFAULT_RENDER_LIMITS)).toThrow(InputError);
    try {
      renderRequest(pdfFormat, game, map, kit, DEFAULT_RENDER_LIMITS);
    } catch (error) {
      expect((error as InputError).errors).toEqual([{ field: 'layout', message: 'gold-city has no print-and-play kit yet; use layout=board' }]);
    }
    expect(renderRequest(pdfFormat, game, map, formatParams(pdfFormat, { layout: 'board' }), DEFAULT_RENDER_LIMITS).scene).toBeDefined();
  });

  it('refuses a setup sheet for a game with none, and for a map its setup cannot make, naming layout', () => {
    const setupOf = (game: ReturnType<typeof findGame>, seed: string) => {
      const map = buildScoredMap(game!, seed, {});
      try {
        renderRequest(pdfFormat, game!, map, formatParams(pdfFormat, { layout: 'setup' }), DEFAULT_RENDER_LIMITS);
        return undefined;
      } catch (error) {
        return (error as InputError).errors;
      }
    };
    const bare = { ...findGame('gold-city')!, setup: undefined };
    expect(setupOf(bare, 'no-setup')).toEqual([{ field: 'layout', message: 'gold-city has no setup sheet for its printed components; use layout=kit or layout=board' }]);
    const none = { ...findGame('gold-city')!, setup: () => ({ sheets: [], why: 'only a course laid from the box has a setup sheet' }) };
    expect(setupOf(none, 'no-box')).toEqual([{ field: 'layout', message: 'only a course laid from the box has a setup sheet' }]);
    const game = findGame('gold-city')!;
    const one = { ...game, setup: (map: never, style: never, area: never) => ({ sheets: game.sheets!(map, style, area).slice(0, 1) }) };
    expect(setupOf(one, 'one-sheet')).toBeUndefined();
  });
});
