import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { compiledIsFresh } from '../bin/compiled.js';

/**
 * The service as users run it: `npm start`'s own command line (any environment settings in it
 * included, pino logging at its default level to a discarded stdout), in its own process so the
 * load generator does not share its CPU time. `exec` keeps the child's pid the service's, for RSS.
 */
export async function startService(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  // With dist/ older than src/, `npm start` runs the sources through tsx, whose loader thread and
  // esbuild add memory and CPU that no deployment (npm ci builds dist/) carries: two soaks with 16
  // threads under the service, one listing esbuild, peaked at 547 and 575 MB; compiled, the same
  // mix peaked at 491 MB with 13 (docs/performance.md).
  if (!compiledIsFresh()) throw new Error('bench: dist/ is older than src/, so npm start would run the sources: run `npm run build` first');
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  // `A=1 exec cmd`, not `exec A=1 cmd`: the shell takes the assignments only before exec.
  const assignments = /^(\s*\w+=\S*)*/.exec(start)![0];
  const command = `${assignments} exec ${start.slice(assignments.length).trim()} --port ${port} --host 127.0.0.1`;
  // Every bench client comes from 127.0.0.1, where a deployment's many clients would come from many
  // addresses: the per-address write limit (120 a minute) is lifted so the figures are the service's.
  const child = spawn('/bin/sh', ['-c', command], {
    env: { ...process.env, GOLDMAPS_WRITES_PER_MINUTE_PER_ADDRESS: String(Number.MAX_SAFE_INTEGER), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/healthz`);
  return child;
}

/** A baseline server of bench/bare.js (express, http or sharp) answering from `file`. */
export async function startBare(
  mode: 'express' | 'http' | 'sharp',
  port: number,
  file: string,
  probe = '/api/v1/games/x/maps/y',
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['bench/bare.js', mode, String(port), file], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitFor(`http://127.0.0.1:${port}${probe}`);
  return child;
}

/** Up to a minute: on a machine this busy a fresh service took over 10 s to listen. */
async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

export async function stopService(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** A process's resident memory, MB; 0 once it has gone. */
function vmRssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** CPU ticks (1/100 s, user + system) a process has used; 0 once it has gone. */
export function cpuTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The process ids descending from `pid` (its children, theirs, ...), from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // The parent pid is the second field after the parenthesised command, which may hold spaces.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const out: number[] = [];
  const visit = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      visit(c);
    }
  };
  visit(pid);
  return out;
}

/**
 * RSS of a service and every process under it (its render child, tsx's esbuild), summed, MB.
 * Pages that several of them share (node's code) count once for each, so this overstates, never
 * understates, what the service holds.
 */
export function rssMb(child: ChildProcess): { total: number; service: number; children: Array<{ name: string; mb: number }> } {
  const service = vmRssMb(child.pid!);
  const children = descendants(child.pid!).map((pid) => ({ name: programOf(pid), mb: vmRssMb(pid) }));
  return { total: service + children.reduce((a, c) => a + c.mb, 0), service, children };
}

/** The script a process runs (node's first argument that is not a flag), else its program. */
function programOf(pid: number): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const script = argv.slice(1).find((a) => !a.startsWith('-')) ?? argv[0] ?? '?';
    return script.split('/').pop()!;
  } catch {
    return '?';
  }
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
export async function load(opts: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  paths?: (i: number) => string;
}): Promise<LoadResult> {
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

/**
 * Where a process's RSS lies, MB, from /proc/PID/smaps: V8's heap pages (256 KB mappings, every
 * isolate's), other anonymous memory (malloc, WebAssembly memory and code, stacks) and mapped
 * files (node's binary, libraries).
 */
export function smapsMb(pid: number): { v8: number; anon: number; files: number; threads: number } {
  const out = { v8: 0, anon: 0, files: 0, threads: 0 };
  try {
    let kind: keyof typeof out = 'anon';
    for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
      const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
      if (head) {
        const size = parseInt(head[2]!, 16) - parseInt(head[1]!, 16);
        kind = head[3] && !head[3].startsWith('[') ? 'files' : size === 256 * 1024 ? 'v8' : 'anon';
        continue;
      }
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (rss) out[kind] += Number(rss[1]) / 1024;
    }
    out.threads = Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    // the process ended between samples
  }
  return out;
}
