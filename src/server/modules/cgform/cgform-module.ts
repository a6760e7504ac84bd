import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { schemaToDesign, type Design } from '../../../schema/cgform.js';
import type { PageSchema } from '../../../schema/types.js';
import type { CrudHooks, SchemaModule } from '../../crud/hooks.js';
import { requireAction } from '../../crud/permission.js';
import { requireRead } from '../../crud/read-access.js';
import { badRequest, notFound, ok, okMessage } from '../../http/result.js';
import { shareAnnouncements } from '../../state/announcements.js';
import { onlineForms } from './online-forms.js';
import { removeCustomRows } from './custom-rules.js';
import { runtimeConfigRoutes } from './runtime-config.js';
import { declaredTableRoutes } from './declared-tables.js';
import { parseProcess } from './process.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The longest a sync waits for every other instance to serve the form (it reads the design and builds its routes). */
const SYNC_ACK_MS = 5000;
const id = { type: 'string', maxLength: 64 } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const texts = (maxItems: number) => ({ type: 'array', maxItems, items: text(64) }) as const;
/** A process design's shape (cgform-process.ts); what it means is checked by designToSchema and the meta-schema. */
const processBody = {
  type: ['object', 'null'],
  required: ['states', 'workflow'],
  properties: {
    states: {
      type: 'array', maxItems: 30,
      items: { type: 'object', required: ['value', 'label'], properties: { value: text(32), label: text(20), color: text(20), final: { type: 'boolean' }, was: text(32) } },
    },
    workflow: {
      type: 'object', required: ['field', 'initial', 'transitions'],
      properties: {
        field: text(64), initial: text(32), editable: texts(30),
        transitions: { type: 'array', maxItems: 50, items: { type: 'object', required: ['name', 'label', 'from', 'to'], properties: { name: text(32), label: text(20), from: texts(30), to: text(32), stamp: { type: 'object', maxProperties: 20 } } } },
      },
    },
    rowRules: { type: 'array', maxItems: 50, items: { type: 'object', required: ['role'], properties: { role: text(64), field: text(64), states: texts(30) } } },
    record: { type: 'object', properties: { noun: text(10), title: text(64) } },
    roles: { type: 'object', maxProperties: 50, additionalProperties: texts(100) },
  },
} as const;
// Shapes only: the token guard runs after body validation, so what is missing is said in the handler.
const designBody = {
  type: 'object',
  properties: {
    head: { type: 'object', maxProperties: 60 },
    fields: { type: 'array', maxItems: 300, items: { type: 'object', maxProperties: 80 } },
    indexs: { type: 'array', maxItems: 50, items: { type: 'object', maxProperties: 20 } },
    deleteFieldIds: { type: 'array' },
    deleteIndexIds: { type: 'array' },
    process: processBody,
  },
} as const;

const requireDesign = (d: Partial<Design>) => {
  if (!d.head || !Array.isArray(d.fields)) throw badRequest('缺少参数 head 或 fields');
};

/** The generic head list is for reading: a design changes only through the designer, which checks it. */
const hooks: CrudHooks = {
  beforeAdd() { throw badRequest('请通过表单设计器新增表单'); },
  beforeEdit() { throw badRequest('请通过表单设计器修改表单'); },
  async beforeDelete(h, ids) {
    const synced = await h.db.selectFrom('onl_cgform_head').select('tableName').where('id', 'in', ids).where('syncedJson', 'is not', null).execute();
    if (synced.length) throw badRequest(`已同步数据库的表单不能删除：${synced.map((r: any) => r.tableName).join(',')}`);
  },
  afterDelete: (h, ids) => removeCustomRows(h.db, ids),
};

async function routes(app: FastifyInstance): Promise<void> {
  const forms = onlineForms(app.ctx);
  const { db } = app.ctx;
  await forms.loadSynced((msg) => app.log.warn(msg));
  const syncs = await shareAnnouncements(app.ctx.state, 'online-form-sync', (table) => forms.syncedElsewhere(table), { waitMs: SYNC_ACK_MS, log: () => app.log });
  forms.announceSync = (table) => syncs.announce(table);
  await runtimeConfigRoutes(app, forms);
  await declaredTableRoutes(app);
  const user = (req: FastifyRequest) => req.user!.username;

  // ---- designer ----
  app.post<{ Body: Design }>('/online/cgform/api/addAll', { config: { access: { permission: 'online:cgform:add' } }, schema: { body: designBody } }, async (req) => {
    await requireAction(db, req, 'online:cgform:add');
    requireDesign(req.body);
    return ok(await forms.add(req.body, user(req)), '添加成功！');
  });

  app.put<{ Body: Design }>('/online/cgform/api/editAll', { config: { access: { permission: 'online:cgform:edit' } }, schema: { body: designBody } }, async (req) => {
    await requireAction(db, req, 'online:cgform:edit');
    requireDesign(req.body);
    const headId = (req.body.head as { id?: unknown }).id;
    if (typeof headId !== 'string' || !headId) throw badRequest('缺少参数 head.id');
    await forms.edit(headId, req.body, user(req));
    return okMessage('修改成功！');
  });

  // A design's fields and indexes are the designer's: holders of the Online表单开发 page only.
  const designOf = async (req: FastifyRequest, headId: string | undefined) => {
    await requireRead(db, app.ctx.schemas, req, app.ctx.schemas.table('onl_cgform_head')!);
    if (!headId) throw badRequest('缺少参数 headId');
    return schemaToDesign(JSON.parse((await forms.head(headId)).schemaJson) as PageSchema);
  };
  app.get<{ Querystring: { headId?: string } }>('/online/cgform/field/listByHeadId', { config: { access: { page: 'onl_cgform_head' } }, schema: { querystring: { type: 'object', properties: { headId: id } } } },
    async (req) => ok((await designOf(req, req.query.headId)).fields));
  app.get<{ Querystring: { headId?: string } }>('/online/cgform/index/listByHeadId', { config: { access: { page: 'onl_cgform_head' } }, schema: { querystring: { type: 'object', properties: { headId: id } } } },
    async (req) => ok((await designOf(req, req.query.headId)).indexs ?? []));

  // The process as designed (states with labels and colours, workflow, row rules, roles): the designer's 流程 tab, and its export.
  app.get<{ Params: { code: string } }>('/online/cgform/api/process/:code', { config: { access: { page: 'onl_cgform_head' } }, schema: { params: { type: 'object', properties: { code: id } } } }, async (req) => {
    await requireRead(db, app.ctx.schemas, req, app.ctx.schemas.table('onl_cgform_head')!);
    return ok(parseProcess((await forms.head(req.params.code)).processJson));
  });

  app.get<{ Params: { code: string } }>('/online/cgform/api/syncPlan/:code', { config: { access: { permission: 'online:cgform:sync' } }, schema: { params: { type: 'object', properties: { code: id } } } }, async (req) => {
    await requireAction(db, req, 'online:cgform:sync');
    const steps = await forms.planWithSubs(await forms.head(req.params.code));
    return ok({ steps, destructive: steps.some((s) => s.kind === 'dropColumn') });
  });

  app.post<{ Params: { code: string; method: string } }>('/online/cgform/api/doDbSynch/:code/:method', {
    config: { access: { permission: 'online:cgform:sync' } },
    schema: { params: { type: 'object', properties: { code: id, method: { type: 'string', maxLength: 10 } } } },
  }, async (req) => {
    await requireAction(db, req, 'online:cgform:sync');
    const { method } = req.params;
    if (method !== 'normal' && method !== 'force') throw badRequest('同步方式只能是 normal 或 force');
    const { applied, skipped, subs } = await forms.sync(req.params.code, method, user(req));
    const along = subs.length ? `（附表 ${subs.join('、')} 已先同步）` : '';
    return ok({ applied, skipped, subs }, skipped.length ? `同步数据库成功！${along}有 ${skipped.length} 个删除字段未执行，需以 force 方式再次确认` : `同步数据库成功！${along}`);
  });

  app.post<{ Body: { id?: string; version?: number } }>('/online/cgform/head/restore', {
    config: { access: { permission: 'online:cgform:edit' } },
    schema: { body: { type: 'object', properties: { id, version: { type: 'integer', minimum: 1 } } } },
  }, async (req) => {
    await requireAction(db, req, 'online:cgform:edit');
    if (!req.body.id || !req.body.version) throw badRequest('缺少参数 id 或 version');
    await forms.restore(req.body.id!, req.body.version!, user(req));
    return okMessage('已恢复该版本，同步数据库后生效');
  });

  app.post<{ Body: { id?: string; parentId?: string; topLevel?: boolean; roleIds?: string[] } }>('/online/cgform/head/addToMenu', {
    config: { access: { permission: 'online:cgform:edit' } },
    schema: { body: { type: 'object', properties: { id, parentId: id, topLevel: { type: 'boolean' }, roleIds: { type: 'array', maxItems: 100, items: id } } } },
  }, async (req) => {
    await requireAction(db, req, 'online:cgform:edit');
    if (!req.body.id) throw badRequest('缺少参数 id');
    return ok(await forms.addToMenu(req.body.id, req.body, user(req)), '已添加到菜单');
  });

  // ---- runtime: the contract's paths, and the engine's own under /online/data/<table> ----
  const tableOf = async (code: string) => {
    const head = await forms.head(code);
    if (!head.syncedJson) throw badRequest('NO_DB_SYNC');
    return head.tableName as string;
  };
  const dispatch = async (req: FastifyRequest, reply: FastifyReply, table: string, method: string, path: string, query?: Record<string, unknown>) => {
    const match = forms.routes(table)?.match(method, `/online/data/${table}${path}`);
    if (!match) {
      // A form without a process has no transitions: said only to someone who may read the form.
      const page = app.ctx.schemas.table(table);
      if (page) await requireRead(db, app.ctx.schemas, req, page);
      throw notFound(path === '/transition' || path === '/history' ? '该表单没有设计流程' : '路径不存在，请检查路径是否正确');
    }
    (req as any).params = match.params;
    if (query) req.query = { ...(req.query as object), ...query };
    return match.handler(req, reply);
  };
  const code = { type: 'object', properties: { code: id, id: { type: 'string', maxLength: 20_000 } } } as const;

  app.get<{ Params: { code: string } }>('/online/cgform/api/getData/:code', { config: { access: 'record' }, schema: { params: code } },
    async (req, reply) => dispatch(req, reply, await tableOf(req.params.code), 'GET', '/list'));
  app.post<{ Params: { code: string } }>('/online/cgform/api/form/:code', { config: { access: 'record' }, schema: { params: code } },
    async (req, reply) => dispatch(req, reply, await tableOf(req.params.code), 'POST', '/add'));
  app.put<{ Params: { code: string } }>('/online/cgform/api/form/:code', { config: { access: 'record' }, schema: { params: code } },
    async (req, reply) => dispatch(req, reply, await tableOf(req.params.code), 'PUT', '/edit'));
  app.get<{ Params: { code: string; id: string } }>('/online/cgform/api/form/:code/:id', { config: { access: 'record' }, schema: { params: code } },
    async (req, reply) => dispatch(req, reply, await tableOf(req.params.code), 'GET', '/queryById', { id: req.params.id }));
  app.delete<{ Params: { code: string; id: string } }>('/online/cgform/api/form/:code/:id', { config: { access: 'record' }, schema: { params: code } },
    async (req, reply) => dispatch(req, reply, await tableOf(req.params.code), 'DELETE', '/deleteBatch', { ids: req.params.id }));
  app.post<{ Params: { code: string } }>('/online/cgform/api/importXls/:code', { config: { access: 'record' }, schema: { params: code } },
    async (req, reply) => dispatch(req, reply, await tableOf(req.params.code), 'POST', '/importExcel'));
  // A designed process: the same handlers as <api>/transition and <api>/history of a schema file.
  app.post<{ Params: { code: string } }>('/online/cgform/api/transition/:code', { config: { access: 'record' }, schema: { params: code } },
    async (req, reply) => dispatch(req, reply, await tableOf(req.params.code), 'POST', '/transition'));
  app.get<{ Params: { code: string } }>('/online/cgform/api/history/:code', { config: { access: 'record' }, schema: { params: code } },
    async (req, reply) => dispatch(req, reply, await tableOf(req.params.code), 'GET', '/history'));
  app.get<{ Params: { code: string } }>('/online/cgform/api/exportXls/:code', { config: { access: 'record' }, schema: { params: code } },
    async (req, reply) => dispatch(req, reply, await tableOf(req.params.code), 'GET', '/exportXls'));

  app.all<{ Params: { table: string; '*': string } }>('/online/data/:table/*', { config: { access: 'record' } }, async (req, reply) => {
    const { table } = req.params;
    if (!forms.routes(table)) throw notFound('表单不存在或未同步数据库');
    return dispatch(req, reply, table, req.method, `/${req.params['*']}`);
  });
}

export const cgformModule: SchemaModule = { schema: 'onl_cgform_head', hooks, routes };
