import express from 'express';
import { adminRoutes } from './admin-routes.ts';
import { replayingAnswers } from './answer-replay.ts';
import { closeContext, createContext, type ContextOptions } from './context.ts';
import { CORS_ANSWER_HEADERS, cors } from './cors.ts';
import { errorHandler, notFound } from './error-handler.ts';
import { jsonBody } from './json-body.ts';
import { mapsRoutes } from './maps-routes.ts';
import { operationsRoutes } from './operations-routes.ts';
import { WriteBuckets, playWriteGuards, playsRoutes } from './plays-routes.ts';
import { reportLane } from './report-lane.ts';
import { securityHeaders, setHeaders } from './security-headers.ts';
import { requestLog } from './request-log.ts';
import { timeBudget } from './time-budget.ts';

// The limits' old address, which the tests and docs/api.md name.
export { DEFAULT_LIMITS, type Limits } from './limits.ts';

/** The service: guards every request passes, the routers of each concern, one error handler, and ahead of it all seed answers replayed and reports written. */
export function createApp({ trustProxy, adminCredential, ...options }: ContextOptions & { trustProxy?: string; adminCredential?: string }) {
  const ctx = createContext(options);
  const { logger, limits, counters } = ctx;
  const app = express();
  // Behind a reverse proxy every client has the proxy's address: GOLDMAPS_TRUST_PROXY (express's
  // "trust proxy": a hop count, "loopback", addresses) makes the per-address limit read X-Forwarded-For.
  if (trustProxy) app.set('trust proxy', /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.disable('x-powered-by');
  const security = securityHeaders();
  app.use((_req, res, next) => {
    setHeaders(res, security);
    next();
  });
  app.use(timeBudget(limits, counters, logger));
  app.use(cors);
  if (logger.isLevelEnabled('info')) app.use(requestLog(logger));
  // Writes are counted before the body parser.
  const writes = new WriteBuckets(limits, counters);
  app.use(playWriteGuards(writes));
  app.use(jsonBody(limits.bodyBytes));
  app.use(operationsRoutes(ctx), mapsRoutes(ctx), playsRoutes(ctx, writes));
  // Only where the server keeps an operator credential (goldmaps serve), never CORS-enabled.
  if (adminCredential) app.use(adminRoutes(ctx, adminCredential));
  app.use(notFound, errorHandler(ctx));
  const handle = reportLane(ctx, replayingAnswers(app, ctx.answers, logger), {
    writes,
    headers: { ...security, ...CORS_ANSWER_HEADERS },
    trust: app.get('trust proxy fn'),
  });
  return { handle, counters, close: () => closeContext(ctx) };
}
