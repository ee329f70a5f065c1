/**
 * How strong each kind of Lost Valley player is against the other (docs/studies/lost-valley-difficulty.md):
 * per table size, N default landscapes of G mixed games, the seats alternating greedy bot and
 * planner and which kind sits first alternating by game; then each landscape's same games with one
 * kind at every seat. Prints each kind's share of the mixed games won (ties shared), its gold per
 * seat there, and per kind alone how its games end, how long they last and how often the ice came into play.
 * Writes nothing. npx tsx docs/studies/code/lost-valley-head-to-head.ts [N] [G] (≈ 1 minute for 20 × 4).
 */
import { buildMap } from '../../../src/core/maps.ts';
import { playToEnd } from '../../../src/core/play/play.ts';
import { lostValley } from '../../../src/games/lost-valley/index.ts';
import { BOT_WEIGHTS } from '../../../src/games/lost-valley/rules/bot-weights.ts';
import { makeBot, type Bot } from '../../../src/games/lost-valley/rules/bots.ts';
import { applyAction, newGame, nuggets, type Action, type GameState } from '../../../src/games/lost-valley/rules/engine.ts';
import { plannerBot } from '../../../src/games/lost-valley/rules/planner-bot.ts';
import { buildTable } from '../../../src/games/lost-valley/rules/table.ts';

const N = Number(process.argv[2] ?? 20);
const G = Number(process.argv[3] ?? 4);
type Kind = 'greedy' | 'planner';
const botOf = (k: Kind): Bot => (k === 'greedy' ? makeBot(BOT_WEIGHTS) : plannerBot());
const f = (x: number, d = 2) => x.toFixed(d);

for (const P of [2, 3, 4]) {
  const won: Record<Kind, number> = { greedy: 0, planner: 0 };
  const gold: Record<Kind, number> = { greedy: 0, planner: 0 };
  const seats: Record<Kind, number> = { greedy: 0, planner: 0 };
  const alone = {
    greedy: { ice: 0, came: 0, announced: 0, rounds: 0, gold: 0 },
    planner: { ice: 0, came: 0, announced: 0, rounds: 0, gold: 0 },
  };
  let games = 0;
  for (let i = 0; i < N; i++) {
    const map = buildMap(lostValley, `h2h-${P}-${i}`, { players: P });
    const table = buildTable(map);
    const rules = {
      apply: (s: GameState, a: Action) => applyAction(s, table, a),
      seat: (s: GameState) => s.current,
      round: (s: GameState) => s.round,
      over: (s: GameState) => s.over !== null,
      endTurn: { type: 'end' } as Action,
    };
    const play = (kinds: readonly Kind[], seed: string) =>
      playToEnd(rules, newGame(table, seed), kinds.map(botOf), table, { actionsPerTurn: 12 });
    for (let j = 0; j < G; j++) {
      const seed = `h2h\u001f${i}\u001f${j}`;
      const kinds = Array.from({ length: P }, (_, s): Kind => ((s + j) % 2 === 0 ? 'greedy' : 'planner'));
      const mixed = play(kinds, seed);
      const g = mixed.players.map(nuggets);
      const top = Math.max(...g);
      const winners = kinds.filter((_, s) => g[s] === top);
      for (const k of winners) won[k] += 1 / winners.length;
      kinds.forEach((k, s) => ((gold[k] += g[s]!), (seats[k] += 1)));
      games++;
      for (const k of ['greedy', 'planner'] as const) {
        const s = play(
          Array.from({ length: P }, () => k),
          seed,
        );
        const a = alone[k];
        if (s.over === 'ice') a.ice++;
        if (s.stats.iceFrom >= 0) a.came++;
        if (s.over === 'announced') a.announced++;
        a.rounds += s.round;
        a.gold += s.players.map(nuggets).reduce((x, y) => x + y, 0) / P;
      }
    }
  }
  console.log(
    `${P} players, ${N} landscapes × ${G} mixed games: won greedy ${f(won.greedy / games)} planner ${f(won.planner / games)}; gold a seat greedy ${f(gold.greedy / seats.greedy, 1)} planner ${f(gold.planner / seats.planner, 1)}`,
  );
  for (const k of ['greedy', 'planner'] as const) {
    const a = alone[k];
    console.log(
      `  ${k} alone: gold ${f(a.gold / games, 1)}, rounds ${f(a.rounds / games, 1)}, the ice came ${f(a.came / games)}, ended by the ice ${f(a.ice / games)}, by an announcement ${f(a.announced / games)}`,
    );
  }
}
