/**
 * How well the shipped difficulty ranks the settings of the options (issue 42, item 4a), checked
 * on landscapes nothing was fitted on, and how well any score could: the kinds' mean gold per
 * setting is itself measured with noise (landscapes of one setting part, and so do games), so a
 * Spearman against it is bounded by its own reliability. This plays `L` fresh landscapes a
 * setting (`lv-check-…`, `G` games of each kind, the playtest's seeds) at the table sizes asked,
 * scores the same landscapes as the service does, and prints, per table size and kind:
 *
 * - Spearman of −(the setting's mean difficulty) with the kind's mean gold per setting;
 * - the split-half reliability of those setting means (landscapes split at random, 200 times,
 *   Spearman–Brown to the whole) and the ceiling it puts on any score's Spearman (its square root);
 * - how the two kinds rank the settings against each other.
 *
 * Offline only. The measurements go through core/corpus.ts, so GOLDMAPS_SHARD / GOLDMAPS_MEASURED
 * spread them over processes and keep them:
 *   PLAYERS=2,3,4 L=48 G=8 GOLDMAPS_SHARD=1/2 GOLDMAPS_SHARD_OUT=/tmp/c1.json npx tsx src/games/lost-valley/calibrate/settings-check.ts
 *   … GOLDMAPS_SHARD=2/2 …, then merge (goldmaps calibrate --merge is score-model's; here:)
 *   GOLDMAPS_MEASURED=/tmp/check.json … with the merged file
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { measureCorpus, mergeShards } from '../../../core/corpus.ts';
import { scoreMap } from '../../../core/maps.ts';
import { Rng } from '../../../core/rng.ts';
import { spearman } from '../../../core/stats.ts';
import { lostValley } from '../index.ts';
import { type CorpusEntry, type Measured, mapOf, measure, settingKey, settings } from './corpus.ts';

const KINDS = ['greedy', 'planner'] as const;

export interface SettingsCheck {
  players: number;
  kind: (typeof KINDS)[number];
  settings: number;
  landscapes: number;
  games: number;
  /** Spearman of −(mean difficulty) with the kind's mean gold, over the settings of this table size. */
  spearman: number;
  /** Split-half reliability of the setting means (Spearman–Brown to all landscapes), and √ of it. */
  reliability: number;
  ceiling: number;
  /** How this kind and the other rank the settings against each other. */
  kindsAgree: number;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

export function checkPlan(players: readonly number[], landscapes: number, games: number): CorpusEntry[] {
  return settings()
    .filter((s) => players.includes(s.players))
    .flatMap((s) => Array.from({ length: landscapes }, (_, k) => ({ seed: `lv-check-${settingKey(s)}-${k}`, options: s, games })));
}

/** The figures above from measured landscapes; `difficulty` is the service's score of each. */
export function summarise(rows: readonly (Measured & { difficulty: number })[]): SettingsCheck[] {
  const out: SettingsCheck[] = [];
  for (const players of [...new Set(rows.map((r) => r.options.players))].sort()) {
    const groups = new Map<string, (Measured & { difficulty: number })[]>();
    for (const r of rows.filter((x) => x.options.players === players)) {
      const key = settingKey(r.options);
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const keys = [...groups.keys()].sort();
    const difficulty = keys.map((k) => -mean(groups.get(k)!.map((r) => r.difficulty)));
    const gold = (kind: (typeof KINDS)[number]) => keys.map((k) => mean(groups.get(k)!.map((r) => r[kind])));
    for (const kind of KINDS) {
      const rng = Rng.fromSeed(`settings-check-halves-${players}-${kind}`);
      let sum = 0;
      const splits = 200;
      for (let s = 0; s < splits; s++) {
        const a: number[] = [];
        const b: number[] = [];
        for (const k of keys) {
          const g = [...groups.get(k)!];
          for (let i = g.length - 1; i > 0; i--) {
            const j = rng.int(0, i);
            [g[i], g[j]] = [g[j]!, g[i]!];
          }
          const h = Math.floor(g.length / 2);
          a.push(mean(g.slice(0, h).map((r) => r[kind])));
          b.push(mean(g.slice(h).map((r) => r[kind])));
        }
        sum += spearman(a, b);
      }
      const half = sum / splits;
      const reliability = (2 * half) / (1 + half);
      out.push({
        players,
        kind,
        settings: keys.length,
        landscapes: Math.min(...keys.map((k) => groups.get(k)!.length)),
        games: rows[0]!.games,
        spearman: r3(spearman(difficulty, gold(kind))),
        reliability: r3(reliability),
        ceiling: r3(Math.sqrt(Math.max(0, reliability))),
        kindsAgree: r3(spearman(gold('greedy'), gold('planner'))),
      });
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const players = (process.env.PLAYERS ?? '2,3,4').split(',').map(Number);
  const plan = checkPlan(players, Number(process.env.L ?? 48), Number(process.env.G ?? 8));
  if (process.env.MERGE) {
    const files = process.env.MERGE.split(',');
    const merged = mergeShards(files.map((name) => ({ name, text: readFileSync(name, 'utf8') })));
    writeFileSync(process.env.GOLDMAPS_MEASURED!, `${JSON.stringify(merged)}\n`);
  }
  const measured = measureCorpus('lost-valley/settings-check', plan, (e) => `${e.seed}/${e.games}`, measure);
  if (measured) {
    const rows = plan.map((e) => ({ ...measured.get(`${e.seed}/${e.games}`)!, difficulty: scoreMap(lostValley, mapOf(e)).difficulty }));
    const figures = summarise(rows);
    console.table(figures);
    if (process.env.OUT) writeFileSync(process.env.OUT, `${JSON.stringify(figures, null, 2)}\n`);
  }
}
