import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GAMES } from '../src/games/index.ts';
import { rssMb, smapsMb, startService, stopService } from './http.ts';
import { benchKey } from './load-pg.ts';

/**
 * The soak: BENCH_SOAK_SECONDS (600) of mixed traffic from loopback clients against `npm start`
 * on the embedded store, its RSS with every process under it summed from /proc each second.
 * Readers: BENCH_SOAK_CLIENTS loops (4: on this 2-core machine shared with other work, 8 queued
 * requests past the server's 30 s request timeout), each taking the next route of a fixed weighted cycle, so
 * every route is asked throughout; writers: one loop posting a report at a modest fixed rate
 * (BENCH_SOAK_WRITES_PER_SECOND, 4), under any per-key rate limit.
 *
 * A status is expected per route: 2xx, the route's 4xx for a bad request, and 503 from the render
 * gate on PNG and PDF (shedding under overload, counted apart). Any other 5xx is unexpected.
 */

interface Route {
  name: string;
  /** A request; `n` is a counter, so fresh seeds never repeat. */
  make(n: number): { path: string; method?: string; body?: string; headers?: Record<string, string> };
  /** Heavy routes behind the render gate may shed with 503. */
  heavy?: boolean;
  /** The status a bad request must get. */
  expect?: number;
}

export interface SoakResult {
  seconds: number;
  routes: Array<{
    route: string;
    requests: number;
    'p50 ms': number;
    'p99 ms': number;
    shed503: number;
    'reroll out of time (422)': number;
    unexpected: number;
    statuses: string;
  }>;
  unexpected5xx: number;
  shed: number;
  outOfTime: number;
  /** Requests with no answer (connection reset) or the server's 408 request timeout. */
  cutOff: number;
  /** MB each second: the service and every process under it, summed. */
  rss: number[];
  peak: number;
  secondMinute: number;
  lastMinute: number;
  window: number;
  lastParts: string;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const report = (reportId: string) =>
  JSON.stringify({ reportId, players: 4, rounds: 25, winners: [1], seats: [{ seat: 1, handle: 'Soak', finishedRound: 25 }] });

function routes(key: string): Route[] {
  const out: Route[] = [];
  for (const g of GAMES) {
    out.push({ name: `GET ${g.id} map JSON (fresh seed)`, make: (n) => ({ path: `/api/v1/games/${g.id}/maps/soak-${n}` }) });
    out.push({ name: `GET ${g.id} map JSON (fresh seed)`, make: (n) => ({ path: `/api/v1/games/${g.id}/maps/soak-j-${n}` }) });
    out.push({ name: `GET ${g.id} .svg`, make: (n) => ({ path: `/api/v1/games/${g.id}/maps/soak-${n}.svg` }) });
    out.push({
      name: `GET ${g.id} .pdf?layout=kit`,
      heavy: true,
      make: (n) => ({ path: `/api/v1/games/${g.id}/maps/soak-${n}.pdf?layout=kit` }),
    });
    out.push({
      name: `GET ${g.id} .png?width=1024`,
      heavy: true,
      make: (n) => ({ path: `/api/v1/games/${g.id}/maps/soak-${n}.png?width=1024` }),
    });
    out.push({
      name: `POST ${g.id} reroll (≤ 100 attempts)`,
      make: (n) => ({
        path: `/api/v1/games/${g.id}/reroll`,
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ seed: `soak-r-${n}`, target: { band: 'hard' }, maxAttempts: 100 }),
      }),
    });
    if (g.plays)
      out.push({ name: `GET ${g.id} plays summary`, make: (n) => ({ path: `/api/v1/games/${g.id}/maps/soak-w-${n % 16}/plays` }) });
  }
  const bad: Array<Omit<Route, 'name'> & { name: string }> = [
    { name: 'bad: unknown game (404)', expect: 404, make: () => ({ path: '/api/v1/games/no-such-game/maps/1' }) },
    { name: 'bad: options not JSON (400)', expect: 400, make: (n) => ({ path: `/api/v1/games/gold-city/maps/soak-${n}?options=%7Bnope` }) },
    { name: 'bad: PNG too large (400)', expect: 400, make: (n) => ({ path: `/api/v1/games/gold-city/maps/soak-${n}.png?width=99999` }) },
    {
      name: 'bad: report without a key (401)',
      expect: 401,
      make: (n) => ({
        path: `/api/v1/games/gold-city/maps/soak-w-${n % 16}/plays`,
        method: 'POST',
        headers: JSON_HEADERS,
        body: report(`nokey-${n}`),
      }),
    },
    {
      name: 'bad: report with a wrong key (401)',
      expect: 401,
      make: (n) => ({
        path: `/api/v1/games/gold-city/maps/soak-w-${n % 16}/plays`,
        method: 'POST',
        headers: { ...JSON_HEADERS, authorization: `Bearer ${key.slice(0, -4)}AAAA` },
        body: report(`badkey-${n}`),
      }),
    },
    {
      name: 'bad: report body not JSON (400)',
      expect: 400,
      make: (n) => ({
        path: `/api/v1/games/gold-city/maps/soak-w-${n % 16}/plays`,
        method: 'POST',
        headers: { ...JSON_HEADERS, authorization: `Bearer ${key}` },
        body: '{"reportId":',
      }),
    },
    {
      name: 'bad: reroll missing target (400)',
      expect: 400,
      make: () => ({ path: '/api/v1/games/gold-city/reroll', method: 'POST', headers: JSON_HEADERS, body: '{"seed":"x"}' }),
    },
  ];
  return [...out, ...bad];
}

interface Tally {
  times: number[];
  statuses: Map<number, number>;
  shed: number;
  outOfTime: number;
  unexpected: number;
}

async function ask(base: string, route: Route, n: number, tally: Tally): Promise<void> {
  const req = route.make(n);
  const t0 = performance.now();
  let status: number;
  let title = '';
  try {
    const res = await fetch(`${base}${req.path}`, {
      method: req.method ?? 'GET',
      ...(req.headers ? { headers: req.headers } : {}),
      ...(req.body ? { body: req.body } : {}),
    });
    const body = await res.arrayBuffer();
    status = res.status;
    if (status >= 500 || status === 422) title = (JSON.parse(Buffer.from(body).toString('utf8')) as { title?: string }).title ?? '';
  } catch (e) {
    status = 0;
    const cause = (e as Error & { cause?: { code?: string; message?: string } }).cause;
    title = `${(e as Error).message}: ${cause?.code ?? cause?.message ?? ''}`;
  }
  tally.times.push(performance.now() - t0);
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  const ok = route.expect ? status === route.expect : status >= 200 && status < 300;
  if (ok) return;
  if (route.heavy && status === 503 && title === 'Too many renders in progress') tally.shed++;
  // A reroll's time runs from its arrival: queued behind PDFs on a busy machine it can run out,
  // a 422 by design (an answer that depended on the machine's speed would be worse).
  else if (status === 422 && route.name.includes('reroll')) tally.outOfTime++;
  else {
    tally.unexpected++;
    if (tally.unexpected <= 3) console.warn(`soak: ${route.name} answered ${status} ${title}`);
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export async function soak(): Promise<SoakResult> {
  const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
  const clients = Number(process.env.BENCH_SOAK_CLIENTS ?? 4);
  const writesPerSecond = Number(process.env.BENCH_SOAK_WRITES_PER_SECOND ?? 4);
  const port = 18095;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'goldmaps-soak-data-'));
  // BENCH_SOAK_NODE_OPTIONS: node flags for the service alone (its heap bounds, to measure them).
  const env: Record<string, string> = { GOLDMAPS_DATA: dataDir };
  const serviceEnv = { ...env, ...(process.env.BENCH_SOAK_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SOAK_NODE_OPTIONS } : {}) };
  try {
    // The key is made as an operator would, with the CLI, before the server owns the directory.
    const key = benchKey('soak', env);
    const service = await startService(port, serviceEnv);
    const all = routes(key);
    const write: Route = {
      name: `POST gold-city report (${writesPerSecond}/s, one key)`,
      make: (n) => ({
        path: `/api/v1/games/gold-city/maps/soak-w-${n % 16}/plays`,
        method: 'POST',
        headers: { ...JSON_HEADERS, authorization: `Bearer ${key}` },
        body: report(`soak-${n}`),
      }),
    };
    const tallies = new Map<string, Tally>();
    const tallyOf = (name: string) => {
      let t = tallies.get(name);
      if (!t) tallies.set(name, (t = { times: [], statuses: new Map(), shed: 0, outOfTime: 0, unexpected: 0 }));
      return t;
    };
    const rss: number[] = [];
    let last = rssMb(service);
    const sampler = setInterval(() => {
      last = rssMb(service);
      rss.push(last.total);
      if (process.env.BENCH_SOAK_TRACE && rss.length % 10 === 0) {
        const parts = smapsMb(service.pid!);
        void fetch(`${base}/metrics`)
          .then((r) => r.json())
          .then(
            (m: { memory?: unknown }) => console.warn(`soak ${rss.length}s main thread: ${JSON.stringify(m.memory)}`),
            () => {},
          );
        console.warn(
          `soak ${rss.length}s: ${Math.round(last.total)} MB (service ${Math.round(last.service)}: V8 heaps ${Math.round(parts.v8)}, other anon ${Math.round(parts.anon)}, files ${Math.round(parts.files)}, ${parts.threads} threads${last.children.map((c) => ` + ${c.name} ${Math.round(c.mb)}`).join('')})`,
        );
      }
    }, 1000);
    const end = performance.now() + seconds * 1000;
    try {
      let next = 0;
      let n = 0;
      const reader = async () => {
        while (performance.now() < end) {
          const route = all[next++ % all.length]!;
          await ask(base, route, n++, tallyOf(route.name));
        }
      };
      const writer = async () => {
        let w = 0;
        const t0 = performance.now();
        while (performance.now() < end) {
          await ask(base, write, w, tallyOf(write.name));
          w++;
          const due = t0 + (w * 1000) / writesPerSecond;
          if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
        }
      };
      await Promise.all([writer(), ...Array.from({ length: clients }, reader)]);
    } finally {
      clearInterval(sampler);
      await stopService(service);
    }
    const window = Math.max(1, Math.min(60, Math.floor(rss.length / 4)));
    const out: SoakResult['routes'] = [];
    for (const [route, t] of tallies) {
      const sorted = t.times.sort((a, b) => a - b);
      out.push({
        route,
        requests: sorted.length,
        'p50 ms': Math.round(quantile(sorted, 0.5)),
        'p99 ms': Math.round(quantile(sorted, 0.99)),
        shed503: t.shed,
        'reroll out of time (422)': t.outOfTime,
        unexpected: t.unexpected,
        statuses: [...t.statuses]
          .sort(([a], [b]) => a - b)
          .map(([s, c]) => `${s}×${c}`)
          .join(' '),
      });
    }
    return {
      seconds,
      routes: out,
      unexpected5xx: [...tallies.values()].reduce(
        (a, t) => a + [...t.statuses].filter(([s]) => s >= 500).reduce((b, [, c]) => b + c, 0) - t.shed,
        0,
      ),
      cutOff: [...tallies.values()].reduce((a, t) => a + (t.statuses.get(0) ?? 0) + (t.statuses.get(408) ?? 0), 0),
      shed: [...tallies.values()].reduce((a, t) => a + t.shed, 0),
      outOfTime: [...tallies.values()].reduce((a, t) => a + t.outOfTime, 0),
      rss,
      peak: Math.max(...rss),
      secondMinute: mean(rss.slice(window, 2 * window)),
      lastMinute: mean(rss.slice(-window)),
      window,
      lastParts: [`service ${Math.round(last.service)}`, ...last.children.map((c) => `${c.name} ${Math.round(c.mb)}`)].join(' + '),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The soak's RSS series, one line a second, beside the printed tables. */
export function writeRssSeries(file: string, rss: number[]): void {
  writeFileSync(file, `second,rss_mb\n${rss.map((mb, i) => `${i + 1},${mb.toFixed(1)}`).join('\n')}\n`);
}
