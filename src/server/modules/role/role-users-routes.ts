import type { FastifyInstance } from 'fastify';
import { conditionSql } from '../../crud/where.js';
import { requireAction } from '../../crud/permission.js';
import { escapeLike } from '../../../schema/query.js';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { requireRoleManager, userColumns } from '../user/directory.js';
import { commaIds } from '../user/id-list.js';
import { offsetOf, page, pagingProps, type Paging } from '../user/paging.js';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

/** The users of one role (the role list's 用户 panel): list (for readers of the role page), add, remove. */
export async function roleUsersRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect } = app.ctx;

  const requireRole = async (roleId: string | undefined) => {
    if (!roleId) throw badRequest('缺少参数 roleId');
    const role = await db.selectFrom('sysRole').select('id').where('id', '=', roleId).executeTakeFirst();
    if (!role) throw badRequest('角色不存在');
    return roleId;
  };

  app.get<{ Querystring: Paging & { roleId?: string; username?: string } }>('/sys/user/userRoleList', {
    config: { access: { page: 'sys_role' } },
    schema: { querystring: { type: 'object', properties: { ...pagingProps, roleId: text(32), username: text(100) } } },
  }, async (req) => {
    await requireRoleManager(app.ctx, req);
    const roleId = await requireRole(req.query.roleId);
    const kw = req.query.username?.trim();
    const rows = db.selectFrom('sysUser').where((eb) => eb.and([
      eb('id', 'in', eb.selectFrom('sysUserRole').select('userId').where('roleId', '=', roleId)),
      ...(kw ? [conditionSql(eb, { field: 'username', op: 'like', value: `%${escapeLike(kw)}%` }, dialect)] : []),
    ]));
    const { total } = await rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const records = await rows.select(await userColumns(app.ctx, req)).orderBy('createTime', 'desc').orderBy('id', 'desc')
      .limit(req.query.pageSize ?? 10).offset(offsetOf(req.query)).execute();
    return ok(page(records, Number(total), req.query));
  });

  app.post<{ Body: { roleId?: string; userIdList?: string[] } }>('/sys/user/addSysUserRole', {
    config: { access: { permission: 'system:user:edit' } },
    schema: {
      body: {
        type: 'object',
        properties: { roleId: text(32), userIdList: { type: 'array', maxItems: 5000, items: text(32) } },
      },
    },
  }, async (req) => {
    await requireAction(db, req, 'system:user:edit');
    const roleId = await requireRole(req.body.roleId);
    const userIds = [...new Set(req.body.userIdList ?? [])];
    if (!userIds.length) throw badRequest('请选择用户');
    const known = await db.selectFrom('sysUser').select('id').where('id', 'in', userIds).execute();
    if (known.length !== userIds.length) throw badRequest('所选用户不存在');
    const linked = new Set((await db.selectFrom('sysUserRole').select('userId').where('roleId', '=', roleId).where('userId', 'in', userIds).execute()).map((r) => r.userId));
    const fresh = userIds.filter((id) => !linked.has(id));
    if (fresh.length) await db.insertInto('sysUserRole').values(fresh.map((userId) => ({ id: newId(), userId, roleId }))).execute();
    return okMessage('添加成功!');
  });

  const removeLinks = async (roleId: string | undefined, rawUserIds: string | undefined) => {
    const role = await requireRole(roleId);
    const userIds = commaIds(rawUserIds, '用户');
    if (!userIds.length) throw badRequest('缺少参数 userId');
    const res = await db.deleteFrom('sysUserRole').where('roleId', '=', role).where('userId', 'in', userIds).executeTakeFirst();
    return Number(res.numDeletedRows) ? okMessage('删除成功!') : fail('未找到对应数据');
  };

  app.delete<{ Querystring: { roleId?: string; userId?: string } }>('/sys/user/deleteUserRole', {
    config: { access: { permission: 'system:user:edit' } },
    schema: { querystring: { type: 'object', properties: { roleId: text(32), userId: text(32) } } },
  }, async (req) => {
    await requireAction(db, req, 'system:user:edit');
    return removeLinks(req.query.roleId, req.query.userId);
  });

  app.delete<{ Querystring: { roleId?: string; userIds?: string } }>('/sys/user/deleteUserRoleBatch', {
    config: { access: { permission: 'system:user:edit' } },
    schema: { querystring: { type: 'object', properties: { roleId: text(32), userIds: text(200_000) } } },
  }, async (req) => {
    await requireAction(db, req, 'system:user:edit');
    return removeLinks(req.query.roleId, req.query.userIds);
  });
}
