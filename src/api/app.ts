import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { canonicalJson, sha256Hex } from '../core/canonical.ts';
import type { AnyGameModule } from '../core/game-module.ts';
import { InputError, buildScoredMap, checkMap, normaliseOptions, playerKindOf, scoreMap, type ScoredMap } from '../core/maps.ts';
import { check } from '../core/schema.ts';
import { loadSchema } from '../core/schemas.ts';
import { normaliseSeed } from '../core/seed.ts';
import type { Target } from '../seeds/reroll.ts';
import { RasterFailed, RasterPool } from '../workers/raster-pool.ts';
import { WorkerOutOfMemory, WorkPool } from '../workers/work-pool.ts';
import { GAMES, findGame } from '../games/index.ts';
import { DEFAULT_RENDER_LIMITS, downloadsFor, extensionOf, fileStem, formatParameters, type OutputFormat, type RenderLimits } from '../formats/format.ts';
import { FORMATS, downloadsOfMap, findFormat, formatOfName } from '../formats/index.ts';
import { formatParams, renderRequest, variantParams } from '../formats/render.ts';
import { AnswerCache, MapCache, type CachedMap } from './map-cache.ts';
import { buildOpenApi } from './openapi.ts';
import { HttpProblem, badInput, sendProblem } from './problem.ts';
import { RenderGate } from './render-gate.ts';
import { mountPlayRoutes, mountPlayWriteGuards } from './plays-routes.ts';
import { Counters } from './counters.ts';
import { codeIdentity } from './code-identity.ts';
import { cors } from './cors.ts';
import { TokenBuckets } from './rate-limit.ts';
import type { PlayStore } from '../store/store.ts';

export interface Limits extends RenderLimits {
  bodyBytes: number;
  renderConcurrency: number;
  renderQueue: number;
  rerollAttempts: number;
  rerollMillis: number;
  cachedMaps: number;
  /** A play report's body (the plays routes' own parser; every other body takes `bodyBytes`). */
  reportBytes: number;
  /** Writes (report POSTs and DELETEs) one client address may make a minute, keyed or not. */
  writesPerMinutePerAddress: number;
  /** Node's headersTimeout and requestTimeout: a client slower than this is cut off (408) and counted. */
  headersMillis: number;
  requestMillis: number;
  /** How long a handler may take before it is answered 503 for it. */
  budgetMillis: number;
  /** How long /readyz waits for the store before saying it is unreachable. */
  readyMillis: number;
}

export const DEFAULT_LIMITS: Limits = {
  ...DEFAULT_RENDER_LIMITS,
  bodyBytes: 1024 * 1024,
  renderConcurrency: 2,
  renderQueue: 8,
  rerollAttempts: 2000,
  rerollMillis: 5000,
  cachedMaps: 256,
  reportBytes: 16 * 1024,
  writesPerMinutePerAddress: 120,
  headersMillis: 10_000,
  requestMillis: 30_000,
  budgetMillis: 60_000,
  readyMillis: 2_000,
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

const rerollSchema = loadSchema('api/reroll-request');
const playtestQuery = loadSchema('api/playtest-query');

function gameOf(req: Request): AnyGameModule {
  const game = findGame(String(req.params.game));
  if (!game) throw new HttpProblem(404, 'Unknown game', `No game "${String(req.params.game)}"; known: ${GAMES.map((g) => g.id).join(', ')}.`);
  return game;
}

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
    throw new HttpProblem(404, 'Unknown format', `No format ".${m[2]}"; the formats are ${names}. A seed that really ends in ".${m[2]}" is addressed with its dot percent-encoded (${m[1]}%2E${m[2]}) or with an extra .json.`, {
      errors: [{ field: 'format', message: `must be one of ${FORMATS.map((f) => extensionOf(f)).join(', ')}` }],
    });
  }
  return { seed: decode(known.stem), format: known.format };
}

function parseOptions(text: string | undefined): unknown {
  if (text === undefined) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badInput([{ field: 'options', message: 'is not valid JSON' }]);
  }
}

/** Express 5 re-parses req.query on every read: validate one copy and keep the result. */
function checkedQuery(req: Request, format: OutputFormat): Record<string, unknown> {
  return formatParams(format, { ...(req.query as Record<string, unknown>) });
}

/**
 * If-None-Match by weak comparison (RFC 9110 §13.1.2). express's req.fresh is not used: it
 * refuses 304 whenever the request says Cache-Control: no-cache, which fetch() sends with every
 * conditional request, although an origin may well answer such a revalidation with 304.
 */
function notModified(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || strip(t) === strip(etag));
}

/**
 * The line pino-http wrote, without its per-request child logger and listeners: one `close`
 * listener, and the fields an operator reads (method, url, status, time taken in ms).
 */
function logCompleted(logger: Logger, req: IncomingMessage, res: ServerResponse, started: number): void {
  res.once('close', () => {
    const line = { req: { method: req.method, url: (req as Partial<Request>).originalUrl ?? req.url }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) };
    if (!res.writableFinished) logger.warn(line, 'request aborted');
    else if (res.statusCode >= 500) logger.error(line, 'request errored');
    else logger.info(line, 'request completed');
  });
}

function toInputProblem(e: unknown): unknown {
  return e instanceof InputError ? badInput(e.errors, e.title) : e;
}

/**
 * Every request has `budgetMillis` to be answered; past that it gets a 503 problem (and the
 * handler's late answer is dropped), so a stuck store or an overlong render never holds a client.
 */
function timeBudget(limits: Limits, counters: Counters, logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      res.locals.overBudget = true;
      counters.overBudget++;
      logger.warn({ req: { method: req.method, url: req.originalUrl }, budgetMillis: limits.budgetMillis }, 'request over its time budget');
      sendProblem(res, new HttpProblem(503, 'The request took too long', `The service answers within ${limits.budgetMillis} ms; try again shortly.`, { headers: { 'Retry-After': '5' } }));
    }, limits.budgetMillis);
    res.once('close', () => clearTimeout(timer));
    res.once('finish', () => clearTimeout(timer));
    next();
  };
}

/** Aborts when the client goes before its answer, or when the time budget has answered for the handler. */
function abandonedSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableEnded || res.locals.overBudget) controller.abort();
  });
  return controller.signal;
}

export function createApp({ logger, limits = DEFAULT_LIMITS, store, now = () => new Date(), counters = new Counters(), trustProxy }: { logger: Logger; limits?: Limits; store?: PlayStore; now?: () => Date; counters?: Counters; trustProxy?: string }) {
  const app = express();
  // Behind a reverse proxy every client has the proxy's address: GOLDMAPS_TRUST_PROXY (express's
  // "trust proxy": a hop count, "loopback", addresses) makes the per-address limit read X-Forwarded-For.
  if (trustProxy) app.set('trust proxy', /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);
  const cache = new MapCache(limits.cachedMaps);
  const renders = new RenderGate(limits.renderConcurrency, limits.renderQueue);
  const playtests = new RenderGate(limits.renderConcurrency, limits.renderQueue, 'bot games');
  const openapi = JSON.stringify(buildOpenApi());
  const answers = new AnswerCache(limits.cachedMaps);
  const work = new WorkPool({ logger });
  const rasters = new RasterPool({ concurrency: limits.renderConcurrency, logger });
  const rasterise = (svg: string, dpi: number) => rasters.render(svg, dpi);
  const logRequests = logger.isLevelEnabled('info');

  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(
    helmet({
      // Served over plain HTTP on a LAN as often as behind TLS: never rewrite requests to https.
      contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
      // Maps are for game clients on other origins too (docs/operations.md#cors), <img> included.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  app.use(timeBudget(limits, counters, logger));
  app.use(cors);
  // One log line per request with what an operator reads, not every header (healthz unlogged).
  if (logRequests) {
    app.use((req, res, next) => {
      if (req.url !== '/healthz') logCompleted(logger, req, res, performance.now());
      next();
    });
  }
  mountPlayWriteGuards(app, { limits, counters, addresses: new TokenBuckets() });
  app.use(express.json({ limit: limits.bodyBytes, strict: true, type: ['application/json', 'application/*+json'] }));

  function mapFor(game: AnyGameModule, seedText: string, optionsText: string | undefined): CachedMap {
    // The raw request text determines the answer as surely as its normalised form does, so a
    // repeated URL skips validation and normalisation altogether.
    const rawKey = `raw\u0000${game.id}\u0000${seedText}\u0000${optionsText ?? ''}`;
    const seen = cache.get(rawKey);
    if (seen) return seen;
    const seed = normaliseSeed(seedText);
    if (!seed.ok) throw badInput([{ field: 'seed', message: seed.message.replace(/^seed: /, '') }]);
    let options: Record<string, unknown>;
    try {
      options = normaliseOptions(game, parseOptions(optionsText));
    } catch (e) {
      throw toInputProblem(e);
    }
    const key = `${game.id}\u0000${seed.seed}\u0000${canonicalJson(options)}`;
    let entry = cache.get(key);
    if (!entry) {
      const map = buildScoredMap(game, seed.seed, options) as CachedMap['map'];
      entry = { map, rendered: new Map() };
      cache.set(key, entry);
    }
    cache.set(rawKey, entry);
    return entry;
  }

  // The web page: static files, revalidated by ETag so a deploy is seen at once.
  app.use(express.static(new URL('../../public/', import.meta.url).pathname, { index: 'index.html', etag: true, lastModified: false, maxAge: 0 }));

  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  // Counts of what was refused or cut off (JSON, not Prometheus text): see docs/operations.md.
  app.get('/metrics', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // The main thread's memory, MB (worker threads and the render child are not in it).
    const memory = Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 2 ** 20)]));
    res.json({ ...counters.toJSON(), memory });
  });

  app.get('/api/v1/openapi.json', (_req, res) => {
    res.type('application/json').send(openapi);
  });

  app.get('/api/v1/games', (_req, res) => {
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
        downloads: FORMATS.flatMap((f) => downloadsFor(f, g).map(({ id, label, params, origin }) => ({ id, format: f.id, extension: extensionOf(f), label, params, ...(origin ? { origin } : {}) }))),
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
  });

  /** Each download of the map as a link relative to its JSON URL, carrying the preset's id. */
  const downloadLinks = (game: AnyGameModule, map: ScoredMap, options: string | undefined): string =>
    downloadsOfMap(game, map)
      .map(({ id, label, params, format }) => {
        const pairs: [string, string][] = [...(options === undefined ? [] : [['options', options] as [string, string]]), ...Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])];
        const query = new URLSearchParams(pairs);
        return `<${encodeURIComponent(map.seed ?? '')}.${extensionOf(format)}?${query}>; rel="alternate"; type="${format.mediaType}"; title="${label.replace(/["\\]/g, '')}"; id="${id}"`;
      })
      .join(', ');

  app.get('/api/v1/games/:game/maps/:seed', async (req, res) => {
    const game = gameOf(req);
    const { seed, format } = splitSeed(req.path.slice(req.path.lastIndexOf('/') + 1));
    const params = checkedQuery(req, format);
    const entry = mapFor(game, seed, params.options as string | undefined);
    const { map } = entry;
    // The representation's identity: the map, plus every parameter that changes its bytes.
    const variant = variantParams(params);
    const variantKey = canonicalJson({ format: format.id, ...variant });
    const etag = Object.keys(variant).length === 0 ? `"${map.digest}"` : `"${map.digest}.${format.id}.${sha256Hex(variantKey).slice(0, 16)}"`;
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('ETag', etag);
    if (notModified(req, etag)) return void res.status(304).end();
    let out = format.cacheable ? entry.rendered.get(variantKey) : undefined;
    if (!out) {
      const request = renderRequest(format, game, map, params, limits);
      const draw = () => (format.offThread ? work.render(format.id, request) : format.render({ ...request, rasterise }));
      out = await (format.heavy ? renders.run(draw) : draw());
      if (format.cacheable) entry.rendered.set(variantKey, out);
    }
    // The map's own downloads as RFC 8288 links (a setup sheet only where this map has one), so
    // the page and API clients offer only what this map can answer.
    if (format.id === 'json') res.setHeader('Link', downloadLinks(game, map, params.options as string | undefined));
    // Saved as `gold-city-42.png`, not `42.png`: every download names its game and seed.
    res.setHeader('Content-Disposition', `inline; filename="${out.filename ?? `${fileStem(game, map)}.${extensionOf(format)}`}"`);
    res.type(format.mediaType).send(out.body);
    if (format.cacheable && res.statusCode === 200) answers.remember(req.originalUrl, res.getHeaders(), out.body);
  });

  // Seeded bot games on a seed's map, the ground truth the score is calibrated on, measured on
  // this map: at four players Gold City's seat shares from 100 games track held-out shares
  // better than the score's seat model (docs/difficulty-pioneer-days-gold-city.md#seats-item-5).
  // The same code always answers the same, but a new bot may play differently: not immutable. The
  // ETag is the code's identity with the map and the request, so a conditional request is
  // answered before any game is played.
  let code: string | undefined;
  app.get('/api/v1/games/:game/maps/:seed/playtest', async (req, res) => {
    const game = gameOf(req);
    if (!game.playtest) throw new HttpProblem(404, 'No bots', `${game.id} has no bots to play its maps yet.`);
    const checked = check<{ options?: string; games: number; kind?: string }>(playtestQuery, { ...(req.query as Record<string, unknown>) }, { coerce: true });
    if (!checked.ok) throw badInput(checked.errors, 'Invalid query');
    const { options, games } = checked.value;
    // The schema holds for every game; which kinds a game seats is the game's own list.
    const kind = playerKindOf(game, checked.value.kind);
    const { map } = mapFor(game, String(req.params.seed), options);
    code ??= codeIdentity();
    const etag = `"${sha256Hex(canonicalJson({ code, game: game.id, seed: map.seed, digest: map.digest, games, kind: kind ?? null })).slice(0, 32)}"`;
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.setHeader('ETag', etag);
    if (notModified(req, etag)) {
      counters.botGamesNotModified++;
      return void res.status(304).end();
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
    const body = JSON.stringify({ game: game.id, seed: map.seed, digest: map.digest, games, ...(kind === undefined ? {} : { kind }), playtest: report, ...(summary ? { summary } : {}) });
    res.type('application/json').send(body);
    if (res.statusCode === 200) answers.remember(req.originalUrl, res.getHeaders(), body);
  });

  app.post('/api/v1/games/:game/score', (req, res) => {
    const game = gameOf(req);
    if (!req.is('application/json') && !req.is('application/*+json')) throw new HttpProblem(415, 'Send the map document as application/json');
    const result = checkMap(game, req.body);
    if (!result.ok) throw new HttpProblem(422, 'Not a map document', result.errors.map((e) => `${e.field || '(root)'}: ${e.message}`).join('; '), { errors: result.errors });
    if (result.problems.length > 0) {
      throw new HttpProblem(422, 'The map breaks the rules', result.problems.map((p) => p.message).join('; '), { problems: result.problems });
    }
    res.json({ score: scoreMap(game, result.map) });
  });

  app.post('/api/v1/games/:game/reroll', async (req, res) => {
    const game = gameOf(req);
    if (!req.is('application/json') && !req.is('application/*+json')) throw new HttpProblem(415, 'Send the request as application/json');
    const checked = check<{ seed: string; options?: Record<string, unknown>; target: Target; maxAttempts: number; agree: boolean }>(rerollSchema, req.body);
    if (!checked.ok) throw badInput(checked.errors);
    const body = checked.value;
    if (body.maxAttempts > limits.rerollAttempts) throw badInput([{ field: 'maxAttempts', message: `must be <= ${limits.rerollAttempts}` }]);
    let result;
    try {
      // In a worker thread: a long search never holds up other requests.
      result = await work.reroll(game.id, body, Date.now() + limits.rerollMillis);
    } catch (e) {
      throw toInputProblem(e);
    }
    // Stopping on time would make the answer depend on the machine, so it is an error instead.
    if (!result) throw new HttpProblem(422, 'Reroll ran out of time', `Ask for fewer attempts (the service allows ${limits.rerollMillis} ms).`, { errors: [{ field: 'maxAttempts', message: 'too many for the time limit' }] });
    res.json(result);
  });

  mountPlayRoutes(app, { store, gameOf, mapFor, now, limits, counters, keys: new TokenBuckets() });

  app.use((req, _res, next) => {
    next(new HttpProblem(404, 'Not found', `No route for ${req.method} ${req.path}`));
  });

  // Every error ends here: known problems as they are, body-parser errors by their status,
  // anything else as a bare 500 whose details go to the log only.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const e = toInputProblem(err);
    // Answered already: the time budget's 503 went out while this handler was still at work.
    if (res.headersSent) {
      if (!res.locals.overBudget) logger.error({ err: e, method: req.method, url: req.originalUrl }, 'error after the answer was sent');
      return;
    }
    // A store that failed (unreachable, disk full) is the operator's to hear about, with why.
    if (e instanceof HttpProblem && e.status >= 500 && e.cause !== undefined) logger.warn({ err: e.cause, method: req.method, url: req.originalUrl, status: e.status }, e.title);
    if (e instanceof HttpProblem) return sendProblem(res, e);
    // The pool has logged why; the caller learns that the drawing, not the request, failed.
    if (e instanceof RasterFailed) return sendProblem(res, new HttpProblem(500, 'The PNG could not be drawn', e.message));
    if (e instanceof WorkerOutOfMemory) {
      logger.error({ err: e, method: req.method, url: req.originalUrl }, 'worker thread out of memory');
      return sendProblem(res, new HttpProblem(500, 'The document could not be drawn', e.message));
    }
    const status = (e as { status?: number; statusCode?: number }).status ?? (e as { statusCode?: number }).statusCode;
    const type = (e as { type?: string }).type;
    if (status === 413) return sendProblem(res, new HttpProblem(413, 'Body too large', `The limit is ${(e as { limit?: number }).limit ?? limits.bodyBytes} bytes.`));
    if (type === 'entity.parse.failed') return sendProblem(res, new HttpProblem(400, 'Body is not valid JSON', undefined, { errors: [{ field: 'body', message: 'is not valid JSON' }] }));
    if (status !== undefined && status >= 400 && status < 500) return sendProblem(res, new HttpProblem(status, 'Bad request', (e as Error).message));
    logger.error({ err: e, method: req.method, url: req.originalUrl }, 'unhandled error');
    return sendProblem(res, new HttpProblem(500, 'Internal error'));
  });

  // A seed URL answered before gets its bytes and headers again at once, ahead of express: the
  // same URL always answers the same, so what the full route sent (helmet's headers, ETag,
  // caching) is replayed rather than recomputed. Conditional requests, HEAD and anything new take
  // the full route.
  const handle: RequestListener = (req, res) => {
    const hit = req.method === 'GET' && req.headers['if-none-match'] === undefined ? answers.get(req.url!) : undefined;
    if (!hit) return void app(req, res);
    if (logRequests) logCompleted(logger, req, res, performance.now());
    res.writeHead(200, hit.headers);
    res.end(hit.body);
  };

  return { handle, counters, close: async () => void (await Promise.all([work.close(), rasters.close()])) };
}
