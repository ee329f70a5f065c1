/**
 * What every registered game must do, checked over the registry: a new game gets these tests
 * for free, and one that cannot pass them cannot ship.
 */
import { check } from '../src/core/schema.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapDigest } from '../src/core/canonical.ts';
import { BANDS, bandOf } from '../src/core/difficulty.ts';
import { buildMap, buildScoredMap, checkMap, normaliseOptions } from '../src/core/maps.ts';
import { reroll, scoreMiss } from '../src/seeds/reroll.ts';
import { DEFAULT_STYLE } from '../src/core/scene.ts';
import { DEFAULT_RENDER_LIMITS, extensionOf } from '../src/formats/format.ts';
import { FORMATS } from '../src/formats/index.ts';
import { formatParams, renderRequest } from '../src/formats/render.ts';
import { GAMES } from '../src/games/index.ts';
import { seedString } from './support/arbitraries.ts';
import { optionsFromSchema } from './support/options-arbitrary.ts';
import { digestsInWorker } from './support/digest-in-worker.ts';
import { testServer } from './support/server.ts';

/** What each format's bytes start with. */
const MAGIC: Record<string, (body: Buffer) => boolean> = {
  json: (b) => JSON.parse(b.toString('utf8')) !== null,
  svg: (b) => b.toString('utf8').startsWith('<svg '),
  png: (b) => b.subarray(0, 4).toString('latin1') === '\x89PNG',
  pdf: (b) => b.subarray(0, 4).toString('latin1') === '%PDF',
  tts: (b) => Array.isArray((JSON.parse(b.toString('utf8')) as { ObjectStates?: unknown }).ObjectStates),
};

/** What a format needs given to render at all, or small enough to be quick. */
const GIVEN: Record<string, Record<string, string>> = { png: { width: '300' }, tts: { baseUrl: 'https://maps.example.org' } };

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => {
  await server?.close();
});

it('every format has a check of its bytes here', () => {
  expect(FORMATS.map((f) => f.id).filter((id) => !MAGIC[id])).toEqual([]);
});

describe.each(GAMES.map((g) => [g.id, g] as const))('%s conforms', (_id, game) => {
  // Combinations the schema itself refuses (its if/then rules) are not options a caller can build.
  const options = optionsFromSchema(game.optionsSchema).filter((o) => check(game.optionsSchema, o).ok);

  it('fills every option default, and the map records the options it was built with', () => {
    const defaults = normaliseOptions(game, {});
    for (const [name, p] of Object.entries((game.optionsSchema.properties ?? {}) as Record<string, { default?: unknown }>)) {
      expect(p.default, `options.${name} needs a default`).not.toBeUndefined();
      expect(defaults[name]).toEqual(p.default);
    }
    const recorded = buildMap(game, 'defaults', {}).options as Record<string, unknown>;
    // A layer added later and switched off (a default of false or "none") may leave no trace in
    // the map, so every map made before the layer existed keeps its digest; anything else the map
    // must record.
    // An option whose schema marks it `x-no-trace` (a default that is today's behaviour, e.g. a choice of source) may too.
    const props = (game.optionsSchema.properties ?? {}) as Record<string, { 'x-no-trace'?: boolean }>;
    const layersOff = Object.keys(defaults).filter(
      (k) => (defaults[k] === false || defaults[k] === 'none' || props[k]?.['x-no-trace'] === true) && !(k in recorded),
    );
    expect(recorded).toEqual(Object.fromEntries(Object.entries(defaults).filter(([k]) => !layersOff.includes(k))));
    for (const k of layersOff) {
      const on = fc.sample(
        options.filter((o) => o[k] !== undefined && o[k] !== defaults[k]),
        { numRuns: 1, seed: 7 },
      )[0]!;
      expect(buildMap(game, 'defaults', { [k]: on[k] }).options).toMatchObject({ [k]: on[k] });
    }
  });

  it('builds valid, schema-conforming maps whose digest anyone can recompute, the same twice (150 seeds)', () => {
    fc.assert(
      fc.property(seedString, options, (seed, o) => {
        const map = buildMap(game, seed, o);
        const again = buildMap(game, seed, structuredClone(o));
        expect(again.digest).toBe(map.digest);
        // What the map records of its seed and options is enough to build it again.
        expect(buildMap(game, map.seed!, map.options).digest).toBe(map.digest);
        expect(mapDigest(map as unknown as Record<string, unknown>)).toBe(map.digest);
        const checked = checkMap(game, structuredClone(map));
        expect(checked.ok && checked.problems).toEqual([]);
      }),
      { numRuns: 150, seed: 9 },
    );
  });

  it('builds the same digest in a worker thread', async () => {
    const map = buildMap(game, 'worker', {});
    expect(await digestsInWorker(game.id, [{ seed: 'worker', options: {} }])).toEqual([map.digest]);
  });

  it('scores on the 0–100 scale with the band of its difficulty, in words a page can show (100 seeds)', () => {
    fc.assert(
      fc.property(seedString, options, (seed, o) => {
        const { score } = buildScoredMap(game, seed, o);
        expect(Number.isInteger(score.difficulty)).toBe(true);
        expect(score.difficulty).toBeGreaterThanOrEqual(0);
        expect(score.difficulty).toBeLessThanOrEqual(100);
        expect(BANDS).toContain(score.band);
        expect(score.band).toBe(bandOf(score.difficulty));
        const summary = score.summary!;
        expect(summary.headline.length).toBeGreaterThan(10);
        expect(summary.facts.length).toBeGreaterThan(0);
        for (const bar of summary.chart?.bars ?? []) expect(Number.isFinite(bar.value)).toBe(true);
      }),
      { numRuns: 100, seed: 10 },
    );
  });

  it.runIf(game.playtest !== undefined)(
    'says its bot games in words: each seat’s share of the wins charted, summing to at most all the games',
    () => {
      let charted = 0;
      fc.assert(
        fc.property(seedString, options, (seed, o) => {
          const map = buildScoredMap(game, seed, o);
          const report = game.playtest!(map, { games: 3 });
          const summary = game.summarisePlaytest!(map, map.score, report);
          expect(summary.headline).toMatch(/^3 /);
          expect(summary.facts.length).toBeGreaterThan(0);
          const bars = summary.chart?.bars ?? [];
          // A solo game has no share to chart; otherwise one bar a seat, the shares adding up to
          // at most all the games (a game stopped without a winner, such as a Gold City stall, has none).
          if (bars.length > 0) {
            charted++;
            expect(bars.length).toBeGreaterThan(1);
            const total = bars.reduce((a, b) => a + b.value, 0);
            expect(total).toBeLessThan(100.5);
            expect(total).toBeGreaterThan(0);
            for (const [seat, bar] of bars.entries()) expect(bar.label).toBe(`Seat ${seat + 1}`);
          }
        }),
        { numRuns: 6, seed: 12 },
      );
      // A game that never charted its seats would pass the loop above without a check.
      expect(charted).toBeGreaterThan(0);
    },
  );

  it.runIf((game.playerKinds?.length ?? 0) > 0)('seats each of its kinds of player by name, and the kinds play differently', () => {
    const map = buildScoredMap(game, 'kinds', {});
    const reports = game.playerKinds!.map((k) => JSON.stringify(game.playtest!(map, { games: 2, kind: k.id })));
    expect(reports[0]).toBe(JSON.stringify(game.playtest!(map, { games: 2 })));
    expect(new Set(reports).size).toBe(reports.length);
    expect(() => game.playtest!(map, { games: 1, kind: 'no-such-kind' })).toThrow(RangeError);
  });

  it('reaches every band by reroll from the default options', () => {
    // A few base seeds keep this quick for games that score by playing reference games; each
    // game's own tests and `npm run bench` (reach) measure many more, per table size.
    for (const band of BANDS) {
      for (const seed of ['reach-a', 'reach-b', 'reach-c']) {
        const r = reroll(game, { seed, target: { band }, maxAttempts: 200 })!;
        expect(r.hit, `${band} from ${seed}: ${r.message ?? ''}`).toBe(true);
      }
    }
  });

  it('with agree, answers only maps every kind of player reads inside the target', () => {
    const hasInterval = buildScoredMap(game, 'agree', {}).score.interval !== undefined;
    let filtered = 0;
    // Every band, and the middle one again from a seed whose plain answer the kinds of Pioneer
    // Days part over (the kinds of Lost Valley part over most).
    const cases = [...BANDS.map((band) => ['agree-a', band] as const), ['agree-c', 'medium'] as const];
    for (const [seed, band] of cases) {
      const plain = reroll(game, { seed, target: { band }, maxAttempts: 200 })!;
      const agreed = reroll(game, { seed, target: { band }, maxAttempts: 200, agree: true })!;
      if (!hasInterval) {
        expect(agreed).toEqual(plain);
        continue;
      }
      // A hit with agree has the difficulty and both ends of the interval in the band; a miss is
      // the nearest by the same measure, and says what was asked.
      if (agreed.hit) {
        expect(scoreMiss(agreed.map.score, { band }, true), `${band}: ${agreed.seed}`).toBe(0);
        expect(agreed.agreed).toBe(true);
      } else expect(agreed.message).toContain('every kind of player agreeing');
      // Every answer says whether its kinds all read it in the target, asked or not.
      const plainAgrees = scoreMiss(plain.map.score, { band }, true) === 0;
      expect(plain.agreed).toBe(plainAgrees);
      expect(agreed.attempts).toBeGreaterThanOrEqual(plain.attempts);
      if (!plainAgrees) filtered++;
    }
    // Not vacuous where the kinds can disagree: some plain answer is one agree turns down.
    if (hasInterval) expect(filtered).toBeGreaterThan(0);
  });

  it('draws a non-empty scene with places to hover and to walk', () => {
    const scene = game.scene(buildMap(game, 'scene', {}), DEFAULT_STYLE);
    expect(scene.width).toBeGreaterThan(0);
    expect(scene.height).toBeGreaterThan(0);
    const groups = JSON.stringify(scene.items);
    expect(groups).toContain('"stop":true');
    expect(groups).toContain('"title":');
  });

  it.each(FORMATS.map((f) => [f.id, f] as const))('renders as %s with the format defaults', async (_f, format) => {
    const map = buildScoredMap(game, 'formats', {});
    const params = formatParams(format, { ...GIVEN[format.id] });
    const { body } = await format.render(renderRequest(format, game, map, params, DEFAULT_RENDER_LIMITS));
    expect(MAGIC[format.id]!(Buffer.from(body))).toBe(true);
  });

  it('answers every API route over a real server', async () => {
    const listed = (await (await fetch(`${server.url}/api/v1/games`)).json()) as { games: Array<{ id: string }> };
    expect(listed.games.map((g) => g.id)).toContain(game.id);
    const map = buildScoredMap(game, 'api', {});
    for (const format of FORMATS) {
      const res = await fetch(
        `${server.url}/api/v1/games/${game.id}/maps/api.${extensionOf(format)}?${new URLSearchParams(GIVEN[format.id] ?? {}).toString()}`,
      );
      expect(res.status, format.id).toBe(200);
      expect(res.headers.get('content-type')).toContain(format.mediaType);
      expect(res.headers.get('etag')).toContain(map.digest!);
      expect(MAGIC[format.id]!(Buffer.from(await res.arrayBuffer()))).toBe(true);
    }
    // Every download a page is offered for this game answers (pictures shrunk to keep it quick).
    const entry = (
      listed as unknown as {
        games: Array<{
          id: string;
          downloads: Array<{ format: string; extension: string; origin?: string; params: Record<string, unknown> }>;
        }>;
      }
    ).games.find((g) => g.id === game.id)!;
    for (const d of entry.downloads) {
      // The page fills `origin` with its own address, as this does with the server's.
      const given = {
        ...d.params,
        ...(d.origin ? { [d.origin]: server.url } : {}),
        ...(d.format === 'png' ? { dpi: undefined, hexPx: undefined, width: 200 } : {}),
      };
      const params = new URLSearchParams(
        Object.entries(given)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      const res = await fetch(`${server.url}/api/v1/games/${game.id}/maps/api.${d.extension}?${params}`);
      // A setup sheet belongs to some maps only (a game's setup() says why the others have none):
      // refused then, naming layout.
      const noSetup =
        d.params.layout === 'setup' &&
        game.setup?.(map as never, { hexSize: 20 } as never, { width: 210, height: 297 }).sheets.length === 0;
      if (noSetup)
        expect(((await res.json()) as { errors?: Array<{ field: string }> }).errors?.[0]?.field, `${d.format} ${params}`).toBe('layout');
      else {
        expect(res.status, `${d.format} ${params}`).toBe(200);
        await res.arrayBuffer();
      }
    }
    const scored = await fetch(`${server.url}/api/v1/games/${game.id}/score`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(map),
    });
    expect(scored.status).toBe(200);
    expect(((await scored.json()) as { score: { difficulty: number } }).score.difficulty).toBe(map.score.difficulty);
    const reroll = await fetch(`${server.url}/api/v1/games/${game.id}/reroll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: 'api', target: { min: 0, max: 100 }, maxAttempts: 3, agree: true }),
    });
    expect(reroll.status).toBe(200);
    expect(((await reroll.json()) as { hit: boolean; seed: string }).seed).toBe('api/1');
  });
});
