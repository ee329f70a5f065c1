import { rankBatch, type RankRow } from './rank.ts';
import { findGame } from '../games/index.ts';

export interface RankTask {
  game: string;
  seeds: string[];
  options: unknown;
}

/** A worker thread's share of a ranking: the game found by id, the batch built and scored. */
export default function rankTask(task: RankTask): RankRow[] {
  const game = findGame(task.game);
  if (!game) throw new Error(`no game ${task.game}`);
  return rankBatch(game, task.seeds, task.options);
}
