import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../http/result.js';
import { permissionRows } from '../permission/permission-rows.js';
import { requireRoleManager } from '../user/directory.js';
import { assignmentTree, type PermissionTreeNode } from './role-permission-routes.js';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

/**
 * The menu tree as the Vue 2 client's role screens load it: the whole tree for 授权
 * (`/sys/role/queryTreeList`, JeecgBoot's SysRoleController), one level at a time
 * (`queryListAsync?pid=`), and every menu id for 全选 (`loadAllRoleIds`). Role internals are for
 * the readers of the role page.
 */
export async function roleTreeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get('/sys/role/queryTreeList', { config: { access: { page: 'sys_role' } } }, async (req) => {
    await requireRoleManager(app.ctx, req);
    const rows = await permissionRows(db);
    return ok({ treeList: assignmentTree(rows), ids: rows.map((r) => r.id) });
  });

  app.get<{ Querystring: { pid?: string } }>('/sys/permission/queryListAsync', {
    config: { access: { page: 'sys_role' } },
    schema: { querystring: { type: 'object', properties: { pid: text(32) } } },
  }, async (req) => {
    await requireRoleManager(app.ctx, req);
    const rows = await permissionRows(db);
    const pid = req.query.pid?.trim() || null;
    if (pid && !rows.some((r) => r.id === pid)) throw badRequest('上级菜单不存在');
    const parents = new Set(rows.map((r) => r.parentId).filter(Boolean));
    const level = rows.filter((r) => (pid ? r.parentId === pid : !r.parentId || !rows.some((p) => p.id === r.parentId)));
    return ok(level.map((p): PermissionTreeNode => ({
      key: p.id, title: p.name, slotTitle: p.name, value: p.id, label: p.name, parentId: p.parentId, icon: p.icon,
      menuType: p.menuType, isLeaf: !parents.has(p.id), ruleFlag: p.ruleFlag, children: null,
    })));
  });

  app.get('/sys/permission/loadAllRoleIds', { config: { access: { page: 'sys_role' } } }, async (req) => {
    await requireRoleManager(app.ctx, req);
    return ok((await permissionRows(db)).map((r) => r.id));
  });
}
