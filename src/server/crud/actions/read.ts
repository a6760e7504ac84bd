import type { FastifyRequest } from 'fastify';
import { badRequest, fail, ok } from '../../http/result.js';
import type { PagePlan } from '../plan.js';
import { normalizeHasChild } from '../tree.js';
import { findById, hookContext, readScope } from './common.js';

/** `GET <api>/queryById?id=`: one row the request reads, as the edit form loads it (no dictionary texts). */
export const queryByIdAction = (plan: PagePlan) => async (req: FastifyRequest<{ Querystring: { id?: string } }>) => {
  const id = req.query.id;
  if (!id) throw badRequest('缺少参数 id');
  const row = await findById(plan, String(id), await readScope(plan, req));
  if (!row) return fail('未找到对应数据');
  if (plan.tree) normalizeHasChild(plan.tree, [row]);
  if (plan.hooks.decorate) await plan.hooks.decorate(hookContext(plan, req), [row]);
  return ok(row);
};
