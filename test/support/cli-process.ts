import { type ChildProcess, execFile, spawn } from 'node:child_process';

const cli = new URL('../../bin/goldmaps.js', import.meta.url).pathname;

/** `goldmaps <args>` in a process of its own, with `input` on its stdin; never rejects. */
export function goldmaps(
  env: Record<string, string>,
  args: string[],
  input?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [cli, ...args],
      { env: { ...process.env, ...env, LOG_LEVEL: 'info' } },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(input ?? '');
  });
}

/** `goldmaps serve` on a free port, resolved once it says where it listens. */
export function serve(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--host', '127.0.0.1'], {
      env: { ...process.env, ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"port":(\d+)[^\n]*goldmaps listening/.exec(out);
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}` });
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
}

/**
 * `writers` clients posting new reports back to back (ids `<prefix>-<writer>-<n>`) until
 * `enough` are acknowledged (or `withinMs` passes), then the server killed with SIGKILL. What was
 * sent, what was answered 201, and how many were in flight as the signal went: counted then, since
 * answers the server sent but this process had not yet read would otherwise count as settled
 * after the fact (under load, many of them).
 */
export async function writeUntilKilled(o: {
  child: ChildProcess;
  url: string;
  key: string;
  writers: number;
  enough: number;
  withinMs: number;
  prefix: string;
  mapOf: (writer: number) => string;
  body: (reportId: string) => unknown;
}): Promise<{ sent: string[]; acked: string[]; inFlight: number }> {
  const sent: string[] = [];
  const acked: string[] = [];
  let killed = false;
  const writer = async (w: number) => {
    for (let i = 0; !killed; i++) {
      const id = `${o.prefix}-${w}-${i}`;
      sent.push(id);
      let res: Response;
      try {
        res = await fetch(`${o.url}/api/v1/games/gold-city/maps/${o.mapOf(w)}/plays`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${o.key}` },
          body: JSON.stringify(o.body(id)),
        });
      } catch {
        return; // the connection died with the server: not acknowledged
      }
      if (res.status !== 201) throw new Error(`report ${id} answered ${res.status}: ${await res.text()}`);
      acked.push(id);
    }
  };
  let ended = 0;
  let inFlight = 0;
  const writers = Array.from({ length: o.writers }, (_, w) => writer(w).finally(() => ended++));
  try {
    for (const t0 = Date.now(); acked.length < o.enough && ended === 0 && Date.now() - t0 < o.withinMs; )
      await new Promise((r) => setTimeout(r, 2));
  } finally {
    inFlight = sent.length - acked.length;
    o.child.kill('SIGKILL');
    killed = true;
    await new Promise((r) => o.child.once('exit', r));
  }
  await Promise.all(writers);
  return { sent, acked, inFlight };
}
