import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMap } from '../../src/core/maps.ts';
import { goldCity } from '../../src/games/gold-city/index.ts';
import { pngDpi, testServer } from '../support/server.ts';

const run = promisify(execFile);
const cli = new URL('../../bin/goldmaps.js', import.meta.url).pathname;
let server: Awaited<ReturnType<typeof testServer>>;

beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server.close();
});

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

describe('HTTP API over a real listening server', () => {
  it('answers /healthz', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('lists the games with options schemas and generator versions', async () => {
    const body = (await (await get('/api/v1/games')).json()) as {
      games: Array<{ id: string; generator: { version: string }; optionsSchema: object; playerKinds: Array<{ id: string }> }>;
    };
    const gold = body.games.find((g) => g.id === 'gold-city')!;
    expect(gold.playerKinds.map((k) => k.id)).toEqual(['planner', 'sampler']);
    expect(gold.generator.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(gold.optionsSchema).toHaveProperty('properties.pieces');
  });

  it('serves a map whose digest equals the CLI digest, immutable with the digest as ETag', async () => {
    const options = { pieces: 6, tier: 'hard' };
    const res = await get(
      `/api/v1/games/gold-city/maps/${encodeURIComponent('a/b c')}?options=${encodeURIComponent(JSON.stringify(options))}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const map = (await res.json()) as { digest: string; seed: string };
    expect(map.seed).toBe('a/b c');
    expect(res.headers.get('etag')).toBe(`"${map.digest}"`);
    const { stdout } = await run(process.execPath, [cli, 'generate', 'gold-city', '--seed', 'a/b c', '--options', JSON.stringify(options)]);
    expect((JSON.parse(stdout) as { digest: string }).digest).toBe(map.digest);
  });

  it('serves Lost Valley landscapes through the same routes, with the CLI digest', async () => {
    const res = await get('/api/v1/games/lost-valley/maps/api-42?options=%7B%22players%22%3A3%7D');
    expect(res.status).toBe(200);
    const map = (await res.json()) as { digest: string; tiles: unknown[]; score: { band: string } };
    expect(map.score.band).toMatch(/easy|medium|hard|expert/);
    const { stdout } = await run(process.execPath, [cli, 'generate', 'lost-valley', '--seed', 'api-42', '--options', '{"players":3}']);
    expect((JSON.parse(stdout) as { digest: string }).digest).toBe(map.digest);
    const svg = await (await get('/api/v1/games/lost-valley/maps/api-42.svg?options=%7B%22players%22%3A3%7D')).text();
    expect(svg.match(/class="tile hover stop"/g)).toHaveLength(map.tiles.length);
    const png = await get('/api/v1/games/lost-valley/maps/api-42.png?width=600');
    expect(png.headers.get('content-type')).toBe('image/png');
    await png.arrayBuffer();
  });

  it('answers a repeated URL with the same bytes and headers as the first time, and none more', async () => {
    for (const path of ['/api/v1/games/gold-city/maps/again', '/api/v1/games/gold-city/maps/again.svg?width=300']) {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const res = await get(path);
        const headers = Object.fromEntries([...res.headers].filter(([k]) => k !== 'date'));
        answers.push({ status: res.status, headers, body: await res.text() });
      }
      // The later two come from the recorded answer, the first from the full route (helmet's headers).
      expect(answers[0]!.headers).toHaveProperty('x-content-type-options', 'nosniff');
      expect(answers[0]!.headers).not.toHaveProperty('x-powered-by');
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    }
  });

  it('answers 304 to a matching If-None-Match, for JSON and renders', async () => {
    for (const path of ['/api/v1/games/gold-city/maps/304', '/api/v1/games/gold-city/maps/304.svg']) {
      const first = await get(path);
      const etag = first.headers.get('etag')!;
      await first.arrayBuffer();
      const second = await get(path, { headers: { 'If-None-Match': etag } });
      expect(second.status).toBe(304);
      const other = await get(path, { headers: { 'If-None-Match': '"sha256:other"' } });
      expect(other.status).toBe(200);
      await other.arrayBuffer();
    }
  });

  it('renders SVG with one group per space', async () => {
    const map = (await (await get('/api/v1/games/gold-city/maps/svg')).json()) as { spaces: unknown[] };
    const res = await get('/api/v1/games/gold-city/maps/svg.svg');
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await res.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/class="space hover stop"/g)).toHaveLength(map.spaces.length);
    expect(svg).not.toMatch(/<text/);
  });

  it('renders PNG at the requested width, with the dpi in the file, byte-identical twice', async () => {
    const a = Buffer.from(await (await get('/api/v1/games/gold-city/maps/png.png?width=1024')).arrayBuffer());
    const b = Buffer.from(await (await get('/api/v1/games/gold-city/maps/png.png?width=1024')).arrayBuffer());
    expect(a.subarray(1, 4).toString()).toBe('PNG');
    expect(a.equals(b)).toBe(true);
    const meta = await sharp(a).metadata();
    expect(meta.width).toBe(1024);
    const print = Buffer.from(await (await get('/api/v1/games/gold-city/maps/png.png?dpi=150')).arrayBuffer());
    expect(pngDpi(print)).toBe(150);
  });

  it('rejects renders over the pixel limit, naming the field', async () => {
    const res = await get('/api/v1/games/gold-city/maps/big.png?dpi=600&options=%7B%22pieces%22%3A10%7D');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await res.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe('dpi');
  });

  it('names the field at fault: options, query, seed, game', async () => {
    const cases: Array<[string, number, string]> = [
      ['/api/v1/games/gold-city/maps/1?options=%7B%22tier%22%3A%22x%22%7D', 400, 'options.tier'],
      ['/api/v1/games/gold-city/maps/1?options=nope', 400, 'options'],
      ['/api/v1/games/gold-city/maps/1?colour=red', 400, 'colour'],
      ['/api/v1/games/gold-city/maps/1.png?width=abc', 400, 'width'],
      ['/api/v1/games/gold-city/maps/1.png?width=1&width=2', 400, 'width'],
      [`/api/v1/games/gold-city/maps/${'x'.repeat(129)}`, 400, 'seed'],
    ];
    for (const [path, status, field] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const body = (await res.json()) as { errors: Array<{ field: string }> };
      expect(
        body.errors.map((e) => e.field),
        path,
      ).toContain(field);
    }
    expect((await get('/api/v1/games/chess/maps/1')).status).toBe(404);
    expect((await get('/api/v1/nothing')).status).toBe(404);
  });

  it('says what a patterned option takes in words, not as its regex', async () => {
    const res = await get(`/api/v1/games/gold-city/maps/1?options=${encodeURIComponent('{"stagger":"0312"}')}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Array<{ field: string; message: string }> };
    expect(body.errors).toEqual([{ field: 'options.stagger', message: expect.stringMatching(/^must be "none" or one digit 0–2 a seat/) }]);
  });

  it('413 for an oversized body, 400 for bad JSON, 422 with problems for a broken map', async () => {
    const post = (body: string) =>
      get('/api/v1/games/gold-city/score', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const big = await post(JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big.status).toBe(413);
    const bad = await post('{oops');
    expect(bad.status).toBe(400);
    const map = (await (await get('/api/v1/games/gold-city/maps/broken')).json()) as { blockades: Array<{ between: string[] }> };
    map.blockades[0]!.between = ['p0', 'p4'];
    const broken = await post(JSON.stringify(map));
    expect(broken.status).toBe(422);
    const problem = (await broken.json()) as { problems: Array<{ rule: string }> };
    expect(problem.problems.map((p) => p.rule)).toContain('blockade-between');
    const notAMap = await post(JSON.stringify({ game: 'gold-city' }));
    expect(notAMap.status).toBe(422);
  });

  it("plays seeded bot games on a seed's map: the library's playtest report, the same on every request, bad queries named", async () => {
    const path = `/api/v1/games/gold-city/maps/${encodeURIComponent('play/1')}/playtest?games=12&options=${encodeURIComponent('{"players":3}')}`;
    const res = await get(path);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      seed: string;
      games: number;
      digest: string;
      playtest: { games: number; winRate: number[] };
      summary: { chart: { bars: unknown[] } };
    };
    const map = buildMap(goldCity as never, 'play/1', { players: 3 });
    const report = goldCity.playtest!(map as never, { games: 12 });
    const summary = goldCity.summarisePlaytest!(map as never, goldCity.score(map as never), report);
    expect(body).toEqual({
      game: 'gold-city',
      seed: 'play/1',
      digest: (map as { digest: string }).digest,
      games: 12,
      kind: 'planner',
      playtest: JSON.parse(JSON.stringify(report)),
      summary: JSON.parse(JSON.stringify(summary)),
    });
    expect(body.playtest.winRate).toHaveLength(3);
    expect(body.summary.chart.bars).toHaveLength(3);
    const etag = res.headers.get('etag')!;
    // The ETag is known before any game is played: a conditional request plays none.
    const before = ((await (await get('/metrics')).json()) as { botGames: { played: number; notModified: number } }).botGames;
    expect((await get(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const after = ((await (await get('/metrics')).json()) as { botGames: { played: number; notModified: number } }).botGames;
    expect(after).toEqual({ ...before, notModified: before.notModified + 1 });
    // Another count or kind is another answer, with another ETag.
    const other = await get(path.replace('games=12', 'games=11'), { headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(etag);
    expect(await (await get(path)).json()).toEqual(body);
    const fallback = (await (await get('/api/v1/games/pioneer-days/maps/7/playtest?games=2')).json()) as { playtest: { games: number } };
    expect(fallback.playtest.games).toBe(2);
    // The second kind of player, by name: the library's own games of that kind.
    const sampled = (await (await get(`${path}&kind=sampler`)).json()) as { kind: string; playtest: unknown };
    expect(sampled.kind).toBe('sampler');
    expect(sampled.playtest).toEqual(JSON.parse(JSON.stringify(goldCity.playtest!(map as never, { games: 12, kind: 'sampler' }))));
    expect(sampled.playtest).not.toEqual(body.playtest);
    const planners = (await (await get('/api/v1/games/lost-valley/maps/7/playtest?games=2&kind=planner')).json()) as {
      playtest: { player: string };
    };
    expect(planners.playtest.player).toBe('planner');
    for (const [query, field] of [
      ['games=0', 'games'],
      ['games=401', 'games'],
      ['games=ten', 'games'],
      ['rounds=3', 'rounds'],
      ['kind=settler', 'kind'],
      ['kind=Greedy!', 'kind'],
      ['options=%7B%22pieces%22%3A70%7D', 'options.pieces'],
    ] as const) {
      const bad = await get(`/api/v1/games/lost-valley/maps/7/playtest?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(
        ((await bad.json()) as { errors: Array<{ field: string }> }).errors.map((e) => e.field),
        query,
      ).toContain(field);
    }
  });

  it('serves maps with their score, scores a posted map, and rerolls to a target', async () => {
    const map = (await (await get('/api/v1/games/gold-city/maps/scored')).json()) as { score: { difficulty: number; band: string } };
    expect(map.score.difficulty).toBeGreaterThanOrEqual(0);
    const post = (path: string, body: unknown) =>
      get(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const scored = (await (await post('/api/v1/games/gold-city/score', map)).json()) as { score: { difficulty: number } };
    expect(scored.score.difficulty).toBe(map.score.difficulty);

    const request = { seed: 'api', options: { tier: 'hard' }, target: { band: 'hard' }, maxAttempts: 60 };
    const a = (await (await post('/api/v1/games/gold-city/reroll', request)).json()) as {
      hit: boolean;
      seed: string;
      attempts: number;
      map: { digest: string; score: { band: string } };
    };
    const b = (await (await post('/api/v1/games/gold-city/reroll', request)).json()) as typeof a;
    expect(a.hit).toBe(true);
    expect(a.map.score.band).toBe('hard');
    expect(b).toEqual(a);
    const direct = (await (
      await get(`/api/v1/games/gold-city/maps/${encodeURIComponent(a.seed)}?options=${encodeURIComponent(JSON.stringify(request.options))}`)
    ).json()) as { digest: string };
    expect(direct.digest).toBe(a.map.digest);

    for (const [body, field] of [
      [{ ...request, target: { band: 'impossible' } }, 'target'],
      [{ ...request, maxAttempts: 100000 }, 'maxAttempts'],
      [{ ...request, options: { tier: 'x' } }, 'options.tier'],
      [{ ...request, target: { min: 80, max: 20 } }, 'target.min'],
      [{ target: { band: 'hard' } }, 'seed'],
      [{ ...request, agree: 'yes' }, 'agree'],
    ] as const) {
      const res = await post('/api/v1/games/gold-city/reroll', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const problem = (await res.json()) as { errors: Array<{ field: string }> };
      expect(problem.errors.map((e) => e.field).join(' '), JSON.stringify(body)).toContain(field);
    }
  });

  it('stays responsive while a long reroll runs: it yields to other requests', async () => {
    const order: string[] = [];
    const long = fetch(`${server.url}/api/v1/games/gold-city/reroll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: 'slow', options: { tier: 'easy', pieces: 3 }, target: { band: 'expert' }, maxAttempts: 600 }),
    }).then(async (r) => {
      order.push('reroll');
      return (await r.json()) as { hit: boolean; attempts: number };
    });
    await new Promise((r) => setTimeout(r, 30));
    await get('/healthz').then((r) => r.json());
    order.push('healthz');
    const result = await long;
    expect(order).toEqual(['healthz', 'reroll']);
    expect(result.attempts).toBe(600);
  });

  it('publishes a valid OpenAPI 3.1 document', async () => {
    const doc = await (await get('/api/v1/openapi.json')).json();
    const validator = new Validator();
    const result = await validator.validate(doc as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });
});

describe('limits', () => {
  it('answers 503 with Retry-After beyond the render queue, never crashing', async () => {
    const tight = await testServer({ renderConcurrency: 1, renderQueue: 1 });
    try {
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          fetch(`${tight.url}/api/v1/games/gold-city/maps/busy-${i}.png?width=2000`).then(async (r) => ({
            status: r.status,
            retry: r.headers.get('retry-after'),
            body: await r.arrayBuffer(),
          })),
        ),
      );
      const busy = responses.filter((r) => r.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy.every((r) => r.retry === '1')).toBe(true);
      expect(responses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2);
    } finally {
      await tight.close();
    }
  });

  it('finishes in-flight requests on close and refuses new connections', async () => {
    const s = await testServer();
    const inflight = fetch(`${s.url}/api/v1/games/gold-city/maps/drain.png?width=1500`);
    await new Promise((r) => setTimeout(r, 50));
    const closed = s.close();
    const res = await inflight;
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    await closed;
    await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
  });
});
