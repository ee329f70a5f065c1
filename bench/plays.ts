import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { MAX_KEY_WRITES_PER_MINUTE } from '../src/store/keys.ts';
import { openStore } from '../src/store/open.ts';
import type { PlayReport } from '../src/core/plays.ts';
import type { PlayStore } from '../src/store/store.ts';
import { startService, stopService } from './http.ts';

/**
 * Report ingestion: POST …/plays under `npm start` at 32 client connections against its floor, a
 * bare loop of the same single-statement INSERT into the same database (32 loops at once), in
 * alternating rounds. Database connections: PGlite is one, in process, for both; on PostgreSQL
 * the service and the bare loop each hold a pool of 16 (openPostgres' default). A PGlite
 * directory has one owner, so the service is stopped for each bare round. PostgreSQL is
 * BENCH_DATABASE_URL, or a throwaway cluster (scripts/pg-cluster.sh). The load average is
 * printed with each round: the figures mean little on a machine busy with other work.
 */
const CONNECTIONS = 32;
const SEEDS = 8;

/** A four-player Gold City report, as a game client sends it. */
export const report = (reportId: string) =>
  JSON.stringify({ reportId, players: 4, rounds: 25, winners: [1], seats: [{ seat: 1, handle: 'Bench', finishedRound: 25 }] });

interface Round {
  perSecond: number;
  p99: number;
  errors: number;
}

async function serviceRound(env: Record<string, string>, key: string, seconds: number, round: number): Promise<Round> {
  const port = 18090;
  const service = await startService(port, env);
  try {
    let i = 0;
    const post = (phase: string, connections: number, duration: number) =>
      autocannon({
        url: `http://127.0.0.1:${port}`,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            setupRequest: (req: autocannon.Request) => {
              const n = i++;
              return {
                ...req,
                path: `/api/v1/games/gold-city/maps/bench-${n % SEEDS}/plays`,
                headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
                body: report(`svc-${round}-${phase}-${n}`),
              };
            },
          },
        ],
      });
    // A fresh process first checks the key (scrypt, once), builds the seeds' maps and compiles its
    // hot paths: warmed on a few connections before the measured run, as the bare loop needs none.
    await post('warm', 4, 2);
    const result = await post('run', CONNECTIONS, seconds);
    return { perSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
  } finally {
    await stopService(service);
  }
}

/** The floor's one statement: a report's row by a single-row INSERT of its own, as plain as a client writes it. */
export function bareInsert(store: PlayStore, id: string) {
  return store.db.query(
    `INSERT INTO plays (game, digest, seed, options, report_id, players, rounds, measure, bot_measure, bot_difficulty, body, body_digest)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (game, digest, report_id) DO NOTHING RETURNING seq`,
    ['bare', 'sha256:bare', 'bare', '{}', id, 4, 25, 25, 24, 40, report(id), 'sha256:x'],
  );
}

/** The floor: the store's own INSERT, 32 loops at once, timed one statement at a time. */
async function bareRound(store: PlayStore, seconds: number, round: number): Promise<Round> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const id = `bare-${round}-${n++}`;
        const t0 = performance.now();
        await bareInsert(store, id);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, p99: latencies[Math.floor(0.99 * latencies.length)]!, errors: 0 };
}

/**
 * The store's own write path without HTTP: PlayStore.addPlay (group commit) from 32 callers at
 * once, the same rows as the bare loop. Between the two, it says how much of the service's gap
 * is the database's and how much is HTTP's.
 */
async function storeRound(store: PlayStore, seconds: number, round: number): Promise<Round> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  let n = 0;
  const body = JSON.parse(report('x')) as PlayReport;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const reportId = `store-${round}-${n++}`;
        const t0 = performance.now();
        await store.addPlay({
          game: 'bare',
          seed: 'bare',
          options: {},
          digest: 'sha256:bare',
          report: { ...body, reportId },
          bodyDigest: 'sha256:x',
          measure: 25,
          botMeasure: 24,
          botDifficulty: 40,
        });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, p99: latencies[Math.floor(0.99 * latencies.length)]!, errors: 0 };
}

export async function benchPlays(
  ratioRow: (what: string, goldmaps: string, baseline: string, ratio: number, target: string) => void,
  rows: Array<Record<string, string | number>>,
): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const places: Array<{ name: string; env: Record<string, string>; cleanup: () => void }> = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'goldmaps-bench-data-'));
  places.push({ name: 'PGlite', env: { GOLDMAPS_DATA: dataDir }, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) });
  let cluster: string | undefined;
  // The server keeps its operator files in GOLDMAPS_DATA on PostgreSQL too: a directory of the bench's own.
  const pgDataDir = mkdtempSync(join(tmpdir(), 'goldmaps-bench-pgdata-'));
  const pgEnv = (url: string) => ({ DATABASE_URL: url, GOLDMAPS_DATA: pgDataDir });
  if (process.env.BENCH_DATABASE_URL)
    places.push({
      name: 'PostgreSQL',
      env: pgEnv(process.env.BENCH_DATABASE_URL),
      cleanup: () => rmSync(pgDataDir, { recursive: true, force: true }),
    });
  else {
    try {
      cluster = mkdtempSync(join(tmpdir(), 'goldmaps-bench-pg-'));
      const url = execFileSync('bash', ['scripts/pg-cluster.sh', 'start', cluster], { encoding: 'utf8' }).trim();
      places.push({
        name: 'PostgreSQL',
        env: pgEnv(url),
        cleanup: () => {
          execFileSync('bash', ['scripts/pg-cluster.sh', 'stop', cluster!]);
          rmSync(pgDataDir, { recursive: true, force: true });
        },
      });
    } catch (e) {
      console.warn(`plays bench: no PostgreSQL to measure (${(e as Error).message.split('\n')[0]}); give BENCH_DATABASE_URL`);
    }
  }
  try {
    for (const place of places) {
      const setup = await openStore('bench', place.env);
      // A game client's key: the default 60 writes a minute would answer most of a round 429.
      const key = await setup.createKey(`bench-${Date.now()}`, { writesPerMinute: MAX_KEY_WRITES_PER_MINUTE });
      const keep = place.name === 'PostgreSQL' ? setup : undefined;
      if (!keep) await setup.close();
      const svc: Round[] = [];
      const bare: Round[] = [];
      const direct: Round[] = [];
      for (let r = 0; r < rounds; r++) {
        svc.push(await serviceRound(place.env, key, seconds, r));
        const store = keep ?? (await openStore('bench', place.env));
        bare.push(await bareRound(store, seconds, r));
        direct.push(await storeRound(store, seconds, r));
        if (!keep) await store.close();
        console.warn(
          `plays bench ${place.name} round ${r + 1}: service ${Math.round(svc[r]!.perSecond)}/s, bare ${Math.round(bare[r]!.perSecond)}/s, store.addPlay ${Math.round(direct[r]!.perSecond)}/s, load average ${loadavg()
            .map((x) => x.toFixed(2))
            .join(' ')}`,
        );
      }
      await keep?.close();
      const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const [sRate, bRate, sP99, bP99] = [
        med(svc.map((x) => x.perSecond)),
        med(bare.map((x) => x.perSecond)),
        med(svc.map((x) => x.p99)),
        med(bare.map((x) => x.p99)),
      ];
      const errors = svc.reduce((a, x) => a + x.errors, 0);
      rows.push({
        benchmark: `POST …/plays on ${place.name}, ${CONNECTIONS} conns${place.name === 'PostgreSQL' ? ' (pool of 16)' : ''} (median of ${rounds} × ${seconds} s)`,
        'req/s': Math.round(sRate),
        'p50 ms': '',
        'p99 ms': sP99,
        errors,
        target: '',
      });
      rows.push({
        benchmark: `  bare INSERT loop into the same ${place.name}, ${CONNECTIONS} at once${place.name === 'PostgreSQL' ? ' (pool of 16)' : ''}`,
        'req/s': Math.round(bRate),
        'p50 ms': '',
        'p99 ms': Math.round(bP99 * 10) / 10,
        errors: 0,
        target: '',
      });
      ratioRow(
        `report ingestion on ${place.name}: req/s vs bare INSERT loop`,
        `${Math.round(sRate)} req/s`,
        `${Math.round(bRate)} /s`,
        sRate / bRate,
        '',
      );
      ratioRow(`report ingestion on ${place.name}: p99 vs bare INSERT loop`, `${sP99} ms`, `${bP99.toFixed(1)} ms`, sP99 / bP99, '');
      const dRate = med(direct.map((x) => x.perSecond));
      ratioRow(
        `  (the store's write path alone, store.addPlay × ${CONNECTIONS}, no HTTP) vs bare INSERT loop`,
        `${Math.round(dRate)} /s`,
        `${Math.round(bRate)} /s`,
        dRate / bRate,
        '',
      );
    }
  } finally {
    for (const place of places) place.cleanup();
  }
}
