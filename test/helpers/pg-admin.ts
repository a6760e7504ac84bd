import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Connection used to create and drop one throw-away database per test server. */
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A new database (a copy of `template` when given), and how to drop it. */
export async function createPgDatabase(template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`TEST_DB=postgres but PostgreSQL is not reachable at ${PG_ADMIN_URL} (${(err as Error).message}). `
      + 'Start it with: pg_ctlcluster --skip-systemctl-redirect 15 main start');
  }
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropPgDatabase(name) };
}

export async function dropPgDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

/** A throw-away database with an item table (a, first; b, second) and a one-connection pool on it. */
export interface ItemPool {
  pool: pg.Pool;
  url: string;
  /** Runs `fn` on the pool's connection, given back afterwards. */
  one<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `wrap` sees the pool before its first connection (the wrappers under test register there). */
export async function itemPool(wrap: (pool: pg.Pool) => void): Promise<ItemPool> {
  const database = await createPgDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const setup = new pg.Client({ connectionString: database.url });
  await setup.connect();
  try {
    await setup.query('create table item (id text primary key, title text)');
    await setup.query("insert into item values ('a', 'first'), ('b', 'second')");
  } finally {
    await setup.end();
  }
  wrap(pool);
  return {
    pool,
    url: database.url,
    async one(fn) {
      const c = await pool.connect();
      try { return await fn(c); } finally { c.release(); }
    },
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}
