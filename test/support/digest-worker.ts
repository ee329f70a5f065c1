import { parentPort, workerData } from 'node:worker_threads';
import { buildMap } from '../../src/core/maps.ts';
import { findGame } from '../../src/games/index.ts';

const { game, maps } = workerData as { game: string; maps: Array<{ seed: string; options: unknown }> };
parentPort!.postMessage(maps.map(({ seed, options }) => buildMap(findGame(game)!, seed, options).digest));
