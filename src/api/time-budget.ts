import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Counters } from './counters.ts';
import type { Limits } from './limits.ts';
import { HttpProblem, sendProblem } from './problem.ts';

/** The answers the time budget gave in a handler's place: its late answer and errors are dropped. */
const overBudget = new WeakSet<ServerResponse>();
export const isOverBudget = (res: ServerResponse): boolean => overBudget.has(res);

/**
 * Every request has `budgetMillis` to be answered; past that it gets a 503 problem (and the
 * handler's late answer is dropped), so a stuck store or an overlong render never holds a client.
 */
export function timeBudget(limits: Limits, counters: Counters, logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    startBudget(limits, counters, logger, req, res);
    next();
  };
}

/** The budget of one request, for express's chain and for routes ahead of it alike. */
export function startBudget(limits: Limits, counters: Counters, logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  const timer = setTimeout(() => {
    if (res.headersSent) return;
    overBudget.add(res);
    counters.overBudget++;
    logger.warn({ req: { method: req.method, url: req.url }, budgetMillis: limits.budgetMillis }, 'request over its time budget');
    sendProblem(
      res,
      new HttpProblem(503, 'The request took too long', `The service answers within ${limits.budgetMillis} ms; try again shortly.`, {
        headers: { 'Retry-After': '5' },
      }),
    );
  }, limits.budgetMillis);
  res.once('close', () => clearTimeout(timer));
  res.once('finish', () => clearTimeout(timer));
}

/** Aborts when the client goes before its answer, or when the time budget has answered for the handler. */
export function abandonedSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableEnded || overBudget.has(res)) controller.abort();
  });
  return controller.signal;
}
