import type { IncomingMessage } from 'node:http';
import express from 'express';
import typeis from 'type-is';
import { HttpProblem } from './problem.ts';

const JSON_TYPES = ['application/json', 'application/*+json'];

/** Parses a JSON body up to `limit` bytes; anything else is left unread for `requireJson` to refuse. */
export const jsonBody = (limit: number) => express.json({ limit, strict: true, type: JSON_TYPES });

/** 415 unless the body was sent as JSON: `what` names it in the title ("the report"). */
export function requireJson(req: IncomingMessage, what: string): void {
  if (!typeis(req, JSON_TYPES)) throw new HttpProblem(415, `Send ${what} as application/json`);
}
