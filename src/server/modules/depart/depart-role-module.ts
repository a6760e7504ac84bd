import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SchemaModule } from '../../crud/hooks.js';
import { requireAction } from '../../crud/permission.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, ok, okMessage } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { newId } from '../../util/ids.js';
import { requireAnyPage } from '../dict/page-readers.js';
import { departDataRuleRoutes } from './depart-datarule-routes.js';
import { permissionRows } from '../permission/permission-rows.js';
import { assignmentTree, withParentMenus } from '../role/role-permission-routes.js';
import { commaIds, inChunks } from '../user/id-list.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const id32 = { type: 'string', maxLength: 64 } as const;
const ids = { type: 'string', maxLength: 300_000 } as const;
const DEPART_PAGE = 'sys_depart';
const ROLE_PAGE = 'sys_depart_role';
/** 部门管理's buttons: a department's permissions, and granting them on to its roles and members. */
const DEPART_AUTH = 'system:depart:permission';
const ROLE_AUTH = 'system:departRole:auth';

/**
 * Saves a grant set as JeecgBoot's authorisation trees send it: the ids after editing and before
 * (`lastpermissionIds`), so only what changed is written; menus keep their parent folders.
 */
async function saveGrants(db: Kysely<any>, table: string, owner: Record<string, string>, sent: string[], last: string | undefined, within?: Set<string>): Promise<void> {
  const rows = await permissionRows(db as never);
  const known = new Set(rows.map((r) => r.id));
  const unknown = sent.find((id) => !known.has(id));
  if (unknown) throw badRequest(`权限不存在: ${unknown}`);
  const wanted = withParentMenus(rows, sent).filter((id) => !within || within.has(id));
  const outside = sent.find((id) => within && !within.has(id));
  if (outside) throw badRequest('只能授予部门已有的权限');
  const [key, value] = Object.entries(owner)[0];
  await inTransaction(db, async (tx) => {
    const current = new Set((await tx.selectFrom(table).select('permissionId').where(key, '=', value).execute()).map((r: any) => r.permissionId as string));
    const before = last === undefined ? current : new Set(commaIds(last, '权限'));
    const after = new Set(wanted);
    const added = wanted.filter((id) => !before.has(id) && !current.has(id));
    const removed = [...before].filter((id) => !after.has(id));
    if (removed.length) await inChunks(removed, (s) => tx.deleteFrom(table).where(key, '=', value).where('permissionId', 'in', s).execute());
    if (added.length) await inChunks(added, (s) => tx.insertInto(table).values(s.map((permissionId) => ({ id: newId(), ...owner, permissionId, ...(table === 'sys_depart_role_permission' ? { operateDate: formatDateTime() } : {}) }))).execute());
  });
}

/**
 * 部门管理's 部门权限, 部门角色 and 部门角色授权 tabs of the JeecgBoot Vue 2 client (issue 41), as
 * SysPermissionController, SysDepartRoleController and SysDepartPermissionController answer them:
 * the menus and buttons a department may hand out, its roles (the page sys_depart_role, listed by
 * the client's `deptId`), their grants within the department's, and which members hold which role.
 */
export const departRoleModule: SchemaModule = {
  schema: ROLE_PAGE,
  hooks: {
    // The client lists one department's roles by `deptId`; our web app (我的部门) lists them all, or by `departId`.
    queryConditions(req) {
      const raw = (req.query as Record<string, unknown>).deptId;
      return typeof raw === 'string' && raw ? [{ field: 'departId', op: 'eq', value: raw.slice(0, 64) }] : [];
    },
    async beforeDelete(h, roleIds) {
      await h.db.deleteFrom('sys_depart_role_user').where('droleId', 'in', roleIds).execute();
      await h.db.deleteFrom('sys_depart_role_permission').where('roleId', 'in', roleIds).execute();
    },
  },
  routes: async (app: FastifyInstance) => {
    await departDataRuleRoutes(app);
    const db = app.ctx.db as unknown as Kysely<any>;
    const reads = (req: FastifyRequest, tables: string[]) => requireAnyPage(app.ctx, req, tables);
    const departExists = async (departId: string | undefined) => {
      if (!departId) throw badRequest('缺少参数 departId');
      if (!(await db.selectFrom('sys_depart').select('id').where('id', '=', departId).executeTakeFirst())) throw badRequest('部门不存在');
      return departId;
    };
    const departGrants = async (departId: string) => new Set((await db.selectFrom('sys_depart_permission').select('permissionId').where('departId', '=', departId).execute()).map((r: any) => r.permissionId as string));

    app.get<{ Querystring: { departId?: string } }>('/sys/permission/queryDepartPermission', {
      config: { access: { page: DEPART_PAGE } },
      schema: { querystring: { type: 'object', properties: { departId: id32 } } },
    }, async (req) => {
      await reads(req, [DEPART_PAGE]);
      return ok([...await departGrants(await departExists(req.query.departId))]);
    });

    app.post<{ Body: { departId?: string; permissionIds?: string; lastpermissionIds?: string } }>('/sys/permission/saveDepartPermission', {
      config: { access: { permission: DEPART_AUTH } },
      schema: { body: { type: 'object', properties: { departId: id32, permissionIds: ids, lastpermissionIds: ids } } },
    }, async (req) => {
      await requireAction(app.ctx.db, req, DEPART_AUTH);
      const departId = await departExists(req.body.departId);
      await saveGrants(db, 'sys_depart_permission', { departId }, commaIds(req.body.permissionIds, '权限'), req.body.lastpermissionIds);
      // A department's roles keep only what the department still may hand out.
      const left = await departGrants(departId);
      const roles = (await db.selectFrom('sys_depart_role').select('id').where('departId', '=', departId).execute()).map((r: any) => r.id as string);
      if (roles.length) {
        const stale = (await db.selectFrom('sys_depart_role_permission').select(['id', 'permissionId']).where('roleId', 'in', roles).execute()).filter((r: any) => !left.has(r.permissionId)).map((r: any) => r.id as string);
        if (stale.length) await inChunks(stale, (s) => db.deleteFrom('sys_depart_role_permission').where('id', 'in', s).execute());
      }
      return okMessage('保存成功！');
    });

    // The department's own menus and buttons, as the tree its roles are granted from.
    app.get<{ Querystring: { departId?: string } }>('/sys/sysDepartPermission/queryTreeListForDeptRole', {
      config: { access: { page: ROLE_PAGE } },
      schema: { querystring: { type: 'object', properties: { departId: id32 } } },
    }, async (req) => {
      await reads(req, [ROLE_PAGE]);
      const granted = await departGrants(await departExists(req.query.departId));
      const rows = (await permissionRows(db as never)).filter((r) => granted.has(r.id));
      return ok({ treeList: assignmentTree(rows), ids: rows.map((r) => r.id) });
    });

    app.get<{ Querystring: { roleId?: string } }>('/sys/sysDepartPermission/queryDeptRolePermission', {
      config: { access: { page: ROLE_PAGE } },
      schema: { querystring: { type: 'object', properties: { roleId: id32 } } },
    }, async (req) => {
      await reads(req, [ROLE_PAGE]);
      if (!req.query.roleId) throw badRequest('缺少参数 roleId');
      return ok((await db.selectFrom('sys_depart_role_permission').select('permissionId').where('roleId', '=', req.query.roleId).execute()).map((r: any) => r.permissionId));
    });

    app.post<{ Body: { roleId?: string; permissionIds?: string; lastpermissionIds?: string } }>('/sys/sysDepartPermission/saveDeptRolePermission', {
      config: { access: { permission: ROLE_AUTH } },
      schema: { body: { type: 'object', properties: { roleId: id32, permissionIds: ids, lastpermissionIds: ids } } },
    }, async (req) => {
      await requireAction(app.ctx.db, req, ROLE_AUTH);
      const role = req.body.roleId ? await db.selectFrom('sys_depart_role').select(['id', 'departId']).where('id', '=', req.body.roleId).executeTakeFirst() : undefined;
      if (!role) throw badRequest('部门角色不存在');
      await saveGrants(db, 'sys_depart_role_permission', { roleId: role.id, departId: role.departId }, commaIds(req.body.permissionIds, '权限'), req.body.lastpermissionIds, await departGrants(role.departId));
      return okMessage('保存成功！');
    });

    app.get<{ Querystring: { departId?: string; userId?: string } }>('/sys/sysDepartRole/getDeptRoleList', {
      config: { access: { page: ROLE_PAGE } },
      schema: { querystring: { type: 'object', properties: { departId: id32, userId: id32 } } },
    }, async (req) => {
      await reads(req, [ROLE_PAGE]);
      return ok(await db.selectFrom('sys_depart_role').selectAll().where('departId', '=', await departExists(req.query.departId)).orderBy('createTime').orderBy('id').execute());
    });

    app.get<{ Querystring: { departId?: string; userId?: string } }>('/sys/sysDepartRole/getDeptRoleByUserId', {
      config: { access: { page: ROLE_PAGE } },
      schema: { querystring: { type: 'object', properties: { departId: id32, userId: id32 } } },
    }, async (req) => {
      await reads(req, [ROLE_PAGE]);
      const { departId, userId } = req.query;
      if (!departId || !userId) throw badRequest('缺少参数 departId 或 userId');
      return ok(await db.selectFrom('sys_depart_role_user as u').innerJoin('sys_depart_role as r', 'r.id', 'u.droleId')
        .select(['u.id', 'u.userId', 'u.droleId']).where('u.userId', '=', userId).where('r.departId', '=', departId).execute());
    });

    // A member's roles of the department: the ones chosen now replace the ones chosen before.
    app.post<{ Body: { userId?: string; newRoleId?: string; oldRoleId?: string } }>('/sys/sysDepartRole/deptRoleUserAdd', {
      config: { access: { permission: ROLE_AUTH } },
      schema: { body: { type: 'object', properties: { userId: id32, newRoleId: ids, oldRoleId: ids } } },
    }, async (req) => {
      await requireAction(app.ctx.db, req, ROLE_AUTH);
      const userId = req.body.userId;
      if (!userId || !(await db.selectFrom('sys_user').select('id').where('id', '=', userId).where('delFlag', '=', 0).executeTakeFirst())) throw badRequest('用户不存在');
      const chosen = commaIds(req.body.newRoleId, '部门角色');
      const before = commaIds(req.body.oldRoleId, '部门角色');
      const roles = chosen.length ? await db.selectFrom('sys_depart_role').select(['id', 'departId']).where('id', 'in', chosen).execute() : [];
      if (roles.length !== chosen.length) throw badRequest('部门角色不存在');
      const member = new Set((await db.selectFrom('sys_user_depart').select('depId').where('userId', '=', userId).execute()).map((r: any) => r.depId as string));
      if (roles.some((r: any) => !member.has(r.departId))) throw badRequest('只能分配用户所在部门的角色');
      await inTransaction(db, async (tx) => {
        const gone = before.filter((id) => !chosen.includes(id));
        if (gone.length) await tx.deleteFrom('sys_depart_role_user').where('userId', '=', userId).where('droleId', 'in', gone).execute();
        const held = new Set((await tx.selectFrom('sys_depart_role_user').select('droleId').where('userId', '=', userId).execute()).map((r: any) => r.droleId as string));
        const added = chosen.filter((id) => !held.has(id));
        if (added.length) await tx.insertInto('sys_depart_role_user').values(added.map((droleId) => ({ id: newId(), userId, droleId }))).execute();
      });
      return okMessage('添加成功！');
    });
  },
};
