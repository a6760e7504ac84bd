import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { grantedPermissionIds, heldDepartRoles } from '../../auth/grants.js';
import type { Db, SysPermission } from '../../db/tables.js';
import { badRequest, ok } from '../../http/result.js';
import { buildMenuTree } from './menu-tree.js';
import { PERMISSION_RESULT } from '../../openapi/shapes.js';
import { compiledOnce } from '../../crud/open-statements.js';

export const HOME_URL = '/dashboard/analysis';

/** Permission rows granted to a user through their roles and department roles, with the home page always included. */
export async function userPermissions(db: Db, userId: string): Promise<SysPermission[]> {
  const rows = await db.selectFrom('sysPermission')
    .selectAll('sysPermission')
    .where('sysPermission.delFlag', '=', 0)
    .where('sysPermission.id', 'in', grantedPermissionIds(db as never, userId))
    .execute();
  if (!rows.some((r) => r.url === HOME_URL)) {
    const home = await db.selectFrom('sysPermission').selectAll().where('url', '=', HOME_URL).where('delFlag', '=', 0).executeTakeFirst();
    if (home) rows.push(home);
  }
  return rows;
}

/** A menu url matches a path as the web router matches it: `:name` segments stand for any one segment. */
export function menuUrlMatches(url: string, path: string): boolean {
  const a = url.replace(/\/+$/, '').split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((seg, i) => seg === b[i] || (seg.startsWith(':') && b[i] !== ''));
}

/** A user's role ids and department role ids (marked `d`): what their menu is made of. */
const rolesOf = compiledOnce(['userId'], ({ userId }, db: Db) => db.selectFrom('sysUserRole').select(['roleId', sql<string>`'r'`.as('kind')]).where('userId', '=', userId)
  .unionAll(heldDepartRoles(db as never, userId).select(['du.droleId as roleId', sql<string>`'d'`.as('kind')]) as never));

export async function permissionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  // The menu comes from the user's roles and department roles alone, so it is kept by their set (with
  // the session cache's grants: emptied by any write to roles, department roles, grants or menus). Every page load asks for it, and in the
  // last hour before a deadline thousands of applicants share one role.
  app.get('/sys/permission/getUserPermissionByToken', { config: { access: 'login', guest: true }, schema: { response: { 200: PERMISSION_RESULT } } }, async (req) => {
    const { sessions } = app.ctx;
    const generation = sessions.generation;
    const roles = (await db.executeQuery<{ roleId: string; kind: string }>(rolesOf(db, { userId: req.user!.id }))).rows.map((r) => `${r.kind}:${r.roleId}`).sort().join(',');
    const kept = sessions.menuOf(roles);
    if (kept) return ok(kept);
    const rows = await userPermissions(db, req.user!.id);
    const auth = rows.filter((r) => r.menuType === 2 && r.status === '1' && r.perms)
      .map((r) => ({ action: r.perms, type: r.permsType ?? '1', describe: r.name }));
    const allButtons = await db.selectFrom('sysPermission').select(['perms', 'status', 'permsType', 'name'])
      .where('menuType', '=', 2).where('delFlag', '=', 0).orderBy('perms').execute();
    const allAuth = allButtons.map((b) => ({ action: b.perms, status: b.status ?? '1', type: b.permsType ?? '1', describe: b.name }));
    const menu = { menu: buildMenuTree(rows), auth, allAuth, sysSafeMode: false };
    sessions.setMenu(roles, menu, generation);
    return ok(menu);
  });

  // Whether a path the user's menu lacks is a page of the menu all the same: the web app then says
  // 403 (not granted) rather than 404 (no such page). Only whether it exists is told, not its name.
  app.get<{ Querystring: { path?: string } }>('/sys/permission/routeExists', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { path: { type: 'string', maxLength: 500 } } } },
  }, async (req) => {
    const path = (req.query.path ?? '').replace(/\/+$/, '');
    if (!path.startsWith('/')) throw badRequest('缺少参数 path');
    const urls = await db.selectFrom('sysPermission').select('url').where('delFlag', '=', 0).where('menuType', '!=', 2).where('url', 'is not', null).execute();
    return ok(urls.some((r) => menuUrlMatches(r.url!, path)));
  });
}
