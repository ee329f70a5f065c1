import { parentPort, workerData } from 'node:worker_threads';
import { buildMap } from '../../src/core/maps.ts';
import { findGame } from '../../src/games/index.ts';

const { game, seed, options } = workerData as { game: string; seed: string; options: unknown };
parentPort!.postMessage(buildMap(findGame(game)!, seed, options).digest);
