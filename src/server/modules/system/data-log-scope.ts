import type { FastifyRequest } from 'fastify';
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { PageSchema } from '../../../schema/types.js';
import { grantsOf } from '../../auth/grants.js';
import { DATA_LOG_TABLE } from '../../crud/data-log.js';
import type { RowScope } from '../../crud/hooks.js';
import { mayRead, requireRead } from '../../crud/read-access.js';
import { rowRuleScope } from '../../crud/row-rules.js';
import { accessOf } from '../../crud/access.js';
import { ClientError } from '../../http/result.js';
import type { AppContext } from '../../http/context.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type EB = ExpressionBuilder<any, any>;

/**
 * The entries of the data log (数据日志) a request may read. The log keeps copies of rows, so it is a
 * data path of every page: an entry of a page's table is there when the user may read that page
 * (mayRead) and, where the page's row rules or data rules restrict the user, when the row it records
 * is one they reach now (a deleted row no longer is). Entries of a table no readable page declares are
 * not there. Refuses with 403 whoever may not read the log page itself; the administrator role reads
 * every entry.
 */
export async function dataLogScope(ctx: AppContext, req: FastifyRequest): Promise<RowScope | null> {
  await requireRead(ctx.db, ctx.schemas, req, ctx.schemas.get(DATA_LOG_TABLE)!);
  if ((await grantsOf(ctx.db, req)).admin) return null;
  const byTable = new Map<string, PageSchema[]>();
  for (const s of ctx.schemas.schemas) {
    if (s.table === DATA_LOG_TABLE) continue;
    byTable.set(s.table, [...(byTable.get(s.table) ?? []), s]);
  }
  const whole: string[] = [];
  const partial: { table: string; scopes: RowScope[] }[] = [];
  for (const [table, pages] of byTable) {
    const scopes: RowScope[] = [];
    let all = false;
    for (const page of pages) {
      const scope = await pageScope(ctx, req, page);
      if (scope === null) { all = true; break; }
      if (scope) scopes.push(scope);
    }
    if (all) whole.push(table);
    else if (scopes.length) partial.push({ table, scopes });
  }
  return (eb: EB) => {
    const parts: Expression<SqlBool>[] = [];
    if (whole.length) parts.push(eb('dataTable', 'in', whole));
    for (const { table, scopes } of partial) {
      const reached = eb.selectFrom(table).select('id').where((inner: EB) => inner.or(scopes.map((s) => s(inner))));
      parts.push(eb.and([eb('dataTable', '=', table), eb('dataId', 'in', reached)]));
    }
    return parts.length ? eb.or(parts) : sql<SqlBool>`1 = 0`;
  };
}

/**
 * The rows of the page the request reads, by the page's access decision (access.ts), or false when
 * it reads none: it may not read the page, or a broken data rule refuses it.
 */
async function pageScope(ctx: AppContext, req: FastifyRequest, page: PageSchema): Promise<RowScope | null | false> {
  try {
    const access = accessOf(ctx, page.code);
    if (access) return await access.rows(req, 'read');
    if (!(await mayRead(ctx.db, ctx.schemas, req, page))) return false;
    return await rowRuleScope(ctx.db, req, page, ctx.schemas.schemas);
  } catch (err) {
    if (err instanceof ClientError) return false;
    throw err;
  }
}
