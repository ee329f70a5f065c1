/**
 * How noisy each kind of Pioneer Days player is on the calibration's `pd-hold-*` trails (held
 * out until revision 3, fitted on since), per table size: odd/even split-half reliability of each kind's mean VP per trail (Spearman–Brown
 * stepped up to all the games), the kinds' agreement, and that agreement with the noise taken
 * out (agreement / √(reliability_s · reliability_p)). A low reliability, not a disagreement
 * between the kinds, is then what caps the held-out figures. It also plays the two kinds against
 * each other at two players, in both seat orders, to say which is the stronger player.
 * Usage: GAMES_SETTLER=24 GAMES_PLANNER=12 MAPS=40 npx tsx docs/studies/code/measure-pioneer-days-noise.ts
 * (about 10 minutes on a loaded core; ONLY=1,2 and ONLY=3,4 split it in two). OUT=file keeps
 * every game's VP. Figures are given for all the trails of a table size and for each deal.
 */
import { writeFileSync } from 'node:fs';
import { buildMap } from '../../../src/core/maps.ts';
import { pearson, spearman } from '../../../src/core/stats.ts';
import { pioneerDays } from '../../../src/games/pioneer-days/index.ts';
import type { PioneerDaysMap } from '../../../src/games/pioneer-days/model.ts';
import { BOTS } from '../../../src/games/pioneer-days/rules/bots.ts';
import { playGame } from '../../../src/games/pioneer-days/rules/playtest.ts';
import { buildTable } from '../../../src/games/pioneer-days/rules/state.ts';
import { round, stepUp } from '../../../src/core/fit.ts';
import { CORPUS_TABLES as TABLES, corpusIndex, corpusTrail } from '../../../src/games/pioneer-days/calibrate/corpus.ts';

// ONLY=1,2 measures those table sizes alone (and skips the head to head unless 2 is among them), so two processes can share the work.
const ONLY = process.env.ONLY?.split(',').map(Number) ?? TABLES;
const MAPS = Number(process.env.MAPS ?? 40);
const GAMES = { settler: Number(process.env.GAMES_SETTLER ?? 24), planner: Number(process.env.GAMES_PLANNER ?? 12) };

/** Mean VP per player of each seeded game, seeded as playtest seeds them (so the first n are playtest's n). */
function games(map: PioneerDaysMap, kind: 'settler' | 'planner', n: number): number[] {
  const trail = buildTable(map);
  const bots = Array.from({ length: trail.players }, () => BOTS[kind]!);
  return Array.from({ length: n }, (_, g) => {
    const r = playGame(trail, bots, `${map.digest ?? 'trail'}/${g}`);
    return r.scores.reduce((a, s) => a + s.vp, 0) / r.scores.length;
  });
}

const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const half = (v: readonly number[], odd: number) => mean(v.filter((_, i) => i % 2 === odd));
/** Odd/even split-half correlation across trails, stepped up to the whole series by Spearman–Brown. */
function reliability(rows: ReadonlyArray<readonly number[]>, rank: boolean): number {
  const f = rank ? spearman : pearson;
  const r = f(
    rows.map((v) => half(v, 0)),
    rows.map((v) => half(v, 1)),
  );
  return stepUp(r);
}

const out: Record<string, unknown> = {};
const kept: Record<string, { settler: number[]; planner: number[] }> = {};
for (const players of TABLES.filter((n) => ONLY.includes(n))) {
  const rows: Array<{ settler: number[]; planner: number[]; firstGame: boolean }> = [];
  for (let k = 0; k < MAPS; k++) {
    const i = corpusIndex(players, k);
    const { firstGame } = corpusTrail(i);
    const map = buildMap(pioneerDays, `pd-hold-${i}`, { players, firstGame });
    const row = { settler: games(map, 'settler', GAMES.settler), planner: games(map, 'planner', GAMES.planner) };
    rows.push({ ...row, firstGame });
    kept[`pd-hold-${i}/${players}`] = row;
  }
  // The same figures within each deal: first-game trails (sets A and B) differ from one another
  // far less than trails of two random sets, so what ranks them is a question of its own.
  const figures = (subset: typeof rows) => {
    const s = subset.map((r) => r.settler);
    const p = subset.map((r) => r.planner);
    const relS = reliability(s, true);
    const relP = reliability(p, true);
    const kinds = spearman(s.map(mean), p.map(mean));
    // The planner at the calibration's 8 games: its reliability then, by Spearman–Brown stepped down.
    const at = (rel: number, from: number, to: number) => {
      const k = to / from;
      return (k * rel) / (1 + (k - 1) * rel);
    };
    const sd = (v: number[]) => {
      const m = mean(v);
      return Math.sqrt(v.reduce((a, x) => a + (x - m) ** 2, 0) / v.length);
    };
    return {
      maps: subset.length,
      reliabilitySettler: round(relS, 3),
      reliabilityPlanner: round(relP, 3),
      reliabilitySettlerAt12: round(at(relS, GAMES.settler, 12), 3),
      reliabilityPlannerAt8: round(at(relP, GAMES.planner, 8), 3),
      kinds: round(kinds, 3),
      kindsNoiseFree: round(kinds / Math.sqrt(Math.max(1e-9, relS * relP)), 3),
      meanVp: { settler: round(mean(s.map(mean)), 2), planner: round(mean(p.map(mean)), 2) },
      sdVpAcrossTrails: { settler: round(sd(s.map(mean)), 2), planner: round(sd(p.map(mean)), 2) },
    };
  };
  out[players] = {
    games: GAMES,
    all: figures(rows),
    firstGame: figures(rows.filter((r) => r.firstGame)),
    standard: figures(rows.filter((r) => !r.firstGame)),
  };
  process.stderr.write(`${players}p ${JSON.stringify(out[players])}\n`);
}

// Head to head at two players: each kind in each seat, on the two-player `pd-hold-*` trails.
const duel = { settler: 0, planner: 0, settlerVp: 0, plannerVp: 0, games: 0 };
for (let k = 0; k < (ONLY.includes(2) ? MAPS : 0); k++) {
  const i = corpusIndex(2, k);
  const map = buildMap(pioneerDays, `pd-hold-${i}`, corpusTrail(i));
  const trail = buildTable(map);
  for (let g = 0; g < 4; g++) {
    const order = g % 2 === 0 ? (['settler', 'planner'] as const) : (['planner', 'settler'] as const);
    const r = playGame(
      trail,
      order.map((b) => BOTS[b]!),
      `${map.digest}/duel/${g}`,
    );
    order.forEach((b, seat) => {
      duel[`${b}Vp`] += r.scores[seat]!.vp;
      if (r.winners.includes(seat)) duel[b] += 1 / r.winners.length;
    });
    duel.games++;
  }
}
out.duel2p = {
  games: duel.games,
  settlerWinShare: round(duel.settler / duel.games, 3),
  plannerWinShare: round(duel.planner / duel.games, 3),
  settlerVp: round(duel.settlerVp / duel.games, 2),
  plannerVp: round(duel.plannerVp / duel.games, 2),
};
console.log(JSON.stringify(out, null, 2));
if (process.env.OUT) writeFileSync(process.env.OUT, JSON.stringify(kept));
