import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { escapeLike } from '../../../schema/query.js';
import type { Row } from '../../crud/hooks.js';
import { requireRead } from '../../crud/read-access.js';
import { conditionSql } from '../../crud/where.js';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { keyParam, treeNodes, type TreeNode } from '../dict/tree-data.js';
import { extendsParent } from './code.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const TABLE = 'sys_category';
const ROOT = '0';
/** A whole tree loaded at once stops this deep (codes are 3 characters a level, 100 characters long). */
const MAX_DEPTH = 40;
const str = (max: number) => ({ type: 'string', maxLength: max }) as const;

/**
 * The category endpoints of the Vue 2 client beyond loadTreeData (JeecgBoot SysCategoryController):
 * JTreeDict's `loadTreeRoot` (roots under a code, the whole subtree when not `async`),
 * `loadTreeChildren` and `loadOne` (its echo, by `id` or `code`); `loadAllData` (a code's subtree
 * as dictionary items) — picker data, for every signed-in user as loadTreeData is — and 分类字典's
 * `checkCode` (a child's code starts with its parent's), for the page's readers.
 */
export async function categoryPickerRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;
  const schema = app.ctx.schemas.get(TABLE)!;
  const level = (parent: string | undefined) => treeNodes(db, { schema, key: 'id', text: 'name', pid: 'pid', flag: 'hasChild', parent, filters: [], extra: ['code'] });
  const like = (prefix: string) => (eb: any) => conditionSql(eb, { field: 'code', op: 'like', value: `${escapeLike(prefix)}%` }, app.ctx.dialect);

  const fill = async (nodes: TreeNode[], depth: number): Promise<void> => {
    if (depth >= MAX_DEPTH) return;
    for (const n of nodes) {
      if (n.leaf) continue;
      const children = await level(n.key);
      if (children.length) {
        n.children = children;
        await fill(children, depth + 1);
      }
    }
  };

  app.get<{ Querystring: { async?: string; pcode?: string } }>('/sys/category/loadTreeRoot', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { async: str(5), pcode: str(100) } } },
  }, async (req) => {
    const { async: lazy = 'false' } = req.query;
    if (lazy !== 'true' && lazy !== 'false') throw badRequest('参数 async 只能是 true 或 false');
    const pcode = req.query.pcode?.trim();
    let parent: string | undefined;
    if (pcode && pcode !== ROOT) {
      const found = (await db.selectFrom(TABLE).select('id').where('code', '=', pcode).executeTakeFirst()) as Row | undefined;
      if (!found) return fail(`该编码【${pcode}】不存在，请核实!`);
      parent = String(found.id);
    }
    const roots = await level(parent);
    if (lazy === 'false') await fill(roots, 0);
    return ok(roots);
  });

  app.get<{ Querystring: { pid?: string } }>('/sys/category/loadTreeChildren', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { pid: str(36) } } },
  }, async (req) => {
    const pid = keyParam('pid', req.query.pid);
    if (!pid) throw badRequest('缺少参数 pid');
    return ok(await level(pid === ROOT ? undefined : pid));
  });

  app.get<{ Querystring: { field?: string; val?: string } }>('/sys/category/loadOne', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { field: str(20), val: str(100) } } },
  }, async (req) => {
    const { field, val } = req.query;
    if (field !== 'id' && field !== 'code') throw badRequest('字段无效，请检查!');
    if (!val) throw badRequest('缺少参数 val');
    const rows = (await db.selectFrom(TABLE).select(['id', 'pid', 'name', 'code', 'hasChild', 'createBy', 'createTime', 'updateBy', 'updateTime', 'sysOrgCode'])
      .where(field, '=', val).limit(2).execute()) as Row[];
    if (!rows.length) return fail('查询无果');
    if (rows.length > 1) return fail(`查询数据异常,[${field}]存在多个值:${val}`);
    return ok(rows[0]);
  });

  app.get<{ Querystring: { code?: string } }>('/sys/category/loadAllData', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { code: str(100) } } },
  }, async (req) => {
    const code = req.query.code?.trim();
    if (!code) throw badRequest('缺少参数 code');
    let q = db.selectFrom(TABLE).select(['id', 'name']);
    if (code !== ROOT) q = q.where(like(code));
    const rows = (await q.orderBy('code').execute()) as Row[];
    if (!rows.length) return fail('无数据,参数有误.[code]');
    return ok(rows.map((r) => ({ value: String(r.id), text: String(r.name), title: String(r.name) })));
  });

  app.get<{ Querystring: { pid?: string; code?: string } }>('/sys/category/checkCode', {
    config: { access: { page: 'sys_category' } },
    schema: { querystring: { type: 'object', properties: { pid: str(36), code: str(100) } } },
  }, async (req) => {
    await requireRead(app.ctx.db, app.ctx.schemas, req, schema);
    const code = req.query.code?.trim();
    if (!code) throw badRequest('错误,类型编码为空!');
    const pid = req.query.pid?.trim();
    if (!pid || pid === ROOT) return okMessage('编码可用');
    const parent = (await db.selectFrom(TABLE).select('code').where('id', '=', pid).executeTakeFirst()) as Row | undefined;
    if (!parent) throw badRequest('父级节点不存在');
    const parentCode = String(parent.code ?? '');
    return extendsParent(code, parentCode) ? okMessage('编码可用') : fail(`编码不符合规范,须以"${parentCode}"开头!`);
  });
}
