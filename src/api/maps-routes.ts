import express, { type Request, type RequestHandler, type Router } from 'express';
import { canonicalJson, sha256Hex } from '../core/canonical.ts';
import type { AnyGameModule } from '../core/game-module.ts';
import { checkMap, playerKindOf, scoreMap, type ScoredMap } from '../core/maps.ts';
import { check } from '../core/schema.ts';
import { loadSchema } from '../core/schemas.ts';
import type { Target } from '../seeds/reroll.ts';
import { GAMES } from '../games/index.ts';
import { downloadsFor, extensionOf, fileName, formatParameters, type OutputFormat } from '../formats/format.ts';
import { FORMATS, downloadsOfMap, findFormat, formatOfName } from '../formats/index.ts';
import { formatParams, renderRequest, variantParams } from '../formats/render.ts';
import { pipeline } from 'node:stream/promises';
import { runningCodeIdentity } from './code-identity.ts';
import type { ApiContext } from './context.ts';
import { IMMUTABLE, answeredNotModified } from './http-cache.ts';
import { requireJson } from './json-body.ts';
import { RenderFiles } from './render-files.ts';
import { HttpProblem, badInput, toInputProblem } from './problem.ts';
import { gameOf, mapFor } from './requested-map.ts';
import { abandonedSignal } from './time-budget.ts';

const rerollSchema = loadSchema('api/reroll-request');
const playtestQuery = loadSchema('api/playtest-query');

/** A final `.` and a word that starts with a letter: an extension, known or not (`42.png`, `42.jpg`, `42.PNG`). */
const EXTENSION = /^(.+)\.([A-Za-z][A-Za-z0-9]{0,9})$/s;

/**
 * `42`, `42.png`, `42.PNG`; read from the raw path segment, so a seed that really ends in `.jpg`
 * is addressed with its dot percent-encoded (`42%2Ejpg`), or with an extra `.json`. An unknown
 * extension is a 404 naming the formats rather than the JSON of a seed called "42.jpg".
 */
function splitSeed(rawSegment: string): { seed: string; format: OutputFormat } {
  const m = EXTENSION.exec(rawSegment);
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      throw badInput([{ field: 'seed', message: 'is not valid percent-encoding' }]);
    }
  };
  if (!m) return { seed: decode(rawSegment), format: findFormat('json')! };
  const known = formatOfName(rawSegment);
  if (!known) {
    const names = FORMATS.map((f) => `.${extensionOf(f)}`).join(', ');
    throw new HttpProblem(
      404,
      'Unknown format',
      `No format ".${m[2]}"; the formats are ${names}. A seed that really ends in ".${m[2]}" is addressed with its dot percent-encoded (${m[1]}%2E${m[2]}) or with an extra .json.`,
      {
        errors: [{ field: 'format', message: `must be one of ${FORMATS.map((f) => extensionOf(f)).join(', ')}` }],
      },
    );
  }
  return { seed: decode(known.stem), format: known.format };
}

/** Express 5 re-parses req.query on every read: validate one copy and keep the result. */
function checkedQuery(req: Request, format: OutputFormat): Record<string, unknown> {
  return formatParams(format, { ...(req.query as Record<string, unknown>) });
}

/** Each download of the map as a link relative to its JSON URL, carrying the preset's id. */
const downloadLinks = (game: AnyGameModule, map: ScoredMap, options: string | undefined): string =>
  downloadsOfMap(game, map)
    .map(({ id, label, params, format }) => {
      const pairs: [string, string][] = [
        ...(options === undefined ? [] : [['options', options] as [string, string]]),
        ...Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
      ];
      const query = new URLSearchParams(pairs);
      return `<${encodeURIComponent(map.seed ?? '')}.${extensionOf(format)}?${query}>; rel="alternate"; type="${format.mediaType}"; title="${label.replace(/["\\]/g, '')}"; id="${id}"`;
    })
    .join(', ');

/** The games and formats a client can ask for, each game's maps in each format, bot games on them, scores and rerolls. */
export function mapsRoutes(ctx: ApiContext): Router {
  return express
    .Router()
    .get('/api/v1/games', catalogue(ctx))
    .get('/api/v1/games/:game/maps/:seed', mapAnswer(ctx))
    .get('/api/v1/games/:game/maps/:seed/playtest', botGames(ctx))
    .post('/api/v1/games/:game/score', score)
    .post('/api/v1/games/:game/reroll', reroll(ctx));
}

function catalogue({ limits }: ApiContext): RequestHandler {
  return (_req, res) => {
    res.json({
      games: GAMES.map((g) => ({
        id: g.id,
        title: g.title,
        generator: { name: 'goldmaps', version: g.generatorVersion },
        // Every game is scored now; the field stays for clients that read it.
        scored: true,
        // The kinds of player the map's playtest route can seat, the default first (none: no bots).
        playerKinds: g.playtest ? (g.playerKinds ?? []) : [],
        optionsSchema: g.optionsSchema,
        mapSchema: g.mapSchema.$id,
        // What a page may offer of this game's maps: each format's presets the game can serve.
        downloads: FORMATS.flatMap((f) =>
          downloadsFor(f, g).map(({ id, label, params, origin }) => ({
            id,
            format: f.id,
            extension: extensionOf(f),
            label,
            params,
            ...(origin ? { origin } : {}),
          })),
        ),
      })),
      formats: FORMATS.map((f) => ({
        id: f.id,
        extension: extensionOf(f),
        mediaType: f.mediaType,
        description: f.description,
        parameters: formatParameters(f.schema),
        limits: f.limitsOf?.(limits) ?? {},
      })),
    });
  };
}

function mapAnswer({ limits, maps, answers, work, rasters, renders, renderFiles, counters, logger }: ApiContext): RequestHandler {
  const rasterise = (svg: string, dpi: number) => rasters.render(svg, dpi);
  return async (req, res) => {
    const game = gameOf(req);
    const { seed, format } = splitSeed(req.path.slice(req.path.lastIndexOf('/') + 1));
    const params = checkedQuery(req, format);
    const entry = mapFor(maps, game, seed, params.options as string | undefined);
    const { map } = entry;
    // The representation's identity: the map, plus every parameter that changes its bytes.
    const variant = variantParams(params);
    const variantKey = canonicalJson({ format: format.id, ...variant });
    const etag =
      Object.keys(variant).length === 0 ? `"${map.digest}"` : `"${map.digest}.${format.id}.${sha256Hex(variantKey).slice(0, 16)}"`;
    if (answeredNotModified(req, res, etag, IMMUTABLE)) return;
    // Saved as `gold-city-42-300dpi.png`, not `42.png`: every distinct download has its own name.
    const label = () =>
      res.type(format.mediaType).setHeader('Content-Disposition', `inline; filename="${fileName(format, game, map, params)}"`);
    // The costly formats are kept on disk: a second 40-megapixel PNG is a file read, not seconds of drawing.
    const fileKey = format.heavy && renderFiles.enabled ? RenderFiles.key(runningCodeIdentity(), game.id, format.id, etag) : undefined;
    const kept = fileKey === undefined ? undefined : await renderFiles.open(fileKey);
    if (kept) {
      // The time budget may have answered while the file was checked.
      if (res.headersSent || req.method === 'HEAD') {
        await kept.close();
        if (!res.headersSent) label().setHeader('Content-Length', kept.bytes).end();
        return;
      }
      label().setHeader('Content-Length', kept.bytes);
      await pipeline(kept.stream(), res).catch((e: unknown) => {
        // A client that left mid-file is no fault; a disk that failed mid-file leaves a cut answer.
        if (!res.destroyed) logger.warn({ err: e, url: req.originalUrl }, 'render cache: file could not be sent');
        res.destroy();
      });
      return;
    }
    let out = format.cacheable ? entry.rendered.get(variantKey) : undefined;
    if (!out) {
      const request = renderRequest(format, game, map, params, limits);
      const draw = () => (format.offThread ? work.render(format.id, request) : format.render({ ...request, rasterise }));
      out = await (format.heavy ? renders.run(draw) : draw());
      if (format.heavy) counters.rendersDrawn++;
      // Kept even when the time budget has answered meanwhile, so a render slower than the budget
      // is served at the next request. Only a whole render gets here: a failed one threw.
      if (fileKey !== undefined) void renderFiles.store(fileKey, out.body);
      if (format.cacheable) entry.rendered.set(variantKey, out);
    }
    // The map's own downloads as RFC 8288 links (a setup sheet only where this map has one), so
    // the page and API clients offer only what this map can answer.
    if (format.id === 'json') res.setHeader('Link', downloadLinks(game, map, params.options as string | undefined));
    label().send(out.body);
    if (format.cacheable && res.statusCode === 200) answers.remember(req.originalUrl, res.getHeaders(), out.body);
  };
}

/**
 * Seeded bot games on a seed's map, the ground truth the score is calibrated on, measured on
 * this map: at four players Gold City's seat shares from 100 games track held-out shares
 * better than the score's seat model (docs/studies/pioneer-days-and-gold-city-difficulty.md#seats-item-5).
 * The same code always answers the same, but a new bot may play differently: not immutable. The
 * ETag is the code's identity with the map and the request, so a conditional request is
 * answered before any game is played.
 */
function botGames({ counters, maps, answers, work, playtests }: ApiContext): RequestHandler {
  return async (req, res) => {
    const game = gameOf(req);
    if (!game.playtest) throw new HttpProblem(404, 'No bots', `${game.id} has no bots to play its maps yet.`);
    const checked = check<{ options?: string; games: number; kind?: string }>(
      playtestQuery,
      { ...(req.query as Record<string, unknown>) },
      { coerce: true },
    );
    if (!checked.ok) throw badInput(checked.errors, 'Invalid query');
    const { options, games } = checked.value;
    // The schema holds for every game; which kinds a game seats is the game's own list.
    const kind = playerKindOf(game, checked.value.kind);
    const { map } = mapFor(maps, game, String(req.params.seed), options);
    const etag = `"${sha256Hex(canonicalJson({ code: runningCodeIdentity(), game: game.id, seed: map.seed, digest: map.digest, games, kind: kind ?? null })).slice(0, 32)}"`;
    if (answeredNotModified(req, res, etag, 'public, max-age=86400')) {
      counters.botGamesNotModified++;
      return;
    }
    // Up to half a minute of games: stopped, queued or running, once nobody is left to answer.
    const abandoned = abandonedSignal(res);
    let report: unknown;
    try {
      report = await playtests.run(() => work.playtest(game.id, map, games, kind, abandoned), abandoned);
    } catch (e) {
      if (!abandoned.aborted) throw e;
      counters.botGamesAbandoned++;
      return;
    }
    counters.botGamesPlayed++;
    const summary = game.summarisePlaytest?.(map, map.score, report);
    const body = JSON.stringify({
      game: game.id,
      seed: map.seed,
      digest: map.digest,
      games,
      ...(kind === undefined ? {} : { kind }),
      playtest: report,
      ...(summary ? { summary } : {}),
    });
    res.type('application/json').send(body);
    if (res.statusCode === 200) answers.remember(req.originalUrl, res.getHeaders(), body);
  };
}

const score: RequestHandler = (req, res) => {
  const game = gameOf(req);
  requireJson(req, 'the map document');
  const result = checkMap(game, req.body);
  if (!result.ok)
    throw new HttpProblem(422, 'Not a map document', result.errors.map((e) => `${e.field || '(root)'}: ${e.message}`).join('; '), {
      errors: result.errors,
    });
  if (result.problems.length > 0) {
    throw new HttpProblem(422, 'The map breaks the rules', result.problems.map((p) => p.message).join('; '), { problems: result.problems });
  }
  res.json({ score: scoreMap(game, result.map) });
};

function reroll({ limits, work }: ApiContext): RequestHandler {
  return async (req, res) => {
    const game = gameOf(req);
    requireJson(req, 'the request');
    const checked = check<{ seed: string; options?: Record<string, unknown>; target: Target; maxAttempts: number; agree: boolean }>(
      rerollSchema,
      req.body,
    );
    if (!checked.ok) throw badInput(checked.errors);
    const body = checked.value;
    if (body.maxAttempts > limits.rerollAttempts)
      throw badInput([{ field: 'maxAttempts', message: `must be <= ${limits.rerollAttempts}` }]);
    let result: Awaited<ReturnType<ApiContext['work']['reroll']>>;
    try {
      // In a worker thread: a long search never holds up other requests.
      result = await work.reroll(game.id, body, Date.now() + limits.rerollMillis);
    } catch (e) {
      throw toInputProblem(e);
    }
    // Stopping on time would make the answer depend on the machine, so it is an error instead.
    if (!result)
      throw new HttpProblem(422, 'Reroll ran out of time', `Ask for fewer attempts (the service allows ${limits.rerollMillis} ms).`, {
        errors: [{ field: 'maxAttempts', message: 'too many for the time limit' }],
      });
    res.json(result);
  };
}
