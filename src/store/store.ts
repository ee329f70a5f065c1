import type { PlayReport } from '../core/plays.ts';
import type { Db } from './db.ts';
import { DEFAULT_KEY_WRITES_PER_MINUTE, hashSecret, newKey, parseKey, secretMatches } from './keys.ts';
import { migrate } from './migrations.ts';

/** A report as stored: where it was played, when it arrived, and the body as the client sent it. */
export interface StoredPlay {
  seq: number;
  game: string;
  seed: string;
  options: Record<string, unknown>;
  digest: string;
  receivedAt: string;
  /** The name of the key that wrote it (absent: added from the CLI or imported). */
  writer?: string;
  /** That key's id and whether it is a club's (for the leaderboard's one entry a key a day). */
  keyId?: string;
  club?: boolean;
  report: PlayReport;
}

/** What the service stores with a report beside its body: what it measured and what the bots predicted. */
export interface NewPlay {
  game: string;
  seed: string;
  options: Record<string, unknown>;
  digest: string;
  report: PlayReport;
  bodyDigest: string;
  measure: number | undefined;
  botMeasure: number;
  botDifficulty: number;
  keyId?: string;
  /** The name of that key, to show with the stored report. */
  writer?: string;
  receivedAt?: string;
}

export interface TableRow {
  digest: string;
  botMeasure: number;
  measure: number;
}

export interface KeyInfo {
  id: string;
  name: string;
  createdAt: string;
  revokedAt?: string;
  writesPerMinute: number;
  club: boolean;
  /** Since when its reports are withdrawn from summaries, leaderboards and calibration. */
  withdrawnAt?: string;
}

/** What a revocation did: whether the key was live until now, and how many reports it withdrew. */
export interface Revoked {
  id: string;
  name: string;
  wasLive: boolean;
  withdrawn: number;
}

/** A live key, as a write presented it. */
export interface Writer {
  id: string;
  name: string;
  writesPerMinute: number;
}

interface PlayRow {
  seq: number;
  game: string;
  seed: string;
  options: Record<string, unknown>;
  digest: string;
  received_at: Date | string;
  writer: string | null;
  body: PlayReport;
  body_digest: string;
  key_id: string | null;
  club: boolean | null;
}

const iso = (t: Date | string) => new Date(t).toISOString();

const toPlay = (r: PlayRow): StoredPlay => ({
  seq: r.seq,
  game: r.game,
  seed: r.seed,
  options: r.options,
  digest: r.digest,
  receivedAt: iso(r.received_at),
  ...(r.writer ? { writer: r.writer } : {}),
  ...(r.key_id ? { keyId: r.key_id, club: r.club === true } : {}),
  report: r.body,
});

const PLAY_COLUMNS = `p.seq, p.game, p.seed, p.options, p.digest, p.received_at, k.name AS writer, p.body, p.body_digest, p.key_id, k.club`;
/** The reports that count: every one but those of a key whose reports are withdrawn. */
const COUNTED = 'k.withdrawn_at IS NULL';

/** A report's columns in the INSERT, in order; one row's parameters are numbered from 1 + 14·i. */
const INSERT_COLUMNS =
  'game, digest, seed, options, report_id, key_id, players, rounds, measure, bot_measure, bot_difficulty, body, body_digest, received_at';
const PER_ROW = 14;
/** Rows one INSERT takes at most: 3,584 parameters, well under the protocol's 65,535. */
const MAX_BATCH = 256;

const rowParams = (p: NewPlay): unknown[] => [
  p.game,
  p.digest,
  p.seed,
  JSON.stringify(p.options),
  p.report.reportId,
  p.keyId ?? null,
  p.report.players,
  p.report.rounds,
  p.measure ?? null,
  p.botMeasure,
  p.botDifficulty,
  JSON.stringify(p.report),
  p.bodyDigest,
  p.receivedAt ?? null,
];

const rowValues = (i: number) => {
  const n = (k: number) => `$${i * PER_ROW + k}`;
  const plain = Array.from({ length: PER_ROW - 1 }, (_, k) => n(k + 1)).join(', ');
  return `(${plain}, COALESCE(${n(PER_ROW)}::timestamptz, now()))`;
};

const playKey = (game: string, digest: string, reportId: string) => `${game}\u0000${digest}\u0000${reportId}`;

interface Inserted {
  seq: number;
  received_at: Date | string;
}

interface Waiting {
  play: NewPlay;
  key: string;
  resolve(row: Inserted | undefined): void;
  reject(e: unknown): void;
}

/** How long a key's row is trusted without reading it again: a revocation elsewhere takes effect within this. */
export const KEY_CACHE_MILLIS = 5_000;
const KEY_CACHE_MAX = 10_000;

interface KeyRow {
  name: string;
  salt: string;
  hash: string;
  writes_per_minute: number;
}

export interface StoreOptions {
  release?: () => void;
  where?: string;
  /** How long a live key's row is kept (0: read on every write). */
  keyCacheMillis?: number;
  /**
   * How many report INSERTs may be in flight at once (PGlite runs one statement at a time anyway).
   * Two on PostgreSQL: fewer statements in flight make larger batches, which cost PostgreSQL less
   * CPU a report (~73 against ~82 µs); two beat four in all 8 interleaved pairs, by 3–19%
   * (docs/studies/report-ingestion.md).
   */
  insertsInFlight?: number;
}

/**
 * Play reports and writers' keys over either backend. Every statement is parameterised; every
 * write is one statement, so nothing is acknowledged before it is committed (and, on PGlite,
 * synced to its files).
 *
 * Reports are written by group commit: while an INSERT is in flight, the reports that arrive
 * wait, and the next INSERT writes all of them (up to MAX_BATCH) as one statement, one commit.
 * Each caller is answered only once that statement has committed; a lone report waits one turn
 * of the event loop and no more. A statement that fails is retried row by row, so one bad row
 * fails only its own write.
 */
export class PlayStore {
  private readonly keyRows = new Map<string, { row: KeyRow; until: number }>();
  private readonly queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly keyCacheMillis: number;
  private readonly insertsInFlight: number;

  private constructor(
    readonly db: Db,
    private readonly release: () => void,
    readonly where: string,
    { keyCacheMillis = KEY_CACHE_MILLIS, insertsInFlight = db.backend === 'pglite' ? 1 : 2 }: StoreOptions,
  ) {
    this.keyCacheMillis = keyCacheMillis;
    this.insertsInFlight = insertsInFlight;
  }

  static async open(db: Db, { release = () => {}, where = db.backend, ...tuning }: StoreOptions = {}): Promise<PlayStore> {
    await migrate(db);
    return new PlayStore(db, release, where, tuning);
  }

  get backend(): Db['backend'] {
    return this.db.backend;
  }

  async close(): Promise<void> {
    try {
      await this.db.close();
    } finally {
      this.release();
    }
  }

  async ready(): Promise<void> {
    await this.db.query('SELECT 1');
  }

  /** A new key for `name`, returned once: only its salted hash is kept. */
  async createKey(
    name: string,
    { writesPerMinute = DEFAULT_KEY_WRITES_PER_MINUTE, club = false }: { writesPerMinute?: number; club?: boolean } = {},
  ): Promise<string> {
    const { id, secret, key } = newKey();
    const { salt, hash } = await hashSecret(secret);
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO keys (id, name, salt, hash, writes_per_minute, club) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name) WHERE revoked_at IS NULL DO NOTHING RETURNING id`,
      [id, name, salt, hash, writesPerMinute, club],
    );
    if (rows.length === 0) throw new KeyNameTaken(name);
    return key;
  }

  async listKeys(): Promise<KeyInfo[]> {
    const rows = await this.db.query<{
      id: string;
      name: string;
      created_at: Date;
      revoked_at: Date | null;
      writes_per_minute: number;
      club: boolean;
      withdrawn_at: Date | null;
    }>(`SELECT id, name, created_at, revoked_at, writes_per_minute, club, withdrawn_at FROM keys ORDER BY name, created_at, id`);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: iso(r.created_at),
      ...(r.revoked_at ? { revokedAt: iso(r.revoked_at) } : {}),
      writesPerMinute: r.writes_per_minute,
      club: r.club,
      ...(r.withdrawn_at ? { withdrawnAt: iso(r.withdrawn_at) } : {}),
    }));
  }

  /**
   * Revokes a key, by id (live or not) or the live key of a name (a string is a name), and with `withdrawReports`
   * withdraws its reports from summaries, leaderboards and calibration (they stay stored:
   * restoreReports brings them back). Undefined when no such key. This process stops trusting
   * the key at once; another process sharing a PostgreSQL within KEY_CACHE_MILLIS.
   */
  async revokeKey(which: string | { id: string } | { name: string }, { withdrawReports = false } = {}): Promise<Revoked | undefined> {
    const [where, param] =
      typeof which === 'string'
        ? ['name = $1 AND revoked_at IS NULL', which]
        : 'id' in which
          ? ['id = $1', which.id]
          : ['name = $1 AND revoked_at IS NULL', which.name];
    const rows = await this.db.query<{ id: string; name: string; was_live: boolean }>(
      `WITH old AS (SELECT id, revoked_at, withdrawn_at FROM keys WHERE ${where} FOR UPDATE)
       UPDATE keys k SET
         revoked_at = COALESCE(k.revoked_at, now()),
         withdrawn_at = CASE WHEN $2 THEN COALESCE(k.withdrawn_at, now()) ELSE k.withdrawn_at END,
         withdrawals = k.withdrawals + CASE WHEN $2 AND old.withdrawn_at IS NULL THEN 1 ELSE 0 END
       FROM old WHERE k.id = old.id
       RETURNING k.id, k.name, old.revoked_at IS NULL AS was_live`,
      [param, withdrawReports],
    );
    const row = rows[0];
    if (!row) return undefined;
    this.keyRows.delete(row.id);
    return { id: row.id, name: row.name, wasLive: row.was_live, withdrawn: withdrawReports ? await this.reportsOf(row.id) : 0 };
  }

  /** Counts a key's withdrawn reports again: how many, or 'missing' / 'not-withdrawn'. */
  async restoreReports(id: string): Promise<{ name: string; restored: number } | 'missing' | 'not-withdrawn'> {
    const rows = await this.db.query<{ name: string }>(
      `UPDATE keys SET withdrawn_at = NULL, withdrawals = withdrawals + 1 WHERE id = $1 AND withdrawn_at IS NOT NULL RETURNING name`,
      [id],
    );
    if (rows[0]) return { name: rows[0].name, restored: await this.reportsOf(id) };
    const there = await this.db.query(`SELECT id FROM keys WHERE id = $1`, [id]);
    return there.length > 0 ? 'not-withdrawn' : 'missing';
  }

  private async reportsOf(keyId: string): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM plays WHERE key_id = $1`, [keyId]);
    return row!.n;
  }

  async liveKeyId(name: string): Promise<string | undefined> {
    const rows = await this.db.query<{ id: string }>(`SELECT id FROM keys WHERE name = $1 AND revoked_at IS NULL`, [name]);
    return rows[0]?.id;
  }

  /** The live key a presented key is, or undefined (malformed, unknown, wrong or revoked alike). */
  async authenticate(presented: string): Promise<Writer | undefined> {
    const parsed = parseKey(presented);
    const id = parsed?.id ?? '0'.repeat(16);
    const row = parsed ? await this.keyRow(id) : undefined;
    const ok = await secretMatches(id, parsed?.secret ?? '', row);
    return ok && row ? { id, name: row.name, writesPerMinute: row.writes_per_minute } : undefined;
  }

  /**
   * A live key's row, read at most once every keyCacheMillis: on PGlite that read cost two
   * INSERTs' worth (docs/performance.md). Only live keys are kept, so a key made a moment ago
   * is found at once; unknown ids are read every time (and pay a full scrypt all the same).
   */
  private async keyRow(id: string): Promise<KeyRow | undefined> {
    const now = performance.now();
    const kept = this.keyRows.get(id);
    if (kept && kept.until > now) return kept.row;
    const [row] = await this.db.query<KeyRow>(`SELECT name, salt, hash, writes_per_minute FROM keys WHERE id = $1 AND revoked_at IS NULL`, [
      id,
    ]);
    this.keyRows.delete(id);
    if (row && this.keyCacheMillis > 0) {
      if (this.keyRows.size >= KEY_CACHE_MAX) this.keyRows.delete(this.keyRows.keys().next().value as string);
      this.keyRows.set(id, { row, until: now + this.keyCacheMillis });
    }
    return row;
  }

  /**
   * Stores a report unless the map already has one of that reportId: `same` when the stored one
   * has the same body (a client's retry), `conflict` when it differs.
   */
  async addPlay(p: NewPlay): Promise<{ outcome: 'created' | 'same' | 'conflict'; play: StoredPlay }> {
    // The row that stopped the insert can be deleted before it is read: then the insert is tried again.
    for (;;) {
      const out = await this.tryAddPlay(p);
      if (out) return out;
    }
  }

  private async tryAddPlay(p: NewPlay): Promise<{ outcome: 'created' | 'same' | 'conflict'; play: StoredPlay } | undefined> {
    const made = await this.insert(p);
    // The common case answers from what it wrote; only a repeated reportId reads what is there.
    if (made)
      return {
        outcome: 'created',
        play: {
          seq: made.seq,
          game: p.game,
          seed: p.seed,
          options: p.options,
          digest: p.digest,
          receivedAt: iso(made.received_at),
          ...(p.writer ? { writer: p.writer } : {}),
          report: p.report,
        },
      };
    const rows = await this.db.query<PlayRow>(
      `SELECT ${PLAY_COLUMNS} FROM plays p LEFT JOIN keys k ON k.id = p.key_id WHERE p.game = $1 AND p.digest = $2 AND p.report_id = $3`,
      [p.game, p.digest, p.report.reportId],
    );
    const row = rows[0];
    if (!row) return undefined;
    return { outcome: row.body_digest === p.bodyDigest ? 'same' : 'conflict', play: toPlay(row) };
  }

  /** The row `p` made once the INSERT holding it has committed, or undefined when its reportId was taken. */
  private insert(play: NewPlay): Promise<Inserted | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ play, key: playKey(play.game, play.digest, play.report.reportId), resolve, reject });
      this.pump();
    });
  }

  /** Starts the next INSERT on the next turn of the event loop, when one may be in flight. */
  private pump(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= this.insertsInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.queue.length === 0 || this.inFlight >= this.insertsInFlight) return;
      // One statement cannot say which of two rows with one reportId it kept: a repeat waits.
      const batch: Waiting[] = [];
      const keys = new Set<string>();
      for (let i = 0; i < this.queue.length && batch.length < MAX_BATCH; ) {
        const w = this.queue[i]!;
        if (keys.has(w.key)) i++;
        else {
          keys.add(w.key);
          batch.push(w);
          this.queue.splice(i, 1);
        }
      }
      this.inFlight++;
      void this.write(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
      this.pump();
    });
  }

  private async write(batch: Waiting[]): Promise<void> {
    let rows: Array<Inserted & { game: string; digest: string; report_id: string }>;
    try {
      rows = await this.db.query(
        `INSERT INTO plays (${INSERT_COLUMNS}) VALUES ${batch.map((_, i) => rowValues(i)).join(', ')}
         ON CONFLICT (game, digest, report_id) DO NOTHING RETURNING seq, received_at, game, digest, report_id`,
        batch.flatMap((w) => rowParams(w.play)),
        // One text per batch size, written thousands of times a minute under load.
        { prepared: true },
      );
    } catch (e) {
      if (batch.length === 1) batch[0]!.reject(e);
      // Nothing of a failed statement committed: each row alone, so only a bad one fails.
      else await Promise.all(batch.map((w) => this.write([w])));
      return;
    }
    const made = new Map(rows.map((r) => [playKey(r.game, r.digest, r.report_id), r]));
    for (const w of batch) w.resolve(made.get(w.key));
  }

  /** Deletes a report written by `keyId`: `missing` when there is none, `forbidden` when another key wrote it. */
  async deletePlay(game: string, digest: string, reportId: string, keyId: string): Promise<'deleted' | 'missing' | 'forbidden'> {
    const gone = await this.db.query(`DELETE FROM plays WHERE game = $1 AND digest = $2 AND report_id = $3 AND key_id = $4 RETURNING seq`, [
      game,
      digest,
      reportId,
      keyId,
    ]);
    if (gone.length > 0) return 'deleted';
    const there = await this.db.query(`SELECT seq FROM plays WHERE game = $1 AND digest = $2 AND report_id = $3`, [game, digest, reportId]);
    return there.length > 0 ? 'forbidden' : 'missing';
  }

  /** A map's reports that count (none of a key whose reports are withdrawn), oldest first. */
  async playsOf(game: string, digest: string): Promise<StoredPlay[]> {
    const rows = await this.db.query<PlayRow>(
      `SELECT ${PLAY_COLUMNS} FROM plays p LEFT JOIN keys k ON k.id = p.key_id WHERE p.game = $1 AND p.digest = $2 AND ${COUNTED} ORDER BY p.seq`,
      [game, digest],
    );
    return rows.map(toPlay);
  }

  /** Every counted report of a game and table size that gives the table's measure: what the as-played model is fitted on. */
  async table(game: string, players: number): Promise<TableRow[]> {
    const rows = await this.db.query<{ digest: string; bot_measure: number; measure: number }>(
      `SELECT p.digest, p.bot_measure, p.measure FROM plays p LEFT JOIN keys k ON k.id = p.key_id
       WHERE p.game = $1 AND p.players = $2 AND p.measure IS NOT NULL AND ${COUNTED} ORDER BY p.digest, p.seq`,
      [game, players],
    );
    return rows.map((r) => ({ digest: r.digest, botMeasure: r.bot_measure, measure: r.measure }));
  }

  /** The table sizes a game has reports for. */
  async tableSizes(game: string): Promise<number[]> {
    const rows = await this.db.query<{ players: number }>(`SELECT DISTINCT players FROM plays WHERE game = $1 ORDER BY players`, [game]);
    return rows.map((r) => r.players);
  }

  /**
   * A tag that changes whenever the reports that count do: seq only grows and report rows are
   * never updated, so (count, highest seq) is the same only for the same set of rows; every
   * withdrawal and restoration adds one to the keys' withdrawals.
   */
  async state(game: string): Promise<string> {
    const [row] = await this.db.query<{ n: number; top: number; w: number }>(
      `SELECT count(*)::integer AS n, COALESCE(max(seq), 0)::integer AS top,
         (SELECT COALESCE(sum(withdrawals), 0)::integer FROM keys) AS w FROM plays WHERE game = $1`,
      [game],
    );
    return `${row!.n}.${row!.top}.${row!.w}`;
  }

  /** Every report in arrival order, a page at a time (for export). */
  async *allPlays(page = 500): AsyncGenerator<StoredPlay> {
    let after = 0;
    for (;;) {
      const rows = await this.db.query<PlayRow>(
        `SELECT ${PLAY_COLUMNS} FROM plays p LEFT JOIN keys k ON k.id = p.key_id WHERE p.seq > $1 ORDER BY p.seq LIMIT $2`,
        [after, page],
      );
      for (const r of rows) yield toPlay(r);
      if (rows.length < page) return;
      after = rows[rows.length - 1]!.seq;
    }
  }
}

export class KeyNameTaken extends Error {
  constructor(readonly keyName: string) {
    super(`a live key named "${keyName}" exists; revoke it first (keys revoke --name ${keyName})`);
  }
}
