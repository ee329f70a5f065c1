/**
 * How far the two kinds of Lost Valley player agree about landscapes, on a corpus of its own
 * (docs/studies/lost-valley-difficulty.md, footnote of the table): per table size, N landscapes (every
 * option, or defaults with DEF=1) of G races of each kind; Spearman between the kinds' gold per
 * prospector, rounds, gold per round and winner's gold, each kind's own split-half Spearman, and
 * the means. Writes nothing. N=60 G=6 [DEF=1] npx tsx docs/studies/code/lost-valley-kinds-agree.ts
 * (≈ 1–3 minutes per table size on the shared machine).
 */
import { buildMap } from '../../../src/core/maps.ts';
import { spearman } from '../../../src/core/stats.ts';
import { lostValley } from '../../../src/games/lost-valley/index.ts';
import { BOT_WEIGHTS } from '../../../src/games/lost-valley/rules/bot-weights.ts';
import { makeBot, type Bot } from '../../../src/games/lost-valley/rules/bots.ts';
import { nuggets } from '../../../src/games/lost-valley/rules/engine.ts';
import { plannerBot } from '../../../src/games/lost-valley/rules/planner-bot.ts';
import { playGame } from '../../../src/games/lost-valley/rules/playtest.ts';
import { buildTable } from '../../../src/games/lost-valley/rules/table.ts';

const N = Number(process.env.N ?? 60);
const G = Number(process.env.G ?? 6);
const DEF = process.env.DEF === '1';
const GOLD = ['near', 'scattered', 'far'] as const;
const ICE = ['slow', 'normal', 'fast'] as const;
const KINDS: ReadonlyArray<readonly ['g' | 'p', () => Bot]> = [
  ['g', () => makeBot(BOT_WEIGHTS)],
  ['p', plannerBot],
];

for (const P of [2, 3, 4]) {
  const rows: Array<Record<string, number>> = [];
  for (let i = 0; i < N; i++) {
    const options = DEF ? { players: P } : { players: P, gold: GOLD[i % 3], ice: ICE[Math.floor(i / 3) % 3], river: 3 + ((i * 7) % 10) };
    const table = buildTable(buildMap(lostValley, `agr-${P}-${i}`, options));
    const r: Record<string, number> = {};
    for (const [k, bot] of KINDS) {
      const add = (key: string, x: number) => (r[k + key] = (r[k + key] ?? 0) + x);
      for (let j = 0; j < G; j++) {
        const s = playGame(table, bot(), `agr\u001f${i}\u001f${j}`);
        const gold = s.players.map(nuggets);
        const mean = gold.reduce((a, b) => a + b, 0) / P;
        add('Gold', mean / G);
        add(`Half${j % 2}`, mean);
        add('Rounds', s.round / G);
        add('Rate', mean / s.round / G);
        add('Winner', Math.max(...gold) / G);
        add('Ice', (s.stats.iceFrom >= 0 ? 1 : 0) / G);
        add('Announced', (s.over === 'announced' ? 1 : 0) / G);
      }
    }
    rows.push(r);
  }
  const col = (k: string) => rows.map((r) => r[k]!);
  const agree = (m: string) => spearman(col(`g${m}`), col(`p${m}`)).toFixed(2);
  const self = (k: string) => spearman(col(`${k}Half0`), col(`${k}Half1`)).toFixed(2);
  const mean = (k: string) => (col(k).reduce((a, b) => a + b, 0) / N).toFixed(2);
  console.log(
    `${P} players, ${N} ${DEF ? 'default' : 'every-option'} landscapes × ${G} races: kinds agree on gold ${agree('Gold')}, rounds ${agree('Rounds')}, gold a round ${agree('Rate')}, winner's gold ${agree('Winner')}; split halves greedy ${self('g')}, planner ${self('p')}`,
  );
  console.log(
    `  means greedy / planner: gold ${mean('gGold')} / ${mean('pGold')}, rounds ${mean('gRounds')} / ${mean('pRounds')}, ice came ${mean('gIce')} / ${mean('pIce')}, announced ${mean('gAnnounced')} / ${mean('pAnnounced')}`,
  );
}
