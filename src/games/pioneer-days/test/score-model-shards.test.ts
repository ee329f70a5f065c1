/**
 * `goldmaps calibrate pioneer-days score-model --shard K/N` on several machines, then `--merge`,
 * writes the model one machine writes, byte for byte (on the producer's trial corpus, so in seconds).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const cli = new URL('../../../../bin/goldmaps.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'goldmaps-shards-'));

function calibrate(out: string, ...args: string[]): Promise<{ code: number; stderr: string }> {
  const env = { ...process.env, GOLDMAPS_CALIBRATE_TRIAL: '1', GOLDMAPS_CALIBRATE_OUT: join(dir, out) };
  return new Promise((resolve) =>
    execFile(process.execPath, [cli, 'calibrate', 'pioneer-days', 'score-model', ...args], { env }, (error, _stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    ),
  );
}

describe('calibrate --shard and --merge', () => {
  it('three shards merged in any order fit the same bytes as one run', async () => {
    const [single, ...shards] = await Promise.all([
      calibrate('single.json'),
      ...[1, 2, 3].map((k) => calibrate('unused.json', '--shard', `${k}/3`, '--out', join(dir, `s${k}.json`))),
    ]);
    expect(single!.code, single!.stderr).toBe(0);
    for (const s of shards) expect(s.code, s.stderr).toBe(0);
    const merged = await calibrate('merged.json', '--merge', ...[3, 1, 2].map((k) => join(dir, `s${k}.json`)));
    expect(merged.code, merged.stderr).toBe(0);
    const model = readFileSync(join(dir, 'single.json'), 'utf8');
    expect(JSON.parse(model).tables['4']).toBeDefined();
    expect(readFileSync(join(dir, 'merged.json'), 'utf8')).toBe(model);
  }, 120_000);

  it('refuses a merge that lacks a shard, repeats one, or mixes plans, naming the file', async () => {
    const missing = await calibrate('x.json', '--merge', join(dir, 's1.json'), join(dir, 's2.json'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--merge: shard 3\/3 missing/);
    const twice = await calibrate('x.json', '--merge', join(dir, 's1.json'), join(dir, 's1.json'), join(dir, 's3.json'));
    expect(twice.stderr).toMatch(/both shard 1\/3/);
    const other = JSON.parse(readFileSync(join(dir, 's2.json'), 'utf8'));
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ ...other, plan: '0000000000000000' }));
    const mixed = await calibrate('x.json', '--merge', join(dir, 's1.json'), join(dir, 'other.json'), join(dir, 's3.json'));
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('other.json');
  }, 60_000);

  it('refuses to split a producer that measures no corpus, and a malformed shard', async () => {
    const env = { ...process.env };
    const r = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        [cli, 'calibrate', 'pioneer-days', 'difficulty', '--shard', '1/2', '--out', join(dir, 'd.json')],
        { env },
        (e, _o, stderr) => resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, stderr }),
      ),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/measures no corpus to split.*score-model/);
    const bad = await calibrate('x.json', '--shard', '3/2', '--out', join(dir, 'bad.json'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--shard: K\/N/);
  }, 30_000);
});
