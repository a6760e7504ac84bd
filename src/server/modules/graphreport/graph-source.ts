import { sql, type Kysely } from 'kysely';
import { columnFields } from '../../../schema/ddl.js';
import { isPersonal, snakeCase, type FieldSchema, type PageSchema } from '../../../schema/types.js';
import type { AppContext } from '../../http/context.js';
import { badRequest } from '../../http/result.js';
import { onlineForms } from '../cgform/online-forms.js';
import { reportService } from '../cgreport/report-module.js';
import { likePattern, text, wholeDay, type SearchField } from '../cgreport/report-service.js';
import { NO_REACH, REPORT_MAX_ROWS, type Reach } from '../cgreport/runner.js';
import { personalColumnRefusal } from '../cgreport/sqlite-plan.mjs';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, any>;

/**
 * Where a graph's rows come from (`data_type`): `sql`, a report statement run by the report
 * machinery (guard, read-only runner, timeout, row cap); or `form`, the table of a synced online
 * form (`cgr_sql` holds its table name), read through the schema registry: only the declared,
 * non-sensitive columns the axes name.
 */
export type GraphDataType = 'sql' | 'form';

/** The graph head as the checks need it (camelCase columns of onl_graphreport_head). */
export interface GraphSource {
  dataType?: unknown;
  cgrSql?: unknown;
  xaxisField?: unknown;
  yaxisField?: unknown;
}

/** JeecgBoot's older rows say 'SQL'; JSON and API sources are not served here, and say so. */
export function dataTypeOf(raw: unknown): GraphDataType {
  const value = typeof raw === 'string' && raw.trim() ? raw.trim() : 'sql';
  const lower = value.toLowerCase();
  if (lower === 'sql' || lower === 'form') return lower;
  if (lower === 'json' || lower === 'api') throw badRequest(`图表暂不支持数据类型 ${value}，请使用 SQL 或 Online表单（form）`);
  throw badRequest(`图表数据类型只能是 sql 或 form，不能是 ${value}`);
}

/** The x field, then the series fields (a comma list). */
export function axisFields(head: GraphSource): { x: string; ys: string[] } {
  const x = typeof head.xaxisField === 'string' ? head.xaxisField.trim() : '';
  const ys = typeof head.yaxisField === 'string' ? head.yaxisField.split(',').map((s) => s.trim()).filter(Boolean) : [];
  if (!x) throw badRequest('X轴字段不能为空');
  if (!ys.length) throw badRequest('Y轴字段不能为空');
  return { x, ys };
}

/** A synced online form by its table name; any other table, declared or not, is refused. */
function formSchema(ctx: AppContext, table: unknown): PageSchema {
  const name = typeof table === 'string' ? table.trim() : '';
  const schema = name && onlineForms(ctx).routes(name) ? ctx.schemas.table(name) : undefined;
  if (!schema) throw badRequest(`Online表单 ${name || '(空)'} 不存在或未同步数据库`);
  return schema;
}

/**
 * A declared column of the form, by its field name or its database column name; never a sensitive
 * one, and a personal one only within `reach` (as a report statement's).
 */
function formColumn(schema: PageSchema, name: string, reach: Reach): FieldSchema {
  const field = columnFields(schema).find((f) => f.name === name || snakeCase(f.name) === name);
  if (!field) throw badRequest(`Online表单 ${schema.table} 没有字段 ${name}`);
  if (field.sensitive) throw badRequest(`图表不能读取敏感字段 ${name}`);
  if (isPersonal(schema, field) && !reach.has(schema.table.toLowerCase())) throw badRequest(personalColumnRefusal(schema.table, snakeCase(field.name), schema.title));
  return field;
}

/**
 * Checks a graph as it is saved: its source runs (SQL parsed by the database, no rows read) and
 * answers every axis field, reading personal columns only within `reach` (its author's pages).
 */
export async function checkGraphSource(ctx: AppContext, db: Kysely<any>, head: GraphSource, reach: Reach = NO_REACH): Promise<void> {
  const type = dataTypeOf(head.dataType);
  const { x, ys } = axisFields(head);
  if (type === 'form') {
    const schema = formSchema(ctx, head.cgrSql);
    for (const name of [x, ...ys]) formColumn(schema, name, reach);
    return;
  }
  const { columns } = await reportService(ctx).check(head.cgrSql, db, reach);
  const missing = [x, ...ys].find((name) => !columns.includes(name));
  if (missing) throw badRequest(`图表字段 ${missing} 不在SQL的查询结果中`);
}

/** The graph's search fields (`search_flag` Y): filtered as a report's search fields are. */
export function searchFieldsOf(items: Row[]): SearchField[] {
  return items.filter((i) => i.searchFlag === 'Y' && typeof i.fieldName === 'string')
    .map((i) => ({ fieldName: i.fieldName, searchMode: i.searchMode === 'group' ? 'group' : 'single' }));
}

/**
 * The rows a graph draws, at most the report row cap; `query` binds the SQL's `${}` parameters and
 * fills the search fields (`<f>`, `<f>_begin`, `<f>_end`); personal columns only within `reach`.
 */
export async function graphRows(ctx: AppContext, head: GraphSource, query: Record<string, unknown>, search: SearchField[] = [], reach: Reach = NO_REACH): Promise<Row[]> {
  const type = dataTypeOf(head.dataType);
  if (type === 'sql') return reportService(ctx).rowsOf(head.cgrSql, query, {}, search, reach);
  const { x, ys } = axisFields(head);
  const schema = formSchema(ctx, head.cgrSql);
  const columns = [...new Set([x, ...ys])].map((as) => ({ as, field: formColumn(schema, as, reach).name }));
  let q = (ctx.db as unknown as Kysely<any>).selectFrom(schema.table).select([...new Set(columns.map((c) => c.field))]);
  // A form's search field is one of its declared columns, found as the axes are.
  for (const s of search) {
    const col = formColumn(schema, s.fieldName, reach).name;
    if (s.searchMode === 'group') {
      const begin = text(query[`${s.fieldName}_begin`]);
      const end = text(query[`${s.fieldName}_end`]);
      if (begin) q = q.where(col, '>=', begin);
      if (end) q = q.where(col, '<=', wholeDay(end));
      continue;
    }
    const v = text(query[s.fieldName]);
    if (!v) continue;
    if (!v.includes('*')) q = q.where(col, '=', v);
    else {
      const pattern = likePattern(v);
      q = q.where(ctx.dialect === 'postgres' ? sql<boolean>`${sql.ref(col)}::text ilike ${pattern} escape '\\'` : sql<boolean>`${sql.ref(col)} like ${pattern} escape '\\'`);
    }
  }
  const rows = await q.orderBy(formColumn(schema, x, reach).name).limit(REPORT_MAX_ROWS).execute();
  // Keyed by the names the head uses, so the chart finds its axes whichever spelling was saved.
  return rows.map((r) => Object.fromEntries(columns.map((c) => [c.as, r[c.field]])));
}
