import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildScoredMap } from '../src/core/maps.ts';
import { pinnedScore } from './support/pinned-score.ts';
import { digestsInWorker } from './support/digest-in-worker.ts';
import { GAMES } from '../src/games/index.ts';

const run = promisify(execFile);
const cli = new URL('../bin/goldmaps.js', import.meta.url).pathname;

interface GoldenFile {
  game: string;
  generator: string;
  rows: Array<{ seed: string; options: Record<string, unknown>; digest: string; score?: Record<string, number | string> }>;
}

const goldens = GAMES.map(
  (g) => JSON.parse(readFileSync(new URL(`../fixtures/golden/${g.id}.json`, import.meta.url), 'utf8')) as GoldenFile,
);

describe('golden digests', () => {
  it('pin at least 30 rows for Gold City', () => {
    expect(goldens.find((g) => g.game === 'gold-city')!.rows.length).toBeGreaterThanOrEqual(30);
  });

  for (const golden of goldens) {
    const game = GAMES.find((g) => g.id === golden.game)!;
    it(`${golden.game}: every pinned seed builds the pinned map (generator ${golden.generator})`, () => {
      // A version bump must come with regenerated goldens, and the reverse.
      expect(golden.generator).toBe(game.generatorVersion);
      const built = golden.rows.map((row) => buildScoredMap(game, row.seed, row.options));
      const moved = golden.rows.filter((row, i) => built[i]!.digest !== row.digest);
      expect(moved.map((r) => `${r.seed} ${JSON.stringify(r.options)}`)).toEqual([]);
      // Scores are pinned too: a recalibration shows as a diff here, made on purpose.
      expect(
        golden.rows.map((row, i) => ({
          seed: row.seed,
          options: row.options,
          score: pinnedScore(built[i]!.score as unknown as Record<string, unknown>),
        })),
      ).toEqual(golden.rows.map((row) => ({ seed: row.seed, options: row.options, score: row.score })));
    });

    it(`${golden.game}: a second Node process (the CLI) and a worker thread agree`, async () => {
      const rows = golden.rows.slice(0, 3).concat(golden.rows.slice(-2));
      // One worker builds every row while the CLI runs them one by one: a worker spends most of
      // its second loading modules.
      const inWorker = digestsInWorker(golden.game, rows);
      const fromCli: string[] = [];
      for (const row of rows) {
        const { stdout } = await run(process.execPath, [
          cli,
          'generate',
          golden.game,
          '--seed',
          row.seed,
          '--options',
          JSON.stringify(row.options),
        ]);
        fromCli.push((JSON.parse(stdout) as { digest: string }).digest);
      }
      const inWorkerDigests = await inWorker;
      const digests = rows.map((_, i) => ({ cli: fromCli[i], worker: inWorkerDigests[i] }));
      expect(digests).toEqual(rows.map((row) => ({ cli: row.digest, worker: row.digest })));
    });
  }
});
