import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const script = new URL('../../bin/start.sh', import.meta.url).pathname;

/** `npm start`'s script serves, with jemalloc where the system has it and without it. */
async function serves(env: Record<string, string>, port: number): Promise<string> {
  const child = spawn('sh', [script, '--port', String(port), '--host', '127.0.0.1'], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: 'ignore' });
  try {
    for (let i = 0; i < 150; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.ok) return readFileSync(`/proc/${child.pid}/maps`, 'utf8');
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error('npm start did not serve');
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

describe('npm start (bin/start.sh)', () => {
  const jemalloc = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu'].some((d) => {
    try {
      readFileSync(`${d}/libjemalloc.so.2`, { flag: 'r' });
      return true;
    } catch {
      return false;
    }
  });

  it('serves with jemalloc preloaded when the system has it', async () => {
    const maps = await serves({}, 20_000 + (process.pid % 5000));
    expect(maps.includes('libjemalloc')).toBe(jemalloc);
  });

  it('serves with glibc malloc, tuned, on a machine without it', async () => {
    const maps = await serves({ GOLDMAPS_GLIBC_MALLOC: '1' }, 25_000 + (process.pid % 5000));
    expect(maps.includes('libjemalloc')).toBe(false);
  });
});
