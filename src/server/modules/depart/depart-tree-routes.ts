import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Row } from '../../crud/hooks.js';
import { badRequest, ok } from '../../http/result.js';
import { nest } from '../permission/nest.js';
import { departRows, departTree } from './depart-tree.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

interface IdNode { key: string; value: string; title: string; children: IdNode[] | null }

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

/**
 * The department trees of the Vue 2 client's pickers and forms (JeecgBoot SysDepartController):
 * `queryIdTree` (id/title only, for the parent select of 部门管理), and `queryDepartTreeSync` — one
 * level under `pid` (the roots without it), or the departments named by `ids` (by id, or by org
 * code with `primaryKey=orgCode`) to echo a picker's value. Readable by every signed-in user, as
 * `queryTreeList` is.
 */
export async function departTreeRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  app.get('/sys/sysDepart/queryIdTree', { config: { access: 'login' } }, async () => ok(nest<Row, IdNode>(await departRows(db), (r) => String(r.id), (r) => (r.parentId ? String(r.parentId) : null),
    (r, children) => ({ key: String(r.id), value: String(r.id), title: String(r.departName), children: children.length ? children : null }))));

  app.get<{ Querystring: { pid?: string; ids?: string; primaryKey?: string } }>('/sys/sysDepart/queryDepartTreeSync', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { pid: text(32), ids: text(20_000), primaryKey: text(20) } } },
  }, async (req) => {
    const { pid, primaryKey } = req.query;
    if (primaryKey && primaryKey !== 'id' && primaryKey !== 'orgCode') throw badRequest('primaryKey 只能是 id 或 orgCode');
    const ids = (req.query.ids ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length > 1000) throw badRequest('ids 一次最多1000个');
    const rows = await departRows(db);
    const parents = new Set(rows.map((r) => r.parentId).filter(Boolean));
    const known = new Set(rows.map((r) => String(r.id)));
    let level: Row[];
    if (ids.length) level = rows.filter((r) => ids.includes(String(primaryKey === 'orgCode' ? r.orgCode : r.id)));
    else if (pid) level = rows.filter((r) => r.parentId === pid);
    else level = rows.filter((r) => !r.parentId || !known.has(String(r.parentId)));
    // The same node as queryTreeList's, one level deep: children are loaded on expand.
    return ok(departTree(level.map((r) => ({ ...r, parentId: null }))).map((n, i) => ({
      ...n, parentId: level[i].parentId ?? null, isLeaf: !parents.has(level[i].id), children: null,
    })));
  });
}
