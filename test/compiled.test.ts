import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compiledIsFresh } from '../bin/compiled.js';

const run = promisify(execFile);
const cli = new URL('../bin/goldmaps.js', import.meta.url).pathname;
const fresh = compiledIsFresh();

// .ci/run sets GOLDMAPS_COMPILED_REQUIRED: there npm ci has built dist/, and a missing or stale
// build must fail, not skip. Locally, sources edited since the last build leave dist/ stale.
const required = process.env.GOLDMAPS_COMPILED_REQUIRED === '1';

describe.runIf(fresh || required)('the compiled CLI (dist/, built by npm ci)', () => {
  it('is what bin/goldmaps.js runs once npm ci has built it', async () => {
    expect(fresh).toBe(true);
    expect((await run(process.execPath, [cli, '--version'])).stdout).toContain('runs from: dist/');
    const sources = await run(process.execPath, [cli, '--version'], { env: { ...process.env, GOLDMAPS_FROM_SOURCES: '1' } });
    expect(sources.stdout).toContain('runs from: src/');
  });

  it('builds, scores and draws the same maps as the sources, byte for byte', async () => {
    const both = async (...args: string[]) => {
      const [a, b] = await Promise.all([
        run(process.execPath, [cli, ...args], { encoding: 'buffer', maxBuffer: 64 << 20 }),
        run(process.execPath, [cli, ...args], {
          encoding: 'buffer',
          maxBuffer: 64 << 20,
          env: { ...process.env, GOLDMAPS_FROM_SOURCES: '1' },
        }),
      ]);
      expect(a.stdout.length).toBeGreaterThan(1000);
      expect(a.stdout.equals(b.stdout)).toBe(true);
    };
    await both('generate', 'lost-valley', '--seed', 'compiled-1');
    await both('generate', 'gold-city', '--seed', 'compiled-2', '--format', 'svg');
    await both('generate', 'pioneer-days', '--seed', 'compiled-3', '--format', 'pdf');
  });
});
