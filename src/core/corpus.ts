/**
 * A calibration corpus: seeded bot games on many maps, measured once on one machine or in shards
 * on many and merged, with the same measurements either way, so the fit that reads them writes
 * the same bytes. `goldmaps calibrate <game> <step> --shard K/N` and `--merge` drive it through
 * the environment of the producer's process:
 *
 * - `GOLDMAPS_SHARD=K/N` and `GOLDMAPS_SHARD_OUT=<file>`: measure every N-th item from the K-th,
 *   write them there, and fit nothing;
 * - `GOLDMAPS_MEASURED=<file>`: measurements already made (merged shards, or an earlier run's cache);
 *   only what it lacks is measured, and the whole set is written back to it;
 * - `GOLDMAPS_PROGRESS_FD=<fd>`: a `done total` line there after each item, for the caller's progress bar.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { parseShard, type Shard, shardPositions } from './shard.ts';

/** What a shard writes and a merge reads: the measurements of one producer's plan, by item key. */
export interface MeasuredFile<V> {
  producer: string;
  /** A digest of every item key in order: shards of different plans (corpus sizes, code) never mix. */
  plan: string;
  /** `K/N` for one shard's file; absent once merged. */
  shard?: string;
  entries: Record<string, V>;
}

export interface CorpusRun {
  shard?: Shard;
  shardOut?: string;
  measured?: string;
  progressFd?: number;
}

export class CorpusError extends Error {}

/** The run the calling process was asked for (see above). */
export function corpusRunFromEnv(env: NodeJS.ProcessEnv = process.env): CorpusRun {
  const run: CorpusRun = {};
  if (env.GOLDMAPS_SHARD) {
    const parsed = parseShard(env.GOLDMAPS_SHARD);
    if (!parsed.ok) throw new CorpusError(`GOLDMAPS_SHARD: ${parsed.message}`);
    if (!env.GOLDMAPS_SHARD_OUT) throw new CorpusError('GOLDMAPS_SHARD needs GOLDMAPS_SHARD_OUT, the file to write');
    run.shard = parsed.shard;
    run.shardOut = env.GOLDMAPS_SHARD_OUT;
  }
  if (env.GOLDMAPS_MEASURED) run.measured = env.GOLDMAPS_MEASURED;
  if (env.GOLDMAPS_PROGRESS_FD) run.progressFd = Number(env.GOLDMAPS_PROGRESS_FD);
  return run;
}

export const planDigest = (keys: readonly string[]) => createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 16);

/** Keys in code-unit order, so a file's bytes never depend on the order items were measured in. */
const sortedEntries = <V>(entries: Map<string, V>): Record<string, V> =>
  Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

function readMeasured<V>(file: string, producer: string, plan: string): Map<string, V> {
  if (!existsSync(file)) return new Map();
  const read = JSON.parse(readFileSync(file, 'utf8')) as MeasuredFile<V>;
  if (read.producer !== producer || read.plan !== plan)
    throw new CorpusError(
      `${file} holds ${read.producer}'s measurements of plan ${read.plan}, not ${producer}'s of plan ${plan}: measure afresh or point GOLDMAPS_MEASURED elsewhere`,
    );
  return new Map(Object.entries(read.entries));
}

/**
 * Each item's measurement, by key, in the items' order; `undefined` when this process measured
 * one shard (written to the shard file) and the caller must stop without fitting.
 */
export function measureCorpus<E, V>(
  producer: string,
  items: readonly E[],
  keyOf: (item: E) => string,
  measure: (item: E) => V,
  run: CorpusRun = corpusRunFromEnv(),
): Map<string, V> | undefined {
  const keys = items.map(keyOf);
  if (new Set(keys).size !== keys.length) throw new CorpusError(`${producer}: two items share a key`);
  const plan = planDigest(keys);
  const known = run.measured ? readMeasured<V>(run.measured, producer, plan) : new Map<string, V>();
  const chosen = run.shard ? shardPositions(items.length, run.shard).map((k) => k - 1) : items.map((_, i) => i);
  const out = new Map<string, V>();
  chosen.forEach((i, done) => {
    const key = keys[i]!;
    const value = known.get(key) ?? measure(items[i]!);
    known.set(key, value);
    out.set(key, value);
    if (run.progressFd !== undefined) writeSync(run.progressFd, `${done + 1} ${chosen.length}\n`);
  });
  if (run.shard) {
    const file: MeasuredFile<V> = { producer, plan, shard: `${run.shard.index}/${run.shard.of}`, entries: sortedEntries(out) };
    writeFileSync(run.shardOut!, `${JSON.stringify(file)}\n`);
    return undefined;
  }
  if (run.measured) writeFileSync(run.measured, `${JSON.stringify({ producer, plan, entries: sortedEntries(known) })}\n`);
  return out;
}

/**
 * One file of every shard's measurements: all N shards of one producer's plan, each once, none
 * contradicting another. What a merge cannot vouch for it refuses, naming the file.
 */
export function mergeShards<V>(files: readonly { name: string; text: string }[]): MeasuredFile<V> {
  if (files.length === 0) throw new CorpusError('no shard files to merge');
  const read = files.map((f) => {
    try {
      const parsed = JSON.parse(f.text) as MeasuredFile<V>;
      const shard = parseShard(parsed.shard ?? '');
      if (!shard.ok || typeof parsed.producer !== 'string' || typeof parsed.plan !== 'string' || !parsed.entries)
        throw new Error('not a shard file');
      return { name: f.name, file: parsed, shard: shard.shard };
    } catch (e) {
      throw new CorpusError(`${f.name}: ${(e as Error).message} (write one with calibrate … --shard K/N)`);
    }
  });
  const first = read[0]!;
  const of = first.shard.of;
  const seen = new Map<number, string>();
  for (const r of read) {
    if (r.file.producer !== first.file.producer || r.file.plan !== first.file.plan)
      throw new CorpusError(
        `${r.name} is ${r.file.producer}'s plan ${r.file.plan}; ${first.name} is ${first.file.producer}'s plan ${first.file.plan}`,
      );
    if (r.shard.of !== of) throw new CorpusError(`${r.name} is a shard of ${r.shard.of}; ${first.name} of ${of}`);
    const twin = seen.get(r.shard.index);
    if (twin) throw new CorpusError(`${r.name} and ${twin} are both shard ${r.shard.index}/${of}`);
    seen.set(r.shard.index, r.name);
  }
  const missing = Array.from({ length: of }, (_, i) => i + 1).filter((k) => !seen.has(k));
  if (missing.length > 0)
    throw new CorpusError(`shard${missing.length > 1 ? 's' : ''} ${missing.map((k) => `${k}/${of}`).join(', ')} missing`);
  const entries = new Map<string, V>();
  for (const r of read) for (const [key, value] of Object.entries(r.file.entries)) entries.set(key, value);
  return { producer: first.file.producer, plan: first.file.plan, entries: sortedEntries(entries) };
}
