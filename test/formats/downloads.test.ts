import { describe, expect, it } from 'vitest';
import { buildScoredMap } from '../../src/core/maps.ts';
import { fileName } from '../../src/formats/format.ts';
import { downloadsOfMap, findFormat } from '../../src/formats/index.ts';
import { DEFAULT_RENDER_LIMITS } from '../../src/formats/format.ts';
import { DEFAULT_STYLE } from '../../src/core/scene.ts';
import { formatParams, renderRequest } from '../../src/formats/render.ts';
import { GAMES } from '../../src/games/index.ts';

describe('the downloads a map offers', () => {
  it.each(GAMES.filter((g) => g.setup).map((g) => [g.id, g] as const))('%s: are listed without drawing a setup sheet', (_id, real) => {
    // A download list is asked for with every map a page shows: whether a setup sheet exists is
    // read off the map (setupMissing), never by drawing the whole setup to look.
    const game = {
      ...real,
      setup: () => {
        throw new Error('drew a setup sheet to list the downloads');
      },
    };
    const map = buildScoredMap(game, 'downloads', {});
    const ids = downloadsOfMap(game, map).map((d) => d.id);
    expect(ids.some((id) => id.startsWith('pdf-'))).toBe(true);
    expect(ids.includes('pdf-setup-a4')).toBe(real.setupMissing?.(map) === undefined);
  });
});

describe('download names', () => {
  it.each(GAMES.map((g) => [g.id, g] as const))('%s: every download the page offers for a map has a name of its own', (_id, game) => {
    const map = buildScoredMap(game, '42', game.id === 'gold-city' ? { tiles: 'box' } : {});
    // A tabletop export needs the address its images will be fetched from; the page gives its own.
    const names = downloadsOfMap(game, map).map((d) =>
      fileName(
        d.format,
        game,
        map,
        formatParams(d.format, { ...(d.format.id === 'tts' ? { baseUrl: 'http://localhost' } : {}), ...d.params }),
      ),
    );
    expect(new Set(names).size, names.join(' ')).toBe(names.length);
    for (const name of names) expect(name.startsWith(`${game.id}-42`)).toBe(true);
  });
});

describe('no scene drawn in vain', () => {
  it.each(GAMES.map((g) => [g.id, g] as const))('%s: a kit, a setup sheet or one piece never draws the board', async (_id, real) => {
    const game = {
      ...real,
      scene: () => {
        throw new Error('drew the board for a download that does not show it');
      },
    };
    const map = buildScoredMap(real, '42', real.id === 'gold-city' ? { tiles: 'box' } : {});
    const pdf = findFormat('pdf')!;
    const png = findFormat('png')!;
    const requests = [
      ...(game.sheets ? [renderRequest(pdf, game, map, formatParams(pdf, { layout: 'kit' }), DEFAULT_RENDER_LIMITS)] : []),
      ...(game.setup && !real.setupMissing?.(map)
        ? [renderRequest(pdf, game, map, formatParams(pdf, { layout: 'setup' }), DEFAULT_RENDER_LIMITS)]
        : []),
      ...(game.tablePieces
        ? [renderRequest(png, game, map, formatParams(png, { piece: real.tablePieces!(map, DEFAULT_STYLE)[0]!.id }), DEFAULT_RENDER_LIMITS)]
        : []),
    ];
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(request.scene ?? request.sheets).toBeDefined();
    // The kit names itself by the map's title, the very title its board would show.
    expect(real.mapTitle(map)).toBe(real.scene(map, DEFAULT_STYLE).title);
  });
});
