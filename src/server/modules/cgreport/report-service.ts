import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { columnFields } from '../../../schema/ddl.js';
import { isPersonal } from '../../../schema/types.js';
import { queryingByCallback } from '../../db/pg-callback-queries.js';
import type { AppContext } from '../../http/context.js';
import { badRequest, notFound } from '../../http/result.js';
import { NO_REACH, PostgresReportRunner, REPORT_MAX_ROWS, SqliteReportRunner, type Reach, type ReportRunner, type TableGrant } from './runner.js';
import { guardReportSql, renderSql, ReportSqlError, type GuardedSql, type GuardPolicy } from './sql-guard.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, any>;

export interface Report {
  head: Row;
  items: Row[];
  params: Row[];
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const TABLE_LIST_TTL_MS = 30_000;
/** A report definition read for getData is reused this long (its own edits forget it at once). */
const REPORT_TTL_MS = 2_000;
const GUARDED_CACHE = 200;

/** One per app: the runner, and what the guard must know of the database. */
export class ReportService {
  private tableList: { at: number; names: Set<string> } | null = null;
  /** The guard's policy, rebuilt when the schemas or the table list change; checked statements with it. */
  private policyCache: { key: string; built: Promise<{ policy: GuardPolicy; guarded: Map<string, GuardedSql> }> } | null = null;
  private reports = new Map<string, { at: number; report: Promise<Report> }>();

  constructor(private readonly ctx: AppContext, readonly runner: ReportRunner) {}

  static create(ctx: AppContext): ReportService {
    if (ctx.dialect === 'postgres') {
      const pool = new pg.Pool({ connectionString: ctx.config.databaseUrl, max: 3 });
      pool.on('error', () => undefined); // an idle connection ended by the database is simply replaced
      queryingByCallback(pool); // a report's rows, read as the application's are (db/pg-callback-queries.ts)
      return new ReportService(ctx, new PostgresReportRunner(pool));
    }
    return new ReportService(ctx, new SqliteReportRunner(path.join(ctx.config.dataDir, 'platform.db')));
  }

  /** A report by id or code, kept a moment: getData runs far more often than reports change. */
  load(codeOrId: string): Promise<Report> {
    const hit = this.reports.get(codeOrId);
    if (hit && Date.now() - hit.at < REPORT_TTL_MS) return hit.report;
    const report = this.read(codeOrId);
    if (this.reports.size > 500) this.reports.clear();
    this.reports.set(codeOrId, { at: Date.now(), report });
    report.catch(() => this.reports.delete(codeOrId));
    return report;
  }

  /** Forgets loaded reports (after a report is edited or deleted). */
  forget(): void {
    this.reports.clear();
  }

  private async read(codeOrId: string): Promise<Report> {
    const db = this.ctx.db as Kysely<any>;
    const head = await db.selectFrom('onl_cgreport_head').selectAll()
      .where((eb) => eb.or([eb('id', '=', codeOrId), eb('code', '=', codeOrId)])).executeTakeFirst();
    if (!head) throw notFound('报表不存在');
    const [items, params] = await Promise.all([
      db.selectFrom('onl_cgreport_item').selectAll().where('cgrheadId', '=', head.id).orderBy('orderNum').orderBy('id').execute(),
      db.selectFrom('onl_cgreport_param').selectAll().where('cgrheadId', '=', head.id).orderBy('orderNum').orderBy('id').execute(),
    ]);
    return { head, items, params };
  }

  /**
   * Tables in the database that no page schema declares (sessions, captchas, migrations…). `db` is
   * the caller's: inside a write's transaction SQLite has one connection, and asking through another
   * handle would wait for that very transaction.
   */
  private async internalTables(db: Kysely<any>): Promise<Set<string>> {
    if (!this.tableList || Date.now() - this.tableList.at > TABLE_LIST_TTL_MS) {
      const tables = await db.introspection.getTables();
      this.tableList = { at: Date.now(), names: new Set(tables.map((t) => t.name.toLowerCase())) };
    }
    const declared = new Set(this.ctx.schemas.schemas.map((s) => s.table.toLowerCase()));
    return new Set([...this.tableList.names].filter((t) => !declared.has(t)));
  }

  /** Rebuilt (once, however many reports ask at that moment) when the schemas or the table list change. */
  private async policy(db: Kysely<any>): Promise<{ policy: GuardPolicy; guarded: Map<string, GuardedSql> }> {
    const internal = await this.internalTables(db);
    const key = `${this.ctx.schemas.version}:${this.tableList!.at}`;
    if (this.policyCache?.key !== key) {
      const built = this.buildPolicy(internal).then((policy) => ({ policy, guarded: new Map<string, GuardedSql>() }));
      this.policyCache = { key, built };
      built.catch(() => { if (this.policyCache?.built === built) this.policyCache = null; });
    }
    return this.policyCache.built;
  }

  /** Tells the database what reports may read before the first report asks (PostgreSQL: the role and its grants). */
  async prepare(): Promise<void> {
    await this.policy(this.ctx.db as Kysely<any>);
  }

  private async buildPolicy(internal: Set<string>): Promise<GuardPolicy> {
    const sensitive = new Set<string>();
    const guardedTables = new Set<string>();
    const personalTables = new Set<string>();
    const grants = this.ctx.schemas.schemas.map((s): TableGrant => {
      const fields = columnFields(s);
      for (const f of fields.filter((x) => x.sensitive)) {
        sensitive.add(f.name.toLowerCase());
        sensitive.add(snake(f.name));
        guardedTables.add(s.table.toLowerCase());
      }
      const personal = fields.filter((f) => isPersonal(s, f)).map((f) => snake(f.name));
      if (personal.length) personalTables.add(s.table.toLowerCase());
      return {
        table: s.table,
        columns: fields.filter((f) => !f.sensitive && !isPersonal(s, f)).map((f) => snake(f.name)),
        personal,
        whole: !!s.personal,
        page: s.title,
        sensitive: fields.filter((f) => f.sensitive).map((f) => snake(f.name)),
      };
    });
    // The database enforces these grants, and the personal columns within each statement's reach;
    // the names denied below only make the plain cases' refusals clearer. Without enforced grants a
    // table holding a sensitive or personal column stays out entirely on PostgreSQL, where a whole
    // row can be turned into one value.
    const enforced = await this.runner.columnGrants(grants);
    const shut = this.ctx.dialect === 'postgres' && !enforced ? new Set([...guardedTables, ...personalTables]) : new Set<string>();
    return {
      guardedTables,
      deny: (id) => {
        if (internal.has(id)) return `报表SQL不能访问内部表 ${id}`;
        if (sensitive.has(id)) return `报表SQL不能读取敏感字段 ${id}`;
        if (shut.has(id)) return `报表SQL不能访问含敏感字段或个人信息的表 ${id}`;
        return undefined;
      },
    };
  }

  /**
   * Checks SQL as the designer saves it: the guard, then the database's own parse (no rows read),
   * which refuses a personal column outside `reach` (the pages the designer may read).
   */
  async check(sql: unknown, db: Kysely<any> = this.ctx.db as Kysely<any>, reach: Reach = NO_REACH): Promise<{ guarded: GuardedSql; columns: string[] }> {
    const guarded = await this.guard(sql, db);
    const { sql: text, params } = renderSql(guarded, {}, (n) => this.runner.placeholder(n));
    const columns = await this.runner.columns(text, params, reach).catch(rethrowClient);
    this.refuseSensitive(columns);
    return { guarded, columns };
  }

  async guard(sql: unknown, db: Kysely<any> = this.ctx.db as Kysely<any>): Promise<GuardedSql> {
    if (typeof sql !== 'string') throw badRequest('报表SQL不能为空');
    try {
      const { policy, guarded } = await this.policy(db);
      let g = guarded.get(sql);
      if (!g) {
        g = guardReportSql(sql, policy);
        if (guarded.size >= GUARDED_CACHE) guarded.clear();
        guarded.set(sql, g);
      }
      return g;
    } catch (e) {
      return rethrowClient(e);
    }
  }

  refuseSensitive(columns: string[]): void {
    const sensitive = new Set(this.ctx.schemas.schemas.flatMap((s) => s.fields.filter((f) => f.sensitive).flatMap((f) => [f.name.toLowerCase(), snake(f.name)])));
    const hit = columns.find((c) => sensitive.has(c.toLowerCase()));
    if (hit) throw badRequest(`报表SQL不能读取敏感字段 ${hit}`);
  }

  /**
   * A page of a report: filters on its search fields, a sort on an orderable field, the row cap; a
   * personal column outside `reach` (the pages both its author and this user may read) is refused.
   */
  async data(report: Report, query: Record<string, unknown>, reach: Reach = NO_REACH): Promise<{ total: number; records: Row[] }> {
    const guarded = await this.guard(report.head.cgrSql);
    const defaults = Object.fromEntries(report.params.map((p) => [p.paramName, p.paramValue ?? null]));
    const inner = renderSql(guarded, paramValues(guarded, query, defaults), (n) => this.runner.placeholder(n));
    const params = [...inner.params];
    const ph = (v: unknown) => { params.push(v); return this.runner.placeholder(params.length); };
    const where = this.searchConditions(report.items.filter((i) => Number(i.isSearch) === 1) as SearchField[], query, ph);
    const whereSql = where.length ? ` where ${where.join(' and ')}` : '';
    const from = `from (${inner.sql}) cgr${whereSql}`;
    const countRows = await this.runner.rows(`select count(*) as total ${from}`, params, reach).catch(rethrowClient);
    const total = Number(Object.values(countRows[0] ?? { total: 0 })[0]);

    let order = '';
    const column = text(query.column);
    const sortable = report.items.find((i) => i.fieldName === column && Number(i.isOrder) === 1);
    if (sortable) order = ` order by ${quote(sortable.fieldName)} ${String(query.order).toLowerCase() === 'asc' ? 'asc' : 'desc'}`;
    const rawSize = Number(query.pageSize ?? 10);
    const pageSize = rawSize === -521 ? REPORT_MAX_ROWS : Math.min(Math.max(1, Math.trunc(rawSize) || 10), 1000);
    const pageNo = Math.max(1, Math.trunc(Number(query.pageNo ?? 1)) || 1);
    const pageSql = `select * ${from}${order} limit ${ph(pageSize)} offset ${ph((pageNo - 1) * pageSize)}`;
    const records = await this.runner.rows(pageSql, params, reach).catch(rethrowClient);
    if (records[0]) this.refuseSensitive(Object.keys(records[0]));
    return { total, records };
  }

  /**
   * The conditions a query puts on the search fields of a report or a graph, over the statement's
   * result columns: `<f>` equals (a `*` in it makes a LIKE), `<f>_begin`/`<f>_end` bound a range
   * (a bare end date takes the whole day). Values are bound through `ph`, never pasted in.
   */
  searchConditions(fields: SearchField[], query: Record<string, unknown>, ph: (v: unknown) => string): string[] {
    const where: string[] = [];
    for (const item of fields) {
      const col = quote(item.fieldName);
      if (item.searchMode === 'group') {
        const begin = text(query[`${item.fieldName}_begin`]);
        const end = text(query[`${item.fieldName}_end`]);
        if (begin) where.push(`${col} >= ${ph(begin)}`);
        if (end) where.push(`${col} <= ${ph(wholeDay(end))}`);
        continue;
      }
      const v = text(query[item.fieldName]);
      if (!v) continue;
      if (v.includes('*')) {
        const pattern = likePattern(v);
        where.push(this.ctx.dialect === 'postgres' ? `${col}::text ilike ${ph(pattern)} escape '\\'` : `${col} like ${ph(pattern)} escape '\\'`);
      } else where.push(`${col} = ${ph(v)}`);
    }
    return where;
  }

  /**
   * Every row of a stored statement at once, up to the row cap (a graph draws them all): guarded as
   * when saved, its `${}` parameters bound from the request (`self_<name>` or `<name>`) or `defaults`,
   * filtered on `search` fields as a report's getData is; personal columns only within `reach`.
   */
  async rowsOf(sql: unknown, query: Record<string, unknown>, defaults: Record<string, string | null> = {}, search: SearchField[] = [], reach: Reach = NO_REACH): Promise<Row[]> {
    const guarded = await this.guard(sql);
    const inner = renderSql(guarded, paramValues(guarded, query, defaults), (n) => this.runner.placeholder(n));
    const params: unknown[] = [...inner.params];
    const ph = (v: unknown) => { params.push(v); return this.runner.placeholder(params.length); };
    const where = this.searchConditions(search, query, ph);
    const capped = `select * from (${inner.sql}) cgr${where.length ? ` where ${where.join(' and ')}` : ''} limit ${ph(REPORT_MAX_ROWS)}`;
    const rows = await this.runner.rows(capped, params, reach).catch(rethrowClient);
    if (rows[0]) this.refuseSensitive(Object.keys(rows[0]));
    return rows;
  }

  close(): Promise<void> {
    return this.runner.close();
  }
}

/** A statement's parameter values: from the request (`self_<name>` first, as popups send them), else the default. */
function paramValues(guarded: GuardedSql, query: Record<string, unknown>, defaults: Record<string, string | null>): Record<string, string | null> {
  const values: Record<string, string | null> = {};
  for (const name of guarded.params) {
    const given = query[`self_${name}`] ?? query[name];
    values[name] = given !== undefined && given !== '' ? String(given).slice(0, 500) : (defaults[name] ?? null);
  }
  return values;
}

const quote = (name: string) => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw badRequest(`报表字段名不合法: ${name}`);
  return `"${name}"`;
};
/** A search field of a report (`is_search`) or a graph (`search_flag`): its column and single or range mode. */
export interface SearchField {
  fieldName: string;
  searchMode?: string | null;
}

/** `a*b` as a LIKE pattern: `*` is the wildcard, the LIKE specials typed are matched as themselves. */
export const likePattern = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
/** A range's end given as a bare date takes the whole day. */
export const wholeDay = (end: string) => (/^\d{4}-\d{2}-\d{2}$/.test(end) ? `${end} 23:59:59` : end);

export const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim().slice(0, 500) : '');

/** A guard or database refusal is the designer's mistake: a 400 with the reason, never a 500. */
function rethrowClient(e: unknown): never {
  if (e instanceof ReportSqlError) throw badRequest(e.message);
  throw e;
}
