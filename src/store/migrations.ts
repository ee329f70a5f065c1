import type { Db } from './db.ts';

/**
 * The schema, as numbered steps applied in order and recorded in schema_migrations. A step once
 * released is never edited: a change is a new step. The same SQL runs on PGlite and PostgreSQL.
 */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: readonly string[] }> = [
  {
    version: 1,
    name: 'keys and play reports',
    sql: [
      `CREATE TABLE keys (
        id text PRIMARY KEY CHECK (length(id) <= 32),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
        salt text NOT NULL,
        hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`,
      // A club has one live key at a time; a revoked name may be given a new one.
      `CREATE UNIQUE INDEX keys_live_name ON keys (name) WHERE revoked_at IS NULL`,
      `CREATE TABLE plays (
        seq integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        game text NOT NULL CHECK (length(game) <= 64),
        digest text NOT NULL CHECK (length(digest) <= 80),
        seed text NOT NULL CHECK (length(seed) <= 512),
        options jsonb NOT NULL,
        report_id text NOT NULL CHECK (length(report_id) <= 64),
        key_id text REFERENCES keys (id),
        players integer NOT NULL,
        rounds integer NOT NULL,
        measure double precision,
        bot_measure double precision NOT NULL,
        bot_difficulty integer NOT NULL,
        body jsonb NOT NULL,
        body_digest text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (game, digest, report_id)
      )`,
      `CREATE INDEX plays_by_map ON plays (game, digest, seq)`,
      `CREATE INDEX plays_by_table ON plays (game, players)`,
    ],
  },
  {
    version: 2,
    name: "a key's own write rate",
    // Keys made before this step get the default a key gets now (keys.ts DEFAULT_KEY_WRITES_PER_MINUTE).
    sql: [`ALTER TABLE keys ADD COLUMN writes_per_minute integer NOT NULL DEFAULT 60 CHECK (writes_per_minute BETWEEN 1 AND 100000)`],
  },
  {
    version: 3,
    name: "clubs' keys and withdrawn reports",
    sql: [
      // A club's key may put several reports a map a day on a leaderboard; anyone else's, one.
      `ALTER TABLE keys ADD COLUMN club boolean NOT NULL DEFAULT false`,
      // Set while the key's reports are withdrawn from summaries, leaderboards and calibration;
      // the reports stay in plays, so clearing it restores them.
      `ALTER TABLE keys ADD COLUMN withdrawn_at timestamptz`,
      // Counts every withdrawal and restoration: the summaries' tag reads its sum, which changes
      // whenever the set of counted reports does without a row of plays changing.
      `ALTER TABLE keys ADD COLUMN withdrawals integer NOT NULL DEFAULT 0`,
      `CREATE INDEX plays_by_key ON plays (key_id)`,
    ],
  },
];

/** Any number for the advisory lock, the same in every replica: "gm" "pl" in ASCII. */
const MIGRATION_LOCK = 0x676d706c;

/** Applies the steps not yet applied; replicas starting together take turns on the lock. */
export async function migrate(db: Db): Promise<number[]> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  return db.exclusive(MIGRATION_LOCK, async (query) => {
    const done = new Set((await query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const applied: number[] = [];
    for (const step of MIGRATIONS) {
      if (done.has(step.version)) continue;
      for (const sql of step.sql) await query(sql);
      await query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [step.version, step.name]);
      applied.push(step.version);
    }
    return applied;
  });
}
