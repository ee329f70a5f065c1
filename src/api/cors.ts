import type { NextFunction, Request, Response } from 'express';
import { setHeaders } from './security-headers.ts';

/**
 * The API is open to pages and game clients on any origin: maps, summaries and the daily map are
 * public, and writes are authorised by a key in the Authorization header, never by a cookie (the
 * service sets none), so a foreign page can write only with a key it was given. `*` also tells
 * browsers to send no credentials. Preflights are answered here, for every API path, with the
 * headers a writer needs.
 */
const EXPOSED = 'ETag, Location, Retry-After, Content-Disposition, WWW-Authenticate';
export const CORS_METHODS = 'GET, HEAD, POST, DELETE';
export const CORS_HEADERS = 'Authorization, Content-Type, If-None-Match';

/** What every answer of those paths carries. */
export const CORS_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED,
};

export function cors(req: Request, res: Response, next: NextFunction): void {
  if (!req.path.startsWith('/api/') && req.path !== '/healthz' && req.path !== '/readyz') return next();
  setHeaders(res, CORS_ANSWER_HEADERS);
  if (req.method !== 'OPTIONS') return next();
  res.setHeader('Access-Control-Allow-Methods', CORS_METHODS);
  res.setHeader('Access-Control-Allow-Headers', CORS_HEADERS);
  res.setHeader('Access-Control-Max-Age', '600');
  res.setHeader('Cache-Control', 'public, max-age=600');
  res.status(204).end();
}
