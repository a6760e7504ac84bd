import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { CamelCaseRows } from './camel-case.js';
import { queryingByCallback } from './pg-callback-queries.js';
import { preparingStatements } from './pg-statements.js';
import { reusingStatements } from './sqlite-statements.js';
import type { Database } from './tables.js';
import { transactionAware } from './transaction.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Connection {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Human description for the start-up log, without credentials. */
  describe: string;
}

/**
 * How long a request may wait for the database: a connection (the pool, or SQLite's one connection
 * held by a transaction), a statement, a row lock. Past these it is answered 503, never held.
 */
export const DB_LIMITS = { acquireMs: 10_000, connectMs: 5_000, statementMs: 30_000, lockMs: 10_000, idleInTransactionMs: 60_000, sqliteBusyMs: 5_000 };

/**
 * Opens the database: PostgreSQL when a postgres:// URL is given, else an embedded SQLite file
 * under dataDir. Identifiers are snake_case in the database and camelCase in code.
 */
export async function connect(opts: { databaseUrl?: string; dataDir: string; pgPrepare?: boolean }): Promise<Connection> {
  const plugins = [new CamelCaseRows()];
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pg = (await import('pg')).default;
    // bigint and numeric come back as numbers: our ids are strings, counts and epochs fit in 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    pg.types.setTypeParser(1700, (v: string) => Number(v));
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // A database host that does not answer at all (not merely refusing) must not hold requests for the whole acquire wait.
      connectionTimeoutMillis: DB_LIMITS.connectMs,
      // A peer gone without a word (network cut, failover) is found by TCP keepalive rather than at the next query.
      keepAlive: true,
      statement_timeout: DB_LIMITS.statementMs,
      lock_timeout: DB_LIMITS.lockMs,
      idle_in_transaction_session_timeout: DB_LIMITS.idleInTransactionMs,
    });
    // An idle connection the database ends (restart, failover, a dropped database) must not take the
    // process down: the pool discards it and opens another on the next query.
    pool.on('error', () => undefined);
    queryingByCallback(pool);
    if (opts.pgPrepare ?? true) preparingStatements(pool);
    const db = new Kysely<Database>({ dialect: transactionAware(new PostgresDialect({ pool }), DB_LIMITS.acquireMs), plugins });
    const url = new URL(opts.databaseUrl);
    return { db, dialect: 'postgres', describe: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}` };
  }
  if (opts.databaseUrl) throw new Error(`DATABASE_URL must start with postgres://, got "${opts.databaseUrl.split(':')[0]}:"`);
  const Sqlite = (await import('better-sqlite3')).default;
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'platform.db');
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${DB_LIMITS.sqliteBusyMs}`);
  const db = new Kysely<Database>({ dialect: transactionAware(new SqliteDialect({ database: reusingStatements(sqlite) }), DB_LIMITS.acquireMs), plugins });
  return { db, dialect: 'sqlite', describe: `SQLite ${file}` };
}
