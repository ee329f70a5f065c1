import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { sha256Hex } from '../core/canonical.ts';
import { dailySeed, dateOf, isDate, secondsToMidnight } from '../plays/daily.ts';
import type { AnyGameModule } from '../core/game-module.ts';
import { NoPlays, playBounds, playSummary, playsOf, type PlayedMap } from '../plays/service.ts';
import { storeFailure } from '../store/failures.ts';
import type { PlayStore, StoredPlay } from '../store/store.ts';
import type { ApiContext } from './context.ts';
import type { Counters } from './counters.ts';
import { IMMUTABLE, answeredNotModified } from './http-cache.ts';
import type { MapCache } from './map-cache.ts';
import { TokenBuckets } from './rate-limit.ts';
import { HttpProblem, badInput } from './problem.ts';
import { gameNamed, gameOf, mapFor } from './requested-map.ts';
import type { Limits } from './limits.ts';

const REPORTS = '/api/v1/games/:game/maps/:seed/plays';
const REPORT = '/api/v1/games/:game/maps/:seed/plays/:reportId';

const tooMany = (wait: number, who: string, perMinute: number) =>
  new HttpProblem(429, 'Too many writes', `${who} may write ${perMinute} times a minute; try again in ${wait} s.`, {
    headers: { 'Retry-After': String(wait) },
  });

/**
 * A write is counted against its client address before anything else is done for it (a key
 * being guessed pays here too, scrypt and all): the buckets of every write route, per process.
 */
export class WriteBuckets {
  private readonly addresses = new TokenBuckets();
  readonly keys = new TokenBuckets();

  constructor(
    private readonly limits: Limits,
    private readonly counters: Counters,
  ) {}

  /** Throws the 429 when `address` has spent its writes. */
  byAddress(address: string): void {
    const wait = this.addresses.take(address, this.limits.writesPerMinutePerAddress);
    if (wait === 0) return;
    this.counters.rateLimitedByAddress++;
    throw tooMany(wait, 'One client address', this.limits.writesPerMinutePerAddress);
  }
}

/** DELETE …/plays/:reportId, counted ahead of express's body parser (a POST is in report-lane.ts). */
export function playWriteGuards(writes: WriteBuckets): Router {
  return express.Router().delete(REPORT, (req, _res, next) => {
    writes.byAddress(req.ip ?? req.socket.remoteAddress ?? '?');
    next();
  });
}

/** The summary may change with any report: revalidated by ETag, never kept long, never immutable. */
const SUMMARY_CACHE = 'public, max-age=5';
/** The report schema's reportId (schemas/api/play-report.json), checked before the store sees one. */
const REPORT_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const unauthorised = () =>
  new HttpProblem(401, 'A valid writer key is required', 'Send Authorization: Bearer <key> with a live key (goldmaps keys create).', {
    headers: { 'WWW-Authenticate': 'Bearer realm="goldmaps"' },
  });

/** Query fields a plays route takes (express's "simple" parse, node's querystring); anything else is refused by name. */
export function queryOf(query: Record<string, unknown>, allowed: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (!allowed.includes(k)) throw badInput([{ field: k, message: 'is not a known field' }]);
    if (typeof v !== 'string') throw badInput([{ field: k, message: 'must be given once' }]);
    out[k] = v;
  }
  return out;
}

export function storeOf(store: PlayStore | undefined): PlayStore {
  if (!store) throw new HttpProblem(503, 'No play-report store', 'This server runs without a store.');
  return store;
}

/**
 * A store that cannot answer is the service's trouble, not the client's: 503 (507 when its disk
 * is full), named in words, with when to try again. Nothing was stored, or the write committed
 * just before the answer was lost: a retry with the same reportId is safe either way.
 */
export async function stored<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof HttpProblem) throw e;
    const why = storeFailure(e);
    const problem =
      why === 'disk-full'
        ? new HttpProblem(
            507,
            'The play-report store is out of disk space',
            'The disk under the store is full, so nothing was stored; try again later (the operator has to free space).',
            { headers: { 'Retry-After': '60' } },
          )
        : why === 'unreachable'
          ? new HttpProblem(
              503,
              'The play-report store is unreachable',
              'The database cannot be reached, so nothing was stored; try again shortly.',
              { headers: { 'Retry-After': '5' } },
            )
          : new HttpProblem(503, 'The play-report store is unavailable', 'Try again shortly.', { headers: { 'Retry-After': '5' } });
    throw Object.assign(problem, { cause: e });
  }
}

export const shownPlay = (p: StoredPlay) => ({
  game: p.game,
  seed: p.seed,
  options: p.options,
  digest: p.digest,
  receivedAt: p.receivedAt,
  report: p.report,
});

/** The reports, summaries and leaderboards of a seed's map, and each day's map to play. */
export function playsRoutes(ctx: ApiContext, writes: WriteBuckets): Router {
  return express
    .Router()
    .get('/api/v1/games/:game/plays', reportFormat)
    .get(REPORTS, summary(ctx))
    .get(`${REPORTS}/bounds`, bounds(ctx))
    .delete(REPORT, deleteReport(ctx, writes.keys))
    .get('/api/v1/games/:game/daily', today(ctx))
    .get('/api/v1/games/:game/daily/:date', pastDay(ctx));
}

/** The game, a 404 if it takes no reports (asked before its map is built), and the map the request names. */
export function played(gameId: string, seed: string, maps: MapCache, options: string | undefined): { game: AnyGameModule; map: PlayedMap } {
  const game = gameNamed(gameId);
  try {
    playsOf(game);
  } catch (e) {
    if (e instanceof NoPlays) throw new HttpProblem(404, 'No play reports for this game', e.message);
    throw e;
  }
  return { game, map: mapFor(maps, game, seed, options).map as PlayedMap };
}

/** The key the request is written with, checked and charged against its own rate. */
export async function writer(authorization: string | undefined, store: PlayStore, keys: TokenBuckets, counters: Counters) {
  const m = /^Bearer ([^\s]{1,200})$/.exec(authorization ?? '');
  const who = m ? await stored(() => store.authenticate(m[1]!)) : undefined;
  if (!who) {
    counters.unauthorised++;
    throw unauthorised();
  }
  const wait = keys.take(who.id, who.writesPerMinute);
  if (wait > 0) {
    counters.rateLimitedByKey++;
    throw tooMany(wait, 'This key', who.writesPerMinute);
  }
  return who;
}

/** What a client needs to report this game's plays: the body's schema and what the results mean. */
const reportFormat: RequestHandler = (req, res) => {
  const game = gameOf(req);
  if (!game.plays) throw new HttpProblem(404, 'No play reports for this game', `${game.id} takes no play reports yet`);
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.json({
    game: game.id,
    reportSchema: game.plays.reportSchema,
    measure: game.plays.measureLabel,
    result: { unit: game.plays.resultUnit, better: game.plays.better },
  });
};

function summary(ctx: ApiContext): RequestHandler {
  return async (req, res) => {
    const store = storeOf(ctx.store);
    const { options, order = 'recent' } = queryOf(req.query as Record<string, unknown>, ['options', 'order']);
    if (order !== 'recent' && order !== 'best') throw badInput([{ field: 'order', message: 'must be one of "recent", "best"' }]);
    const { game, map } = played(String(req.params.game), String(req.params.seed), ctx.maps, options);
    const state = await stored(() => store.state(game.id));
    const etag = `W/"${sha256Hex(`${state}\u0000${map.digest}\u0000${order}`).slice(0, 32)}"`;
    if (answeredNotModified(req, res, etag, SUMMARY_CACHE)) return;
    res.json(await stored(() => playSummary(store, game, map, { order, state })));
  };
}

/**
 * What a report on this map must stay within, before it is sent: the same bounds the write
 * checks, with why. No store needed; it changes with the day (playedOn), so it is cached briefly.
 */
function bounds(ctx: ApiContext): RequestHandler {
  return (req, res) => {
    const { options } = queryOf(req.query as Record<string, unknown>, ['options']);
    const { game, map } = played(String(req.params.game), String(req.params.seed), ctx.maps, options);
    const day = ctx.now();
    res.setHeader('Cache-Control', `public, max-age=${Math.min(300, secondsToMidnight(day))}`);
    res.json(playBounds(game, map, dateOf(day)));
  };
}

function deleteReport(ctx: ApiContext, keys: TokenBuckets): RequestHandler {
  return async (req, res) => {
    const store = storeOf(ctx.store);
    const { options } = queryOf(req.query as Record<string, unknown>, ['options']);
    const who = await writer(req.headers.authorization, store, keys, ctx.counters);
    if (!REPORT_ID.test(String(req.params.reportId)))
      throw badInput([{ field: 'reportId', message: 'must be 1–64 letters, digits or . _ : -' }]);
    const { game, map } = played(String(req.params.game), String(req.params.seed), ctx.maps, options);
    const outcome = await stored(() => store.deletePlay(game.id, map.digest, String(req.params.reportId), who.id));
    if (outcome === 'missing') throw new HttpProblem(404, 'No such report', `This map has no report "${String(req.params.reportId)}".`);
    if (outcome === 'forbidden')
      throw new HttpProblem(403, 'Another key wrote this report', 'Only the key that wrote a report can delete it.');
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
  };
}

function daily(req: Request, res: Response, maps: MapCache, date: string, cache: string): void {
  const { options } = queryOf(req.query as Record<string, unknown>, ['options']);
  const game = gameOf(req);
  const seed = dailySeed(date);
  const { map } = mapFor(maps, game, seed, options);
  const base = `/api/v1/games/${encodeURIComponent(game.id)}/maps/${encodeURIComponent(seed)}`;
  const query = options === undefined ? '' : `?options=${encodeURIComponent(options)}`;
  res.setHeader('Cache-Control', cache);
  res.json({ game: game.id, date, seed, options: map.options, url: `${base}${query}`, plays: `${base}/plays${query}`, map });
}

/** Today's seed changes at midnight UTC: cached until then at most, never as immutable. */
function today({ maps, now }: ApiContext): RequestHandler {
  return (req, res) => {
    const day = now();
    daily(req, res, maps, dateOf(day), `public, max-age=${Math.min(300, secondsToMidnight(day))}`);
  };
}

function pastDay({ maps }: ApiContext): RequestHandler {
  return (req, res) => {
    const date = String(req.params.date);
    if (!isDate(date)) throw badInput([{ field: 'date', message: 'must be a date YYYY-MM-DD (years 2000–2999)' }]);
    daily(req, res, maps, date, IMMUTABLE);
  };
}
