import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorFor } from '../../src/core/schema.ts';
import { loadSchema } from '../../src/core/schemas.ts';
import { buildScoredMap } from '../../src/core/maps.ts';
import { DEFAULT_RENDER_LIMITS } from '../../src/formats/format.ts';
import { findFormat } from '../../src/formats/index.ts';
import { formatParams, renderRequest } from '../../src/formats/render.ts';
import { GAMES } from '../../src/games/index.ts';
import { testServer } from '../support/server.ts';

/**
 * The Tabletop Simulator export against the save format's documented fields
 * (schemas/tabletop-simulator.saved-object.json), over a real server: every game's file validates,
 * its GUIDs are unique six-hex-digit ids, every picture it names is a PNG this service serves,
 * and the same map gives the same bytes.
 */
let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server.close();
});

interface Tile {
  GUID: string;
  Nickname: string;
  Transform: Record<string, number>;
  Locked: boolean;
  CustomImage: { ImageURL: string; ImageSecondaryURL: string; CustomTile: { Type: number; Stackable: boolean; Stretch: boolean } };
  Tags: string[];
}

const savedObject = validatorFor(loadSchema('tabletop-simulator.saved-object'));
const SEED = '7';
// Small pictures: the test is about addresses and types, not pixels.
const query = (base: string) => `baseUrl=${encodeURIComponent(base)}&imageDpi=24`;

/** Fetches every address, a few at a time, and returns each one's status, type and first bytes. */
async function fetchAll(urls: string[]): Promise<Array<{ url: string; status: number; type: string; magic: string }>> {
  const out: Array<{ url: string; status: number; type: string; magic: string }> = [];
  const queue = [...urls];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const res = await fetch(url);
        const body = Buffer.from(await res.arrayBuffer());
        out.push({ url, status: res.status, type: res.headers.get('content-type') ?? '', magic: body.subarray(1, 4).toString('latin1') });
      }
    }),
  );
  return out;
}

describe.each(GAMES.map((g) => g.id))('%s saved object', (gameId) => {
  let text: string;
  let doc: { ObjectStates: Tile[] };
  beforeAll(async () => {
    const res = await fetch(`${server.url}/api/v1/games/${gameId}/maps/${SEED}.tts.json?${query(server.url)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${gameId}-${SEED}.tts.json"`);
    text = await res.text();
    doc = JSON.parse(text);
  });

  it('has only the documented fields, with documented values', () => {
    expect(savedObject(doc), JSON.stringify(savedObject.errors)).toBe(true);
  });

  it('gives every object its own six-hex-digit GUID', () => {
    const ids = doc.ObjectStates.map((o) => o.GUID);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{6}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names pictures this service serves as PNG, every one', async () => {
    const urls = [...new Set(doc.ObjectStates.flatMap((o) => [o.CustomImage.ImageURL, o.CustomImage.ImageSecondaryURL]))];
    for (const url of urls) expect(url.startsWith(`${server.url}/api/v1/games/${gameId}/maps/${SEED}.png?`)).toBe(true);
    const answers = await fetchAll(urls);
    expect(answers.filter((a) => a.status !== 200 || a.type !== 'image/png' || a.magic !== 'PNG')).toEqual([]);
  }, 60_000);

  it('writes the same bytes for the same map, from the API and the CLI path alike', async () => {
    const format = findFormat('tts')!;
    const game = GAMES.find((g) => g.id === gameId)!;
    const map = buildScoredMap(game, SEED, {});
    const params = formatParams(format, { baseUrl: server.url, imageDpi: '24' });
    const { body } = await format.render(renderRequest(format, game, map, params, DEFAULT_RENDER_LIMITS));
    expect(body).toBe(text);
  });

  it('lays piles of tokens face down, one on another, and the board flat, face up or down', () => {
    const piles = new Map<string, Tile[]>();
    for (const o of doc.ObjectStates) {
      const key = `${o.Transform.posX} ${o.Transform.posZ}`;
      piles.set(key, [...(piles.get(key) ?? []), o]);
    }
    for (const pile of piles.values()) {
      const heights = pile.map((o) => o.Transform.posY);
      expect(new Set(heights).size).toBe(heights.length);
    }
    for (const o of doc.ObjectStates) {
      expect(o.Transform.rotX).toBe(0);
      expect([0, 180]).toContain(o.Transform.rotZ);
      if (o.Transform.rotZ === 180) expect(o.CustomImage.ImageSecondaryURL).not.toBe(o.CustomImage.ImageURL);
      // A tile players never turn stays put; one they turn up is free.
      if (o.Tags.includes('tile') && o.Transform.rotZ === 180) expect(o.Locked).toBe(false);
    }
  });

  it("keeps every box tile its picture's proportions", () => {
    for (const o of doc.ObjectStates) expect(o.CustomImage.CustomTile.Stretch).toBe(o.CustomImage.CustomTile.Type !== 0);
  });
});

describe('Gold City on the table', () => {
  it('lays each blockade on the seam between its two pieces, turned along it', async () => {
    const res = await fetch(`${server.url}/api/v1/games/gold-city/maps/42.tts.json?${query('https://maps.example.org')}`);
    const doc = (await res.json()) as { ObjectStates: Tile[] };
    const byName = new Map(doc.ObjectStates.map((o) => [o.Nickname, o]));
    const map = buildScoredMap(GAMES[0]!, '42', {}) as unknown as { blockades: Array<{ id: string; between: [string, string] }> };
    expect(map.blockades.length).toBeGreaterThan(0);
    const turns = new Set<number>();
    for (const b of map.blockades) {
      const card = byName.get(`Blockade ${b.id}`)!.Transform;
      const [p, q] = b.between.map((id) => byName.get(`Piece ${id}`)!.Transform);
      // Nearer the two pieces it divides than either is to the other.
      const d = (a: Record<string, number>, z: Record<string, number>) => Math.hypot(a.posX! - z.posX!, a.posZ! - z.posZ!);
      expect(Math.max(d(card, p!), d(card, q!))).toBeLessThan(d(p!, q!) + 1e-9);
      turns.add(card.rotY!);
    }
    // Seams run three ways on a hex grid: the cards are not all laid the same way.
    expect(turns.size).toBeGreaterThan(1);
  });
});

describe('refusals', () => {
  const get = (path: string) => fetch(`${server.url}${path}`);
  it.each([
    ['', 'baseUrl'],
    ['baseUrl=ftp%3A%2F%2Fhost', 'baseUrl'],
    ['baseUrl=https%3A%2F%2Fhost%2F%3Fq%3D1', 'baseUrl'],
    ['baseUrl=https%3A%2F%2Fhost&imageDpi=5000', 'imageDpi'],
  ])('refuses ?%s naming %s', async (q, field) => {
    const res = await get(`/api/v1/games/gold-city/maps/42.tts.json?${q}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await res.json()) as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toContain(field);
  });

  it('refuses a piece the map does not have, naming the ones it has', async () => {
    const res = await get('/api/v1/games/gold-city/maps/42.png?piece=zz9');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Array<{ field: string; message: string }> };
    expect(body.errors[0]).toMatchObject({ field: 'piece' });
    expect(body.errors[0]!.message).toContain('p0');
  });

  it('refuses side without piece', async () => {
    const res = await get('/api/v1/games/gold-city/maps/42.png?side=back');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('side');
  });

  it('reads the extension in any case, and a seed ending in .tts as JSON when its dot is encoded', async () => {
    expect((await get(`/api/v1/games/gold-city/maps/42.TTS.JSON?${query(server.url)}`)).status).toBe(200);
    const json = await get('/api/v1/games/gold-city/maps/42%2Etts.json');
    expect(json.status).toBe(200);
    expect(((await json.json()) as { seed: string }).seed).toBe('42.tts');
  });
});
