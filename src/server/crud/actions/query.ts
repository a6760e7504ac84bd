import type { FastifyRequest } from 'fastify';
import type { CompiledQuery } from 'kysely';
import { parseListQuery, QueryError, type Condition, type ParsedQuery } from '../../../schema/query.js';
import { badRequest } from '../../http/result.js';
import type { RowScope } from '../hooks.js';
import { countStatements } from '../list-count.js';
import { bind, openConditions, slim, Slot } from '../open-statements.js';
import type { PagePlan } from '../plan.js';
import { rootCondition } from '../tree.js';
import { conditionShape, conditionSql } from '../where.js';

/** The list query of a request (filters, super query, sort, page) with the module's own conditions; a bad one is a 400. */
export function parseQuery(plan: PagePlan, req: FastifyRequest, opts: { maxPageSize?: number } = {}): ParsedQuery {
  try {
    const q = parseListQuery(req.query as Record<string, unknown>, plan.queryFields, { defaultSort: plan.defaultSort, ...opts });
    q.where.push(...(plan.hooks.queryConditions?.(req) ?? []));
    return q;
  } catch (e) {
    if (e instanceof QueryError) throw badRequest(e.message);
    throw e;
  }
}

/**
 * The rows a query selects: its conditions, its super query, the read scope and, for exports, `selections`.
 * `real`: the query `q` stands for when its values are open (slots), for what the values decide.
 */
export function filtered(plan: PagePlan, q: ParsedQuery, scope: RowScope | null, withSelections = false, real: ParsedQuery = q) {
  const { dialect } = plan.ctx;
  return plan.db.selectFrom(plan.schema.table).where((eb) => {
    const parts = q.where.map((c, i) => conditionSql(eb, c, dialect, plan.text, real.where[i]));
    if (scope) parts.push(scope(eb));
    if (q.superWhere.length) {
      const sup = q.superWhere.map((c, i) => conditionSql(eb, c, dialect, plan.text, real.superWhere[i]));
      parts.push(q.superMatch === 'or' ? eb.or(sup) : eb.and(sup));
    }
    if (withSelections && q.selections.length) parts.push(eb('id', 'in', q.selections));
    return eb.and(parts);
  });
}

/** The query's sort, then the id (a stable order across pages). */
export function ordered<Q extends { orderBy: (f: string, d: 'asc' | 'desc') => Q }>(q: ParsedQuery, query: Q): Q {
  let out = query;
  for (const s of q.sort) out = out.orderBy(s.field, s.dir);
  return out.orderBy('id', 'desc');
}

export const sorted = (plan: PagePlan, q: ParsedQuery, rows: ReturnType<typeof filtered>) => ordered(q, rows.select(plan.columns));

/** The rows of a tree's roots among those a query selects. */
export const rootsOf = (plan: PagePlan, rows: ReturnType<typeof filtered>) => rows.where((eb) => rootCondition(eb, plan.tree!.pidField));

export type Paging = 'all' | 'page' | 'deep';

/**
 * A list request's statements, bound to its values, compiled once per query shape (open-statements.ts)
 * and read scope: a keyed scope (row and data rules) names the user's values it binds; a scope without
 * a key (a module's, such as an announcement's readers) has its statements built for the request.
 */
export function listStatements(plan: PagePlan, q: ParsedQuery, scope: RowScope | null, paging: Paging, rootsOnly: boolean, size = 0, offset = 0) {
  const { db, schema, text } = plan;
  const values: unknown[] = [];
  const open: ParsedQuery = { ...q, where: openConditions(q.where, values), superWhere: openConditions(q.superWhere, values) };
  const limit = new Slot(values.length) as unknown as number, skip = new Slot(values.length + 1) as unknown as number;
  const build = () => {
    const rowsOf = rootsOnly ? rootsOf(plan, filtered(plan, open, scope, false, q)) : filtered(plan, open, scope, false, q);
    // A deep page skips its offset over the ids alone (the planned filter+sort index covers them), then reads only its own rows.
    const page = paging === 'all' ? sorted(plan, open, rowsOf)
      : paging === 'page' ? sorted(plan, open, rowsOf).limit(limit).offset(skip)
        : sorted(plan, open, db.selectFrom(schema.table).where('id', 'in', ordered(open, rowsOf.select('id')).limit(limit).offset(skip)));
    const counts = countStatements(db, rowsOf, paging === 'all' ? null : plan.countCap);
    let rows: CompiledQuery | undefined;
    return { page: slim(page.compile()), count: slim(counts.count), rows: () => (rows ??= slim(counts.rows())) };
  };
  const shapeOf = (c: Condition) => conditionShape(c, text);
  const key = `${paging}|${rootsOnly ? 'roots' : ''}|${q.where.map(shapeOf).join(',')}|${q.superMatch}:${q.superWhere.map(shapeOf).join(',')}|${q.sort.map((s) => `${s.field} ${s.dir}`).join(',')}`;
  const cache = plan.listStatements;
  const made = !scope ? cache.get(key, build) : scope.key !== undefined ? cache.get(`${key}|${scope.key}`, build) : build();
  values.push(size, offset);
  return { page: bind(made.page, values), count: bind(made.count, values), rows: () => bind(made.rows(), values) };
}
