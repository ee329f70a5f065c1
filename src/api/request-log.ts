import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

/**
 * The line pino-http wrote, without its per-request child logger and listeners: one `close`
 * listener, and the fields an operator reads (method, url, status, time taken in ms).
 */
export function logCompleted(logger: Logger, req: IncomingMessage, res: ServerResponse, started: number): void {
  res.once('close', () => {
    const line = {
      req: { method: req.method, url: (req as Partial<Request>).originalUrl ?? req.url },
      res: { statusCode: res.statusCode },
      responseTime: Math.round(performance.now() - started),
    };
    if (!res.writableFinished) logger.warn(line, 'request aborted');
    else if (res.statusCode >= 500) logger.error(line, 'request errored');
    else logger.info(line, 'request completed');
  });
}

/** One log line per request with what an operator reads, not every header (healthz unlogged). */
export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.url !== '/healthz') logCompleted(logger, req, res, performance.now());
    next();
  };
}
