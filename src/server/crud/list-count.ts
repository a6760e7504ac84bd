import { CompiledQuery, sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Condition } from '../../schema/query.js';
import { snakeCase, type PageSchema } from '../../schema/types.js';
import type { Dialect } from '../db/connect.js';
import { broadTotalsOf } from './broad-totals.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Counted exactly up to this many matches unless the page says otherwise: a few milliseconds of index reading. */
export const DEFAULT_EXACT_UP_TO = 10_000;

/** How far a page's total is counted exactly; null: always. */
export const exactUpTo = (schema: PageSchema): number | null =>
  schema.count === 'exact' ? null : (schema.count?.exactUpTo ?? DEFAULT_EXACT_UP_TO);

export interface ListTotal { total: number; estimated: boolean }

/** Three significant digits: an estimate does not pretend to more. */
const rounded = (n: number) => {
  if (n < 1000) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / unit) * unit;
};

/** A list's count statements: the count itself (stopped at cap+1 rows unless counted whole), and its rows for the planner's estimate. */
export interface CountStatements {
  count: CompiledQuery;
  /** Compiled only when an estimate is asked for. */
  rows: () => CompiledQuery;
}

const countAll = (eb: ExpressionBuilder<any, any>) => eb.fn.countAll<number>().as('total');

/** The count statements of a filtered list: counted whole when `cap` is null, else up to cap+1 rows. */
export function countStatements(db: Kysely<any>, rows: SelectQueryBuilder<any, any, any>, cap: number | null): CountStatements {
  const count = cap === null ? rows.select(countAll).compile()
    : db.selectFrom(rows.select(sql.lit(1).as('one')).limit(cap + 1).as('capped')).select(countAll).compile();
  let planned: CompiledQuery | undefined;
  return { count, rows: () => (planned ??= rows.select(sql.lit(1).as('one')).compile()) };
}

/**
 * The total of a filtered list: an exact count when it is at most `cap` (a count stopped at cap+1
 * rows, so a broad filter reads no more than that), past it the database's estimate — the planner's
 * row estimate on PostgreSQL, the ANALYZE statistics on SQLite — never below cap+1.
 */
export async function countList(db: Kysely<any>, dialect: Dialect, statements: { count: CompiledQuery; rows: () => CompiledQuery }, cap: number | null, est: { table: string; where: Condition[] }): Promise<ListTotal> {
  // A filter found past its cap a moment ago answers the kept estimate (broad-totals.ts).
  const totals = cap === null ? undefined : broadTotalsOf(db);
  const key = totals && `${statements.count.sql}\u0000${keyOfValues(statements.count.parameters)}`;
  const kept = key ? totals.get(key) : undefined;
  if (kept !== undefined) return { total: kept, estimated: true };
  const n = Number((await db.executeQuery<{ total: number }>(statements.count)).rows[0]?.total ?? 0);
  if (cap === null || n <= cap) return { total: n, estimated: false };
  const guess = dialect === 'postgres' ? await plannerRows(db, statements.rows()) : await statisticsRows(db, est.table, est.where);
  const total = Math.max(cap + 1, rounded(guess ?? 0));
  if (key) totals.set(key, est.table, total);
  return { total, estimated: true };
}

/** A statement's values as its kept total's key spells them: JSON has no bigint, which only a replacer (5 µs a request more) spells. */
function keyOfValues(values: readonly unknown[]): string {
  try {
    return JSON.stringify(values);
  } catch {
    return JSON.stringify(values, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
  }
}

/** PostgreSQL's own row estimate of the filtered rows (EXPLAIN, not run). */
async function plannerRows(db: Kysely<any>, q: CompiledQuery): Promise<number | null> {
  const r = await db.withoutPlugins().executeQuery<Record<string, unknown>>(CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]));
  const plan = Object.values(r.rows[0] ?? {})[0] as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return plan?.[0]?.Plan?.['Plan Rows'] ?? null;
}

interface TableStats { rows: number; perValue: Map<string, number>; at: number }
const statsCache = new WeakMap<object, Map<string, TableStats>>();
const STATS_TTL_MS = 60_000;

/**
 * SQLite keeps no per-query estimate; sqlite_stat1 (ANALYZE, run by the index sync) holds each
 * index's rows and rows per value of its first column. Equality and IN conditions on a column some
 * index leads with scale the table's rows down (as if independent); other conditions are not weighed (so the estimate
 * leans high, and cap+1 bounds it below).
 */
async function statisticsRows(db: Kysely<any>, table: string, where: Condition[]): Promise<number | null> {
  const raw = db.withoutPlugins();
  let byTable = statsCache.get(raw.getExecutor().adapter);
  if (!byTable) statsCache.set(raw.getExecutor().adapter, (byTable = new Map()));
  let stats = byTable.get(table);
  if (!stats || Date.now() - stats.at > STATS_TTL_MS) {
    const r = await sql<{ stat: string; col: string | null }>`select s.stat as stat, (select name from pragma_index_info(s.idx) where seqno = 0) as col
      from sqlite_stat1 s where s.tbl = ${table} and s.idx is not null`.execute(raw).catch(() => ({ rows: [] as { stat: string; col: string | null }[] }));
    const perValue = new Map<string, number>();
    let rows = 0;
    for (const x of r.rows) {
      const [total, per] = x.stat.split(' ').map(Number);
      rows = Math.max(rows, total || 0);
      if (x.col && per) perValue.set(x.col, Math.min(perValue.get(x.col) ?? Infinity, per));
    }
    stats = { rows, perValue, at: Date.now() };
    byTable.set(table, stats);
  }
  if (!stats.rows) return null;
  let estimate = stats.rows;
  for (const c of where) {
    const per = stats.perValue.get(snakeCase(c.field));
    // Conditions on different columns taken as independent: each scales by its share of the rows.
    if (per && c.op === 'eq') estimate *= per / stats.rows;
    else if (per && c.op === 'in') estimate *= Math.min(1, (per * (c.value as unknown[]).length) / stats.rows);
  }
  return estimate;
}
