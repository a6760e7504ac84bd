import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SchemaModule } from '../../crud/hooks.js';
import { badRequest, fail, ok } from '../../http/result.js';
import { departHooks } from './depart-hooks.js';
import { departRows, departTree, searchDeparts } from './depart-tree.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

async function departRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  app.get('/sys/sysDepart/queryTreeList', { config: { access: 'login' } }, async () => ok(departTree(await departRows(db))));

  app.get<{ Querystring: { keyWord?: string } }>('/sys/sysDepart/searchBy', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { keyWord: { type: 'string', maxLength: 100 }, myDeptSearch: { type: 'string', maxLength: 10 } } } },
  }, async (req) => {
    const keyWord = req.query.keyWord?.trim();
    if (!keyWord) throw badRequest('缺少参数 keyWord');
    const found = searchDeparts(await departRows(db), keyWord);
    return found.length ? ok(found) : fail('未查询匹配数据！');
  });
}

/** schemas/system/sys_depart.json: the department tree, org codes, guarded deletes. */
export const departModule: SchemaModule = { schema: 'sys_depart', hooks: departHooks, routes: departRoutes };
