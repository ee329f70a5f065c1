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
  report: r.body,
});

const PLAY_COLUMNS = `p.seq, p.game, p.seed, p.options, p.digest, p.received_at, k.name AS writer, p.body, p.body_digest, p.key_id`;

/**
 * Play reports and writers' keys over either backend. Every statement is parameterised; every
 * write is one statement, so nothing is acknowledged before it is committed (and, on PGlite,
 * synced to its files).
 */
export class PlayStore {
  private constructor(
    readonly db: Db,
    private readonly release: () => void,
    readonly where: string,
  ) {}

  static async open(db: Db, { release = () => {}, where = db.backend }: { release?: () => void; where?: string } = {}): Promise<PlayStore> {
    await migrate(db);
    return new PlayStore(db, release, where);
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
  async createKey(name: string, { writesPerMinute = DEFAULT_KEY_WRITES_PER_MINUTE }: { writesPerMinute?: number } = {}): Promise<string> {
    const { id, secret, key } = newKey();
    const { salt, hash } = await hashSecret(secret);
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO keys (id, name, salt, hash, writes_per_minute) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) WHERE revoked_at IS NULL DO NOTHING RETURNING id`,
      [id, name, salt, hash, writesPerMinute],
    );
    if (rows.length === 0) throw new KeyNameTaken(name);
    return key;
  }

  async listKeys(): Promise<KeyInfo[]> {
    const rows = await this.db.query<{ id: string; name: string; created_at: Date; revoked_at: Date | null; writes_per_minute: number }>(
      `SELECT id, name, created_at, revoked_at, writes_per_minute FROM keys ORDER BY name, created_at, id`,
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: iso(r.created_at),
      ...(r.revoked_at ? { revokedAt: iso(r.revoked_at) } : {}),
      writesPerMinute: r.writes_per_minute,
    }));
  }

  /** Revokes the live key of `name`; how many were revoked (0 or 1). */
  async revokeKey(name: string): Promise<number> {
    const rows = await this.db.query(`UPDATE keys SET revoked_at = now() WHERE name = $1 AND revoked_at IS NULL RETURNING id`, [name]);
    return rows.length;
  }

  async liveKeyId(name: string): Promise<string | undefined> {
    const rows = await this.db.query<{ id: string }>(`SELECT id FROM keys WHERE name = $1 AND revoked_at IS NULL`, [name]);
    return rows[0]?.id;
  }

  /** The live key a presented key is, or undefined (malformed, unknown, wrong or revoked alike). */
  async authenticate(presented: string): Promise<Writer | undefined> {
    const parsed = parseKey(presented);
    const id = parsed?.id ?? '0'.repeat(16);
    const rows = parsed
      ? await this.db.query<{ name: string; salt: string; hash: string; writes_per_minute: number }>(
          `SELECT name, salt, hash, writes_per_minute FROM keys WHERE id = $1 AND revoked_at IS NULL`,
          [id],
        )
      : [];
    const row = rows[0];
    const ok = await secretMatches(id, parsed?.secret ?? '', row);
    return ok && row ? { id, name: row.name, writesPerMinute: row.writes_per_minute } : undefined;
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
    const inserted = await this.db.query<{ seq: number; received_at: Date | string }>(
      `INSERT INTO plays (game, digest, seed, options, report_id, key_id, players, rounds, measure, bot_measure, bot_difficulty, body, body_digest, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, COALESCE($14::timestamptz, now()))
       ON CONFLICT (game, digest, report_id) DO NOTHING RETURNING seq, received_at`,
      [
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
      ],
    );
    const made = inserted[0];
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

  /** A map's reports, oldest first. */
  async playsOf(game: string, digest: string): Promise<StoredPlay[]> {
    const rows = await this.db.query<PlayRow>(
      `SELECT ${PLAY_COLUMNS} FROM plays p LEFT JOIN keys k ON k.id = p.key_id WHERE p.game = $1 AND p.digest = $2 ORDER BY p.seq`,
      [game, digest],
    );
    return rows.map(toPlay);
  }

  /** Every report of a game and table size that gives the table's measure: what the as-played model is fitted on. */
  async table(game: string, players: number): Promise<TableRow[]> {
    const rows = await this.db.query<{ digest: string; bot_measure: number; measure: number }>(
      `SELECT digest, bot_measure, measure FROM plays WHERE game = $1 AND players = $2 AND measure IS NOT NULL ORDER BY digest, seq`,
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
   * A tag that changes whenever a game's reports do: seq only grows and rows are never updated,
   * so (count, highest seq) is the same only for the same set of rows.
   */
  async state(game: string): Promise<string> {
    const [row] = await this.db.query<{ n: number; top: number }>(
      `SELECT count(*)::integer AS n, COALESCE(max(seq), 0)::integer AS top FROM plays WHERE game = $1`,
      [game],
    );
    return `${row!.n}.${row!.top}`;
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
