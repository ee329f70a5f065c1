import express, { type RequestHandler, type Router } from 'express';
import type { ApiContext } from './context.ts';
import { buildOpenApi } from './openapi.ts';
import { HttpProblem } from './problem.ts';

/** What an operator, a load balancer and a browser ask of the service besides maps: health, counts, the OpenAPI document, the web page. */
export function operationsRoutes(ctx: ApiContext): Router {
  const openapi = JSON.stringify(buildOpenApi());
  return (
    express
      .Router()
      // The web page: static files, revalidated by ETag so a deploy is seen at once.
      .use(
        express.static(new URL('../../public/', import.meta.url).pathname, {
          index: 'index.html',
          etag: true,
          lastModified: false,
          maxAge: 0,
        }),
      )
      .get('/healthz', (_req, res) => {
        res.setHeader('Cache-Control', 'no-store');
        res.json({ status: 'ok' });
      })
      .get('/readyz', ready(ctx))
      .get('/metrics', metrics(ctx))
      .get('/api/v1/openapi.json', (_req, res) => {
        res.type('application/json').send(openapi);
      })
  );
}

/** For a load balancer: 200 while the store answers a query within readyMillis, else 503. */
function ready({ store, limits }: ApiContext): RequestHandler {
  return async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!store) return void res.json({ status: 'ok', store: 'none' });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), limits.readyMillis)));
    const answer = await Promise.race([
      store.ready().then(
        () => 'ok' as const,
        (e: unknown) => e,
      ),
      late,
    ]).finally(() => clearTimeout(timer));
    if (answer === 'ok') return void res.json({ status: 'ok', store: store.backend });
    // The reason goes to the log, not to whoever asks: it may name hosts and users.
    const why = answer === 'late' ? `did not answer within ${limits.readyMillis} ms` : 'answered with an error';
    throw new HttpProblem(
      503,
      'The play-report store is unreachable',
      `The ${store.backend} store ${why}; writes and summaries answer 503 until it is back, maps are unaffected.`,
      { headers: { 'Retry-After': '5' } },
    );
  };
}

/** Counts of what was refused or cut off (JSON, not Prometheus text): see docs/operations.md. */
function metrics({ counters, renderFiles }: ApiContext): RequestHandler {
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // The main thread's memory, MB (worker threads and the render child are not in it).
    const memory = Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 2 ** 20)]));
    res.json({ ...counters.toJSON(), renderCache: renderFiles.toJSON(), memory });
  };
}
