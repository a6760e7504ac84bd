import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DATA_LOG_TABLE as TABLE } from '../../crud/data-log.js';
import type { Row, SchemaModule } from '../../crud/hooks.js';
import { badRequest, fail, ok } from '../../http/result.js';
import { dataLogScope } from './data-log-scope.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The two reads of the client's 数据比较 beside the engine's list: a row's versions, and two entries by id. */
async function routes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;
  const str = (max: number) => ({ type: 'string', maxLength: max }) as const;
  const readable = ['id', 'dataTable', 'dataId', 'dataVersion', 'dataContent', 'type', 'createBy', 'createName', 'createTime'];

  app.get<{ Querystring: { dataTable?: string; dataId?: string; type?: string } }>('/sys/dataLog/queryDataVerList', {
    config: { access: 'record' },
    schema: { querystring: { type: 'object', properties: { dataTable: str(64), dataId: str(64), type: str(20) } } },
  }, async (req) => {
    const scope = await dataLogScope(app.ctx, req);
    const { dataTable, dataId, type } = req.query;
    if (!dataTable || !dataId) throw badRequest('缺少参数 dataTable 或 dataId');
    let q = db.selectFrom(TABLE).select(readable).where('dataTable', '=', dataTable).where('dataId', '=', dataId);
    if (type) q = q.where('type', '=', type);
    if (scope) q = q.where(scope);
    const rows = await q.orderBy('dataVersion', 'desc').execute();
    return rows.length ? ok(rows) : fail('未找到版本信息');
  });

  app.get<{ Querystring: { dataId1?: string; dataId2?: string } }>('/sys/dataLog/queryCompareList', {
    config: { access: 'record' },
    schema: { querystring: { type: 'object', properties: { dataId1: str(32), dataId2: str(32) } } },
  }, async (req) => {
    const scope = await dataLogScope(app.ctx, req);
    const { dataId1, dataId2 } = req.query;
    if (!dataId1 || !dataId2) throw badRequest('请选择两条数据');
    let q = db.selectFrom(TABLE).select(readable).where('id', 'in', [dataId1, dataId2]);
    if (scope) q = q.where(scope);
    const rows = (await q.execute()) as Row[];
    // In the order asked: the modal shows the first as the left column.
    const ordered = [dataId1, dataId2].map((id) => rows.find((r) => r.id === id)).filter((r): r is Row => !!r);
    return ordered.length === 2 ? ok(ordered) : fail('未找到对应数据');
  });
}

/** schemas/system/sys_data_log.json: listed by the engine (read-only) within dataLogScope, compared here. */
export const dataLogModule: SchemaModule = { schema: TABLE, routes, hooks: { scope: (h) => dataLogScope(h.ctx, h.req) } };
