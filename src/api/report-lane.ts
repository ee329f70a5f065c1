import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import proxyaddr from 'proxy-addr';
import { dateOf } from '../plays/daily.ts';
import { checkReport, recordPlay } from '../plays/service.ts';
import type { ApiContext } from './context.ts';
import { answerError } from './error-handler.ts';
import { jsonBody, requireJson } from './json-body.ts';
import { type WriteBuckets, played, queryOf, shownPlay, storeOf, stored, writer } from './plays-routes.ts';
import { HttpProblem, badInput } from './problem.ts';
import { logCompleted } from './request-log.ts';
import { setHeaders } from './security-headers.ts';
import { startBudget } from './time-budget.ts';

/** express's own match for `/api/v1/games/:game/maps/:seed/plays`: any case, a trailing slash allowed. */
const REPORTS = /^(\/api\/v1\/games\/([^/?#]+)\/maps\/([^/?#]+)\/plays)\/?(?:\?(.*))?$/i;

/**
 * POST …/maps/:seed/plays, answered ahead of express. Game clients send reports by the thousand
 * (docs/plays.md#how-fast-reports-are-written), and express's chain (a router walk per router,
 * thirteen header middlewares, its request and response objects) cost more than the write
 * itself: through it ingestion ran at 0.39× a bare INSERT loop into PostgreSQL. This is that
 * route whole, in express's order (address limit, body, store, query, key, media type, map,
 * checks, write), with the same headers, time budget, log line and problem answers as every
 * other route, built from the same pieces. Every other method and path goes on to `next`.
 */
export function reportLane(
  ctx: ApiContext,
  next: RequestListener,
  {
    writes,
    headers,
    trust,
  }: { writes: WriteBuckets; headers: Readonly<Record<string, string>>; trust: (addr: string, i: number) => boolean },
): RequestListener {
  const readBody = jsonBody(ctx.limits.reportBytes);
  const logRequests = ctx.logger.isLevelEnabled('info');
  const body = (req: IncomingMessage, res: ServerResponse) =>
    new Promise<unknown>((resolve, reject) =>
      readBody(req as never, res as never, (e?: unknown) => (e ? reject(e) : resolve((req as { body?: unknown }).body))),
    );

  async function fileReport(req: IncomingMessage, res: ServerResponse, [, path, gameText, seedText, search]: RegExpExecArray) {
    writes.byAddress(proxyaddr(req, trust));
    const report = await body(req, res);
    const store = storeOf(ctx.store);
    const { options } = queryOf(parseQuery(search ?? ''), ['options']);
    const who = await writer(req.headers.authorization, store, writes.keys, ctx.counters);
    requireJson(req, 'the report');
    const { game, map } = played(decoded(gameText!, 'game'), decoded(seedText!, 'seed'), ctx.maps, options);
    // Today's date comes from the server's clock here, never from inside the check.
    const checked = checkReport(game, map, report, dateOf(ctx.now()));
    if (!checked.ok) {
      const detail = checked.errors.map((e) => `${e.field || '(root)'}: ${e.message}`).join('; ');
      if (checked.status === 400) throw badInput(checked.errors, 'Not a play report');
      throw new HttpProblem(422, 'The report cannot be true of this map', detail, { errors: checked.errors });
    }
    const { outcome, play } = await stored(() => recordPlay(store, game, map, checked, who));
    if (outcome === 'conflict')
      throw new HttpProblem(
        409,
        'Another report has this reportId',
        `This map already has report "${checked.report.reportId}" with a different body; choose a new reportId.`,
        { errors: [{ field: 'reportId', message: 'is taken by a different report' }] },
      );
    // The time budget may have answered while the store was at work.
    if (res.headersSent) return;
    const text = JSON.stringify(shownPlay(play));
    res.writeHead(outcome === 'created' ? 201 : 200, {
      'Cache-Control': 'no-store',
      Location: `${path}/${encodeURIComponent(play.report.reportId)}`,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  }

  return (req, res) => {
    const route = req.method === 'POST' ? REPORTS.exec(req.url!) : null;
    if (!route) return void next(req, res);
    setHeaders(res, headers);
    startBudget(ctx.limits, ctx.counters, ctx.logger, req, res);
    if (logRequests) logCompleted(ctx.logger, req, res, performance.now());
    fileReport(req, res, route).catch((e: unknown) => answerError(ctx, e, req, res));
  };
}

/** A path segment as express decodes a route parameter; one it cannot decode names its field. */
function decoded(segment: string, field: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badInput([{ field, message: 'is not a valid URL segment' }]);
  }
}
