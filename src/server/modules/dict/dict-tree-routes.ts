import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { escapeLike } from '../../../schema/query.js';
import type { Row } from '../../crud/hooks.js';
import { requireRead } from '../../crud/read-access.js';
import { conditionSql } from '../../crud/where.js';
import { ok } from '../../http/result.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * `GET /sys/dict/treeList?dictName=` (JeecgBoot SysDictTree): every dictionary as a tree node
 * (`key`/`title` beside the row), newest first, narrowed by a part of the name. For the readers
 * of 字典管理.
 */
export async function dictTreeRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;
  const page = app.ctx.schemas.get('sys_dict')!;

  app.get<{ Querystring: { dictName?: string } }>('/sys/dict/treeList', {
    config: { access: { page: 'sys_dict' } },
    schema: { querystring: { type: 'object', properties: { dictName: { type: 'string', maxLength: 100 } } } },
  }, async (req) => {
    await requireRead(app.ctx.db, app.ctx.schemas, req, page);
    let q = db.selectFrom('sys_dict').select(['id', 'dictName', 'dictCode', 'description', 'type', 'createBy', 'createTime', 'updateBy', 'updateTime']);
    const name = req.query.dictName?.trim();
    if (name) q = q.where((eb) => conditionSql(eb, { field: 'dictName', op: 'like', value: `%${escapeLike(name)}%` }, app.ctx.dialect));
    const rows = (await q.orderBy('createTime', 'desc').orderBy('id', 'desc').execute()) as Row[];
    return ok(rows.map((r) => ({ key: r.id, title: r.dictName, ...r, delFlag: 0 })));
  });
}
