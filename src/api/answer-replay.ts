import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import type { AnswerCache } from './map-cache.ts';
import { logCompleted } from './request-log.ts';

/**
 * A seed URL answered before gets its bytes and headers again at once, ahead of express: the
 * same URL always answers the same, so what the full route sent (helmet's headers, ETag,
 * caching) is replayed rather than recomputed. Conditional requests, HEAD and anything new take
 * the full route.
 */
export function replayingAnswers(app: RequestListener, answers: AnswerCache, logger: Logger): RequestListener {
  const logRequests = logger.isLevelEnabled('info');
  return (req, res) => {
    const hit = req.method === 'GET' && req.headers['if-none-match'] === undefined ? answers.get(req.url!) : undefined;
    if (!hit) return void app(req, res);
    if (logRequests) logCompleted(logger, req, res, performance.now());
    res.writeHead(200, hit.headers);
    res.end(hit.body);
  };
}
