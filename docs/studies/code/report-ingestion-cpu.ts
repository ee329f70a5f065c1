/**
 * Where a report's CPU goes on PostgreSQL, beside the bench's bare INSERT loop: the service
 * (`npm start`, compiled) under 32 autocannon connections, then 32 single-row INSERT loops on a
 * pool of 16, each for SECONDS. For each it prints the rate, the CPU a report of the service,
 * the client (autocannon, or the loop's own process) and every PostgreSQL process (from
 * /proc/<pid>/stat), and how much of the machine stood idle. The service's figures are the
 * plays bench's (bench/plays.ts); this says why they part from the loop's.
 * Usage: BENCH_DATABASE_URL=postgres://… npx tsx docs/studies/code/report-ingestion-cpu.ts
 * (`npm run build` first; about 20 s; ROUNDS=3 repeats both). Linux only (/proc).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { cpuTicks as ticks, startService, stopService } from '../../../bench/http.ts';
import { bareInsert, report } from '../../../bench/plays.ts';
import { MAX_KEY_WRITES_PER_MINUTE } from '../../../src/store/keys.ts';
import { openStore } from '../../../src/store/open.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('give BENCH_DATABASE_URL (scripts/pg-cluster.sh start DIR prints one)');
const SECONDS = Number(process.env.SECONDS ?? 6);
const ROUNDS = Number(process.env.ROUNDS ?? 1);
const CONNECTIONS = 32;
const PORT = 18097;

const postgresTicks = () =>
  execFileSync('sh', ['-c', 'pgrep -x postgres || true'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .reduce((a, pid) => a + ticks(Number(pid)), 0);
function machine() {
  const [, ...cols] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/);
  const n = cols.map(Number);
  return { all: n.reduce((a, b) => a + b, 0), idle: n[3]! + n[4]! };
}

interface Sample {
  client: number;
  postgres: number;
  service: number;
  machine: ReturnType<typeof machine>;
}
const sample = (servicePid?: number): Sample => ({
  client: ticks(process.pid),
  postgres: postgresTicks(),
  service: servicePid ? ticks(servicePid) : 0,
  machine: machine(),
});
function line(what: string, n: number, a: Sample, b: Sample): string {
  const us = (t: number) => `${Math.round((t * 10_000) / n)} µs`;
  const idle = (b.machine.idle - a.machine.idle) / (b.machine.all - a.machine.all);
  const service = b.service > 0 ? `service ${us(b.service - a.service)}, ` : '';
  return `${what}: ${Math.round(n / SECONDS)}/s; CPU a report: ${service}client ${us(b.client - a.client)}, PostgreSQL ${us(b.postgres - a.postgres)}; machine idle ${Math.round(idle * 100)}%`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'goldmaps-ingestion-'));
const env = { DATABASE_URL: url, GOLDMAPS_DATA: dataDir };
const store = await openStore('study', env);
const key = await store.createKey(`ingestion-${process.pid}`, { writesPerMinute: MAX_KEY_WRITES_PER_MINUTE });
try {
  for (let round = 0; round < ROUNDS; round++) {
    const service = await startService(PORT, env);
    let i = 0;
    const post = (connections: number, duration: number) =>
      autocannon({
        url: `http://127.0.0.1:${PORT}`,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            setupRequest: (req: autocannon.Request) => ({
              ...req,
              path: `/api/v1/games/gold-city/maps/study-${i % 8}/plays`,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
              body: report(`study-${process.pid}-${round}-${i++}`),
            }),
          },
        ],
      });
    await post(4, 2);
    const a = sample(service.pid);
    const result = await post(CONNECTIONS, SECONDS);
    console.log(line('service', result.requests.total, a, sample(service.pid)));
    await stopService(service);

    const end = performance.now() + SECONDS * 1000;
    let n = 0;
    const b = sample();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < end) {
          const id = `study-bare-${process.pid}-${round}-${n++}`;
          await bareInsert(store, id);
        }
      }),
    );
    console.log(line('bare INSERT loop', n, b, sample()));
  }
} finally {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}
