import { readFileSync, writeFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { InputError, buildMap, checkMap } from '../core/maps.ts';
import type { AnyGameModule } from '../core/game-module.ts';
import { GAMES, findGame } from '../games/index.ts';

/** Exit codes: 0 fine, 1 a map that is invalid, 2 bad usage or bad input. */
const EXIT_INVALID = 1;
const EXIT_USAGE = 2;

class UsageError extends Error {}

function gameOrFail(id: string): AnyGameModule {
  const game = findGame(id);
  if (!game) throw new UsageError(`game: unknown game "${id}" (known: ${GAMES.map((g) => g.id).join(', ')})`);
  return game;
}

function parseJsonOption(name: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${name}: not valid JSON (${(e as Error).message})`);
  }
}

function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`${path}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${path}: not valid JSON (${(e as Error).message})`);
  }
}

function emit(text: string, out: string | undefined): void {
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
}

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('goldmaps')
    .description('Board-game maps from a seed: generated, validated and scored.')
    .showHelpAfterError()
    .exitOverride();

  program
    .command('generate')
    .description('build the map of a seed and print it as JSON')
    .argument('<game>', `game id (${GAMES.map((g) => g.id).join(', ')})`)
    .requiredOption('--seed <seed>', 'the seed: 1–128 characters')
    .option('--options <json>', "the game's options as JSON, e.g. '{\"pieces\":7}'")
    .addOption(new Option('--format <format>', 'output format').choices(['json']).default('json'))
    .option('--out <file>', 'write to this file instead of stdout')
    .action((gameId: string, opts: { seed: string; options?: string; out?: string }) => {
      const game = gameOrFail(gameId);
      const map = buildMap(game, opts.seed, parseJsonOption('--options', opts.options));
      emit(`${JSON.stringify(map, null, 2)}\n`, opts.out);
    });

  program
    .command('validate')
    .description('check a map document: problems one a line, exit 1 when invalid')
    .argument('<map.json>', 'the map document')
    .action((path: string) => {
      const doc = readJsonFile(path) as { game?: unknown };
      const game = gameOrFail(typeof doc?.game === 'string' ? doc.game : String(doc?.game));
      const result = checkMap(game, doc);
      if (!result.ok) throw new InputError(result.errors);
      for (const p of result.problems) process.stdout.write(`${p.rule}\t${p.at ?? ''}\t${p.message}\n`);
      if (result.problems.length > 0) process.exitCode = EXIT_INVALID;
      else process.stdout.write('valid\n');
    });

  program
    .command('serve')
    .description('serve the HTTP API (and the web page) until SIGTERM or Ctrl-C')
    .option('--port <port>', 'port to listen on (default: $PORT or 8080)')
    .option('--host <host>', 'address to bind', '0.0.0.0')
    .action(async (opts: { port?: string; host: string }) => {
      // Loaded here so that generate and validate do not pay for express, pino and sharp.
      const { DEFAULT_PORT, startServer } = await import('../api/server.ts');
      const text = opts.port ?? process.env.PORT ?? String(DEFAULT_PORT);
      const port = Number(text);
      if (!/^\d+$/.test(text) || port > 65535) throw new UsageError(`--port: "${text}" is not a port number`);
      const running = await startServer({ port, host: opts.host });
      const stop = (signal: string) => {
        process.stderr.write(`goldmaps: ${signal}, finishing in-flight requests\n`);
        void running.close().then(() => process.exit(0));
      };
      process.once('SIGTERM', () => stop('SIGTERM'));
      process.once('SIGINT', () => stop('SIGINT'));
      await new Promise(() => {});
    });

  return program;
}

export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return e.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    if (e instanceof UsageError || e instanceof InputError) {
      process.stderr.write(`goldmaps: ${e.message}\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
}

process.exitCode = await main(process.argv.slice(2));
