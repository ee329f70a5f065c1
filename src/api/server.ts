import { createServer, type Server } from 'node:http';
import { pino, type Logger } from 'pino';
import type { Socket } from 'node:net';
import { createApp } from './app.ts';
import { DEFAULT_LIMITS, type Limits } from './limits.ts';
import { Counters } from './counters.ts';
import type { PlayStore } from '../store/store.ts';
import { announceServing, operatorCredential } from '../store/operator.ts';

export const DEFAULT_PORT = 8080;

/**
 * The operator files are a convenience for the CLI: a data directory the server cannot write (a
 * read-only image on PostgreSQL) costs the operator route, not the service.
 */
function withOperatorFiles<T>(logger: Logger, dir: string, work: () => T): T | undefined {
  try {
    return work();
  } catch (e) {
    logger.warn(
      { dir, err: e },
      'no operator route: its files cannot be kept in the data directory (keys commands open the store directly)',
    );
    return undefined;
  }
}

export interface Running {
  server: Server;
  port: number;
  counters: Counters;
  close(): Promise<void>;
}

/**
 * Listens and arranges a graceful stop: on close (or SIGTERM from `serve`) the listener stops
 * taking connections, idle keep-alive sockets are dropped, in-flight requests finish, and after
 * `graceMillis` anything left is cut.
 */
export async function startServer({
  port = DEFAULT_PORT,
  host = '0.0.0.0',
  logger = pino({ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination({ sync: false })),
  limits = DEFAULT_LIMITS,
  graceMillis = 10_000,
  store,
  now,
  trustProxy,
  operator,
}: {
  port?: number;
  host?: string;
  logger?: Logger;
  limits?: Limits;
  graceMillis?: number;
  store?: PlayStore;
  now?: () => Date;
  trustProxy?: string;
  /**
   * The operator routes (src/api/admin-routes.ts): the data directory that keeps their credential
   * (made on first start) and where this server says it listens while it does, and the tag of
   * the store it serves (store/operator.ts), for the CLI to find it.
   */
  operator?: { dir: string; store: string };
} = {}): Promise<Running> {
  const counters = new Counters();
  const adminCredential = operator ? withOperatorFiles(logger, operator.dir, () => operatorCredential(operator.dir)) : undefined;
  const { handle, close: closeApp } = createApp({
    logger,
    limits,
    store,
    counters,
    ...(now ? { now } : {}),
    ...(trustProxy ? { trustProxy } : {}),
    ...(adminCredential ? { adminCredential } : {}),
  });
  const server = createServer(
    {
      keepAliveTimeout: 5000,
      // Node cuts a client that has not sent its headers (or its whole request) in time, checking
      // every connectionsCheckingInterval: a slowloris is held at most the timeout plus that.
      headersTimeout: limits.headersMillis,
      requestTimeout: limits.requestMillis,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.round(limits.headersMillis / 4))),
    },
    handle,
  );
  // Node's own answer to a broken client (408 or 400, then close), counted and logged.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const slow = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (slow) counters.slowClients++;
    else counters.malformedClients++;
    if (slow)
      logger.warn(
        { client: socket.remoteAddress, headersMillis: limits.headersMillis, requestMillis: limits.requestMillis },
        'slow client cut off',
      );
    if (socket.writable && socket.bytesWritten === 0) {
      const status = slow
        ? '408 Request Timeout'
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? '431 Request Header Fields Too Large'
          : '400 Bad Request';
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    socket.destroy();
  });
  server.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  const withdraw =
    (adminCredential &&
      withOperatorFiles(logger, operator!.dir, () => announceServing(operator!.dir, { port: actual, host, store: operator!.store }))) ||
    (() => {});
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      withdraw();
      server.close(() => void closeApp().then(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMillis);
      timer.unref();
    }));
  logger.info({ port: actual }, 'goldmaps listening');
  return { server, port: actual, counters, close };
}
