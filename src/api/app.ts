import express from 'express';
import helmet from 'helmet';
import { adminRoutes } from './admin-routes.ts';
import { replayingAnswers } from './answer-replay.ts';
import { closeContext, createContext, type ContextOptions } from './context.ts';
import { cors } from './cors.ts';
import { errorHandler, notFound } from './error-handler.ts';
import { jsonBody } from './json-body.ts';
import { mapsRoutes } from './maps-routes.ts';
import { operationsRoutes } from './operations-routes.ts';
import { playWriteGuards, playsRoutes } from './plays-routes.ts';
import { requestLog } from './request-log.ts';
import { timeBudget } from './time-budget.ts';

// The limits' old address, which the tests and docs/api.md name.
export { DEFAULT_LIMITS, type Limits } from './limits.ts';

/** The service: guards every request passes, the routers of each concern, one error handler, and seed answers replayed ahead of it all. */
export function createApp({ trustProxy, adminCredential, ...options }: ContextOptions & { trustProxy?: string; adminCredential?: string }) {
  const ctx = createContext(options);
  const { logger, limits, counters } = ctx;
  const app = express();
  // Behind a reverse proxy every client has the proxy's address: GOLDMAPS_TRUST_PROXY (express's
  // "trust proxy": a hop count, "loopback", addresses) makes the per-address limit read X-Forwarded-For.
  if (trustProxy) app.set('trust proxy', /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);
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
  if (logger.isLevelEnabled('info')) app.use(requestLog(logger));
  // Writes are counted, and a report's body read with its own limit, before the general parser.
  app.use(playWriteGuards(ctx));
  app.use(jsonBody(limits.bodyBytes));
  app.use(operationsRoutes(ctx), mapsRoutes(ctx), playsRoutes(ctx));
  // Only where the server keeps an operator credential (goldmaps serve), never CORS-enabled.
  if (adminCredential) app.use(adminRoutes(ctx, adminCredential));
  app.use(notFound, errorHandler(ctx));
  return { handle: replayingAnswers(app, ctx.answers, logger), counters, close: () => closeContext(ctx) };
}
