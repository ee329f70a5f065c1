import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { check } from '../core/schema.ts';
import { MAX_KEY_WRITES_PER_MINUTE } from '../store/keys.ts';
import { ADMIN_PREFIX } from '../store/operator.ts';
import { KeyNameTaken, type PlayStore } from '../store/store.ts';
import type { ApiContext } from './context.ts';
import { requireJson } from './json-body.ts';
import { HttpProblem, badInput } from './problem.ts';

const KEY_NAME = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[^\\u0000-\\u001f\\u007f]+$' };
const KEY_ID = { type: 'string', pattern: '^[0-9a-f]{16}$', 'x-pattern-message': 'must be 16 hexadecimal digits' };

const NEW_KEY = {
  type: 'object',
  required: ['name'],
  properties: {
    name: KEY_NAME,
    writesPerMinute: { type: 'integer', minimum: 1, maximum: MAX_KEY_WRITES_PER_MINUTE },
    club: { type: 'boolean' },
  },
  additionalProperties: false,
};
const REVOKE = {
  type: 'object',
  properties: { id: KEY_ID, name: KEY_NAME, withdrawReports: { type: 'boolean' } },
  additionalProperties: false,
};
const RESTORE = { type: 'object', required: ['id'], properties: { id: KEY_ID }, additionalProperties: false };

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The operator's routes (keys made, listed, revoked; reports withdrawn and restored), so the CLI
 * can administer a store the running server holds: a PGlite directory has one owner, and a
 * revocation made here also takes effect at once in this process's key cache. Guarded by the
 * operator credential the server keeps in its data directory (mode 0600): whoever can read that
 * file can run the CLI on the store anyway. No browser may call them: a request with an Origin
 * (or Sec-Fetch-*) header, and every preflight, is refused before the credential is looked at,
 * and no answer carries CORS headers.
 */
export function adminRoutes(ctx: ApiContext, credential: string): Router {
  const expected = digest(credential);
  const guard = (req: Request, _res: Response, next: NextFunction) => {
    if (req.method === 'OPTIONS' || req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined)
      throw new HttpProblem(403, 'Not for browsers', 'The operator routes take requests from the goldmaps CLI only.');
    const m = /^Bearer (\S{1,200})$/.exec(req.headers.authorization ?? '');
    // Hashes of equal length, compared in constant time: the answer's timing says nothing of the credential.
    if (!m || !timingSafeEqual(digest(m[1]!), expected))
      throw new HttpProblem(401, 'The operator credential is required', 'Send Authorization: Bearer <the goldmaps.admin file>.', {
        headers: { 'WWW-Authenticate': 'Bearer realm="goldmaps-admin"' },
      });
    next();
  };
  const store = (): PlayStore => {
    if (!ctx.store) throw new HttpProblem(503, 'No play-report store', 'This server runs without a store.');
    return ctx.store;
  };
  const body = <T>(req: Request, schema: object): T => {
    requireJson(req, 'the request');
    const checked = check<T>(schema, req.body);
    if (!checked.ok) throw badInput(checked.errors);
    return checked.value;
  };
  const noStore = (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  const list: RequestHandler = async (_req, res) => {
    res.json({ keys: await store().listKeys() });
  };
  const create: RequestHandler = async (req, res) => {
    const { name, writesPerMinute, club = false } = body<{ name: string; writesPerMinute?: number; club?: boolean }>(req, NEW_KEY);
    try {
      const key = await store().createKey(name, { ...(writesPerMinute ? { writesPerMinute } : {}), club });
      res.status(201).json({ key });
    } catch (e) {
      if (e instanceof KeyNameTaken)
        throw new HttpProblem(409, 'A live key has this name', e.message, { errors: [{ field: 'name', message: e.message }] });
      throw e;
    }
  };
  const revoke: RequestHandler = async (req, res) => {
    const { id, name, withdrawReports = false } = body<{ id?: string; name?: string; withdrawReports?: boolean }>(req, REVOKE);
    if ((id === undefined) === (name === undefined)) throw badInput([{ field: 'id', message: 'give the key id or its name, one of them' }]);
    const done = await store().revokeKey(id ? { id } : { name: name! }, { withdrawReports });
    if (!done) throw new HttpProblem(404, 'No such key', id ? `No key ${id}.` : `No live key named "${name}".`);
    res.json(done);
  };
  const restore: RequestHandler = async (req, res) => {
    const { id } = body<{ id: string }>(req, RESTORE);
    const done = await store().restoreReports(id);
    if (done === 'missing') throw new HttpProblem(404, 'No such key', `No key ${id}.`);
    if (done === 'not-withdrawn') throw new HttpProblem(409, 'Nothing to restore', `The reports of key ${id} are not withdrawn.`);
    res.json({ id, ...done });
  };

  return express
    .Router()
    .use(ADMIN_PREFIX, guard, noStore)
    .get(`${ADMIN_PREFIX}/keys`, list)
    .post(`${ADMIN_PREFIX}/keys`, create)
    .post(`${ADMIN_PREFIX}/keys/revoke`, revoke)
    .post(`${ADMIN_PREFIX}/keys/restore-reports`, restore);
}
