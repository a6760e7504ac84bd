import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Pool, PoolClient } from 'pg';
import { grantReportColumns, REPORT_ROLE, type ReadableTable } from '../../db/report-role.js';
import { ReportSqlError } from './sql-guard.js';

type Row = Record<string, unknown>;

/** A report statement may run this long before it is stopped. */
export const REPORT_TIMEOUT_MS = 10_000;
/** No answer carries more rows than this, paged or not. */
export const REPORT_MAX_ROWS = 10_000;
const TIMEOUT_MESSAGE = `报表查询超时（超过${REPORT_TIMEOUT_MS / 1000}秒），请缩小查询范围`;

/** A declared table: the columns a report may read of it, and its sensitive ones (named in refusals). */
export interface TableGrant extends ReadableTable { sensitive: string[] }

/**
 * Runs checked report SQL, read-only, with a timeout and a row cap. `placeholder(n)` is the
 * dialect's n-th bound parameter.
 */
export interface ReportRunner {
  placeholder(n: number): string;
  /** The column names a statement answers, without reading its rows. */
  columns(sql: string, params: unknown[]): Promise<string[]>;
  rows(sql: string, params: unknown[]): Promise<Row[]>;
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

  private ask(op: 'rows' | 'columns' | 'policy', sql: string, params: unknown[]): Promise<Answer> {
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
      worker.postMessage({ id, op, sql, params, maxRows: REPORT_MAX_ROWS, tables: this.tables });
    });
  }

  async columns(sql: string, params: unknown[]): Promise<string[]> {
    return (await this.ask('columns', sql, params)).columns ?? [];
  }

  async rows(sql: string, params: unknown[]): Promise<Row[]> {
    return (await this.ask('rows', sql, params)).rows ?? [];
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
 * timeout, under a role that may SELECT only the declared, non-sensitive columns of declared tables.
 */
export class PostgresReportRunner implements ReportRunner {
  private grantsKey = '';
  private roleReady: boolean | null = null;

  constructor(private readonly pool: Pool) {}

  placeholder(n: number): string { return `$${n}`; }

  private async inReadOnly<T>(run: (c: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN TRANSACTION READ ONLY');
      await client.query(`SET LOCAL statement_timeout = ${REPORT_TIMEOUT_MS}`);
      if (this.roleReady) await client.query(`SET LOCAL ROLE ${REPORT_ROLE}`);
      return await run(client);
    } catch (e) {
      const err = e as { code?: string; message?: string };
      if (err.code === '57014') throw new ReportSqlError(TIMEOUT_MESSAGE);
      if (err.code === '42501') throw new ReportSqlError('报表SQL访问了不允许读取的表或字段');
      if (err instanceof ReportSqlError) throw err;
      throw new ReportSqlError(`报表SQL执行失败: ${err.message ?? String(e)}`);
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  }

  async columns(sql: string, params: unknown[]): Promise<string[]> {
    return this.inReadOnly(async (c) => (await c.query({ text: `select * from (${sql}) as cgr_columns limit 0`, values: params })).fields.map((f) => f.name));
  }

  async rows(sql: string, params: unknown[]): Promise<Row[]> {
    return this.inReadOnly(async (c) => (await c.query({ text: sql, values: params })).rows.slice(0, REPORT_MAX_ROWS));
  }

  async columnGrants(tables: TableGrant[]): Promise<boolean> {
    const readable = tables.map(({ table, columns }) => ({ table, columns }));
    const key = JSON.stringify(readable);
    if (key === this.grantsKey && this.roleReady !== null) return this.roleReady;
    const client = await this.pool.connect();
    try {
      await grantReportColumns(client, readable);
      this.roleReady = true;
    } catch {
      // No right to manage roles here: the guard then keeps tables with sensitive columns out of reports.
      this.roleReady = false;
    } finally {
      client.release();
    }
    this.grantsKey = key;
    return this.roleReady;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
