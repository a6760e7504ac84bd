import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { grantsOf } from '../../auth/grants.js';
import type { RowScope } from '../../crud/hooks.js';
import { rowRuleScope } from '../../crud/row-rules.js';
import { forbidden } from '../../http/result.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The dashboards' menu components (JeecgBoot's dashboard views): a dashboard answers whoever holds its menu. */
export const DASHBOARDS = {
  analysis: 'dashboard/Analysis',
  task: 'dashboard/IndexTask',
  monitor: 'dashboard/Monitor',
  chart: 'dashboard/IndexChart',
} as const;

export async function requireDashboard(req: FastifyRequest, component: string): Promise<void> {
  const { admin, menus } = await grantsOf(req.server.ctx.db, req);
  if (!admin && !menus.has(component)) throw forbidden('没有权限，请联系管理员授权');
}

/** The page's row rules for this user, so a figure counts only the rows its list would show them. */
export function scopeOf(req: FastifyRequest, table: string): Promise<RowScope | null> {
  const { ctx } = req.server;
  return rowRuleScope(ctx.db, req, ctx.schemas.get(table)!, ctx.schemas.schemas);
}

/**
 * What names a scope for kept figures: the SQL and values its condition gives, so users whose rules
 * reach the same rows (every reviewer's state rule) share figures. Not the rules' `key`, which names
 * the user too.
 */
export function scopeKey(db: Kysely<any>, table: string, scope: RowScope | null): string {
  if (!scope) return '*';
  const { sql, parameters } = db.selectFrom(table).select('id').where(scope).compile();
  return JSON.stringify([sql, parameters]);
}

export const scoped = <Q extends { where: (s: RowScope) => Q }>(q: Q, scope: RowScope | null): Q => (scope ? q.where(scope) : q);

/** `select key, count(*) … group by key` as a map. */
export async function countBy(q: any, column: string): Promise<Map<string | null, number>> {
  const rows = await q.select([`${column} as k`, (eb: any) => eb.fn.countAll().as('n')]).groupBy(column).execute();
  return new Map(rows.map((r: any) => [r.k == null ? null : String(r.k), Number(r.n)]));
}

export const dbOf = (req: FastifyRequest) => req.server.ctx.db as unknown as Kysely<any>;
