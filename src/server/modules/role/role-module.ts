import type { FastifyInstance } from 'fastify';
import type { CrudHooks, HookContext, Row, SchemaModule } from '../../crud/hooks.js';
import type { Db } from '../../db/tables.js';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { requireRoleManager } from '../user/directory.js';
import { roleDataRuleRoutes } from './role-datarule-routes.js';
import { rolePermissionRoutes } from './role-permission-routes.js';
import { roleUsersRoutes } from './role-users-routes.js';

/** The administrator role: holds every permission, never deleted, its code never changed. */
export const ADMIN_ROLE_CODE = 'admin';

const dbOf = (h: HookContext) => h.db as unknown as Db;

async function codeTaken(db: Db, roleCode: unknown, exceptId?: string): Promise<boolean> {
  if (typeof roleCode !== 'string' || !roleCode) return false;
  let q = db.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

const roleHooks: CrudHooks = {
  async beforeAdd(h, values: Row) {
    if (await codeTaken(dbOf(h), values.roleCode)) throw badRequest('角色编码已存在');
  },
  async beforeEdit(h, changes, _body, current) {
    if (changes.roleCode === undefined || changes.roleCode === current.roleCode) return;
    if (current.roleCode === ADMIN_ROLE_CODE) throw badRequest('admin角色编码不允许修改');
    if (await codeTaken(dbOf(h), changes.roleCode, String(current.id))) throw badRequest('角色编码已存在');
  },
  async beforeDelete(h, ids) {
    const admin = await dbOf(h).selectFrom('sysRole').select('id').where('id', 'in', ids).where('roleCode', '=', ADMIN_ROLE_CODE).executeTakeFirst();
    if (admin) throw badRequest('admin角色，不允许删除！');
  },
  async afterDelete(h, ids) {
    await dbOf(h).deleteFrom('sysUserRole').where('roleId', 'in', ids).execute();
    await dbOf(h).deleteFrom('sysRolePermission').where('roleId', 'in', ids).execute();
  },
};

async function roleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  // The user form lists the roles to assign: readers of the user page may list them too.
  app.get('/sys/role/queryall', { config: { access: { page: ['sys_role', 'sys_user'] } } }, async (req) => {
    await requireRoleManager(app.ctx, req, true);
    return ok(await db.selectFrom('sysRole').selectAll().orderBy('createTime').orderBy('id').execute());
  });

  app.get<{ Querystring: { roleCode?: string; id?: string } }>('/sys/role/checkRoleCode', {
    config: { access: { page: 'sys_role' } },
    schema: { querystring: { type: 'object', properties: { roleCode: { type: 'string', maxLength: 100 }, id: { type: 'string', maxLength: 32 } } } },
  }, async (req) => {
    await requireRoleManager(app.ctx, req);
    if (!req.query.roleCode) throw badRequest('缺少参数 roleCode');
    return (await codeTaken(db, req.query.roleCode, req.query.id || undefined)) ? fail('角色编码已存在') : okMessage('该值可用！');
  });

  await app.register(rolePermissionRoutes);
  await app.register(roleUsersRoutes);
  await app.register(roleDataRuleRoutes);
}

/** schemas/system/sys_role.json: roles, their grants (授权) and their users. */
export const roleModule: SchemaModule = { schema: 'sys_role', hooks: roleHooks, routes: roleRoutes };
