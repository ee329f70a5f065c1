/**
 * What drives the two kinds of player's disagreement about default landscapes
 * (docs/studies/lost-valley-difficulty.md): per table size, N default landscapes of G races of each kind;
 * for each landscape feature and race figure, its Spearman with the difference between the two
 * kinds' ranks of the landscapes, and with each kind's gold. Prints; writes nothing.
 * npx tsx docs/studies/code/lost-valley-drivers.ts (≈ 2 minutes on the shared machine).
 */
import { buildMap } from '../../../src/core/maps.ts';
import { lostValley } from '../../../src/games/lost-valley/index.ts';
import { makeBot } from '../../../src/games/lost-valley/rules/bots.ts';
import { BOT_WEIGHTS } from '../../../src/games/lost-valley/rules/bot-weights.ts';
import { plannerBot } from '../../../src/games/lost-valley/rules/planner-bot.ts';
import { playGame } from '../../../src/games/lost-valley/rules/playtest.ts';
import { nuggets } from '../../../src/games/lost-valley/rules/engine.ts';
import { buildTable } from '../../../src/games/lost-valley/rules/table.ts';
import { landscapeMetrics, features } from '../../../src/games/lost-valley/score.ts';
import { spearman } from '../../../src/core/stats.ts';
const N = 60,
  G = 8;
const rank = (x: number[]) => {
  const o = x.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array(x.length);
  o.forEach(([, i], k) => (r[i] = k / (x.length - 1)));
  return r as number[];
};
for (const P of [2, 3, 4]) {
  const rows: Record<string, number>[] = [];
  for (let i = 0; i < N; i++) {
    const map = buildMap(lostValley, `drv-${P}-${i}`, { players: P });
    const table = buildTable(map);
    const r: Record<string, number> = {};
    for (const [k, mk] of [
      ['g', () => makeBot(BOT_WEIGHTS)],
      ['p', plannerBot],
    ] as const) {
      let gold = 0,
        rounds = 0,
        ice = 0,
        ann = 0;
      for (let j = 0; j < G; j++) {
        const s = playGame(table, mk(), `drv\u001f${i}\u001f${j}`);
        gold += s.players.map(nuggets).reduce((a, b) => a + b, 0) / P / G;
        rounds += s.round / G;
        ice += (s.stats.iceFrom >= 0 ? 1 : 0) / G;
        ann += (s.over === 'announced' ? 1 : 0) / G;
      }
      Object.assign(r, { [`${k}Gold`]: gold, [`${k}Rounds`]: rounds, [`${k}IceStarted`]: ice, [`${k}Announced`]: ann });
    }
    const m = landscapeMetrics(map);
    Object.assign(r, features(m), { goldTotal: m.goldTotal, goldReachable: m.goldReachable });
    rows.push(r);
  }
  const col = (k: string) => rows.map((r) => r[k]!);
  const diff = rank(col('gGold')).map((v, i) => v - rank(col('pGold'))[i]!);
  const keys = [
    'gRounds',
    'pRounds',
    'gIceStarted',
    'pIceStarted',
    'gAnnounced',
    'pAnnounced',
    'riverTiles',
    'meanTurnsToGold',
    'turnsToLand',
    'goldNear',
    'goldWatered',
    'goldCanal',
    'goldMountain',
    'goldTotal',
    'goldReachable',
    'forests',
    'foodSites',
    'danger',
  ];
  const out = keys
    .map((k) => [k, spearman(col(k), diff), spearman(col(k), col('gGold')), spearman(col(k), col('pGold'))] as const)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
  const mean = (k: string) => (col(k).reduce((a, b) => a + b, 0) / N).toFixed(2);
  console.log(
    `${P}p kinds ${spearman(col('gGold'), col('pGold')).toFixed(2)} | means gold ${mean('gGold')}/${mean('pGold')} rounds ${mean('gRounds')}/${mean('pRounds')} iceStarted ${mean('gIceStarted')}/${mean('pIceStarted')} announced ${mean('gAnnounced')}/${mean('pAnnounced')}`,
  );
  console.log('   feature: ρ(feature, greedy rank − planner rank), ρ(feature, greedy gold), ρ(feature, planner gold)');
  for (const [k, a, b, c] of out.slice(0, 10))
    console.log(`   ${k.padEnd(16)} ${a.toFixed(2).padStart(6)} ${b.toFixed(2).padStart(6)} ${c.toFixed(2).padStart(6)}`);
}
