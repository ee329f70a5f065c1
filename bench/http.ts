import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import autocannon from 'autocannon';

/** The service as users run it: its own process, so the load generator does not share its CPU time. */
export async function startService(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['bin/goldmaps.js', 'serve', '--port', String(port), '--host', '127.0.0.1'], {
    env: { ...process.env, LOG_LEVEL: 'warn', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('service did not start');
}

export async function stopService(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await once(child, 'exit');
}

export function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

/** autocannon against loopback only, bounded by duration or by a request count. */
export async function load(opts: { url: string; connections: number; duration?: number; amount?: number; paths?: (i: number) => string }): Promise<LoadResult> {
  let i = 0;
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration ?? 10 }),
    ...(opts.paths
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({ ...req, path: opts.paths!(i++) }),
            },
          ],
        }
      : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}
