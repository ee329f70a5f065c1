import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { MAX_KEY_WRITES_PER_MINUTE } from '../src/store/keys.ts';
import { startService, stopService } from './http.ts';

/**
 * Issue 25's load: 32 writers posting reports and 64 readers asking for summaries at once, for
 * BENCH_LOAD_SECONDS (60), against `npm start` on PostgreSQL (BENCH_DATABASE_URL, or a throwaway
 * cluster from scripts/pg-cluster.sh). Loopback only. Skipped, with a line saying so, when there
 * is no PostgreSQL to start.
 */
const WRITERS = 32;
const READERS = 64;
const SEEDS = 16;

const report = (reportId: string) =>
  JSON.stringify({ reportId, players: 4, rounds: 25, winners: [1], seats: [{ seat: 1, handle: 'Load', finishedRound: 25 }] });

/**
 * A key for the bench, made with the CLI, with the highest write limit a key may carry (far above
 * what the bench sends), so that the figures measure the service and not the key's limit.
 */
export function benchKey(name: string, env: Record<string, string>): string {
  const run = (args: string[]) =>
    execFileSync(process.execPath, ['bin/goldmaps.js', ...args], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  return run(['keys', 'create', '--name', name, '--writes-per-minute', String(MAX_KEY_WRITES_PER_MINUTE)])
    .trim()
    .split('\n')
    .pop()!;
}

export interface LoadRow {
  who: string;
  requests: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
  'of them timeouts (10 s)': number;
  statuses: string;
}

export async function loadPg(): Promise<LoadRow[] | string> {
  const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
  let url = process.env.BENCH_DATABASE_URL;
  let cluster: string | undefined;
  if (!url) {
    cluster = mkdtempSync(join(tmpdir(), 'goldmaps-load-pg-'));
    try {
      url = execFileSync('bash', ['scripts/pg-cluster.sh', 'start', cluster], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }).trim();
    } catch (e) {
      rmSync(cluster, { recursive: true, force: true });
      return `load-pg skipped: no PostgreSQL to start (${(e as Error).message.split('\n')[0]}); install PostgreSQL or give BENCH_DATABASE_URL`;
    }
  }
  const env = { DATABASE_URL: url };
  const port = 18096;
  try {
    const key = benchKey(`load-${Date.now()}`, env);
    const service = await startService(port, env);
    try {
      const base = `http://127.0.0.1:${port}`;
      const path = (n: number) => `/api/v1/games/gold-city/maps/load-${n % SEEDS}/plays`;
      // Every seed's map built and its summary read once, so the run measures the store, not the first builds.
      for (let s = 0; s < SEEDS; s++) await (await fetch(`${base}${path(s)}`)).arrayBuffer();
      let w = 0;
      let r = 0;
      const statuses = new Map<string, Map<number, number>>();
      const count = (who: string, status: number) => {
        const m = statuses.get(who) ?? new Map<number, number>();
        m.set(status, (m.get(status) ?? 0) + 1);
        statuses.set(who, m);
      };
      const run = (who: string, connections: number, request: autocannon.Request) => {
        const instance = autocannon({ url: base, connections, duration: seconds, requests: [request] }) as unknown as autocannon.Instance &
          Promise<autocannon.Result>;
        instance.on('response', (_client, status) => count(who, status));
        return instance;
      };
      const [writes, reads] = await Promise.all([
        run(`${WRITERS} writers: POST …/plays, one key`, WRITERS, {
          method: 'POST',
          setupRequest: (req: autocannon.Request) => {
            const n = w++;
            return {
              ...req,
              path: path(n),
              headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
              body: report(`load-${n}`),
            };
          },
        }),
        run(`${READERS} readers: GET …/plays (summary)`, READERS, {
          method: 'GET',
          setupRequest: (req: autocannon.Request) => ({ ...req, path: path(r++) }),
        }),
      ]);
      const row = (who: string, res: autocannon.Result): LoadRow => ({
        who,
        requests: res.requests.total,
        'req/s': Math.round(res.requests.average),
        'p50 ms': res.latency.p50,
        'p99 ms': res.latency.p99,
        // autocannon counts its timeouts (no answer in 10 s) among its errors.
        errors: res.errors + res.non2xx,
        'of them timeouts (10 s)': res.timeouts,
        statuses: [...(statuses.get(who) ?? [])]
          .sort(([a], [b]) => a - b)
          .map(([s, c]) => `${s}×${c}`)
          .join(' '),
      });
      return [row(`${WRITERS} writers: POST …/plays, one key`, writes), row(`${READERS} readers: GET …/plays (summary)`, reads)];
    } finally {
      await stopService(service);
    }
  } finally {
    if (cluster) {
      execFileSync('bash', ['scripts/pg-cluster.sh', 'stop', cluster]);
      rmSync(cluster, { recursive: true, force: true });
    }
  }
}
