/**
 * How well the shipped difficulty ranks the settings of the options (issue 42, item 4a), checked
 * on landscapes nothing was fitted on, and how well any score could: the kinds' mean gold per
 * setting is itself measured with noise (landscapes of one setting part, and so do games), so a
 * Spearman against it is bounded by its own reliability. This plays `L` fresh landscapes a
 * setting (`lv-check-…`, `G` games of each kind, the playtest's seeds) at the table sizes asked,
 * scores the same landscapes as the service does, and prints, per table size and kind:
 *
 * - Spearman of −(the setting's mean difficulty) with the kind's mean gold per setting;
 * - the same for the score's nuggets (`predictedGold`);
 * - the split-half reliability of the kind's setting means (landscapes split at random, 200 times,
 *   Spearman–Brown to the whole) and the ceiling it puts on any score's Spearman (its square root);
 * - how the two kinds rank the settings against each other;
 * - and, with more than one table size asked, all of the above over every setting of them pooled.
 *
 * `L` is one count of landscapes a setting, or one per table size (`PLAYERS=2,3,4 L=192,64,64`).
 * With FIXTURE=1 it writes data/settings-check.json: the figures, each setting's means they come
 * from, and which score model they were measured with (a test fails when the model is refitted
 * and this is not rerun, and holds the figures to item 4a's 0.8). `goldmaps calibrate lost-valley
 * settings-check` runs it so (PLAYERS=2,3,4 L=192,64,64 G=8: about 9 minutes on two cores as two shards), with
 * `--shard K/N` and `--merge` to spread the games over machines; GOLDMAPS_MEASURED=file keeps them,
 * so a refitted model is checked again without playing (src/core/corpus.ts). Offline only.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { measureCorpus } from '../../../core/corpus.ts';
import { stepUp } from '../../../core/fit.ts';
import { dataFile, dataText } from '../../../core/json-file.ts';
import { scoreMap } from '../../../core/maps.ts';
import { Rng } from '../../../core/rng.ts';
import { spearman } from '../../../core/stats.ts';
import { lostValley } from '../index.ts';
import type { LostValleyScore } from '../score.ts';
import { type CorpusEntry, type Measured, mapOf, measure, settingKey, settings } from './corpus.ts';

const KINDS = ['greedy', 'planner'] as const;

export interface SettingsCheck {
  players: number;
  kind: (typeof KINDS)[number];
  settings: number;
  landscapes: number;
  games: number;
  /** Spearman of −(the setting's mean difficulty) with the kind's mean gold, over the settings of this table size. */
  spearman: number;
  /** The same for the score's own quantity, `predictedGold` (nuggets a prospector banks). */
  goldSpearman: number;
  /** Split-half reliability of the setting means (Spearman–Brown to all landscapes), and √ of it. */
  reliability: number;
  ceiling: number;
  /** How this kind and the other rank the settings against each other. */
  kindsAgree: number;
}

/**
 * All settings of every table size asked for at once (item 4a names `players` among the options).
 * The 0–100 difficulty is a scale per table size (a hard four-player map is hard among four-player
 * maps), so its pooled figure compares places on different scales; `predictedGold` is in nuggets
 * at every table size and is the score's answer to how the settings rank across them.
 */
export interface PooledCheck extends Omit<SettingsCheck, 'players'> {
  players: number[];
}

/** A measured landscape and the service's score of it. */
export type CheckedRow = Measured & { difficulty: number; predictedGold: number };

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** `landscapes` a setting: one number for every table size, or one per entry of `players`. */
export function checkPlan(players: readonly number[], landscapes: number | readonly number[], games: number): CorpusEntry[] {
  const count = (p: number) => (typeof landscapes === 'number' ? landscapes : landscapes[players.indexOf(p)]!);
  return settings()
    .filter((s) => players.includes(s.players))
    .flatMap((s) => Array.from({ length: count(s.players) }, (_, k) => ({ seed: `lv-check-${settingKey(s)}-${k}`, options: s, games })));
}

/** Rows by `settingKey`, keys in order. */
function bySetting(rows: readonly CheckedRow[]): Map<string, CheckedRow[]> {
  const groups = new Map<string, CheckedRow[]>();
  for (const r of rows) {
    const key = settingKey(r.options);
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return new Map([...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The figures for one group of settings (`settingKey` tells the table size apart, so pooling is just more keys). */
function figures(rows: readonly CheckedRow[], label: string): Omit<SettingsCheck, 'players'>[] {
  const groups = [...bySetting(rows).values()];
  const of = (f: (r: CheckedRow) => number) => groups.map((g) => mean(g.map(f)));
  const difficulty = of((r) => -r.difficulty);
  const predicted = of((r) => r.predictedGold);
  const gold = { greedy: of((r) => r.greedy), planner: of((r) => r.planner) };
  const kindsAgree = r3(spearman(gold.greedy, gold.planner));
  return KINDS.map((kind) => {
    const rng = Rng.fromSeed(`settings-check-halves-${label}-${kind}`);
    let sum = 0;
    const splits = 200;
    for (let s = 0; s < splits; s++) {
      const a: number[] = [];
      const b: number[] = [];
      for (const group of groups) {
        const g = [...group];
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
    const reliability = stepUp(sum / splits);
    return {
      kind,
      settings: groups.length,
      landscapes: Math.min(...groups.map((g) => g.length)),
      games: rows[0]!.games,
      spearman: r3(spearman(difficulty, gold[kind])),
      goldSpearman: r3(spearman(predicted, gold[kind])),
      reliability: r3(reliability),
      ceiling: r3(Math.sqrt(Math.max(0, reliability))),
      kindsAgree,
    };
  });
}

/** The figures above from measured landscapes, per table size. */
export function summarise(rows: readonly CheckedRow[]): SettingsCheck[] {
  return [...new Set(rows.map((r) => r.options.players))].sort().flatMap((players) =>
    figures(
      rows.filter((x) => x.options.players === players),
      String(players),
    ).map((f) => ({ players, ...f })),
  );
}

/** The same over every setting of every table size in `rows` together. */
export function pooled(rows: readonly CheckedRow[]): PooledCheck[] {
  const players = [...new Set(rows.map((r) => r.options.players))].sort();
  return figures(rows, `pooled-${players.join('-')}`).map((f) => ({ players, ...f }));
}

const FIXTURE = dataFile('../data/settings-check.json', import.meta.url);
const SCORE_MODEL = dataFile('../data/score-model.json', import.meta.url);

/** Which score model a fixture was measured with: the first 16 hex of the model file's sha256. */
export const scoreModelDigest = (text = readFileSync(SCORE_MODEL, 'utf8')) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** data/settings-check.json: the figures, and each setting's means that they were computed from. */
export interface SettingsCheckFixture {
  scoreModel: string;
  plan: { players: number[]; landscapes: number[]; games: number };
  byTable: SettingsCheck[];
  pooled: PooledCheck[];
  /** By `settingKey`: the kinds' mean gold, the score's mean difficulty and mean `predictedGold`, over its landscapes. */
  settings: Record<string, [greedy: number, planner: number, difficulty: number, predictedGold: number]>;
}

export function settingMeans(rows: readonly CheckedRow[]): SettingsCheckFixture['settings'] {
  return Object.fromEntries(
    [...bySetting(rows)].map(([k, g]) => {
      const m = (f: (r: CheckedRow) => number) => r3(mean(g.map(f)));
      return [k, [m((r) => r.greedy), m((r) => r.planner), m((r) => r.difficulty), m((r) => r.predictedGold)]];
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const players = (process.env.PLAYERS ?? '2,3,4').split(',').map(Number);
  const counts = (process.env.L ?? '48').split(',').map(Number);
  if (counts.length !== 1 && counts.length !== players.length) throw new Error('L is one count, or one per table size in PLAYERS');
  const landscapes = players.map((_, i) => counts[counts.length === 1 ? 0 : i]!);
  const plan = checkPlan(players, landscapes, Number(process.env.G ?? 8));
  const measured = measureCorpus('lost-valley/settings-check', plan, (e) => `${e.seed}/${e.games}`, measure);
  if (measured) {
    const rows = plan.map((e) => {
      const { difficulty, predictedGold } = scoreMap(lostValley, mapOf(e)) as LostValleyScore;
      return { ...measured.get(`${e.seed}/${e.games}`)!, difficulty, predictedGold };
    });
    const byTable = summarise(rows);
    const across = players.length > 1 ? pooled(rows) : [];
    console.table(byTable);
    if (across.length) console.table(across.map(({ players: p, ...f }) => ({ players: p.join(','), ...f })));
    if (process.env.FIXTURE === '1') {
      const fixture: SettingsCheckFixture = {
        scoreModel: scoreModelDigest(),
        plan: { players, landscapes, games: plan[0]!.games },
        byTable,
        pooled: across,
        settings: settingMeans(rows),
      };
      writeFileSync(FIXTURE, dataText(fixture));
    }
  }
}
