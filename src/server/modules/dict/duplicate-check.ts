import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { requirePersonalAccess } from './page-readers.js';
import { declaredTable, readableField } from './table-dict.js';

/**
 * GET /sys/duplicate/check (contract §6.2), on declared tables and non-sensitive fields only; a
 * personal field (is this phone registered?) only for those who may read its page.
 */
export async function duplicateCheckRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const str = { type: 'string', maxLength: 1000 } as const;

  app.get<{ Querystring: { tableName?: string; fieldName?: string; fieldVal?: string; dataId?: string } }>('/sys/duplicate/check', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { tableName: str, fieldName: str, fieldVal: str, dataId: str } } },
  }, async (req) => {
    const { tableName, fieldName, fieldVal, dataId } = req.query;
    if (!tableName || !fieldName) throw badRequest('缺少参数 tableName 或 fieldName');
    const schema = declaredTable(app.ctx.schemas, tableName);
    const field = readableField(schema, fieldName);
    await requirePersonalAccess(app.ctx, req, schema, [field.name]);
    if (fieldVal === undefined || fieldVal === '') return { ...ok(null, '数据为空,不作处理！'), code: 500 };
    let q = db.selectFrom(schema.table).select((eb) => eb.fn.countAll<number>().as('n')).where(field.name, '=', fieldVal);
    if (dataId) q = q.where('id', '<>', dataId);
    const { n } = await q.executeTakeFirstOrThrow();
    return Number(n) === 0 ? okMessage('该值可用！') : fail('该值不可用，系统中已存在！');
  });
}
