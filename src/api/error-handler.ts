import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { RasterFailed } from '../workers/raster-pool.ts';
import { WorkerOutOfMemory } from '../workers/work-pool.ts';
import type { Limits } from './limits.ts';
import { HttpProblem, sendProblem, toInputProblem } from './problem.ts';
import { isOverBudget } from './time-budget.ts';

export function notFound(req: Request, _res: Response, next: NextFunction): void {
  next(new HttpProblem(404, 'Not found', `No route for ${req.method} ${req.path}`));
}

/**
 * Every error ends here: known problems as they are, body-parser errors by their status,
 * anything else as a bare 500 whose details go to the log only.
 */
export function errorHandler(ctx: { logger: Logger; limits: Limits }) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => answerError(ctx, err, req, res);
}

/** express's error handler, and the answer to an error of a route ahead of express. */
export function answerError(
  { logger, limits }: { logger: Logger; limits: Limits },
  err: unknown,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const url = (req as Partial<Request>).originalUrl ?? req.url;
  const e = toInputProblem(err);
  // Answered already: the time budget's 503 went out while this handler was still at work.
  if (res.headersSent) {
    if (!isOverBudget(res)) logger.error({ err: e, method: req.method, url }, 'error after the answer was sent');
    return;
  }
  // A store that failed (unreachable, disk full) is the operator's to hear about, with why.
  if (e instanceof HttpProblem && e.status >= 500 && e.cause !== undefined)
    logger.warn({ err: e.cause, method: req.method, url, status: e.status }, e.title);
  if (e instanceof HttpProblem) return sendProblem(res, e);
  // The pool has logged why; the caller learns that the drawing, not the request, failed.
  if (e instanceof RasterFailed) return sendProblem(res, new HttpProblem(500, 'The PNG could not be drawn', e.message));
  if (e instanceof WorkerOutOfMemory) {
    logger.error({ err: e, method: req.method, url }, 'worker thread out of memory');
    return sendProblem(res, new HttpProblem(500, 'The document could not be drawn', e.message));
  }
  const status = (e as { status?: number; statusCode?: number }).status ?? (e as { statusCode?: number }).statusCode;
  const type = (e as { type?: string }).type;
  if (status === 413)
    return sendProblem(
      res,
      new HttpProblem(413, 'Body too large', `The limit is ${(e as { limit?: number }).limit ?? limits.bodyBytes} bytes.`),
    );
  if (type === 'entity.parse.failed')
    return sendProblem(
      res,
      new HttpProblem(400, 'Body is not valid JSON', undefined, { errors: [{ field: 'body', message: 'is not valid JSON' }] }),
    );
  if (status !== undefined && status >= 400 && status < 500)
    return sendProblem(res, new HttpProblem(status, 'Bad request', (e as Error).message));
  logger.error({ err: e, method: req.method, url }, 'unhandled error');
  return sendProblem(res, new HttpProblem(500, 'Internal error'));
}
