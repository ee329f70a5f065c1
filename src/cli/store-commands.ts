import { fileURLToPath } from 'node:url';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { canonicalJson } from '../core/canonical.ts';
import type { AnyGameModule } from '../core/game-module.ts';
import { InputError, buildScoredMap } from '../core/maps.ts';
import { findGame, GAMES } from '../games/index.ts';
import { type CalibrateOptions, runProducers } from './producers.ts';
import { dateOf } from '../plays/daily.ts';
import { NoPlays, checkReport, fitFor, playSummary, playsOf, recordPlay, type PlayedMap } from '../plays/service.ts';
import { BackupInvalid, StoreNotEmpty, restoreBackup, verifyBackup, writeBackup } from '../store/backup.ts';
import { DEFAULT_KEY_WRITES_PER_MINUTE, MAX_KEY_WRITES_PER_MINUTE } from '../store/keys.ts';
import { StoreBusy } from '../store/lock.ts';
import { openStore } from '../store/open.ts';
import { ADMIN_PREFIX, runningServer } from '../store/operator.ts';
import { type KeyInfo, KeyNameTaken, type PlayStore, type Revoked, type StoredPlay } from '../store/store.ts';

/** Bad usage, said as the rest of the CLI says it: "goldmaps: <flag>: <message>", exit 2. */
const usage = (field: string, message: string) => new InputError([{ field, message }]);

/** The store the server uses (GOLDMAPS_DATA or DATABASE_URL), refused in one line while a server holds an embedded one. */
export async function openCliStore(role: string): Promise<PlayStore> {
  try {
    return await openStore(role);
  } catch (e) {
    if (e instanceof StoreBusy) throw usage('store', e.message);
    throw e;
  }
}

async function withStore<T>(work: (store: PlayStore) => Promise<T>): Promise<T> {
  const store = await openCliStore('CLI command');
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

const NAME = /^[^\u0000-\u001f\u007f]{1,64}$/;
function clubName(name: string): string {
  if (!NAME.test(name)) throw usage('--name', 'must be 1–64 characters without control characters');
  return name;
}

function gameWithPlays(id: string): AnyGameModule {
  const game = findGame(id);
  if (!game) throw usage('game', `unknown game "${id}" (known: ${GAMES.map((g) => g.id).join(', ')})`);
  try {
    playsOf(game);
  } catch (e) {
    if (e instanceof NoPlays) throw usage('game', e.message);
    throw e;
  }
  return game;
}

function parseOptions(text: string | undefined): unknown {
  if (text === undefined) return {};
  try {
    return JSON.parse(text);
  } catch (e) {
    throw usage('--options', `not valid JSON (${(e as Error).message})`);
  }
}

const mapOf = (game: AnyGameModule, seed: string, options: unknown) => buildScoredMap(game, seed, options) as PlayedMap;

/** One exported line: where the report was played, when it arrived, who wrote it, and its body. */
const exportLine = (p: StoredPlay) =>
  canonicalJson({
    game: p.game,
    seed: p.seed,
    options: p.options,
    digest: p.digest,
    reportId: p.report.reportId,
    receivedAt: p.receivedAt,
    ...(p.writer ? { writer: p.writer } : {}),
    report: p.report,
  });

const csvCell = (v: unknown) => {
  const text = v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const CSV_COLUMNS = [
  'game',
  'seed',
  'options',
  'digest',
  'reportId',
  'receivedAt',
  'writer',
  'players',
  'rounds',
  'winners',
  'perceived',
  'playedOn',
  'seats',
] as const;
const csvLine = (p: StoredPlay) =>
  [
    p.game,
    p.seed,
    p.options,
    p.digest,
    p.report.reportId,
    p.receivedAt,
    p.writer,
    p.report.players,
    p.report.rounds,
    p.report.winners.join(' '),
    p.report.perceived,
    p.report.playedOn,
    p.report.seats,
  ]
    .map(csvCell)
    .join(',');

export function registerStoreCommands(program: Command): void {
  addKeyCommands(program);
  addPlaysCommands(program);
  addBackupCommands(program);
  addCalibrateCommand(program);
}

/** A key command's work, done over a running server's operator route or on the store itself. */
interface KeyAdmin {
  create(name: string, writesPerMinute: number, club: boolean): Promise<string>;
  list(): Promise<KeyInfo[]>;
  revoke(which: { id: string } | { name: string }, withdrawReports: boolean): Promise<Revoked | undefined>;
  restore(id: string): Promise<{ name: string; restored: number } | 'missing' | 'not-withdrawn'>;
}

/** Whether an error is the server not being there (gone since it said it served): then the store is opened directly. */
const unreachable = (e: unknown) =>
  /ECONNREFUSED|ECONNRESET|EHOSTUNREACH/.test(String((e as { cause?: { code?: string } })?.cause?.code ?? (e as Error)?.message));

/** The operator route of the server at `url`, as a KeyAdmin; a refused connection says so with `Unreachable`. */
function overServer(url: string, credential: string): KeyAdmin {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${url}${ADMIN_PREFIX}${path}`, {
      method,
      headers: { authorization: `Bearer ${credential}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    return { status: res.status, answer };
  };
  const refused = (status: number, answer: Record<string, unknown>): never => {
    const errors = answer.errors as Array<{ field: string; message: string }> | undefined;
    if (status === 400 && errors) throw new InputError(errors);
    throw new Error(`the running server answered ${status}: ${String(answer.detail ?? answer.title ?? '')}`);
  };
  return {
    async create(name, writesPerMinute, club) {
      const { status, answer } = await call('POST', '/keys', { name, writesPerMinute, club });
      if (status === 409) throw new KeyNameTaken(name);
      return status === 201 ? (answer.key as string) : refused(status, answer);
    },
    async list() {
      const { status, answer } = await call('GET', '/keys');
      return status === 200 ? (answer.keys as KeyInfo[]) : refused(status, answer);
    },
    async revoke(which, withdrawReports) {
      const { status, answer } = await call('POST', '/keys/revoke', { ...which, withdrawReports });
      if (status === 404) return undefined;
      return status === 200 ? (answer as unknown as Revoked) : refused(status, answer);
    },
    async restore(id) {
      const { status, answer } = await call('POST', '/keys/restore-reports', { id });
      if (status === 404) return 'missing';
      if (status === 409) return 'not-withdrawn';
      return status === 200 ? (answer as { name: string; restored: number }) : refused(status, answer);
    },
  };
}

const onStore = (store: PlayStore): KeyAdmin => ({
  create: (name, writesPerMinute, club) => store.createKey(name, { writesPerMinute, club }),
  list: () => store.listKeys(),
  revoke: (which, withdrawReports) => store.revokeKey(which, { withdrawReports }),
  restore: (id) => store.restoreReports(id),
});

/**
 * Runs a key command through the server that holds the store, when one runs (an embedded
 * directory has one owner, and the server's key cache then forgets a revoked key at once), else
 * on the store directly (docs/store.md#keys-while-serving).
 */
async function withKeys<T>(work: (admin: KeyAdmin) => Promise<T>): Promise<T> {
  let server: ReturnType<typeof runningServer>;
  try {
    server = runningServer();
  } catch (e) {
    throw usage('store', `a server runs on this data directory, but its operator credential cannot be read (${(e as Error).message})`);
  }
  if (server) {
    try {
      const out = await work(overServer(server.url, server.credential));
      process.stderr.write(`goldmaps: done through the running server (pid ${server.pid})\n`);
      return out;
    } catch (e) {
      if (!unreachable(e)) throw e;
    }
  }
  return withStore((store) => work(onStore(store)));
}

const KEY_ID = /^[0-9a-f]{16}$/;

/** keys: writers' keys, made, listed and revoked, and their reports withdrawn and restored. */
function addKeyCommands(program: Command): void {
  const keys = program
    .command('keys')
    .description("writers' keys for play reports (stored as salted hashes, on the server's store; through the server while one runs)");
  keys
    .command('create')
    .description('make a key for a club or client and print it once, alone on the last line of stdout')
    .requiredOption('--name <club>', 'who the key is for (1–64 characters; one live key a name)')
    .option(
      '--writes-per-minute <n>',
      `its writes a minute, a burst of that many at most (1–${MAX_KEY_WRITES_PER_MINUTE}; a game client reporting for many players needs more than a club)`,
      String(DEFAULT_KEY_WRITES_PER_MINUTE),
    )
    .option('--club', "a club's key: all its reports of a map a day may reach the leaderboard (anyone else's: the first only)")
    .action(async (opts: { name: string; writesPerMinute: string; club?: boolean }) => {
      const name = clubName(opts.name);
      const writesPerMinute = Number(opts.writesPerMinute);
      if (!/^\d+$/.test(opts.writesPerMinute) || writesPerMinute < 1 || writesPerMinute > MAX_KEY_WRITES_PER_MINUTE)
        throw usage('--writes-per-minute', `must be a whole number from 1 to ${MAX_KEY_WRITES_PER_MINUTE}`);
      const club = opts.club === true;
      const key = await withKeys(async (admin) => {
        try {
          return await admin.create(name, writesPerMinute, club);
        } catch (e) {
          if (e instanceof KeyNameTaken) throw usage('--name', e.message);
          throw e;
        }
      });
      process.stderr.write(
        `goldmaps: a ${club ? "club's " : ''}key for "${name}" (${writesPerMinute} writes a minute); it is shown this once and only its hash is kept\n`,
      );
      process.stdout.write(`${key}\n`);
    });
  keys
    .command('list')
    .description(
      'the keys: name, id, created, revoked, writes a minute, then "club" and "withdrawn <since>" where they apply (tab-separated; never the key itself)',
    )
    .action(async () => {
      const rows = await withKeys((admin) => admin.list());
      for (const k of rows) {
        const flags = [...(k.club ? ['club'] : []), ...(k.withdrawnAt ? [`withdrawn ${k.withdrawnAt}`] : [])];
        process.stdout.write(`${[k.name, k.id, k.createdAt, k.revokedAt ?? 'live', `${k.writesPerMinute}/min`, ...flags].join('\t')}\n`);
      }
    });
  keys
    .command('revoke')
    .description(
      "revoke a key (by id, or a name's live key): its writes are refused from then on; --withdraw-reports also takes its reports out of summaries, leaderboards and calibration (kept, restorable)",
    )
    .argument('[id]', 'the key id (keys list shows it)')
    .option('--name <club>', 'whose live key (instead of an id)')
    .option('--withdraw-reports', "withdraw the key's reports too (keys restore-reports <id> brings them back)")
    .action(async (id: string | undefined, opts: { name?: string; withdrawReports?: boolean }) => {
      if ((id === undefined) === (opts.name === undefined)) throw usage('id', 'give a key id or --name, one of them');
      if (id !== undefined && !KEY_ID.test(id)) throw usage('id', 'must be 16 hexadecimal digits (keys list shows them)');
      const which = id !== undefined ? { id } : { name: clubName(opts.name!) };
      const done = await withKeys((admin) => admin.revoke(which, opts.withdrawReports === true));
      if (!done) throw id !== undefined ? usage('id', `no key ${id}`) : usage('--name', `no live key named "${opts.name}"`);
      const what = done.wasLive ? `revoked the key of "${done.name}"` : `the key of "${done.name}" was already revoked`;
      const withdrawn = opts.withdrawReports ? `; its ${done.withdrawn} reports are withdrawn (keys restore-reports ${done.id})` : '';
      process.stderr.write(`goldmaps: ${what}${withdrawn}\n`);
    });
  keys
    .command('restore-reports')
    .description("count a revoked key's withdrawn reports again in summaries, leaderboards and calibration (the key stays revoked)")
    .argument('<id>', 'the key id')
    .action(async (id: string) => {
      if (!KEY_ID.test(id)) throw usage('id', 'must be 16 hexadecimal digits (keys list shows them)');
      const done = await withKeys((admin) => admin.restore(id));
      if (done === 'missing') throw usage('id', `no key ${id}`);
      if (done === 'not-withdrawn') throw usage('id', `the reports of key ${id} are not withdrawn`);
      process.stderr.write(`goldmaps: restored the ${done.restored} reports of "${done.name}"\n`);
    });
}

/** plays: reports added, listed, exported and removed. */
function addPlaysCommands(program: Command): void {
  const plays = program.command('plays').description('play reports of games people played, on the same store as the server');
  plays
    .command('add')
    .description('store a report (JSON, from --file or stdin) for a map; print it as stored')
    .argument('<game>', 'game id')
    .requiredOption('--seed <seed>', 'the map its seed')
    .option('--options <json>', "the map's options as JSON")
    .option('--file <report.json>', 'the report (default: stdin)')
    .option('--name <club>', 'file it under this live key (so that key may delete it over HTTP)')
    .action(async (gameId: string, opts: { seed: string; options?: string; file?: string; name?: string }) => {
      const game = gameWithPlays(gameId);
      const map = mapOf(game, opts.seed, parseOptions(opts.options));
      const source = opts.file ?? '(stdin)';
      let body: unknown;
      try {
        body = JSON.parse(readFileSync(opts.file ?? 0, 'utf8'));
      } catch (e) {
        throw usage(source, `not a readable JSON report (${(e as Error).message})`);
      }
      // Today from this machine's clock, as the server reads its own: no game is played tomorrow.
      const checked = checkReport(game, map, body, dateOf(new Date()));
      if (!checked.ok) throw new InputError(checked.errors);
      const out = await withStore(async (store) => {
        const keyId = opts.name === undefined ? undefined : await store.liveKeyId(clubName(opts.name));
        if (opts.name !== undefined && !keyId) throw usage('--name', `no live key named "${opts.name}"`);
        return recordPlay(store, game, map, checked, keyId ? { id: keyId, name: opts.name! } : undefined);
      });
      if (out.outcome === 'conflict')
        throw usage('reportId', `this map already has report "${checked.report.reportId}" with a different body`);
      process.stderr.write(`goldmaps: ${out.outcome === 'created' ? 'stored' : 'already stored, unchanged'}\n`);
      process.stdout.write(`${JSON.stringify(out.play, null, 2)}\n`);
    });
  plays
    .command('list')
    .description("a map's summary as the API answers it (reports, rounds, seats' shares, difficulty as played)")
    .argument('<game>', 'game id')
    .requiredOption('--seed <seed>', 'the map its seed')
    .option('--options <json>', "the map's options as JSON")
    .option('--order <order>', 'recent, or best (adds the leaderboard)', 'recent')
    .action(async (gameId: string, opts: { seed: string; options?: string; order: string }) => {
      const game = gameWithPlays(gameId);
      if (opts.order !== 'recent' && opts.order !== 'best') throw usage('--order', 'must be recent or best');
      const map = mapOf(game, opts.seed, parseOptions(opts.options));
      const summary = await withStore((store) => playSummary(store, game, map, { order: opts.order as 'recent' | 'best' }));
      process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    });
  plays
    .command('export')
    .description('every report, one JSON line each (what import reads), in the order they arrived; or CSV')
    .option('--format <format>', 'jsonl or csv', 'jsonl')
    .action(async (opts: { format: string }) => {
      if (opts.format !== 'jsonl' && opts.format !== 'csv') throw usage('--format', 'must be jsonl or csv');
      await withStore(async (store) => {
        if (opts.format === 'csv') process.stdout.write(`${CSV_COLUMNS.join(',')}\n`);
        for await (const p of store.allPlays()) process.stdout.write(`${opts.format === 'csv' ? csvLine(p) : exportLine(p)}\n`);
      });
    });
  plays
    .command('import')
    .description('read exported JSON lines (a file, or stdin) and store the reports not yet stored; each is checked as a new one')
    .argument('[file]', 'the export (default: stdin)')
    .action(async (file: string | undefined) => {
      if (file !== undefined && !existsSync(file)) throw usage(file, 'no such file');
      const counts = { created: 0, same: 0, conflict: 0 };
      const errors: Array<{ field: string; message: string }> = [];
      await withStore(async (store) => {
        // Made once the store is open: lines read before the loop starts would be lost.
        const lines = createInterface({ input: file ? createReadStream(file) : process.stdin, crlfDelay: Infinity });
        let n = 0;
        for await (const line of lines) {
          n++;
          if (line.trim() === '') continue;
          const at = `line ${n}`;
          let row: { game?: unknown; seed?: unknown; options?: unknown; receivedAt?: unknown; writer?: unknown; report?: unknown };
          try {
            row = JSON.parse(line);
          } catch {
            errors.push({ field: at, message: 'is not JSON' });
            continue;
          }
          const game = typeof row.game === 'string' ? findGame(row.game) : undefined;
          if (!game?.plays || typeof row.seed !== 'string') {
            errors.push({ field: at, message: 'names no known game and seed' });
            continue;
          }
          let map: PlayedMap;
          try {
            map = mapOf(game, row.seed, row.options ?? {});
          } catch (e) {
            errors.push({
              field: at,
              message: e instanceof InputError ? e.errors.map((x) => `${x.field}: ${x.message}`).join('; ') : String(e),
            });
            continue;
          }
          const checked = checkReport(game, map, row.report);
          if (!checked.ok) {
            errors.push(...checked.errors.map((x) => ({ field: `${at}: report.${x.field}`, message: x.message })));
            continue;
          }
          const keyId = typeof row.writer === 'string' ? await store.liveKeyId(row.writer) : undefined;
          const writer = keyId ? { id: keyId, name: row.writer as string } : undefined;
          const receivedAt = typeof row.receivedAt === 'string' && !Number.isNaN(Date.parse(row.receivedAt)) ? row.receivedAt : undefined;
          const { outcome } = await recordPlay(store, game, map, checked, writer, receivedAt);
          counts[outcome]++;
        }
      });
      process.stderr.write(
        `goldmaps: imported ${counts.created} new, ${counts.same} already stored, ${counts.conflict} conflicting with a stored report\n`,
      );
      if (errors.length > 0) throw new InputError(errors);
      if (counts.conflict > 0) process.exitCode = 2;
    });
}

/** store: backup and restore. */
function addBackupCommands(program: Command): void {
  const backups = program.command('store').description('the store as a whole: back it up to a file, restore it from one (either backend)');
  backups
    .command('backup')
    .description('write every key (as its salted hash) and report to FILE, from one consistent snapshot (docs/store.md)')
    .argument('<file>', 'where to write it (replaced whole once complete, never half-written)')
    .action(async (file: string) => {
      const counts = await withStore((store) => writeBackup(store, file));
      process.stderr.write(`goldmaps: backed up ${counts.keys} keys and ${counts.plays} reports to ${file}\n`);
    });
  backups
    .command('restore')
    .description('check FILE whole, then restore it in one transaction into an empty store (or over one, with --replace)')
    .argument('<file>', 'a file goldmaps store backup wrote')
    .option('--replace', 'drop the keys and reports the store holds first')
    .action(async (file: string, opts: { replace?: boolean }) => {
      if (!existsSync(file)) throw usage(file, 'no such file');
      try {
        // Checked before the store is opened: a bad file changes nothing and says where it is bad.
        await verifyBackup(file);
        const counts = await withStore((store) => restoreBackup(store, file, { replace: opts.replace === true }));
        process.stderr.write(`goldmaps: restored ${counts.keys} keys and ${counts.plays} reports from ${file}\n`);
      } catch (e) {
        if (e instanceof BackupInvalid) throw new InputError(e.errors.map((x) => ({ field: `${file}: ${x.field}`, message: x.message })));
        if (e instanceof StoreNotEmpty) throw usage('store', e.message);
        throw e;
      }
    });
}

/** calibrate: a game's producers, or the mapping from play reports. */
function addCalibrateCommand(program: Command): void {
  program
    .command('calibrate')
    .description(
      "rerun a game's calibration: its producers play seeded bot games and rewrite its data/ (all of them, or the steps named); --from-plays fits the tables' reports instead",
    )
    .argument('<game>', 'game id')
    .argument('[steps...]', 'producers to run, by name (default: every one, in order; --list names them)')
    .option('--list', 'name the producers and what each writes, and run none')
    .option(
      '--from-plays',
      "fit the mapping from the bots' predictions to the play reports in the store, and write it as a reviewable fixture with a new version",
    )
    .option('--shard <K/N>', "measure every N-th item of one producer's corpus from the K-th into --out, and fit nothing")
    .option('--merge <files...>', 'fit one producer from the files of all its --shard runs (byte for byte what one machine writes)')
    .option('--out <file>', "with --shard: the shard's file; with --from-plays: where to write (default src/games/<game>/data/plays.json)")
    .action(async (gameId: string, steps: string[], opts: CalibrateOptions & { fromPlays?: boolean }) => {
      if (!opts.fromPlays) return runProducers(gameId, steps, opts);
      const game = gameWithPlays(gameId);
      const out = opts.out ?? fileURLToPath(playsOf(game).calibrationFile);
      const previous = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { version?: string }).version : undefined;
      const number = Number(/-(\d+)$/.exec(previous ?? '')?.[1] ?? 0) + 1;
      const tables = await withStore(async (store) => {
        const sizes = await store.tableSizes(game.id);
        const fitted: Record<string, unknown> = {};
        for (const players of sizes) {
          const f = await fitFor(store, game, players);
          if (f.reports > 0)
            fitted[String(players)] = { a: f.a, b: f.b, tau: f.tau, sigma: f.sigma, maps: f.maps, reports: f.reports, fitted: f.fitted };
        }
        return fitted;
      });
      if (Object.keys(tables).length === 0) throw usage('game', `no reports of ${game.id} with the table's measure yet`);
      const fixture = {
        version: `${game.id}-plays-${number}`,
        game: game.id,
        measure: playsOf(game).measureLabel,
        model: 'tables ≈ a + b · bots (per table size), docs/plays.md',
        tables,
      };
      const { writeFileSync } = await import('node:fs');
      writeFileSync(out, `${JSON.stringify(fixture, null, 2)}\n`);
      process.stderr.write(`goldmaps: wrote ${out} (${fixture.version}); review it and commit it to move the scores\n`);
    });
}
