import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * helmet's headers, asked of helmet once: with these options every one of them is the same on
 * every answer, and setting a record of thirteen costs less than passing thirteen middlewares,
 * which matters to routes answered ahead of express (report-lane.ts) as much as to express's.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  let done = false;
  helmet({
    // Served over plain HTTP on a LAN as often as behind TLS: never rewrite requests to https.
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
    // Maps are for game clients on other origins too (docs/operations.md#cors), <img> included.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  })({} as IncomingMessage, res as unknown as ServerResponse, () => {
    done = true;
  });
  // helmet answers synchronously; if a future one did not, its headers would be missing here.
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return Object.freeze(headers);
}

/** Sets the headers on an answer. */
export function setHeaders(res: ServerResponse, headers: Readonly<Record<string, string>>): void {
  for (const name in headers) res.setHeader(name, headers[name]!);
}
