import { createHash } from 'node:crypto';
import { closeSync, createReadStream, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { check, schemaById, type FieldError } from '../core/schema.ts';
import { MIGRATIONS } from './migrations.ts';
import type { PlayStore } from './store.ts';

/**
 * A backup is JSON lines (schemas/store/backup.json, docs/store.md): a header, the keys, the
 * play reports in arrival order, and an end line with the counts and a SHA-256 of every byte
 * before it, so a file cut short or edited is refused whole. Rows are written column by column,
 * as the tables hold them, so one file restores into either backend and a restore gives the same
 * seq, arrival times and writers, hence the same summaries and ETags. Keys are salted hashes
 * only, so restored keys keep working and the file holds nothing a client could present.
 */
export const BACKUP_FORMAT = 'goldmaps-store-backup';
export const BACKUP_VERSION = 1;

const SCHEMA_ID = 'https://goldmaps.dev/schemas/store/backup.json';
const LINE = schemaById(SCHEMA_ID);
const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
/** Any number, the same in every replica: "gm" "bk". A backup is one snapshot, a restore one transaction. */
const BACKUP_LOCK = 0x676d626b;

type Row = Record<string, unknown>;
type Line = { header: Row } | { key: Row } | { play: Row } | { end: { keys: number; plays: number; sha256: string } };

export class BackupInvalid extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => `${e.field}: ${e.message}`).join('; '));
  }
}

export class StoreNotEmpty extends Error {}

/** A row as JSON: times as ISO strings, JSON columns as they are. */
const plain = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

function checked(line: unknown, where: string): Line {
  const c = check<Line>(LINE, line);
  if (!c.ok) throw new BackupInvalid(c.errors.map((e) => ({ field: e.field ? `${where}: ${e.field}` : where, message: e.message })));
  return c.value;
}

/**
 * Writes every key and report to `file` from one read-only snapshot, through a temporary file
 * renamed into place once synced: `file` is a whole backup or untouched, never half of one.
 * Each line is checked against the schema as it is written, so a backup restore would refuse is
 * never made (a new column needs its place in schemas/store/backup.json first).
 */
export async function writeBackup(store: PlayStore, file: string, now = new Date()): Promise<{ keys: number; plays: number }> {
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  const hash = createHash('sha256');
  const counts = { keys: 0, plays: 0 };
  let n = 0;
  const put = (line: Line) => {
    n++;
    checked(line, `line ${n}`);
    const text = `${JSON.stringify(line)}\n`;
    hash.update(text);
    writeSync(fd, text);
  };
  try {
    await store.db.exclusive(
      BACKUP_LOCK,
      async (query) => {
        put({
          header: {
            format: BACKUP_FORMAT,
            version: BACKUP_VERSION,
            schema: SCHEMA_VERSION,
            backend: store.backend,
            createdAt: now.toISOString(),
          },
        });
        for (const key of await query<Row>('SELECT * FROM keys ORDER BY created_at, id')) {
          put({ key: plain(key) });
          counts.keys++;
        }
        for (let after = 0; ; ) {
          const rows = await query<Row>('SELECT * FROM plays WHERE seq > $1 ORDER BY seq LIMIT 500', [after]);
          for (const play of rows) put({ play: plain(play) });
          counts.plays += rows.length;
          if (rows.length < 500) break;
          after = rows[rows.length - 1]!.seq as number;
        }
      },
      { snapshot: true },
    );
    writeSync(fd, `${JSON.stringify({ end: { ...counts, sha256: hash.digest('hex') } })}\n`);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, file);
    return counts;
  } catch (e) {
    closeSync(fd);
    rmSync(partial, { force: true });
    throw e;
  }
}

/** Reads and checks a whole backup before anything is stored: every line, the cross-references, the end line. */
async function* linesOf(file: string): AsyncGenerator<{ n: number; text: string }> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let n = 0;
  for await (const text of lines) yield { n: ++n, text };
}

export async function verifyBackup(file: string): Promise<{ keys: number; plays: number; schema: number }> {
  const hash = createHash('sha256');
  const keyIds = new Set<string>();
  const reports = new Set<string>();
  let header: Row | undefined;
  let end: { keys: number; plays: number; sha256: string } | undefined;
  let plays = 0;
  let lastSeq = 0;
  const fail = (where: string, message: string): never => {
    throw new BackupInvalid([{ field: where, message }]);
  };
  for await (const { n, text } of linesOf(file)) {
    const where = `line ${n}`;
    if (end) fail(where, 'follows the end line (two backups in one file?)');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      fail(where, 'is not JSON');
    }
    const line = checked(raw, where);
    if ('end' in line) {
      end = line.end;
      continue;
    }
    hash.update(`${text}\n`);
    if ('header' in line) {
      if (n !== 1) fail(where, 'is a second header');
      header = line.header;
      if ((header.schema as number) > SCHEMA_VERSION)
        fail(
          `${where}: header.schema`,
          `is ${String(header.schema)}, but this goldmaps knows migrations up to ${SCHEMA_VERSION}: restore it with a newer goldmaps`,
        );
      continue;
    }
    if (!header) fail(where, 'comes before the header (not a goldmaps backup?)');
    if ('key' in line) {
      if (plays > 0) fail(where, 'is a key after the reports');
      const id = line.key.id as string;
      if (keyIds.has(id)) fail(`${where}: key.id`, `repeats key ${id}`);
      keyIds.add(id);
      continue;
    }
    const play = line.play;
    const seq = play.seq as number;
    if (seq <= lastSeq) fail(`${where}: play.seq`, `is ${seq}, not after ${lastSeq} (reports are in arrival order)`);
    lastSeq = seq;
    if ((play.body as { reportId: string }).reportId !== play.report_id)
      fail(`${where}: play.body.reportId`, 'differs from play.report_id');
    if (play.key_id !== null && !keyIds.has(play.key_id as string))
      fail(`${where}: play.key_id`, `names key ${String(play.key_id)}, which the backup does not hold`);
    const id = JSON.stringify([play.game, play.digest, play.report_id]);
    if (reports.has(id)) fail(`${where}: play.report_id`, `repeats report "${String(play.report_id)}" of one map`);
    reports.add(id);
    plays++;
  }
  if (!header) fail(file, 'is empty');
  if (!end) fail(file, 'has no end line: cut short?');
  if (end!.keys !== keyIds.size || end!.plays !== plays)
    fail('end', `says ${end!.keys} keys and ${end!.plays} reports, the file holds ${keyIds.size} and ${plays}: cut short?`);
  if (end!.sha256 !== hash.digest('hex')) fail('end.sha256', 'does not match the lines before it: the file was changed or damaged');
  return { keys: keyIds.size, plays, schema: header!.schema as number };
}

/** Columns as written by writeBackup and allowed by the schema: the only names put into SQL. */
const COLUMNS = {
  keys: Object.keys((LINE.$defs as Record<string, { properties: Row }>).key!.properties),
  plays: Object.keys((LINE.$defs as Record<string, { properties: Row }>).play!.properties),
};

const insertOf = (table: 'keys' | 'plays', columns: string[]) =>
  `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) ${table === 'plays' ? 'OVERRIDING SYSTEM VALUE ' : ''}VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`;

/**
 * Restores a checked backup in one transaction: into an empty store, or with `replace` over what
 * is there. The reports keep their seq and the identity goes on after the highest.
 */
export async function restoreBackup(
  store: PlayStore,
  file: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<{ keys: number; plays: number }> {
  const counts = await verifyBackup(file);
  return store.db.exclusive(BACKUP_LOCK, async (query) => {
    const [held] = await query<{ keys: number; plays: number }>(
      'SELECT (SELECT count(*) FROM keys)::integer AS keys, (SELECT count(*) FROM plays)::integer AS plays',
    );
    if (held!.keys + held!.plays > 0) {
      if (!replace)
        throw new StoreNotEmpty(
          `the store holds ${held!.keys} keys and ${held!.plays} reports; restore into an empty store, or add --replace to drop them first`,
        );
      await query('DELETE FROM plays');
      await query('DELETE FROM keys');
    }
    for await (const { text } of linesOf(file)) {
      const line = JSON.parse(text) as Line;
      const [table, row] =
        'key' in line ? (['keys', line.key] as const) : 'play' in line ? (['plays', line.play] as const) : [undefined, undefined];
      if (!table) continue;
      const columns = COLUMNS[table].filter((c) => c in row);
      await query(
        insertOf(table, columns),
        columns.map((c) => (row[c] !== null && typeof row[c] === 'object' ? JSON.stringify(row[c]) : row[c])),
      );
    }
    await query(
      `SELECT setval(pg_get_serial_sequence('plays', 'seq'), GREATEST(COALESCE(max(seq), 0), 1), max(seq) IS NOT NULL) FROM plays`,
    );
    return { keys: counts.keys, plays: counts.plays };
  });
}
