import { request } from 'node:http';
import fc from 'fast-check';
import { expect } from 'vitest';

export interface Raw {
  status: number;
  type: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http, not fetch: fetch would normalise `..`, refuse some paths and some header values. */
export function raw(
  port: number,
  method: string,
  path: string,
  body?: Buffer,
  headers: Record<string, string> = {},
  localAddress?: string,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        ...(localAddress ? { localAddress } : {}),
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** Below 500, and every error a problem+json document with its own status and no stack trace. */
export function expectProblemOrSuccess(res: Raw, method: string): void {
  expect(res.status, res.body.slice(0, 300)).toBeLessThan(500);
  if (res.status >= 400 && method !== 'HEAD') {
    expect(res.type).toMatch(/^application\/problem\+json/);
    const problem = JSON.parse(res.body) as { status: number; title: string };
    expect(problem.status).toBe(res.status);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  }
}

/** Text a client should never send: binary, traversal, bad escapes, huge, number-like. */
export const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    '..',
    '../../etc/passwd',
    '%2e%2e%2f%2e%2e',
    '%00',
    'a%00b',
    '%E0%A4%A',
    '%',
    '%zz',
    '\u202e',
    '🌴'.repeat(60),
    'x'.repeat(300),
    'null',
    '[]',
    '{}',
    '42.png.json',
    'CON',
    '.svg',
  ),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('1e309', '-0', '99999999999999999999999', 'NaN', 'Infinity', '0x10', '64.5', 'true'),
);
