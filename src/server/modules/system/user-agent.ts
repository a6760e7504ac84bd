import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SchemaModule } from '../../crud/hooks.js';
import { requireRead } from '../../crud/read-access.js';
import { badRequest, fail, forbidden, ok } from '../../http/result.js';
import { requireOrdered } from './checks.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Both accounts of an agency exist, and differ. */
async function checkAgency(db: Kysely<any>, row: Record<string, unknown>): Promise<void> {
  if (row.userName && row.userName === row.agentUserName) throw badRequest('代理人不能是用户本人');
  for (const name of [row.userName, row.agentUserName]) {
    if (name === undefined || name === null) continue;
    if (!(await db.selectFrom('sys_user').select('id').where('username', '=', String(name)).where('delFlag', '=', 0).executeTakeFirst())) throw badRequest(`用户不存在: ${String(name)}`);
  }
}

/**
 * 用户代理人 (schemas/system/sys_user_agent.json; JeecgBoot SysUserAgentController, issue 41): one
 * agency per user, from the 用户管理 row's 代理人 action, which first asks for the user's own by name.
 */
export const userAgentModule: SchemaModule = {
  schema: 'sys_user_agent',
  hooks: {
    async beforeAdd(h, values) {
      await checkAgency(h.db, values);
      requireOrdered(values, 'startTime', 'endTime', '代理结束时间不能早于开始时间');
    },
    async beforeEdit(h, changes, _body, current) {
      await checkAgency(h.db, { ...current, ...changes });
      requireOrdered({ ...current, ...changes }, 'startTime', 'endTime', '代理结束时间不能早于开始时间');
    },
  },
  routes: async (app: FastifyInstance) => {
    const db = app.ctx.db as unknown as Kysely<any>;
    app.get<{ Querystring: { userName?: string } }>('/sys/sysUserAgent/queryByUserName', {
      config: { access: { page: 'sys_user_agent' } },
      schema: { querystring: { type: 'object', properties: { userName: { type: 'string', maxLength: 100 } } } },
    }, async (req) => {
      const page = app.ctx.schemas.get('sys_user_agent');
      if (!page) throw forbidden();
      await requireRead(app.ctx.db, app.ctx.schemas, req, page);
      if (!req.query.userName) throw badRequest('缺少参数 userName');
      const row = await db.selectFrom('sys_user_agent').selectAll().where('userName', '=', req.query.userName).executeTakeFirst();
      return row ? ok(row) : fail('未找到对应实体');
    });
  },
};
