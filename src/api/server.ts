import { createServer, type Server } from 'node:http';
import { pino, type Logger } from 'pino';
import { createApp, DEFAULT_LIMITS, type Limits } from './app.ts';
import type { PlayStore } from '../store/store.ts';

export const DEFAULT_PORT = 8080;

export interface Running {
  server: Server;
  port: number;
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
}: { port?: number; host?: string; logger?: Logger; limits?: Limits; graceMillis?: number; store?: PlayStore; now?: () => Date } = {}): Promise<Running> {
  const { handle, close: closeApp } = createApp({ logger, limits, store, ...(now ? { now } : {}) });
  const server = createServer(handle).listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      server.close(() => void closeApp().then(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMillis);
      timer.unref();
    }));
  logger.info({ port: actual }, 'goldmaps listening');
  return { server, port: actual, close };
}
