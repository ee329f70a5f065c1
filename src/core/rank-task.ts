import { buildMap } from './maps.ts';
import { findGame } from '../games/index.ts';

export interface RankTask {
  game: string;
  seeds: string[];
  options: unknown;
}

export interface RankRow {
  seed: string;
  digest: string;
  difficulty: number;
  band: string;
}

/** One batch of seeds, built and scored in a worker thread. */
export default function rankBatch(task: RankTask): RankRow[] {
  const game = findGame(task.game);
  if (!game?.score) throw new Error(`${task.game} cannot be ranked`);
  return task.seeds.map((seed) => {
    const map = buildMap(game, seed, task.options) as { digest: string };
    const score = game.score!(map);
    return { seed, digest: map.digest, difficulty: score.difficulty, band: score.band };
  });
}
