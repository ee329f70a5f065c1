import { performance } from 'node:perf_hooks';

export interface Timing {
  name: string;
  median: number;
  p95: number;
  perSecond: number;
  target?: string;
  unit?: string;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** Times `fn` one call at a time after a warm-up, so medians show steady-state JIT code. */
export function measure(
  name: string,
  fn: (i: number) => unknown,
  { warmup = 200, iterations = 2000, target }: { warmup?: number; iterations?: number; target?: string } = {},
): Timing {
  for (let i = 0; i < warmup; i++) fn(i);
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    fn(warmup + i);
    samples.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  samples.sort((a, b) => a - b);
  return {
    name,
    median: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    perSecond: (iterations / total) * 1000,
    ...(target ? { target } : {}),
  };
}

export function printTable(rows: Array<Record<string, string | number>>): void {
  const cols = Object.keys(rows[0] ?? {});
  const text = (v: string | number | undefined) =>
    typeof v === 'number' ? (Number.isNaN(v) ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(3)) : (v ?? '');
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => text(r[c]).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(line(cols));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => text(r[c]))));
}

export function timingRow(t: Timing): Record<string, string | number> {
  return { benchmark: t.name, 'median ms': t.median, 'p95 ms': t.p95, 'per second': Math.round(t.perSecond), target: t.target ?? '' };
}

export function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Several workloads timed in alternating rounds, so a drift in the machine's speed reaches them
 * all alike. Each round runs every workload for about the same time (`batch` calls of the slowest,
 * proportionally more of faster ones, sized from the warm-up), in a rotating order. Answers each
 * one's median over rounds of its mean time per call, in ms: by the wall clock, and by the
 * process's CPU time. On a machine other work keeps busy the wall clock also counts the time this
 * process waits for a core, and a longer round is likelier to wait, which is why rounds are of one
 * length; CPU time leaves the waiting out (it does count the collector's helper threads).
 */
export function interleaved(
  fns: Array<(i: number) => unknown>,
  { rounds = 40, batch = 50, warmup = 200 } = {},
): { wall: number[]; cpu: number[] } {
  let i = 0;
  const warm = fns.map((fn) => {
    const t0 = performance.now();
    for (let k = 0; k < warmup; k++) fn(i++);
    return (performance.now() - t0) / warmup;
  });
  const slowest = Math.max(...warm);
  const batches = warm.map((t) => Math.max(batch, Math.round((batch * slowest) / t)));
  const wall: number[][] = fns.map(() => []);
  const cpu: number[][] = fns.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let j = 0; j < fns.length; j++) {
      const which = (round + j) % fns.length;
      const fn = fns[which] as (i: number) => unknown;
      const calls = batches[which] as number;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      for (let k = 0; k < calls; k++) fn(i++);
      (wall[which] as number[]).push((performance.now() - t0) / calls);
      const c = process.cpuUsage(c0);
      (cpu[which] as number[]).push((c.user + c.system) / 1000 / calls);
    }
  }
  return { wall: wall.map(median), cpu: cpu.map(median) };
}
