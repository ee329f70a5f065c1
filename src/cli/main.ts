import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { InputError, buildMap, buildScoredMap, checkMap, normaliseOptions, playerKindOf, scoreMap } from '../core/maps.ts';
import { SEED_MAX_LENGTH, normaliseSeed } from '../core/seed.ts';
import type { AnyGameModule, Band } from '../core/game-module.ts';
import { DEFAULT_RENDER_LIMITS } from '../formats/format.ts';
import { FORMATS, FORMAT_PARAMETERS, findFormat } from '../formats/index.ts';
import { formatParams, renderRequest } from '../formats/render.ts';
import { reroll, type Target } from '../seeds/reroll.ts';
import type { Shard } from '../core/shard.ts';
import { GAMES, findGame } from '../games/index.ts';
import { rerollAnswer } from './reroll-answer.ts';
import { openCliStore, registerStoreCommands } from './store-commands.ts';

/** Exit codes: 0 fine, 1 a map that is invalid, 2 bad usage or bad input, 3 a reroll that missed. */
const EXIT_INVALID = 1;
const EXIT_USAGE = 2;
const EXIT_MISSED = 3;

class UsageError extends Error {}

/** `hexSize` → `hex-size`: a format parameter as a flag. */
const flagOf = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every format parameter but the options, which have a flag of their own. */
const FORMAT_FLAGS = new Map([...FORMAT_PARAMETERS].filter(([name]) => name !== 'options'));

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

/** A map document from a file: its game (from its own `game` field) and its schema-checked form. */
function readMapDocument(path: string): { game: AnyGameModule; result: Extract<ReturnType<typeof checkMap>, { ok: true }> } {
  const doc = readJsonFile(path) as { game?: unknown };
  const game = gameOrFail(typeof doc?.game === 'string' ? doc.game : String(doc?.game));
  const result = checkMap(game, doc);
  if (!result.ok) throw new InputError(result.errors);
  return { game, result };
}

/** What a failed write means, in words: the errno alone ("ENOENT") says little to most people. */
const WRITE_CAUSES: Record<string, string> = {
  ENOENT: 'no such directory',
  ENOTDIR: 'a part of the path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'disk full',
  EDQUOT: 'disk quota exceeded',
  EISDIR: 'is a directory',
};

/**
 * Writes the whole file or nothing: a regular file (or a new one) through a temporary file beside
 * it, renamed over it, so a full disk or a killed process never leaves half a PDF where a good one
 * was expected. Anything else that exists (a device such as /dev/null, a FIFO, /dev/stdout) is
 * written in place: renaming over it would replace the device with a plain file for everyone.
 */
function writeWhole(out: string, body: string | Buffer): void {
  const temp = join(dirname(out), `.${basename(out)}.${process.pid}.tmp`);
  let existing: ReturnType<typeof statSync> | undefined;
  try {
    existing = statSync(out, { throwIfNoEntry: false });
    if (existing && !existing.isFile() && !existing.isDirectory()) return writeFileSync(out, body);
    writeFileSync(temp, body);
    renameSync(temp, out);
  } catch (e) {
    rmSync(temp, { force: true });
    const code = (e as NodeJS.ErrnoException).code ?? '';
    throw new UsageError(`${out}: cannot be written (${WRITE_CAUSES[code] ?? (e as Error).message}${code ? `, ${code}` : ''})`);
  }
}

function emit(text: string | Buffer, out: string | undefined): void {
  if (out) writeWhole(out, text);
  else process.stdout.write(text);
}

/**
 * What --version says: the package's version on the first line (what scripts read), then each
 * game's generator version, which is what a map records and changes only when what a seed
 * builds changes; the two are different clocks, so both are shown.
 */
function versionText(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  // bin/goldmaps.js runs dist/ when npm ci has compiled it and no source is newer (a .js file
  // here), else the sources through tsx: said, since the two differ in start time and memory.
  const runs = import.meta.url.endsWith('.js') ? 'dist/ (compiled by npm ci)' : 'src/ (TypeScript through tsx)';
  return [
    pkg.version,
    `generators (what a seed builds): ${GAMES.map((g) => `${g.id} ${g.generatorVersion}`).join(', ')}`,
    `runs from: ${runs}`,
  ].join('\n');
}

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('goldmaps')
    .description('Board-game maps from a seed: generated, validated and scored.')
    .version(versionText(), '-V, --version', "print the package's version and each game's generator version, and exit")
    .enablePositionalOptions() // so that "rank merge … --out f" reaches merge, not rank
    .exitOverride();
  addMapCommands(program);
  addRerollCommand(program);
  addRankCommands(program);
  registerStoreCommands(program);
  addServeCommand(program);

  // A usage error is its one line and where the whole usage is, not the whole usage (21–52 lines).
  const pointAtHelp = (command: Command, path: string[]): void => {
    command.showHelpAfterError(`(goldmaps ${[...path, '--help'].join(' ')} lists the options)`);
    for (const sub of command.commands) pointAtHelp(sub, [...path, sub.name()]);
  };
  pointAtHelp(program, []);
  return program;
}

/** generate, validate, score and balance: one map each. */
function addMapCommands(program: Command): void {
  const generate = program
    .command('generate')
    .description('build the map of a seed and write it in an output format (JSON by default)')
    .argument('<game>', `game id (${GAMES.map((g) => g.id).join(', ')})`)
    .requiredOption('--seed <seed>', 'the seed: 1–128 characters')
    .option('--options <json>', "the game's options as JSON, e.g. '{\"pieces\":7}'")
    .option('--format <format>', `output format: ${FORMATS.map((f) => f.id).join(', ')}`, 'json')
    .option('--out <file>', 'write to this file instead of stdout');
  // Each format parameter is a flag, described and defaulted by the same schema the API reads.
  for (const [name, { schema, formats }] of FORMAT_FLAGS) {
    const preset = schema.default === undefined ? '' : ` (default ${String(schema.default)})`;
    generate.option(`--${flagOf(name)} <value>`, `${formats.join('/')}: ${String(schema.description ?? name)}${preset}`);
  }
  generate.action(async (gameId: string, opts: Record<string, string | undefined> & { seed: string; format: string }) => {
    const game = gameOrFail(gameId);
    // Checked here rather than by commander, whose refusal comes with the whole help: one line, as every other bad flag.
    const format = findFormat(opts.format.toLowerCase());
    if (!format) throw new UsageError(`--format: must be one of ${FORMATS.map((f) => f.id).join(', ')} (not "${opts.format}")`);
    const map = buildScoredMap(game, opts.seed, parseJsonOption('--options', opts.options));
    const given = Object.fromEntries([...FORMAT_FLAGS.keys()].filter((name) => opts[name] !== undefined).map((name) => [name, opts[name]]));
    if (format.binary && !opts.out && process.stdout.isTTY) throw new UsageError(`--out: give a file for ${format.id} output`);
    let request: ReturnType<typeof renderRequest>;
    try {
      request = renderRequest(format, game, map, formatParams(format, given), DEFAULT_RENDER_LIMITS);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      // The same checks as the API's, said in the CLI's own words: flags, not query fields.
      const unknown = (m: string) => (m === 'is not a known field' ? `does not apply to --format ${format.id}` : m);
      throw new UsageError(e.errors.map((x) => `--${flagOf(x.field)}: ${unknown(x.message)}`).join('\n'));
    }
    const { body } = await format.render(request);
    emit(body, opts.out);
    if (!format.binary && !opts.out && process.stdout.isTTY) process.stdout.write('\n');
  });

  program
    .command('validate')
    .description('check a map document: problems one a line, exit 1 when invalid')
    .argument('<map.json>', 'the map document')
    .action((path: string) => {
      const { result } = readMapDocument(path);
      for (const p of result.problems) process.stdout.write(`${p.rule}\t${p.at ?? ''}\t${p.message}\n`);
      if (result.problems.length > 0) process.exitCode = EXIT_INVALID;
      else process.stdout.write('valid\n');
    });

  program
    .command('score')
    .description('score a map document (generated or typed in by hand) and print the score as JSON')
    .argument('<map.json>', 'the map document')
    .option('--playtest <games>', 'also play this many seeded bot games on it and report them')
    .option('--kind <kind>', "with --playtest: the kind of player at every seat (the game's playerKinds; default its first)")
    .action((path: string, opts: { playtest?: string; kind?: string }) => {
      const { game, result } = readMapDocument(path);
      if (result.problems.length > 0)
        throw new UsageError(`${path}: the map breaks the rules: ${result.problems.map((p) => p.message).join('; ')}`);
      const score = scoreMap(game, result.map);
      const out: Record<string, unknown> = { score };
      if (opts.kind !== undefined && opts.playtest === undefined) throw new UsageError('--kind: only with --playtest');
      if (opts.playtest !== undefined) {
        const games = Number(opts.playtest);
        if (!Number.isInteger(games) || games < 1 || games > 10_000)
          throw new UsageError('--playtest: a whole number of games from 1 to 10000');
        if (!game.playtest) throw new UsageError(`game: ${game.id} has no bots yet`);
        const kind = playerKindOf(game, opts.kind, '--kind');
        const report = game.playtest(result.map, { games, ...(kind === undefined ? {} : { kind }) });
        out.playtest = report;
        const summary = game.summarisePlaytest?.(result.map, score, report);
        if (summary) out.playtestSummary = summary;
      }
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    });

  program
    .command('balance')
    .description(
      "find the options that even out the seats on a seed's map by playing seeded bot games under each setting the game tries (slow); print {seed, options, report}",
    )
    .argument('<game>', `game id (${GAMES.map((g) => g.id).join(', ')})`)
    .requiredOption('--seed <seed>', 'the seed')
    .option('--options <json>', "the game's other options as JSON")
    .option('--games <n>', 'games under each setting the game tries first (1–5000); its finalists play three times as many more', '200')
    .action((gameId: string, opts: { seed: string; options?: string; games: string }) => {
      const game = gameOrFail(gameId);
      if (!game.balance) throw new UsageError(`game: ${game.id} cannot balance its seats yet`);
      const games = Number(opts.games);
      if (!/^\d+$/.test(opts.games) || games < 1 || games > 5000) throw new UsageError('--games: a whole number of games from 1 to 5000');
      const given = (parseJsonOption('--options', opts.options) ?? {}) as Record<string, unknown>;
      const map = buildMap(game, opts.seed, given);
      const { options, report } = game.balance(map, games);
      process.stdout.write(`${JSON.stringify({ seed: map.seed, options: { ...given, ...options }, report }, null, 2)}\n`);
    });
}

/** reroll: a seed near the one given that meets a target. */
function addRerollCommand(program: Command): void {
  program
    .command('reroll')
    .description(
      'try <seed>/1, <seed>/2, … until the score meets the target (options left out may be chosen); say what it found and how to fetch it (--json: {seed, attempts, hit, agreed, options, map}); exit 3 on a miss',
    )
    .argument('<game>', `game id (${GAMES.map((g) => g.id).join(', ')})`)
    .requiredOption('--seed <seed>', 'the base seed')
    .addOption(new Option('--band <band>', 'target band').choices(['easy', 'medium', 'hard', 'expert']))
    .option('--min <difficulty>', 'target: lowest difficulty (0–100)')
    .option('--max <difficulty>', 'target: highest difficulty (0–100)')
    .option('--options <json>', "the game's options as JSON")
    .option('--max-attempts <n>', 'give up after this many seeds (1–2000)', '200')
    .option(
      '--agree',
      'both ends of score.interval (the two kinds of player the score is calibrated on) must lie in the target too (default: off)',
    )
    .option('--json', 'print the whole answer as JSON, the map document included')
    .option('--out <file>', 'write the whole answer as JSON here')
    .action(
      (
        gameId: string,
        opts: {
          seed: string;
          band?: Band;
          min?: string;
          max?: string;
          options?: string;
          maxAttempts: string;
          agree?: boolean;
          json?: boolean;
          out?: string;
        },
      ) => {
        const game = gameOrFail(gameId);
        const number = (name: string, text: string | undefined, lo: number, hi: number) => {
          const v = Number(text);
          if (text === undefined || !/^\d+(\.\d+)?$/.test(text) || v < lo || v > hi)
            throw new UsageError(`${name}: a number from ${lo} to ${hi}`);
          return v;
        };
        let target: Target;
        if (opts.band !== undefined) {
          if (opts.min !== undefined || opts.max !== undefined) throw new UsageError('--band: give either --band or --min and --max');
          target = { band: opts.band };
        } else if (opts.min !== undefined || opts.max !== undefined) {
          target = { min: number('--min', opts.min, 0, 100), max: number('--max', opts.max, 0, 100) };
        } else throw new UsageError('target: give --band, or --min and --max');
        const maxAttempts = number('--max-attempts', opts.maxAttempts, 1, 2000);
        if (!Number.isInteger(maxAttempts)) throw new UsageError('--max-attempts: a whole number');
        const result = reroll(game, {
          seed: opts.seed,
          options: parseJsonOption('--options', opts.options) ?? {},
          target,
          maxAttempts,
          agree: opts.agree === true,
        })!;
        if (opts.json || opts.out) emit(`${JSON.stringify(result, null, 2)}\n`, opts.out);
        if (!opts.json) process.stdout.write(rerollAnswer(game.id, result, target, normaliseOptions(game, {})));
        // A miss still prints the nearest map, but says so and ends with its own exit code.
        if (!result.hit) {
          process.stderr.write(`goldmaps: ${result.message}\n`);
          process.exitCode = EXIT_MISSED;
        }
      },
    );
}

/** rank and rank merge: many seeds, hardest first. */
function addRankCommands(program: Command): void {
  const rankCommand = program
    .command('rank')
    .description('build and score <from>/1 … <from>/N on every core; print a CSV, hardest first (or: rank merge)')
    .argument('<game>', `game id (${GAMES.map((g) => g.id).join(', ')})`)
    // Options before "merge" are rank's and options after it merge's; --count is checked in the
    // action, since commander would demand a required option of rank from its subcommand too.
    .enablePositionalOptions()
    .option('--count <n>', 'how many seeds (1–1000000)')
    .option('--from <seed>', 'the base seed', 'rank')
    .option('--options <json>', "the game's options as JSON")
    .option('--shard <K/N>', 'rank only shard K of N: seeds K, K+N, K+2N, … (merge the CSVs with "rank merge")')
    .option('--out <file>', 'write the CSV here instead of stdout')
    .action(async (gameId: string, opts: { count?: string; from: string; options?: string; shard?: string; out?: string }) => {
      if (opts.count === undefined) return rankCommand.error("error: required option '--count <n>' not specified");
      const game = gameOrFail(gameId);
      const count = Number(opts.count);
      if (!/^\d+$/.test(opts.count) || count < 1 || count > 1_000_000) throw new UsageError('--count: a whole number from 1 to 1000000');
      const base = normaliseSeed(opts.from);
      if (!base.ok) throw new UsageError(`--from: ${base.message.replace(/^seed: /, '')}`);
      if ([...base.seed].length + 1 + String(count).length > SEED_MAX_LENGTH)
        throw new UsageError(`--from: leave room for "/${count}" within ${SEED_MAX_LENGTH} characters`);
      const options = normaliseOptions(game, parseJsonOption('--options', opts.options));
      const { rankCsv } = await import('../seeds/rank.ts');
      const { parseShard, shardPositions } = await import('../core/shard.ts');
      let shard: Shard | undefined;
      if (opts.shard !== undefined) {
        const parsed = parseShard(opts.shard);
        if (!parsed.ok) throw new UsageError(`--shard: ${parsed.message}`);
        shard = parsed.shard;
      }
      const total = shard ? shardPositions(count, shard).length : count;
      const { rank } = await import('../seeds/rank-pool.ts');
      const { SingleBar, Presets } = await import('cli-progress');
      const bar = process.stderr.isTTY
        ? new SingleBar(
            { format: 'ranking {bar} {value}/{total} seeds · {eta_formatted} left', stream: process.stderr },
            Presets.shades_classic,
          )
        : undefined;
      bar?.start(total, 0);
      const started = performance.now();
      const rows = await rank(game.id, { count, from: base.seed, options, shard }, (done) => bar?.update(done));
      bar?.stop();
      const share = shard ? ` (shard ${shard.index}/${shard.of} of ${count})` : '';
      process.stderr.write(`goldmaps: ranked ${total} ${game.id} maps${share} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
      emit(rankCsv(rows), opts.out);
    });

  rankCommand
    .command('merge')
    .description('combine the CSVs of "rank … --shard K/N" into the CSV one run of the whole count writes')
    .argument('<files...>', 'the shard CSVs, in any order')
    .option('--out <file>', 'write the CSV here instead of stdout')
    .action(async (paths: string[], opts: { out?: string }) => {
      const early = rankCommand.options.find((o) => rankCommand.getOptionValueSource(o.attributeName()) === 'cli');
      if (early) throw new UsageError(`rank merge: ${early.long} goes after "merge", not before`);
      const { RankMergeError, mergeRankCsvs } = await import('../seeds/rank-merge.ts');
      const files = paths.map((path) => {
        try {
          return { name: path, text: readFileSync(path, 'utf8') };
        } catch (e) {
          throw new UsageError(`${path}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
        }
      });
      let csv: string;
      try {
        csv = mergeRankCsvs(files);
      } catch (e) {
        if (e instanceof RankMergeError) throw new UsageError(`rank merge: ${e.message}`);
        throw e;
      }
      emit(csv, opts.out);
    });
}

/** serve: the HTTP API and the page. */
function addServeCommand(program: Command): void {
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
      const { limitsFromEnv } = await import('../api/limits-env.ts');
      const { limits, errors } = limitsFromEnv();
      if (errors.length > 0) throw new UsageError(errors.join('\n'));
      const store = await openCliStore('server');
      const { dataDirOf, storeTagOf } = await import('../store/operator.ts');
      const running = await startServer({
        port,
        host: opts.host,
        store,
        limits,
        trustProxy: process.env.GOLDMAPS_TRUST_PROXY,
        operator: { dir: dataDirOf(), store: storeTagOf() },
      });
      const stop = (signal: string) => {
        process.stderr.write(`goldmaps: ${signal}, finishing in-flight requests\n`);
        void running
          .close()
          .then(() => store.close())
          .then(() => process.exit(0));
      };
      process.once('SIGTERM', () => stop('SIGTERM'));
      process.once('SIGINT', () => stop('SIGINT'));
      await new Promise(() => {});
    });
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
    // One problem a line, each with the program's name, so a script can read them one by one.
    if (e instanceof InputError) {
      for (const x of e.errors) process.stderr.write(`goldmaps: ${x.field || '(root)'}: ${x.message}\n`);
      return EXIT_USAGE;
    }
    if (e instanceof UsageError) {
      for (const line of e.message.split('\n')) process.stderr.write(`goldmaps: ${line}\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
}

// A reader that stops early (`| head`) closes the pipe: end quietly, as Unix tools do, not with a stack.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(0);
});
process.exitCode = await main(process.argv.slice(2));
