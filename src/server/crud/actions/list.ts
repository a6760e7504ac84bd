import type { FastifyRequest } from 'fastify';
import { ok } from '../../http/result.js';
import type { Row } from '../hooks.js';
import { countList } from '../list-count.js';
import type { PagePlan } from '../plan.js';
import { present, readScope } from './common.js';
import { filtered, listStatements, parseQuery, rootsOf, sorted } from './query.js';

/** From this offset on, a page is found by its ids first (a deferred join). */
const DEEP_OFFSET = 1000;
/** A module's unpaged answer (a whole menu tree) is a screen's worth of rows, not a dump. */
const UNPAGED_MAX_ROWS = 10_000;

/**
 * `GET <api>/list` (and a tree's `rootList`): a page of the rows the request reads, with its total.
 * The request's path: its query parsed → its read scope (access.ts) → the statements of its query
 * shape, compiled once and bound to its values (query.ts) → rows and count at once → the rows shown
 * with their dictionary texts (common.ts `present`).
 */
export const listAction = (plan: PagePlan) => async (req: FastifyRequest) => {
  const { db, tree, hooks, schema } = plan;
  const q = parseQuery(plan, req);
  // A tree without filter conditions lists its roots; any condition lists the flat matches (JeecgBoot).
  const rootsOnly = !!tree && !q.where.length && !q.superWhere.length;
  const scope = await readScope(plan, req);
  const shape = hooks.reshape?.(req, 'list');
  if (shape) {
    const rowsOf = rootsOnly ? rootsOf(plan, filtered(plan, q, scope)) : filtered(plan, q, scope);
    return ok(shape(await present(plan, req, (await sorted(plan, q, rowsOf).limit(UNPAGED_MAX_ROWS).execute()) as Row[])));
  }
  const estimate = { table: schema.table, where: q.where };
  if (q.pageSize === -521) {
    const statements = listStatements(plan, q, scope, 'all', rootsOnly);
    const { total } = await countList(db, plan.ctx.dialect, statements, null, estimate);
    const records = await present(plan, req, (await db.executeQuery(statements.page)).rows as Row[]);
    return ok({ records, total, size: total, current: q.pageNo, pages: total ? 1 : 0 });
  }
  const size = q.pageSize, offset = (q.pageNo - 1) * size;
  const statements = listStatements(plan, q, scope, offset < DEEP_OFFSET ? 'page' : 'deep', rootsOnly, size, offset);
  // The page's rows never wait on the count: on PostgreSQL both run at once, on two connections.
  const [page, counted] = await Promise.all([db.executeQuery(statements.page), countList(db, plan.ctx.dialect, statements, plan.countCap, estimate)]);
  const records = await present(plan, req, page.rows as Row[]);
  const { total, estimated } = counted;
  return ok({ records, total, size, current: q.pageNo, pages: Math.ceil(total / size), ...(estimated ? { totalEstimated: true } : {}) });
};
