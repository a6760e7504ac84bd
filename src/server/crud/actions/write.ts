import type { FastifyRequest } from 'fastify';
import { ClientError, badRequest, fail, forbidden, ok, okMessage } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { categoryBranchChecker } from '../category-branch.js';
import { recordDataLog } from '../data-log.js';
import { dictItemsOf, dictValueProblem } from '../dict-values.js';
import { checkStoredFiles } from '../file-fields.js';
import type { Row } from '../hooks.js';
import type { PagePlan } from '../plan.js';
import { ALREADY_STORED, cleanBody, hookContext, inWrite, isUniqueViolation, linked, ownBody, requirePermission, writableRows } from './common.js';

/**
 * `POST <api>/add`: the body checked by the page's validators and linkage rules (then, in its
 * transaction, its dictionary values and the categories that follow another field), stamped with its
 * creator, and stored with the page's hooks in one transaction (a sub row only under a main row the
 * user writes and that may change now).
 */
export const addAction = (plan: PagePlan) => async (req: FastifyRequest) => {
  const { schema, access, hooks, fields } = plan;
  await requirePermission(plan, req, 'add');
  const { problem, body } = plan.validate.add(ownBody(plan, req.body));
  if (problem !== null) throw badRequest(problem);
  const user = req.user!;
  const values = {
    ...cleanBody(plan, linked(plan, body, null)), id: newId(), createBy: user.username, createTime: formatDateTime(),
    updateBy: null, updateTime: null, sysOrgCode: user.orgCode,
  };
  plan.flow?.onAdd(values);
  await checkStoredFiles(schema, values, plan.ctx.uploads);
  const items = await dictItemsOf(plan.ctx.dicts, fields);
  try {
    await inWrite(plan, async (tx) => {
      const h = hookContext(plan, req, tx);
      await access.requireMains(h, [values]);
      await hooks.beforeAdd?.(h, values, req.body as Row);
      const unknown = dictValueProblem(items, fields, values) ?? await categoryBranchChecker(fields, items)?.(tx, values);
      if (unknown) throw badRequest(unknown);
      await tx.insertInto(schema.table).values(values).execute();
      await hooks.afterAdd?.(h, values, req.body as Row);
    });
  } catch (e) {
    if (isUniqueViolation(e)) return fail(ALREADY_STORED);
    throw e;
  }
  // `?answer=id`: the new row's id as the result (JeecgBoot's online form API answers it so), for
  // a form that goes on with the row (保存草稿 then 提交申报); the message is the same.
  if ((req.query as Row | undefined)?.answer === 'id') return ok(values.id, '添加成功！');
  return okMessage('添加成功！');
};

/**
 * `PUT|POST <api>/edit`: a row the user writes, in an editable state, changed by the checked body
 * (never its creator, nor the main row it belongs to), with its data log, in one transaction.
 */
export const editAction = (plan: PagePlan) => async (req: FastifyRequest) => {
  const { schema, access, hooks, fields } = plan;
  await requirePermission(plan, req, 'edit');
  const { problem, body } = plan.validate.edit(ownBody(plan, req.body));
  if (problem !== null) throw badRequest(problem);
  const { id, createBy: _cb, createTime: _ct, sysOrgCode: _so, ...rest } = cleanBody(plan, body);
  const [current] = await writableRows(plan, req, plan.db, [String(id)], '修改').catch((e) => (e instanceof ClientError && e.statusCode === 404 ? [] : Promise.reject(e)));
  if (!current) return fail('未找到对应数据');
  // A sub row stays with its main row: a move is a delete and an add, each checked.
  for (const fk of access.attachedBy) {
    if (fk in rest && String(rest[fk] ?? '') !== String(current[fk] ?? '')) throw forbidden('不能把数据移到其他记录，请删除后重新添加');
  }
  const changes: Row = { ...linked(plan, rest, current), updateBy: req.user!.username, updateTime: formatDateTime() };
  plan.flow?.onEdit(changes);
  await checkStoredFiles(schema, changes, plan.ctx.uploads);
  const items = await dictItemsOf(plan.ctx.dicts, fields);
  try {
    await inWrite(plan, async (tx) => {
      const h = hookContext(plan, req, tx);
      await access.requireChangeable(h, [String(id)], '修改');
      await hooks.beforeEdit?.(h, changes, req.body as Row, current);
      const unknown = dictValueProblem(items, fields, changes, current) ?? await categoryBranchChecker(fields, items)?.(tx, changes, current);
      if (unknown) throw badRequest(unknown);
      await tx.updateTable(schema.table).set(changes).where('id', '=', String(id)).execute();
      await hooks.afterEdit?.(h, String(id), changes, req.body as Row);
      await recordDataLog(tx, schema, String(id), current, req.user!);
    });
  } catch (e) {
    if (isUniqueViolation(e)) return fail(ALREADY_STORED);
    throw e;
  }
  return okMessage('编辑成功!');
};
