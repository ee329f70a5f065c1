import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CorpusError, mergeShards } from '../core/corpus.ts';
import type { Producer } from '../core/game-module.ts';
import { InputError } from '../core/maps.ts';
import { parseShard } from '../core/shard.ts';
import { findGame, GAMES } from '../games/index.ts';

export interface CalibrateOptions {
  list?: boolean;
  shard?: string;
  merge?: string[];
  out?: string;
}

const usage = (field: string, message: string) => new InputError([{ field, message }]);

/**
 * Runs a game's producers one after another, each in a process of its own, stopping at the first
 * that fails. With --shard or --merge, one producer that measures a corpus (src/core/corpus.ts):
 * a shard writes its share of the games, a merge fits from all the shards' files.
 */
export async function runProducers(gameId: string, names: string[], opts: CalibrateOptions): Promise<void> {
  const game = findGame(gameId);
  if (!game) throw usage('game', `unknown game "${gameId}" (known: ${GAMES.map((g) => g.id).join(', ')})`);
  const producers = game.calibration ?? [];
  if (producers.length === 0) throw usage('game', `${game.id} has no calibration producers`);
  const unknown = names.filter((n) => !producers.some((p) => p.name === n));
  if (unknown.length > 0)
    throw usage(
      'steps',
      `${game.id} has no producer ${unknown.map((n) => `"${n}"`).join(', ')} (known: ${producers.map((p) => p.name).join(', ')})`,
    );
  if (opts.list) {
    for (const p of producers) process.stdout.write(`${p.name}\twrites ${p.writes}${p.shards ? '\tshards' : ''}\t${p.about}\n`);
    return;
  }
  const chosen = names.length === 0 ? producers : producers.filter((p) => names.includes(p.name));
  if (opts.shard === undefined && opts.merge === undefined) {
    for (const p of chosen) if (!(await runOne(game.id, p, {}))) return;
    return;
  }
  const flag = opts.shard !== undefined ? '--shard' : '--merge';
  if (opts.shard !== undefined && opts.merge !== undefined) throw usage('--merge', 'goes without --shard: shard first, merge after');
  const [p, ...more] = chosen;
  const sharding = producers.filter((q) => q.shards).map((q) => q.name);
  if (names.length !== 1 || more.length > 0 || !p)
    throw usage('steps', `${flag} runs one producer: name it (${game.id}'s corpus producers: ${sharding.join(', ') || 'none'})`);
  if (!p.shards)
    throw usage(
      'steps',
      `${game.id} ${p.name} measures no corpus to split (${game.id}'s corpus producers: ${sharding.join(', ') || 'none'})`,
    );
  if (opts.shard !== undefined) {
    const parsed = parseShard(opts.shard);
    if (!parsed.ok) throw usage('--shard', parsed.message);
    if (!opts.out) throw usage('--out', `${flag} needs the file to write its measurements to`);
    const out = resolve(opts.out);
    if (await runOne(game.id, p, { GOLDMAPS_SHARD: opts.shard, GOLDMAPS_SHARD_OUT: out }))
      process.stderr.write(`goldmaps: wrote shard ${opts.shard} of ${game.id} ${p.name} to ${out}; merge every shard with --merge\n`);
    return;
  }
  const files = opts.merge!.map((name) => {
    try {
      return { name, text: readFileSync(name, 'utf8') };
    } catch (e) {
      throw usage('--merge', `${name}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
    }
  });
  let merged: ReturnType<typeof mergeShards>;
  try {
    merged = mergeShards(files);
  } catch (e) {
    if (e instanceof CorpusError) throw usage('--merge', e.message);
    throw e;
  }
  if (merged.producer !== `${game.id}/${p.name}`) throw usage('--merge', `the shards are ${merged.producer}'s, not ${game.id}/${p.name}'s`);
  const dir = mkdtempSync(join(tmpdir(), 'goldmaps-merge-'));
  try {
    const file = join(dir, 'measured.json');
    writeFileSync(file, JSON.stringify(merged));
    await runOne(game.id, p, { GOLDMAPS_MEASURED: file });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One producer in a process of its own; its `done total` lines on fd 3 drive a progress bar when
 * stderr is a terminal. Whether it succeeded.
 */
async function runOne(gameId: string, p: Producer, env: Record<string, string>): Promise<boolean> {
  process.stderr.write(`goldmaps: calibrate ${gameId} ${p.name}: ${p.about}\n`);
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(p.script)], {
    stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
    env: { ...process.env, ...p.env, ...env, GOLDMAPS_PROGRESS_FD: '3' },
  });
  const { SingleBar, Presets } = await import('cli-progress');
  const bar = process.stderr.isTTY
    ? new SingleBar(
        { format: `${p.name} {bar} {value}/{total} maps · {eta_formatted} left`, stream: process.stderr },
        Presets.shades_classic,
      )
    : undefined;
  let started = false;
  const progress = child.stdio[3];
  if (progress && 'on' in progress)
    createInterface({ input: progress as NodeJS.ReadableStream }).on('line', (line) => {
      const [done, total] = line.split(' ').map(Number);
      if (!bar || !total) return;
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done!);
    });
  const code = await new Promise<number | null>((done) => child.on('close', (c, signal) => done(c ?? (signal ? -1 : null))));
  if (started) bar?.stop();
  if (code !== 0) {
    process.stderr.write(`goldmaps: calibrate ${gameId} ${p.name} failed (exit ${code}); the files written before it stand\n`);
    process.exitCode = 1;
    return false;
  }
  if (!env.GOLDMAPS_SHARD && !process.env.GOLDMAPS_CALIBRATE_TRIAL)
    process.stderr.write(`goldmaps: wrote src/games/${gameId}/${p.writes}\n`);
  return true;
}
