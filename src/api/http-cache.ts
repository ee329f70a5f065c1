import type { Request, Response } from 'express';

/** A seed's map, a format of it, a past day's map: the same URL answers the same bytes for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * If-None-Match by weak comparison (RFC 9110 §13.1.2). express's req.fresh is not used: it
 * refuses 304 whenever the request says Cache-Control: no-cache, which fetch() sends with every
 * conditional request, although an origin may well answer such a revalidation with 304.
 */
export function notModified(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || strip(t) === strip(etag));
}

/** Labels the answer with its caching and ETag, and answers 304 (true) when the client holds it already. */
export function answeredNotModified(req: Request, res: Response, etag: string, cacheControl: string): boolean {
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  if (!notModified(req, etag)) return false;
  res.status(304).end();
  return true;
}
