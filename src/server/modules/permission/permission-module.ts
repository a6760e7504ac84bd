import type { FastifyInstance } from 'fastify';
import type { SchemaModule } from '../../crud/hooks.js';
import type { SysPermission } from '../../db/tables.js';
import { ok } from '../../http/result.js';
import { dataRuleRoutes } from './data-rule-routes.js';
import { permissionRows } from './permission-rows.js';
import { menuHooks } from './menu-hooks.js';
import { nest } from './nest.js';

/** A row of the menu admin tree (JeecgBoot SysPermissionTree): every column plus key/title; leaves have no children key. */
type MenuAdminNode = SysPermission & { key: string; title: string; leaf: boolean; children?: MenuAdminNode[] };

/**
 * The menu page's whole tree: JeecgBoot answers `/sys/permission/list` with it, but here `list` is
 * the schema engine's flat, paged list, so the tree has its own path.
 */
async function menuRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.get('/sys/permission/treeList', async () => ok(nest<SysPermission, MenuAdminNode>(await permissionRows(db), (p) => p.id, (p) => p.parentId, (p, children) => ({
    ...p, key: p.id, title: p.name, leaf: !children.length, ...(children.length ? { children } : {}),
  }))));
  await app.register(dataRuleRoutes);
}

/** schemas/system/sys_permission.json: menus and buttons. */
export const permissionModule: SchemaModule = { schema: 'sys_permission', hooks: menuHooks, routes: menuRoutes };
