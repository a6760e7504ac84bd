import type { FastifyInstance } from 'fastify';
import type { CrudHooks, Row, SchemaModule } from '../../crud/hooks.js';
import { ok } from '../../http/result.js';
import { dataRuleRoutes } from './data-rule-routes.js';
import { permissionRows } from './permission-rows.js';
import { menuHooks } from './menu-hooks.js';
import { nest } from './nest.js';

/** A row of the menu admin tree (JeecgBoot SysPermissionTree): every column plus key/title; leaves have no children key. */
type MenuAdminNode = Row & { key: string; title: string; leaf: boolean; children?: MenuAdminNode[] };

/** Menu rows in their order as nested nodes; a row whose parent is not among them is a root. `route` is JeecgBoot's name of isRoute. */
const menuTree = (rows: Row[]) => nest<Row, MenuAdminNode>(rows, (p) => String(p.id), (p) => (p.parentId as string | null) ?? null, (p, children) => ({
  ...p, key: String(p.id), title: String(p.name), leaf: !children.length, route: p.isRoute !== 0, ...(children.length ? { children } : {}),
}));

/**
 * JeecgBoot's menu form edits is_route as `route`, a boolean (its entity's property), and sends back
 * the row's other keys as read (isRoute among them): its `route` is what the user set.
 */
const routeFlag = (target: Row, body: Row) => {
  if (typeof body.route === 'boolean') target.isRoute = body.route ? 1 : 0;
};

/** The whole tree also at its own path (our web app's menu pickers). */
async function menuRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.get('/sys/permission/treeList', { config: { access: 'login' } }, async () => ok(menuTree(await permissionRows(db) as unknown as Row[])));
  await app.register(dataRuleRoutes);
}

const hooks: CrudHooks = {
  ...menuHooks,
  async beforeAdd(h, values, body) {
    routeFlag(values, body);
    await menuHooks.beforeAdd!(h, values, body);
  },
  async beforeEdit(h, changes, body, current) {
    routeFlag(changes, body);
    await menuHooks.beforeEdit!(h, changes, body, current);
  },
  // JeecgBoot answers `/sys/permission/list` with the whole menu tree as an array (its menu screen
  // asks without paging); a paged request (our web app's generic list) keeps the engine's page.
  reshape: (req, read) => (read === 'list' && (req.query as Row).pageNo === undefined ? menuTree : undefined),
};

/** schemas/system/sys_permission.json: menus and buttons. */
export const permissionModule: SchemaModule = { schema: 'sys_permission', hooks, routes: menuRoutes };
