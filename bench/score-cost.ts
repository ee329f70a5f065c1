/**
 * What a score costs beside building its map, for every game, interleaved in one run (issue 42:
 * a score costs at most twice its build, and a reroll or rank tries at least 1,000 maps a second
 * a core). The build is `buildMap` of a pool of seeds; the score is the game's whole score of each map
 * already built (`scoreMap`: model, interval, plays calibration), the same maps.
 * Attempts a second are a reroll toward a target no map meets (difficulty 101), so every attempt
 * builds and scores one map, on one core.
 *
 * The code timed is what ships: dist/, as `npm ci` compiles it and as `npm start`, the CLI and
 * `rank` run it (the bench itself runs through tsx).
 */
import { compiledIsFresh } from '../bin/compiled.js';
import type { AnyGameModule } from '../src/core/game-module.ts';
import { interleaved } from './measure.ts';

type Maps = typeof import('../src/core/maps.ts');
type Reroll = typeof import('../src/seeds/reroll.ts');
type Games = typeof import('../src/games/index.ts');

export interface ScoreCost {
  game: string;
  buildMs: number;
  scoreMs: number;
  /** Score over build, by CPU time (the wall clock also counts waiting for a core). */
  ratio: number;
  attemptsPerSecond: number;
}

/** The compiled modules (refused when dist/ is older than src/: `npm run build`). */
async function compiled(): Promise<{ maps: Maps; reroll: Reroll['reroll']; games: Games['GAMES'] }> {
  if (!compiledIsFresh()) throw new Error('score-cost: dist/ is older than src/; run `npm run build` first');
  const [maps, rerolls, games] = await Promise.all([
    import('../dist/core/maps.js' as string) as Promise<Maps>,
    import('../dist/seeds/reroll.js' as string) as Promise<Reroll>,
    import('../dist/games/index.js' as string) as Promise<Games>,
  ]);
  return { maps, reroll: rerolls.reroll, games: games.GAMES };
}

export async function scoreCost({ pool = 300, attempts = 1000 } = {}): Promise<ScoreCost[]> {
  const {
    maps: { buildMap, scoreMap },
    reroll,
    games,
  } = await compiled();
  return games.map((game: AnyGameModule) => {
    const maps = Array.from({ length: pool }, (_, i) => buildMap(game, `cost-${i}`, {}));
    const { cpu } = interleaved([(i) => buildMap(game, `cost-${i % pool}`, {}), (i) => scoreMap(game, maps[i % pool]!)], {
      rounds: 40,
      // A batch of 25 was 0.4 ms of Pioneer Days' work: a round then timed V8's tiering and the
      // collector as much as the score (the first run in a process read 2.2-2.6×, later runs in
      // the same process 0.77-0.98×, on the same code, a variant of the score since reverted). 250 calls a batch, after 3,000 of each,
      // time the steady state that a reroll or rank of thousands of maps runs in.
      batch: 250,
      warmup: 3000,
    });
    const t0 = performance.now();
    const r = reroll(game, { seed: 'cost', options: {}, target: { min: 101, max: 101 }, maxAttempts: attempts });
    const attemptsPerSecond = (r!.attempts / (performance.now() - t0)) * 1000;
    return { game: game.id, buildMs: cpu[0]!, scoreMs: cpu[1]!, ratio: cpu[1]! / cpu[0]!, attemptsPerSecond };
  });
}
