import type { FastifyRequest } from 'fastify';
import { badRequest, ok } from '../../http/result.js';
import type { Row } from '../hooks.js';
import type { PagePlan } from '../plan.js';
import { childListPid } from '../tree.js';
import { present, readScope } from './common.js';
import { filtered, listStatements, parseQuery, sorted } from './query.js';

/** A tree page's reads besides its list of roots (list.ts); its writes' rules are tree.ts's hooks. */

/**
 * `GET <api>/childList?pid=`: all direct children of one node, unpaged, in the list's order, as a page
 * (JeecgBoot's shape). The parent is one more condition of the list's query, so the statement is the
 * list's of that shape: compiled once, then bound (query.ts).
 */
export const childListAction = (plan: PagePlan) => async (req: FastifyRequest) => {
  const pid = childListPid(req.query);
  const q = parseQuery(plan, req);
  q.where.push({ field: plan.tree!.pidField, op: 'eq', value: pid });
  const statements = listStatements(plan, q, await readScope(plan, req), 'all', false);
  const records = await present(plan, req, (await plan.db.executeQuery(statements.page)).rows as Row[]);
  const shape = plan.hooks.reshape?.(req, 'childList');
  return ok(shape ? shape(records) : { records, total: records.length, size: records.length, current: 1, pages: 1 });
};

/** `GET <api>/getChildListBatch?parentIds=a,b`: the children of several expanded nodes at once, as childList answers them (JeecgBoot's category list after a save). */
export const childListBatchAction = (plan: PagePlan) => async (req: FastifyRequest) => {
  const raw = (req.query as Row).parentIds;
  const pids = typeof raw === 'string' ? raw.split(',').map((x) => x.trim()).filter(Boolean) : [];
  if (!pids.length) throw badRequest('缺少参数 parentIds');
  if (pids.length > 1000) throw badRequest('parentIds 一次最多1000个');
  const q = parseQuery(plan, req);
  const rows = filtered(plan, q, await readScope(plan, req)).where(plan.tree!.pidField, 'in', pids);
  const records = await present(plan, req, (await sorted(plan, q, rows).execute()) as Row[]);
  return ok({ records, total: records.length, size: records.length, current: 1, pages: 1 });
};
