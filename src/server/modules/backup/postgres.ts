import { spawn } from 'node:child_process';
import type { Client } from 'pg';

/**
 * PostgreSQL's side of a backup and a restore: pg_dump's custom format (-Fc) of a snapshot the
 * row counts are taken in too, and pg_restore of it into an empty database in one transaction.
 * The tools come from PATH (Debian: postgresql-client-NN); pg_dump must be as new as the server.
 */

export interface ToolVersion { text: string; major: number }

/** The password travels in PGPASSWORD, not on the command line where `ps` shows it. */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a client tool to its end; rejects with the tail of what it said on stderr. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err = (err + d).slice(-4000); });
    child.on('error', (e) => reject((e as NodeJS.ErrnoException).code === 'ENOENT'
      ? new Error(`找不到 ${tool}：请安装 PostgreSQL 客户端（Debian/Ubuntu：apt-get install postgresql-client），并让它在 PATH 中`)
      : e));
    child.on('close', (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${tool} 失败（${signal ?? `退出码 ${code}`}）：${err.trim().split('\n').slice(-5).join(' ') || '无输出'}`));
    });
  });
}

/** The major version in `pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)`: 15; 0 when there is none. */
export function majorOf(text: string): number {
  const m = /(?:^|\s)(\d+)(?:\.\d+)*(?=\s|$)/.exec(text);
  return m ? Number(m[1]) : 0;
}

export async function toolVersion(tool: 'pg_dump' | 'pg_restore'): Promise<ToolVersion> {
  const text = (await run(tool, ['--version'])).trim();
  const major = majorOf(text);
  if (!major) throw new Error(`无法识别 ${tool} 的版本：${text}`);
  return { text, major };
}

async function client(url: string): Promise<Client> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await c.connect();
  // Our own session: no time limit on the snapshot kept open while pg_dump reads.
  await c.query('SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0');
  return c;
}

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The database's tables outside the system schemas, as `table` (current schema) or `schema.table`. */
async function tablesOf(c: Client): Promise<{ key: string; sql: string }[]> {
  const { rows } = await c.query<{ schemaname: string; tablename: string; current: boolean }>(
    `SELECT schemaname, tablename, schemaname = current_schema() AS current FROM pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND schemaname NOT LIKE 'pg\\_%' ORDER BY schemaname, tablename`,
  );
  return rows.map((r) => ({ key: r.current ? r.tablename : `${r.schemaname}.${r.tablename}`, sql: `${quote(r.schemaname)}.${quote(r.tablename)}` }));
}

async function describe(c: Client) {
  const tables: Record<string, number> = {};
  for (const t of await tablesOf(c)) tables[t.key] = Number((await c.query(`SELECT count(*) AS n FROM ${t.sql}`)).rows[0].n);
  const migrations = 'sys_migration' in tables
    ? (await c.query<{ name: string }>('SELECT name FROM sys_migration ORDER BY name')).rows.map((r) => r.name)
    : [];
  return { tables, migrations: { count: migrations.length, last: migrations.at(-1) ?? null } };
}

export interface PostgresDump {
  serverVersion: string;
  dumpVersion: string;
  tables: Record<string, number>;
  migrations: { count: number; last: string | null };
}

/**
 * pg_dump -Fc of the database into `target`. A read-only repeatable-read transaction exports its
 * snapshot; pg_dump reads that same snapshot (--snapshot) while the rows are counted in it, so the
 * counts are those of the dump however much is written meanwhile.
 */
export async function dumpPostgres(url: string, target: string): Promise<PostgresDump> {
  const tool = await toolVersion('pg_dump');
  const c = await client(url);
  try {
    const server = (await c.query<{ v: string; num: string }>("SELECT current_setting('server_version') AS v, current_setting('server_version_num') AS num")).rows[0];
    const serverMajor = Math.floor(Number(server.num) / 10000);
    if (tool.major < serverMajor) {
      throw new Error(`pg_dump ${tool.major} 比数据库服务器 ${serverMajor} 旧，无法备份：请安装 postgresql-client-${serverMajor}，并让它的 pg_dump 在 PATH 中排在前面`);
    }
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const snapshot = (await c.query<{ s: string }>('SELECT pg_export_snapshot() AS s')).rows[0].s;
    const { dbname, env } = libpqTarget(url);
    const dump = run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--file=${target}`, `--dbname=${dbname}`], env);
    // Counted while pg_dump reads; its failure is the one reported.
    const counted = describe(c);
    counted.catch(() => undefined);
    await dump;
    const { tables, migrations } = await counted;
    await c.query('COMMIT');
    return { serverVersion: server.v, dumpVersion: tool.text, tables, migrations };
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** The tables a database holds already (a restore writes into an empty one). */
export async function postgresTables(url: string): Promise<string[]> {
  const c = await client(url);
  try {
    return (await tablesOf(c)).map((t) => t.key);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * Restores a pg_dump archive into the database at `url`: with `replace`, the tables, views and
 * sequences there are dropped first (in one transaction); then pg_restore in one transaction, so a
 * failure leaves the database as it was before pg_restore. Ownership and grants are not restored:
 * the objects belong to whoever restores, and the server grants its report role again as it runs.
 * Answers the restored database's row counts.
 */
export async function restorePostgres(url: string, dumpFile: string, opts: { replace: boolean; dumpVersion?: string }): Promise<Record<string, number>> {
  const tool = await toolVersion('pg_restore');
  const dumpMajor = majorOf(opts.dumpVersion ?? '');
  if (dumpMajor && tool.major < dumpMajor) {
    throw new Error(`pg_restore ${tool.major} 比制作备份的 pg_dump ${dumpMajor} 旧：请安装 postgresql-client-${dumpMajor}`);
  }
  if (opts.replace) {
    const c = await client(url);
    try {
      const { rows } = await c.query<{ stmt: string }>(
        `SELECT format('DROP %s IF EXISTS %I.%I CASCADE', CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, n.nspname, c.relname) AS stmt
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
           AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
         ORDER BY c.relkind = 'S', c.relname`,
      );
      await c.query('BEGIN');
      for (const r of rows) await c.query(r.stmt);
      await c.query('COMMIT');
    } finally {
      await c.end().catch(() => undefined);
    }
  }
  const { dbname, env } = libpqTarget(url);
  await run('pg_restore', ['--no-owner', '--no-acl', '--no-comments', '--exit-on-error', '--single-transaction', '--no-password', `--dbname=${dbname}`, dumpFile], env);
  const c = await client(url);
  try {
    return (await describe(c)).tables;
  } finally {
    await c.end().catch(() => undefined);
  }
}
