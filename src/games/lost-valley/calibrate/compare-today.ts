/**
 * The study behind docs/studies/lost-valley-analytic-score.md: the analytic score against the
 * score it replaced (reference games inside every score, calibration revision 6) on the same
 * held-out landscapes and the same measured games.
 *
 *   npx tsx src/games/lost-valley/calibrate/compare-today.ts docs/studies/lost-valley-analytic-score.today.json
 *
 * That file holds the held-out and settings landscapes of calibrate/corpus.ts with their measured
 * means (corpus.ts `measure`) and revision 6's score of each ({ seed, options, set, greedy,
 * planner, greedyHalves, plannerHalves, today: { raw, difficulty, greedy, planner, interval } }):
 * revision 6's scoreLostValley, as on the commit before the analytic score (33147dc), run beside
 * `measure` over those entries — that score cannot run here any more.
 */
import { readFileSync } from 'node:fs';
import { buildMap } from '../../../core/maps.ts';
import { spearman } from '../../../core/stats.ts';
import { lostValley } from '../index.ts';
import { scoreLostValley, scoreModel, KINDS } from '../score.ts';

interface Row {
  seed: string;
  set: 'heldOut' | 'settings';
  options: { players: number; gold: string; ice: string; river: number };
  games: number;
  greedy: number;
  planner: number;
  greedyHalves: [number, number];
  plannerHalves: [number, number];
  today: { raw: number; difficulty: number; greedy: number; planner: number };
}
const rows = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Row[];
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const learned = new Map(rows.map((r) => [r.seed, scoreLostValley(buildMap(lostValley, r.seed, r.options))] as const));

console.log('| set | players | kind | landscapes | games a landscape | today | learned |');
console.log('|---|---|---|---|---|---|---|');
for (const set of ['heldOut', 'settings'] as const)
  for (const players of [2, 3, 4])
    for (const kind of KINDS) {
      const rs = rows.filter((r) => r.set === set && r.options.players === players);
      const y = rs.map((r) => r[kind]);
      const today = spearman(
        rs.map((r) => -r.today.raw),
        y,
      );
      const ours = spearman(
        rs.map((r) => -learned.get(r.seed)!.raw),
        y,
      );
      console.log(`| ${set} | ${players} | ${kind} | ${rs.length} | ${rs[0]!.games} | ${r3(today)} | ${r3(ours)} |`);
    }

// Settings: each setting's mean difficulty over its landscapes in the settings set against each kind's mean gold there.
const settings = new Map<string, Row[]>();
for (const r of rows.filter((x) => x.set === 'settings')) {
  const key = `${r.options.players}-${r.options.gold}-${r.options.ice}-${r.options.river}`;
  settings.set(key, [...(settings.get(key) ?? []), r]);
}
const bySetting = [...settings.values()].map((rs) => ({
  players: rs[0]!.options.players,
  today: mean(rs.map((r) => r.today.difficulty)),
  learned: mean(rs.map((r) => learned.get(r.seed)!.difficulty)),
  greedy: mean(rs.map((r) => r.greedy)),
  planner: mean(rs.map((r) => r.planner)),
}));
console.log('\n| settings | kind | today | learned (same landscapes) |');
console.log('|---|---|---|---|');
for (const scope of ['all', 2, 3, 4] as const)
  for (const kind of KINDS) {
    const ss = bySetting.filter((s) => scope === 'all' || s.players === scope);
    console.log(
      `| ${scope} (${ss.length}) | ${kind} | ${r3(
        spearman(
          ss.map((s) => -s.today),
          ss.map((s) => s[kind]),
        ),
      )} | ${r3(
        spearman(
          ss.map((s) => -s.learned),
          ss.map((s) => s[kind]),
        ),
      )} |`,
    );
  }

// Bands in nuggets against the game-to-game spread a kind's mean gold has (held-out set).
console.log("\n| players | kind | band widths in nuggets (easy→expert edges: 25/50/75) | one game's SD | SE of a 50-game mean |");
console.log('|---|---|---|---|---|');
for (const players of [2, 3, 4])
  for (const kind of KINDS) {
    const s = scoreModel.scales[kind][players]!;
    const rs = rows.filter((r) => r.set === 'heldOut' && r.options.players === players);
    const n = rs[0]!.games;
    // Halves of n/2 games each: var(h0 − h1) = 4σ²/n.
    const sd = Math.sqrt((mean(rs.map((r) => (r[`${kind}Halves`][0] - r[`${kind}Halves`][1]) ** 2)) * n) / 4);
    console.log(
      `| ${players} | ${kind} | ${[s[0] - s[1], s[1] - s[2], s[2] - s[3], s[3] - s[4]].map((w) => w.toFixed(2)).join(' / ')} | ${sd.toFixed(2)} | ${(sd / Math.sqrt(n)).toFixed(2)} |`,
    );
  }
