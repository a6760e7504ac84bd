import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Pool, PoolClient } from 'pg';
import { grantReachColumns, grantReportColumns, REPORT_ROLE, type ReadableTable } from '../../db/report-role.js';
import { ReportSqlError } from './sql-guard.js';
import { personalColumnRefusal, personalTableRefusal } from './sqlite-plan.mjs';

type Row = Record<string, unknown>;

/** A report statement may run this long before it is stopped. */
export const REPORT_TIMEOUT_MS = 10_000;
/** No answer carries more rows than this, paged or not. */
export const REPORT_MAX_ROWS = 10_000;
const TIMEOUT_MESSAGE = `报表查询超时（超过${REPORT_TIMEOUT_MS / 1000}秒），请缩小查询范围`;

/**
 * A declared table: the columns any report may read of it (`columns`), its personal ones (read only
 * within a statement's reach), whether it is personal as a whole, the title of the page whose
 * readers may read those, and its sensitive columns (named in refusals).
 */
export interface TableGrant extends ReadableTable { personal: string[]; whole: boolean; page: string; sensitive: string[] }

/**
 * The tables whose personal columns a statement may read: those of the pages both the report's
 * author and the user running it may read (report-access.ts). Empty: none.
 */
export type Reach = ReadonlySet<string>;
export const NO_REACH: Reach = new Set<string>();

/**
 * Runs checked report SQL, read-only, with a timeout and a row cap. `placeholder(n)` is the
 * dialect's n-th bound parameter.
 */
export interface ReportRunner {
  placeholder(n: number): string;
  /**
   * The column names a statement answers, without reading its rows. Like `rows`, refused (with the
   * table, column and page named) when it reads a personal column outside `reach`.
   */
  columns(sql: string, params: unknown[], reach: Reach): Promise<string[]>;
  rows(sql: string, params: unknown[], reach: Reach): Promise<Row[]>;
  /**
   * Tells the database what reports may read. True when it then keeps everything else out of
   * reach itself (SQLite: each statement's compiled program is checked; PostgreSQL: a role with
   * column grants); else a table holding a sensitive column may not be named in a report at all.
   */
  columnGrants(tables: TableGrant[]): Promise<boolean>;
  close(): Promise<void>;
}

type Answer = { rows?: Row[]; columns?: string[] };

/**
 * SQLite: a worker thread with its own read-only connection; a runaway statement ends with the
 * worker. The worker refuses any statement whose compiled program reads outside `tables`.
 */
export class SqliteReportRunner implements ReportRunner {
  private worker: Worker | null = null;
  private seq = 0;
  private pending = new Map<number, { resolve: (v: Answer) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private tables: TableGrant[] = [];

  constructor(private readonly file: string) {}

  placeholder(): string { return '?'; }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(path.join(import.meta.dirname, 'sqlite-worker.mjs'), { workerData: { file: this.file } });
    worker.on('message', (m: Answer & { id: number; error?: string; refused?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.refused) p.reject(new ReportSqlError(m.refused));
      else if (m.error) p.reject(new ReportSqlError(`报表SQL执行失败: ${m.error}`));
      else p.resolve(m);
    });
    const lost = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, p] of this.pending) { clearTimeout(p.timer); p.reject(err); this.pending.delete(id); }
    };
    worker.on('error', lost);
    worker.on('exit', () => lost(new ReportSqlError('报表查询被中止')));
    worker.unref();
    this.worker = worker;
    // A worker started again after a timeout learns the policy before its first statement.
    worker.postMessage({ id: ++this.seq, op: 'policy', tables: this.tables });
    return worker;
  }

  private ask(op: 'rows' | 'columns' | 'policy', sql: string, params: unknown[], reach: Reach = NO_REACH): Promise<Answer> {
    const worker = this.start();
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ReportSqlError(TIMEOUT_MESSAGE));
        // The statement cannot be interrupted from here: the worker goes, and the next report starts a new one.
        if (this.worker === worker) this.worker = null;
        void worker.terminate();
      }, REPORT_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, op, sql, params, maxRows: REPORT_MAX_ROWS, tables: this.tables, reach: [...reach] });
    });
  }

  async columns(sql: string, params: unknown[], reach: Reach): Promise<string[]> {
    return (await this.ask('columns', sql, params, reach)).columns ?? [];
  }

  async rows(sql: string, params: unknown[], reach: Reach): Promise<Row[]> {
    return (await this.ask('rows', sql, params, reach)).rows ?? [];
  }

  async columnGrants(tables: TableGrant[]): Promise<boolean> {
    this.tables = tables;
    // A worker already running learns the new policy now; the first report starts one that learns it
    // as it starts (a start does not pay for a thread no report may ever use).
    if (this.worker) await this.ask('policy', '', []);
    return true;
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
  }
}

/**
 * PostgreSQL: a small pool of its own, every statement in a READ ONLY transaction with a statement
 * timeout, under a role that may SELECT only the declared, non-sensitive columns of declared tables,
 * and of those only the personal ones of the statement's reach (report-role.ts: one role per reach).
 */
export class PostgresReportRunner implements ReportRunner {
  private grantsKey = '';
  private roleReady: boolean | null = null;
  private tables: TableGrant[] = [];
  /** The role of each reach asked for since the grants last changed, granted once. */
  private reachRoles = new Map<string, Promise<string>>();

  constructor(private readonly pool: Pool) {}

  placeholder(n: number): string { return `$${n}`; }

  /** The role a statement of this reach runs as: REPORT_ROLE, or its reach's role, created and granted on first use. */
  private roleFor(reach: Reach): Promise<string> {
    const tables = this.tables.filter((t) => t.personal.length && reach.has(t.table.toLowerCase())).map((t) => t.table).sort();
    if (!tables.length) return Promise.resolve(REPORT_ROLE);
    const key = tables.join(',');
    let role = this.reachRoles.get(key);
    if (!role) {
      const granted = this.tables;
      role = (async () => {
        const client = await this.pool.connect();
        try {
          return await grantReachColumns(client, tables, granted);
        } finally {
          client.release();
        }
      })();
      role.catch(() => { if (this.reachRoles.get(key) === role) this.reachRoles.delete(key); });
      this.reachRoles.set(key, role);
    }
    return role.catch((e) => { throw new ReportSqlError(`报表查询的数据库角色准备失败: ${(e as Error).message}`); });
  }

  private async inReadOnly<T>(sql: string, params: unknown[], reach: Reach, run: (c: PoolClient) => Promise<T>): Promise<T> {
    const role = this.roleReady ? await this.roleFor(reach) : null;
    const client = await this.pool.connect();
    let refused = false;
    try {
      await client.query('BEGIN TRANSACTION READ ONLY');
      await client.query(`SET LOCAL statement_timeout = ${REPORT_TIMEOUT_MS}`);
      if (role) await client.query(`SET LOCAL ROLE "${role}"`);
      return await run(client);
    } catch (e) {
      const err = e as { code?: string; message?: string };
      if (err.code === '57014') throw new ReportSqlError(TIMEOUT_MESSAGE);
      if (err.code === '42501') refused = true;
      else if (err instanceof ReportSqlError) throw err;
      else throw new ReportSqlError(`报表SQL执行失败: ${err.message ?? String(e)}`);
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      if (!refused) client.release();
    }
    // The role's grants refused it: say which personal column (and whose page) if that was why.
    try {
      throw new ReportSqlError(await this.whyRefused(client, sql, reach) ?? '报表SQL访问了不允许读取的表或字段');
    } finally {
      client.release();
    }
  }

  /**
   * Why the grants refused a statement, as PostgreSQL's parser sees it: the statement is made a
   * temporary view (parsed, never run; rolled back at once), and the columns and tables that view
   * depends on (pg_depend) are those the statement reads — through aliases, subqueries, CTEs and
   * `*` alike. The first personal column, or table personal as a whole, outside the reach is named;
   * undefined when none is (a whole row of a table holding a sensitive column).
   */
  private async whyRefused(client: PoolClient, sql: string, reach: Reach): Promise<string | undefined> {
    let used: { relname: string; attname: string | null }[];
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL statement_timeout = ${REPORT_TIMEOUT_MS}`);
      // Parsed with no more rights than a report has (creating a view reads nothing; TEMP is PUBLIC's).
      if (this.roleReady) await client.query(`SET LOCAL ROLE ${REPORT_ROLE}`);
      // A view takes no parameters: each becomes an untyped NULL, which fits wherever a parameter did.
      await client.query(`CREATE TEMPORARY VIEW cgr_probe AS SELECT 1 AS probe FROM (${withoutParams(sql)}) AS cgr_probe_inner`);
      used = (await client.query(`SELECT c.relname, a.attname FROM pg_depend d
          JOIN pg_rewrite r ON r.oid = d.objid
          JOIN pg_class c ON c.oid = d.refobjid
          LEFT JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid AND d.refobjsubid > 0
        WHERE d.classid = 'pg_rewrite'::regclass AND d.refclassid = 'pg_class'::regclass
          AND r.ev_class = 'pg_temp.cgr_probe'::regclass AND c.relnamespace = current_schema()::regnamespace
        ORDER BY c.relname, a.attnum`)).rows;
    } catch {
      return undefined;
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
    }
    const outside = (table: string) => this.tables.find((t) => t.table.toLowerCase() === table.toLowerCase() && t.personal.length && !reach.has(t.table.toLowerCase()));
    for (const u of used) {
      const t = outside(u.relname);
      if (t?.whole) return personalTableRefusal(t.table, t.page);
    }
    for (const u of used) {
      const t = outside(u.relname);
      if (t && u.attname && t.personal.includes(u.attname)) return personalColumnRefusal(t.table, u.attname, t.page);
    }
    // A whole row (`p::text`) names no column of its own: it reads the personal ones too (and the
    // sensitive ones, which no reach opens: such a table is left to the plain refusal).
    for (const u of used) {
      const t = outside(u.relname);
      if (t && !u.attname && !t.sensitive.length) return personalColumnRefusal(t.table, t.personal[0], t.page);
    }
    return undefined;
  }

  async columns(sql: string, params: unknown[], reach: Reach): Promise<string[]> {
    return this.inReadOnly(sql, params, reach, async (c) => (await c.query({ text: `select * from (${sql}) as cgr_columns limit 0`, values: params })).fields.map((f) => f.name));
  }

  async rows(sql: string, params: unknown[], reach: Reach): Promise<Row[]> {
    return this.inReadOnly(sql, params, reach, async (c) => (await c.query({ text: sql, values: params })).rows.slice(0, REPORT_MAX_ROWS));
  }

  async columnGrants(tables: TableGrant[]): Promise<boolean> {
    const readable = tables.map(({ table, columns, personal }) => ({ table, columns, personal }));
    const key = JSON.stringify(readable);
    if (key === this.grantsKey && this.roleReady !== null) return this.roleReady;
    const client = await this.pool.connect();
    try {
      await grantReportColumns(client, readable);
      this.roleReady = true;
    } catch {
      // No right to manage roles here: the guard then keeps tables with sensitive or personal columns out of reports.
      this.roleReady = false;
    } finally {
      client.release();
    }
    this.grantsKey = key;
    this.tables = tables;
    // Each reach's role is granted again, for these tables, when next asked for.
    this.reachRoles = new Map();
    return this.roleReady;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * The statement with its `$n` parameters as untyped NULLs, for parsing it where parameters cannot
 * be (a view). Only placeholders outside quotes are replaced; the guard admits no other `$`.
 */
export function withoutParams(sql: string): string {
  let out = '';
  for (let i = 0; i < sql.length;) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === c && sql[j + 1] !== c)) j += sql[j] === c ? 2 : 1;
      out += sql.slice(i, j + 1);
      i = j + 1;
    } else if (c === '$' && /\d/.test(sql[i + 1] ?? '')) {
      let j = i + 1;
      while (/\d/.test(sql[j] ?? '')) j++;
      out += 'NULL';
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
