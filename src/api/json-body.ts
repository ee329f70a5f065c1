import express, { type Request } from 'express';
import { HttpProblem } from './problem.ts';

const JSON_TYPES = ['application/json', 'application/*+json'];

/** Parses a JSON body up to `limit` bytes; anything else is left unread for `requireJson` to refuse. */
export const jsonBody = (limit: number) => express.json({ limit, strict: true, type: JSON_TYPES });

/** 415 unless the body was sent as JSON: `what` names it in the title ("the report"). */
export function requireJson(req: Request, what: string): void {
  if (!req.is(JSON_TYPES)) throw new HttpProblem(415, `Send ${what} as application/json`);
}
