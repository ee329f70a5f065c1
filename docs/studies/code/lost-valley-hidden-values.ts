/**
 * Whether the two kinds of Lost Valley player part on landscapes because of where the hidden
 * marker values lie (docs/studies/lost-valley-difficulty.md, "What drives the disagreement"). Per table
 * size, N every-option landscapes (the seeds of lost-valley-kinds-agree.ts; DEF=1 for defaults),
 * each played as dealt and re-dealt K−1 times: the values of the gold markers and the types of the
 * animals and events shuffled among the landscape's markers of the same kind, the tiles and the
 * markers' kinds unchanged. G races of each kind per deal. Prints the kinds' agreement per deal and
 * over all deals, how alike one kind ranks the landscapes as dealt and re-dealt, and the
 * reliability of the all-deals means (even against odd deals). Writes nothing.
 * N=60 K=6 G=4 P=2,3 npx tsx docs/studies/code/lost-valley-hidden-values.ts (≈ 2 minutes; P=4 beside it).
 */
import { buildMap } from '../../../src/core/maps.ts';
import { spearman } from '../../../src/core/stats.ts';
import { Rng } from '../../../src/core/rng.ts';
import { lostValley } from '../../../src/games/lost-valley/index.ts';
import { BOT_WEIGHTS } from '../../../src/games/lost-valley/rules/bot-weights.ts';
import { makeBot, type Bot } from '../../../src/games/lost-valley/rules/bots.ts';
import { nuggets } from '../../../src/games/lost-valley/rules/engine.ts';
import { plannerBot } from '../../../src/games/lost-valley/rules/planner-bot.ts';
import { playGame } from '../../../src/games/lost-valley/rules/playtest.ts';
import { buildTable, type Table } from '../../../src/games/lost-valley/rules/table.ts';

const N = Number(process.env.N ?? 40);
const K = Number(process.env.K ?? 4);
const G = Number(process.env.G ?? 4);
const DEF = process.env.DEF === '1';
const SIZES = (process.env.P ?? '2,3,4').split(',').map(Number);
const GOLD = ['near', 'scattered', 'far'] as const;
const ICE = ['slow', 'normal', 'fast'] as const;
const KINDS: ReadonlyArray<readonly ['g' | 'p', () => Bot]> = [
  ['g', () => makeBot(BOT_WEIGHTS)],
  ['p', plannerBot],
];

/** The landscape with its hidden values shuffled among markers of the same kind. */
function redealt(table: Table, label: string): Table {
  const r = Rng.fromSeed(label);
  const slots: Record<string, Array<{ t: number; i: number }>> = {};
  table.markers.forEach((list, t) => list.forEach((m, i) => (slots[m.kind] ??= []).push({ t, i })));
  const markers = table.markers.map((l) => l.map((m) => ({ ...m })));
  for (const list of Object.values(slots)) {
    const dealt = r.shuffle(list.map(({ t, i }) => table.markers[t]![i]!));
    list.forEach(({ t, i }, j) => {
      const { value, type } = dealt[j]!;
      Object.assign(markers[t]![i]!, value === undefined ? {} : { value }, type === undefined ? {} : { type });
    });
  }
  return { ...table, markers };
}

for (const P of SIZES) {
  const rows: Array<Record<string, number>> = [];
  for (let i = 0; i < N; i++) {
    const options = DEF ? { players: P } : { players: P, gold: GOLD[i % 3], ice: ICE[Math.floor(i / 3) % 3], river: 3 + ((i * 7) % 10) };
    const base = buildTable(buildMap(lostValley, `agr-${P}-${i}`, options));
    const r: Record<string, number> = {};
    for (let v = 0; v < K; v++) {
      const table = v === 0 ? base : redealt(base, `perm-${P}-${i}-${v}`);
      for (const [k, bot] of KINDS) {
        for (let j = 0; j < G; j++) {
          const s = playGame(table, bot(), `agr\u001f${i}\u001f${v}\u001f${j}`);
          const mean = s.players.map(nuggets).reduce((a, b) => a + b, 0) / P;
          r[`${k}V${v}`] = (r[`${k}V${v}`] ?? 0) + mean / G;
          r[`${k}All`] = (r[`${k}All`] ?? 0) + mean / G / K;
          r[`${k}Par${v % 2}`] = (r[`${k}Par${v % 2}`] ?? 0) + mean;
        }
      }
    }
    rows.push(r);
  }
  const col = (k: string) => rows.map((r) => r[k]!);
  const f = (x: number) => x.toFixed(2);
  const perVariant = Array.from({ length: K }, (_, v) => spearman(col(`gV${v}`), col(`pV${v}`)));
  const within = (k: string) => Array.from({ length: K - 1 }, (_, v) => spearman(col(`${k}V0`), col(`${k}V${v + 1}`)));
  const avg = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
  console.log(
    `${P}p ${N}×${K} variants×${G}: kinds agree per variant ${perVariant.map(f).join(' ')} (mean ${f(avg(perVariant))}); over all variants ${f(spearman(col('gAll'), col('pAll')))}`,
  );
  console.log(
    `   same kind, original vs a re-dealt variant: greedy ${f(avg(within('g')))}, planner ${f(avg(within('p')))}; parity halves (layout reliability): greedy ${f(spearman(col('gPar0'), col('gPar1')))}, planner ${f(spearman(col('pPar0'), col('pPar1')))}`,
  );
}
