import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Counters } from './counters.ts';
import type { Limits } from './limits.ts';
import { HttpProblem, sendProblem } from './problem.ts';

/**
 * Every request has `budgetMillis` to be answered; past that it gets a 503 problem (and the
 * handler's late answer is dropped), so a stuck store or an overlong render never holds a client.
 */
export function timeBudget(limits: Limits, counters: Counters, logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      res.locals.overBudget = true;
      counters.overBudget++;
      logger.warn({ req: { method: req.method, url: req.originalUrl }, budgetMillis: limits.budgetMillis }, 'request over its time budget');
      sendProblem(
        res,
        new HttpProblem(503, 'The request took too long', `The service answers within ${limits.budgetMillis} ms; try again shortly.`, {
          headers: { 'Retry-After': '5' },
        }),
      );
    }, limits.budgetMillis);
    res.once('close', () => clearTimeout(timer));
    res.once('finish', () => clearTimeout(timer));
    next();
  };
}

/** Aborts when the client goes before its answer, or when the time budget has answered for the handler. */
export function abandonedSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableEnded || res.locals.overBudget) controller.abort();
  });
  return controller.signal;
}
