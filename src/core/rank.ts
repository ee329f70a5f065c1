import type { AnyGameModule } from './game-module.ts';
import { buildScoredMap } from './maps.ts';

export interface RankRow {
  seed: string;
  digest: string;
  difficulty: number;
  band: string;
}

/** The seeds a ranking covers: `from/1` … `from/count`. */
export function rankSeeds(from: string, start: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${from}/${start + i}`);
}

/** One batch of seeds, each built and scored. */
export function rankBatch(game: AnyGameModule, seeds: readonly string[], options: unknown): RankRow[] {
  if (!game.score) throw new Error(`${game.id} cannot be ranked`);
  return seeds.map((seed) => {
    const map = buildScoredMap(game, seed, options);
    return { seed, digest: map.digest as string, difficulty: map.score!.difficulty, band: map.score!.band };
  });
}

/** Hardest first; seed order (as listed) on ties, so a ranking is reproducible. */
export function hardestFirst(rows: readonly RankRow[]): RankRow[] {
  const order = new Map(rows.map((r, i) => [r.seed, i] as const));
  return rows.slice().sort((a, b) => b.difficulty - a.difficulty || (order.get(a.seed) as number) - (order.get(b.seed) as number));
}

/** RFC 4180 CSV: a header, then one row per map. */
export function rankCsv(rows: readonly RankRow[]): string {
  const cell = (v: string | number) => (typeof v === 'number' || !/[",\r\n]/.test(v) ? String(v) : `"${v.replace(/"/g, '""')}"`);
  return ['rank,seed,difficulty,band,digest', ...rows.map((r, i) => [i + 1, r.seed, r.difficulty, r.band, r.digest].map(cell).join(','))].join('\n') + '\n';
}
