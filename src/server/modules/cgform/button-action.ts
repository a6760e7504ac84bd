import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { parseSetPlan, resolveValue, showsFor } from '../../../schema/cgform-buttons.js';
import { columnFields } from '../../../schema/ddl.js';
import type { PageSchema } from '../../../schema/types.js';
import { requireAction } from '../../crud/permission.js';
import type { AppContext } from '../../http/context.js';
import { badRequest, notFound } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { checkWrite, coerce, requireWritable, rule } from './custom-rules.js';
import { enhanceHooks } from './enhance.js';
import { inTransaction } from '../../db/transaction.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Row = Record<string, any>;

const ID = /^[A-Za-z0-9_-]{1,64}$/;

function idsOf(dataId: unknown): string[] {
  if (typeof dataId !== 'string' || !dataId.trim()) throw badRequest('缺少参数 dataId');
  const ids = [...new Set(dataId.split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length > 1000) throw badRequest('一次最多处理1000条');
  const bad = ids.find((id) => !ID.test(id));
  if (bad !== undefined) throw badRequest(`数据ID格式不正确：${bad.slice(0, 40)}`);
  return ids;
}

/**
 * Runs a custom `action` button on rows of a synced online form (contract `doButton`): the button
 * must be declared and enabled, the user must hold `online:<table>:<code>`, every row must exist
 * and meet the button's show condition. The declared update is then written in one transaction,
 * each value checked as the engine checks an edit, with the form's edit enhancements around it.
 */
export async function runButton(ctx: AppContext, req: FastifyRequest, formId: string, code: string, dataId: unknown): Promise<void> {
  const db = ctx.db as unknown as Kysely<any>;
  const head = await db.selectFrom('onl_cgform_head').select(['id', 'tableName', 'syncedJson'])
    .where((eb) => eb.or([eb('id', '=', formId), eb('tableName', '=', formId)])).executeTakeFirst();
  if (!head) throw notFound('表单不存在');
  if (!head.syncedJson) throw badRequest('NO_DB_SYNC');
  const button = await db.selectFrom('onl_cgform_button').selectAll().where('cgformHeadId', '=', head.id).where('buttonCode', '=', code).executeTakeFirst();
  if (!button || button.buttonStatus !== '1') throw notFound(`自定义按钮「${code.slice(0, 32)}」不存在或未启用`);
  await requireAction(ctx.db, req, `online:${head.tableName}:${button.buttonCode}`);
  if (button.optType !== 'action') throw badRequest(`按钮「${button.buttonName}」是链接按钮，没有可执行的操作`);
  const ids = idsOf(dataId);

  const schema = ctx.schemas.get(head.tableName) as PageSchema | undefined;
  if (!schema) throw badRequest('NO_DB_SYNC');
  const plan = rule(() => parseSetPlan(button.optSet));
  const fields = Object.fromEntries(Object.keys(plan).map((f) => [f, requireWritable(schema, f)]));
  const columns = columnFields(schema).filter((f) => !f.sensitive).map((f) => f.name);
  const hooks = enhanceHooks(ctx, head.tableName);

  await inTransaction(db, async (tx) => {
    const found = new Map(((await tx.selectFrom(head.tableName).select(columns).where('id', 'in', ids).execute()) as Row[]).map((r) => [String(r.id), r]));
    if (found.size !== ids.length) throw notFound('未找到对应数据');
    // In the order named, so the first refusal is the same on every database.
    const rows = ids.map((id) => found.get(id)!);
    const h = { db: tx, user: req.user!, req, ctx };
    const now = formatDateTime();
    for (const row of rows) {
      if (!showsFor(button.exp, row)) throw badRequest(`按钮「${button.buttonName}」不适用于所选数据`);
      const values = Object.fromEntries(Object.entries(plan).map(([f, v]) => [f, coerce(fields[f], rule(() => resolveValue(v, { row, now, user: req.user! })))]));
      await checkWrite(ctx, schema, values);
      const changes: Row = { ...values, updateBy: req.user!.username, updateTime: now };
      await hooks.beforeEdit?.(h, changes, changes, row);
      await tx.updateTable(head.tableName).set(changes).where('id', '=', row.id).execute();
      await hooks.afterEdit?.(h, String(row.id), changes, changes);
    }
  });
}
