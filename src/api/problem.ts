import type { ServerResponse } from 'node:http';
import type { Problem } from '../core/game-module.ts';
import { InputError } from '../core/maps.ts';
import type { FieldError } from '../core/schema.ts';

/** An answer that is not a success; the error handler writes it as application/problem+json. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly extra: { errors?: FieldError[]; problems?: Problem[]; headers?: Record<string, string> } = {},
  ) {
    super(detail ?? title);
  }
}

const TYPES: Record<number, string> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  406: 'not-acceptable',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  422: 'invalid-map',
  429: 'too-many-requests',
  500: 'internal',
  501: 'not-implemented',
  503: 'busy',
  507: 'insufficient-storage',
};

export function badInput(errors: FieldError[], title = 'Invalid input'): HttpProblem {
  const detail = errors.map((e) => `${e.field || '(root)'}: ${e.message}`).join('; ');
  return new HttpProblem(400, title, detail, { errors });
}

/** The kernel's bad input as the 400 it is; anything else as it was. */
export function toInputProblem(e: unknown): unknown {
  return e instanceof InputError ? badInput(e.errors, e.title) : e;
}

/** Written on node's own response, so that routes ahead of express (report-lane.ts) answer alike. */
export function sendProblem(res: ServerResponse, p: HttpProblem): void {
  const body: Record<string, unknown> = {
    type: `https://goldmaps.dev/problems/${TYPES[p.status] ?? 'error'}`,
    title: p.title,
    status: p.status,
  };
  if (p.detail) body.detail = p.detail;
  if (p.extra.errors) body.errors = p.extra.errors;
  if (p.extra.problems) body.problems = p.extra.problems;
  for (const [k, v] of Object.entries(p.extra.headers ?? {})) res.setHeader(k, v);
  const text = JSON.stringify(body);
  res.statusCode = p.status;
  res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
