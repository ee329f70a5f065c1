// One-off: the service's RSS and smaps breakdown after each kind of traffic, on an existing data dir.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rssMb, smapsMb, startService, stopService } from '../http.ts';

const port = 18111;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'probe-'));
execFileSync(process.execPath, ['bin/goldmaps.js', 'keys', 'list'], { env: { ...process.env, GOLDMAPS_DATA: dataDir }, stdio: 'ignore' });
const serviceEnv = { GOLDMAPS_DATA: dataDir, ...(process.env.PROBE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.PROBE_NODE_OPTIONS } : {}) };
const service = process.env.PROBE_DIST
  ? spawn(process.execPath, ['dist/cli/main.js', 'serve', '--port', String(port), '--host', '127.0.0.1'], {
      env: { ...process.env, ...serviceEnv },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  : await startService(port, serviceEnv);
if (process.env.PROBE_DIST)
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/healthz`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
const smaps = () => {
  const m = smapsMb(service.pid!);
  return `threads ${m.threads}, V8 heaps ${Math.round(m.v8)} MB, other anon ${Math.round(m.anon)} MB, files ${Math.round(m.files)} MB`;
};
const say = (what: string) => {
  const r = rssMb(service);
  console.log(
    `${what.padEnd(28)} total ${Math.round(r.total)} (service ${Math.round(r.service)}${r.children.map((c) => ` + ${c.name} ${Math.round(c.mb)}`).join('')}) | ${smaps()}`,
  );
};
const get = async (path: string, n = 1, body?: (i: number) => string) => {
  for (let i = 0; i < n; i++) {
    const res = await fetch(
      base + path.replace('#', String(i)),
      body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(i) } : {},
    );
    await res.arrayBuffer();
    if (res.status >= 400) console.log(path, res.status);
  }
};
say('started');
for (const g of ['gold-city', 'lost-valley', 'pioneer-days']) await get(`/api/v1/games/${g}/maps/p#`, 30);
say('90 JSON');
for (const g of ['gold-city', 'lost-valley', 'pioneer-days']) await get(`/api/v1/games/${g}/maps/q#.svg`, 10);
say('30 SVG');
for (const g of ['gold-city', 'lost-valley', 'pioneer-days']) await get(`/api/v1/games/${g}/maps/r#.png?width=1024`, 5);
say('15 PNG');
for (const g of ['gold-city', 'lost-valley', 'pioneer-days']) await get(`/api/v1/games/${g}/maps/s#.pdf?layout=kit`, 5);
say('15 PDF kit');
for (const g of ['gold-city', 'lost-valley', 'pioneer-days']) await get(`/api/v1/games/${g}/maps/t#.pdf?layout=kit`, 15);
say('60 PDF kit');
for (const g of ['gold-city', 'lost-valley', 'pioneer-days'])
  await get(`/api/v1/games/${g}/reroll`, 5, (i) => JSON.stringify({ seed: `u${i}`, target: { band: 'hard' }, maxAttempts: 100 }));
say('15 reroll');
await new Promise((r) => setTimeout(r, 5000));
say('idle 5 s');
await stopService(service);
