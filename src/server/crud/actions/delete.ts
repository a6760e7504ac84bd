import type { FastifyRequest } from 'fastify';
import { badRequest, fail, okMessage } from '../../http/result.js';
import type { PagePlan } from '../plan.js';
import { hookContext, inWrite, requirePermission, writableRows } from './common.js';

/** Most rows one deleteBatch removes. */
const BATCH_MAX = 1000;

const idList = (raw: unknown): string[] => {
  if (typeof raw !== 'string' || !raw.trim()) throw badRequest('缺少参数 ids');
  const ids = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length > BATCH_MAX) throw badRequest(`一次最多删除${BATCH_MAX}条`);
  return ids;
};

/** Deletes rows the user writes, in editable states, with the page's hooks in one transaction; answers how many went. */
function remove(plan: PagePlan, req: FastifyRequest, ids: string[]): Promise<number> {
  return inWrite(plan, async (tx) => {
    const h = hookContext(plan, req, tx);
    await writableRows(plan, req, tx, ids, '删除');
    await plan.access.requireChangeable(h, ids, '删除');
    await plan.hooks.beforeDelete?.(h, ids);
    const res = await tx.deleteFrom(plan.schema.table).where('id', 'in', ids).executeTakeFirst();
    await plan.hooks.afterDelete?.(h, ids);
    return Number(res.numDeletedRows);
  });
}

/** `DELETE <api>/delete?id=` */
export const deleteAction = (plan: PagePlan) => async (req: FastifyRequest<{ Querystring: { id?: string } }>) => {
  await requirePermission(plan, req, 'delete');
  const id = req.query.id;
  if (!id) throw badRequest('缺少参数 id');
  const deleted = await remove(plan, req, [String(id)]);
  return deleted ? okMessage('删除成功!') : fail('未找到对应数据');
};

/** `DELETE <api>/deleteBatch?ids=a,b` */
export const deleteBatchAction = (plan: PagePlan) => async (req: FastifyRequest<{ Querystring: { ids?: string } }>) => {
  await requirePermission(plan, req, 'delete');
  await remove(plan, req, idList(req.query.ids));
  return okMessage('批量删除成功!');
};
