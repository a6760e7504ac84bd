import type { FastifyRequest } from 'fastify';
import { badRequest, notFound, ok } from '../../http/result.js';
import { addDictText } from '../dict-text.js';
import type { Row } from '../hooks.js';
import type { PagePlan } from '../plan.js';
import { MAX_SUB_ROWS } from '../sub-tables.js';
import { bind, slim, Slot } from '../open-statements.js';
import { findById, readScope } from './common.js';

type SubListRequest = FastifyRequest<{ Params: { subCode: string }; Querystring: { mainId?: unknown } }>;

/**
 * `GET <api>/subList/:subCode?mainId=`: a main row's sub rows of one sub table, read as the main row
 * is (the main page's read scope). The sub rows' writes go with the main row's (sub-tables.ts hooks).
 */
export const subListAction = (plan: PagePlan) => async (req: SubListRequest) => {
  const { db } = plan;
  const mainScope = await readScope(plan, req);
  const st = plan.subs!.table(req.params.subCode);
  if (!st) throw badRequest(`子表不存在: ${req.params.subCode.slice(0, 64)}`);
  const mainId = req.query.mainId;
  if (typeof mainId !== 'string' || !mainId.trim()) throw badRequest('缺少参数 mainId');
  if (mainScope && !(await findById(plan, mainId.trim(), mainScope))) throw notFound('未找到对应数据');
  const statement = plan.subStatements.get(st.schema.code, () => {
    const order = st.schema.defaultSort;
    let q = db.selectFrom(st.schema.table).select(st.readable).where(st.decl.foreignKey, '=', new Slot(0) as unknown as string);
    if (order) q = q.orderBy(order.column, order.order);
    return slim(q.orderBy('id', 'asc').limit(MAX_SUB_ROWS * 10).compile());
  });
  const records = (await db.executeQuery(bind(statement, [mainId.trim()]))).rows as Row[];
  await addDictText(db, plan.ctx.dicts, st.shown, records);
  return ok({ records, total: records.length, size: records.length, current: 1, pages: 1 });
};
