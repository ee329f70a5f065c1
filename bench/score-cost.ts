/**
 * What a score costs beside building its map, for every game, interleaved in one run (issue 42:
 * a score costs at most twice its build, and a reroll or rank tries at least 1,000 maps a second
 * a core). The build is `buildMap` of a pool of seeds; the score is the game's whole score of each map
 * already built (`scoreMap`: model, interval, plays calibration), the same maps.
 * Attempts a second are a reroll toward a target no map meets (difficulty 101), so every attempt
 * builds and scores one map, on one core.
 */
import type { AnyGameModule } from '../src/core/game-module.ts';
import { buildMap, scoreMap } from '../src/core/maps.ts';
import { reroll } from '../src/seeds/reroll.ts';
import { interleaved } from './measure.ts';

export interface ScoreCost {
  game: string;
  buildMs: number;
  scoreMs: number;
  /** Score over build, by CPU time (the wall clock also counts waiting for a core). */
  ratio: number;
  attemptsPerSecond: number;
}

export function scoreCost(games: readonly AnyGameModule[], { pool = 300, attempts = 1000 } = {}): ScoreCost[] {
  return games.map((game) => {
    const maps = Array.from({ length: pool }, (_, i) => buildMap(game, `cost-${i}`, {}));
    const { cpu } = interleaved([(i) => buildMap(game, `cost-${i % pool}`, {}), (i) => scoreMap(game, maps[i % pool]!)], {
      rounds: 40,
      batch: 25,
      // V8 optimises a score's code over its first thousand calls or so; measure after that.
      warmup: 600,
    });
    const t0 = performance.now();
    const r = reroll(game, { seed: 'cost', options: {}, target: { min: 101, max: 101 }, maxAttempts: attempts });
    const attemptsPerSecond = (r!.attempts / (performance.now() - t0)) * 1000;
    return { game: game.id, buildMs: cpu[0]!, scoreMs: cpu[1]!, ratio: cpu[1]! / cpu[0]!, attemptsPerSecond };
  });
}
