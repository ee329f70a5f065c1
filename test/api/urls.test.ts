import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../support/server.ts';

/** Extensions, case and file names over a real listening server, replayed answers included. */
describe('seed URLs and downloads', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => server?.close());
  const get = (path: string) => fetch(`${server.url}/api/v1/games/gold-city/maps/${path}`);

  it('refuses an unknown extension with a 404 naming the formats and how to address such a seed', async () => {
    const res = await get('42.jpg');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = (await res.json()) as { detail: string; errors: Array<{ field: string }> };
    expect(body.detail).toMatch(/\.json, \.svg, \.png, \.pdf/);
    expect(body.detail).toContain('42%2Ejpg');
    expect(body.errors[0]!.field).toBe('format');
  });

  it('reads a percent-encoded dot as part of the seed, and an extra .json likewise', async () => {
    const encoded = (await (await get('42%2Ejpg')).json()) as { seed: string; digest: string };
    expect(encoded.seed).toBe('42.jpg');
    const extra = (await (await get('42.jpg.json')).json()) as { seed: string; digest: string };
    expect(extra.digest).toBe(encoded.digest);
    // A dot followed by a number is no extension: the seed keeps it.
    expect(((await (await get('1.5')).json()) as { seed: string }).seed).toBe('1.5');
  });

  it('takes extensions and enum parameters in any case, and refuses a wrong word naming the field', async () => {
    const upper = await get('42.PNG?width=100');
    expect(upper.status).toBe(200);
    expect(upper.headers.get('content-type')).toBe('image/png');
    const pdf = await get('42.Pdf?paper=A4&size=Fit');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bad = await get('42.pdf?paper=B5');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('paper');
  });

  it('names every distinct download after its game, seed and variant, and a replayed answer carries the same name', async () => {
    for (const [path, name] of [
      ['42', 'gold-city-42.json'],
      ['42.svg', 'gold-city-42.svg'],
      ['42.svg?theme=screen', 'gold-city-42-screen.svg'],
      ['42.png?width=100', 'gold-city-42-100px.png'],
      ['42.png?dpi=30', 'gold-city-42-30dpi.png'],
      ['42.png?hexPx=10', 'gold-city-42-hex10px.png'],
      ['42.pdf?size=fit', 'gold-city-42-one-page-a4.pdf'],
      ['42.pdf?size=fit&paper=letter', 'gold-city-42-one-page-letter.pdf'],
      ['42.pdf?paper=a0&size=true', 'gold-city-42-poster-a0.pdf'],
      ['a%2Fb.json', 'gold-city-a%2Fb.json'],
    ]) {
      const res = await get(path!);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-disposition'), path).toBe(`inline; filename="${name}"`);
      await res.arrayBuffer();
    }
    // The second answer of a cacheable URL comes from the replay ahead of express.
    const again = await get('42');
    expect(again.headers.get('content-disposition')).toBe('inline; filename="gold-city-42.json"');
  });

  it('offers each game only the downloads that mean something for it', async () => {
    const { games } = (await (await fetch(`${server.url}/api/v1/games`)).json()) as {
      games: Array<{ id: string; downloads: Array<{ id: string }> }>;
    };
    const ids = (game: string) => games.find((g) => g.id === game)!.downloads.map((d) => d.id);
    expect(ids('gold-city')).toEqual(expect.arrayContaining(['png-tabletop', 'pdf-poster-a0', 'pdf-kit-a4']));
    expect(ids('pioneer-days')).not.toContain('png-tabletop');
    expect(ids('pioneer-days')).not.toContain('pdf-poster-a0');
    expect(ids('pioneer-days')).toContain('pdf-kit-a4');
  });

  it('links each map to its own downloads: a setup sheet, PDF and PNG, only for a course from the box', async () => {
    const linked = (res: Response) =>
      [...(res.headers.get('link') ?? '').matchAll(/<([^>]+)>[^<]*id="([^"]+)"/g)].map((m) => ({ href: m[1]!, id: m[2]! }));
    const generated = linked(await get('42'));
    expect(generated.map((l) => l.id)).toEqual(expect.arrayContaining(['svg', 'png', 'pdf-kit-a4']));
    expect(generated.map((l) => l.id)).not.toContain('pdf-setup-a4');
    expect(generated.map((l) => l.id)).not.toContain('png-setup');
    const options = encodeURIComponent(JSON.stringify({ tiles: 'box' }));
    const box = linked(await get(`42?options=${options}`));
    for (const id of ['pdf-setup-a4', 'png-setup']) {
      const link = box.find((l) => l.id === id)!;
      expect(link, id).toBeDefined();
      // Relative to the JSON's URL, as RFC 8288 resolves it.
      const res = await fetch(new URL(link.href, `${server.url}/api/v1/games/gold-city/maps/42?options=${options}`));
      expect(res.status, id).toBe(200);
      expect(res.headers.get('content-disposition'), id).toMatch(/gold-city-42-setup-(a4\.pdf|150dpi\.png)"/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 4).toString('latin1'), id).toMatch(/%PDF|\x89PNG/);
    }
    // The PNG setup sheet is refused for a generated course, naming layout and why.
    const refused = await get('42.png?layout=setup');
    expect(refused.status).toBe(400);
    const problem = (await refused.json()) as { errors: Array<{ field: string; message: string }> };
    expect(problem.errors[0]).toMatchObject({ field: 'layout', message: expect.stringMatching(/from the box/) });
  });
});
