import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAND_RANGES, BANDS } from '../src/core/difficulty.ts';
import type { AnyGameModule } from '../src/core/game-module.ts';
import { buildScoredMap, InputError, normaliseOptions } from '../src/core/maps.ts';
import { reroll } from '../src/seeds/reroll.ts';
import { DEFAULT_RENDER_LIMITS } from '../src/formats/format.ts';
import { pdfFormat } from '../src/formats/pdf.ts';
import { formatParams, renderRequest } from '../src/formats/render.ts';
import { setupMissing } from '../src/formats/sheet-layout.ts';
import { GAMES, findGame } from '../src/games/index.ts';
import { testServer } from './support/server.ts';

const cli = new URL('../bin/goldmaps.js', import.meta.url).pathname;

function goldmaps(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let server: Awaited<ReturnType<typeof testServer>>;
let scratch: string;
beforeAll(async () => {
  server = await testServer();
  scratch = mkdtempSync(join(tmpdir(), 'optional-parts-'));
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

const api = (path: string) => fetch(`${server.url}/api/v1/games/${path}`);
const SEED = 'optional-parts';
/** A game's map written to a file, for the CLI commands that read one. */
const mapFile = (game: AnyGameModule) => {
  const path = join(scratch, `${game.id}.json`);
  writeFileSync(path, JSON.stringify(buildScoredMap(game, SEED, {})));
  return path;
};

/** A front end's refusal: its status, the problem's detail and the fields it names. */
async function problem(res: Response): Promise<{ status: number; detail?: string; errors?: Array<{ field: string; message: string }> }> {
  const { detail, errors } = (await res.json()) as { detail?: string; errors?: Array<{ field: string; message: string }> };
  return { status: res.status, detail, errors };
}

/**
 * What only some games have, each with how every front end that offers it refuses it in words
 * to a game without it, and what it does for a game that has it. The cases below come from the
 * registry, so a game that gains a part is then held to its working.
 */
const PARTS: Record<
  'balance' | 'steer' | 'sheets' | 'setup' | 'playtest' | 'plays',
  { lacking(game: AnyGameModule): Promise<void>; having(game: AnyGameModule): Promise<void> }
> = {
  balance: {
    async lacking(game) {
      const r = await goldmaps('balance', game.id, '--seed', SEED, '--games', '1');
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${game.id} cannot balance its seats yet`);
    },
    async having(game) {
      const r = await goldmaps('balance', game.id, '--seed', SEED, '--games', '1');
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ seed: SEED, options: expect.any(Object), report: expect.anything() });
    },
  },
  // A reroll without a steer draws from the given options alone: nothing to refuse.
  steer: {
    async lacking(game) {
      const r = reroll(game, { seed: 'no-steer', target: { min: 0, max: 100 }, maxAttempts: 1 })!;
      expect(r.hit).toBe(true);
      expect(r.map.score.summary?.headline.length).toBeGreaterThan(0);
      const res = await fetch(`${server.url}/api/v1/games/${game.id}/reroll`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seed: 'no-steer', target: { min: 0, max: 100 }, maxAttempts: 1 }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ hit: true });
    },
    async having(game) {
      for (const band of BANDS) {
        const [min, max] = BAND_RANGES[band];
        const settings = game.steer!({ min, max }, normaliseOptions(game, {}), []);
        expect(settings.length, band).toBeGreaterThan(0);
        for (const setting of settings)
          expect(normaliseOptions(game, setting), `${band}: ${JSON.stringify(setting)}`).toMatchObject(setting);
      }
    },
  },
  sheets: {
    async lacking(game) {
      const refused = await problem(await api(`${game.id}/maps/${SEED}.pdf?layout=kit`));
      expect(refused).toMatchObject({
        status: 400,
        errors: [{ field: 'layout', message: `${game.id} has no print-and-play kit yet; use layout=board` }],
      });
      const r = await goldmaps(
        'generate',
        game.id,
        '--seed',
        SEED,
        '--format',
        'pdf',
        '--layout',
        'kit',
        '--out',
        join(scratch, 'kit.pdf'),
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${game.id} has no print-and-play kit yet`);
    },
    async having(game) {
      const res = await api(`${game.id}/maps/${SEED}.pdf?layout=kit`);
      expect(res.status).toBe(200);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    },
  },
  setup: {
    async lacking(game) {
      const words = `${game.id} has no setup sheet for its printed components`;
      expect(await problem(await api(`${game.id}/maps/${SEED}.pdf?layout=setup`))).toMatchObject({
        status: 400,
        errors: [{ field: 'layout', message: expect.stringContaining(words) }],
      });
      const r = await goldmaps(
        'generate',
        game.id,
        '--seed',
        SEED,
        '--format',
        'pdf',
        '--layout',
        'setup',
        '--out',
        join(scratch, 'setup.pdf'),
      );
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(words);
    },
    // A game with setup sheets prints them for a map its box can make, and says why not for one it cannot.
    async having(game) {
      const why = setupMissing(game, buildScoredMap(game, SEED, {}));
      const res = await api(`${game.id}/maps/${SEED}.pdf?layout=setup`);
      if (why === undefined) expect(res.status).toBe(200);
      else expect(await problem(res)).toMatchObject({ status: 400, errors: [{ field: 'layout', message: why }] });
    },
  },
  playtest: {
    async lacking(game) {
      expect(await problem(await api(`${game.id}/maps/${SEED}/playtest?games=1`))).toMatchObject({
        status: 404,
        detail: `${game.id} has no bots to play its maps yet.`,
      });
      const r = await goldmaps('score', mapFile(game), '--playtest', '1');
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${game.id} has no bots yet`);
    },
    async having(game) {
      const res = await api(`${game.id}/maps/${SEED}/playtest?games=2`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ game: game.id, games: 2, playtest: expect.anything() });
    },
  },
  plays: {
    async lacking(game) {
      expect(await problem(await api(`${game.id}/plays`))).toMatchObject({ status: 404, detail: `${game.id} takes no play reports yet` });
    },
    async having(game) {
      const res = await api(`${game.id}/plays`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        game: game.id,
        reportSchema: game.plays!.reportSchema,
        result: { better: game.plays!.better },
      });
    },
  },
};

describe('every optional part of every game in the registry', () => {
  const cases = GAMES.flatMap((game) =>
    Object.keys(PARTS).map((part) => [game.id, game[part as keyof typeof PARTS] ? 'has' : 'lacks', part, game] as const),
  );

  it.each(cases)(
    '%s %s %s: refused in words by every front end that offers it when lacking, working when there',
    async (_id, has, part, game) => {
      const check = PARTS[part as keyof typeof PARTS];
      await (has === 'has' ? check.having(game) : check.lacking(game));
    },
  );
});

// The parts every game has today are refused all the same by a game stripped of them.
describe('a game stripped of a part', () => {
  it('refuses a print-and-play PDF for a game with no kit, naming layout, and still prints its board', () => {
    const game = { ...findGame('gold-city')!, sheets: undefined };
    const map = buildScoredMap(game, 'no-kit', {});
    const kit = formatParams(pdfFormat, { layout: 'kit' });
    expect(() => renderRequest(pdfFormat, game, map, kit, DEFAULT_RENDER_LIMITS)).toThrow(InputError);
    try {
      renderRequest(pdfFormat, game, map, kit, DEFAULT_RENDER_LIMITS);
    } catch (error) {
      expect((error as InputError).errors).toEqual([
        { field: 'layout', message: 'gold-city has no print-and-play kit yet; use layout=board' },
      ]);
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
    expect(setupOf(bare, 'no-setup')).toEqual([
      { field: 'layout', message: 'gold-city has no setup sheet for its printed components; use layout=kit or layout=board' },
    ]);
    const none = { ...findGame('gold-city')!, setup: () => ({ sheets: [], why: 'only a course laid from the box has a setup sheet' }) };
    expect(setupOf(none, 'no-box')).toEqual([{ field: 'layout', message: 'only a course laid from the box has a setup sheet' }]);
    const game = findGame('gold-city')!;
    const one = { ...game, setup: (map: never, style: never, area: never) => ({ sheets: game.sheets!(map, style, area).slice(0, 1) }) };
    expect(setupOf(one, 'one-sheet')).toBeUndefined();
  });
});
