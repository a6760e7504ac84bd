import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeLike } from '../../../schema/query.js';
import { requireAction } from '../../crud/permission.js';
import { conditionSql } from '../../crud/where.js';
import type { Dialect } from '../../db/connect.js';
import type { Db } from '../../db/tables.js';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { inTransaction } from '../../db/transaction.js';
import { newId } from '../../util/ids.js';
import { requireAnyPage } from '../dict/page-readers.js';
import { GUEST_USERNAME } from '../../auth/guest.js';
import { userColumns, USER_PAGE } from './directory.js';
import { commaIds, inChunks } from './id-list.js';
import { offsetOf, page, pagingProps, type Paging } from './paging.js';
import { departNamesOf } from './user-relations.js';
import { departRows, departTree } from '../depart/depart-tree.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const id32 = { type: 'string', maxLength: 64 } as const;
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
/** The user page's edit button: a department's members are its users' departments, as the user form sets them. */
const EDIT_USERS = 'system:user:edit';

/**
 * What the client's user form (UserModal) sends back when a row of 我的部门 is edited, beyond the
 * directory's columns: its submit empties 负责部门 unless the row says 上级 (`userIdentity === 2`).
 * The list needs the user page, whose list rows carry them too.
 */
const FORM_COLUMNS = ['userIdentity', 'departIds', 'post'] as const;

/** `field LIKE pattern` (escaped with backslashes), as the engine writes it on either database. */
const like = (field: string, pattern: string, dialect: Dialect) => (eb: any) => conditionSql(eb, { field, op: 'like', value: pattern }, dialect);

/** A department and every department under it (org codes are prefixes of their children's). */
async function subtreeIds(db: Db, dialect: Dialect, departIds: string[]): Promise<string[]> {
  if (!departIds.length) return [];
  const roots = await db.selectFrom('sysDepart').select('orgCode').where('id', 'in', departIds).execute();
  if (!roots.length) return [];
  const rows = await db.selectFrom('sysDepart').select('id')
    .where((eb) => eb.or(roots.map((r) => like('orgCode', `${escapeLike(r.orgCode)}%`, dialect)(eb)))).execute();
  return rows.map((r) => r.id);
}

/** Users with their departments' names in `orgCode` (JeecgBoot's list of a department's people), columns as the reader may see them. */
async function withDepartNames(db: Db, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const names = await departNamesOf(db, rows.map((r) => String(r.id)));
  const sex = new Map([[1, '男'], [2, '女']]);
  return rows.map((r) => ({ ...r, orgCode: (names.get(String(r.id))?.names ?? []).join(','), sex_dictText: sex.get(Number(r.sex)) ?? null }));
}

/**
 * The 部门管理 screen's 用户 tab and the people pickers of the JeecgBoot Vue 2 client (issue 41),
 * as SysUserController answers them: a department's users (its subtree's), adding users to a
 * department and taking them out (their department roles there too), users by id, the address book.
 */
export async function departUserRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const db = ctx.db;
  const dialect = ctx.dialect;
  const readUsers = (req: FastifyRequest) => requireAnyPage(ctx, req, [USER_PAGE]);

  // 我的部门: a 上级's departments (负责部门) as trees, each with its subtree; the message says the identity (1 or 2), as JeecgBoot's does.
  app.get('/sys/sysDepart/queryMyDeptTreeList', { config: { access: 'login' } }, async (req) => {
    const user = req.user!;
    if (Number(user.userIdentity) !== 2) return ok(null, '1');
    const mine = new Set(await subtreeIds(db, dialect, commaIds(user.departIds ?? '')));
    if (!mine.size) return ok(null, '2');
    const rows = (await departRows(db as never)).filter((r) => mine.has(String(r.id))).map((r) => (mine.has(String(r.parentId)) ? r : { ...r, parentId: null }));
    return ok(departTree(rows), '2');
  });

  app.get<{ Querystring: Paging & { depId?: string; username?: string } }>('/sys/user/departUserList', {
    config: { access: { page: USER_PAGE } },
    schema: { querystring: { type: 'object', properties: { ...pagingProps, depId: id32, username: text(100) } } },
  }, async (req) => {
    await readUsers(req);
    const { depId, username } = req.query;
    let departs: string[] = [];
    if (depId) departs = await subtreeIds(db, dialect, [depId]);
    else if (Number(req.user!.userIdentity) === 2) departs = await subtreeIds(db, dialect, commaIds(req.user!.departIds ?? ''));
    if (!departs.length) return ok(page([], 0, req.query));
    const members = db.selectFrom('sysUser as u')
      .where((eb) => eb.exists(eb.selectFrom('sysUserDepart as ud').select('ud.id').whereRef('ud.userId', '=', 'u.id').where('ud.depId', 'in', departs)))
      .where('u.delFlag', '=', 0).where('u.username', '<>', GUEST_USERNAME)
      .$if(!!username?.trim(), (q) => q.where(like('u.username', `%${escapeLike(username!.trim())}%`, dialect)));
    const { total } = await members.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const columns = [...await userColumns(ctx, req), ...FORM_COLUMNS];
    const rows = await members.select(columns.map((c) => `u.${c}` as const)).orderBy('u.createTime', 'desc').orderBy('u.id')
      .limit(req.query.pageSize ?? 10).offset(offsetOf(req.query)).execute();
    return ok(page(await withDepartNames(db, rows as Record<string, unknown>[]), Number(total), req.query));
  });

  app.post<{ Body: { depId?: string; userIdList?: string[] } }>('/sys/user/editSysDepartWithUser', {
    config: { access: { permission: EDIT_USERS } },
    schema: { body: { type: 'object', properties: { depId: id32, userIdList: { type: 'array', maxItems: 5000, items: id32 } } } },
  }, async (req) => {
    await requireAction(db, req, EDIT_USERS);
    const depId = req.body.depId;
    if (!depId) throw badRequest('缺少参数 depId');
    if (!(await db.selectFrom('sysDepart').select('id').where('id', '=', depId).executeTakeFirst())) throw badRequest('所选部门不存在');
    const userIds = [...new Set(req.body.userIdList ?? [])];
    await inTransaction(db, async (tx) => {
      const users = new Set((await inChunks(userIds, (s) => tx.selectFrom('sysUser').select('id').where('id', 'in', s).where('delFlag', '=', 0).execute())).map((u) => u.id));
      const missing = userIds.find((u) => !users.has(u));
      if (missing) throw badRequest(`用户不存在: ${missing}`);
      const already = new Set((await inChunks(userIds, (s) => tx.selectFrom('sysUserDepart').select('userId').where('depId', '=', depId).where('userId', 'in', s).execute())).map((r) => r.userId));
      const added = userIds.filter((u) => !already.has(u));
      if (added.length) await tx.insertInto('sysUserDepart').values(added.map((userId) => ({ id: newId(), userId, depId }))).execute();
      // A user without a current department takes this one, as the login's department choice would.
      const code = (await tx.selectFrom('sysDepart').select('orgCode').where('id', '=', depId).executeTakeFirstOrThrow()).orgCode;
      if (added.length) await tx.updateTable('sysUser').set({ orgCode: code }).where('id', 'in', added).where('orgCode', 'is', null).execute();
    });
    return okMessage('添加成功!');
  });

  /** Takes users out of a department: the link, their roles of that department, and the department as their current one. */
  const leave = async (depId: string, userIds: string[]): Promise<number> => inTransaction(db, async (tx) => {
    const res = await tx.deleteFrom('sysUserDepart').where('depId', '=', depId).where('userId', 'in', userIds).executeTakeFirst();
    const roles = (await (tx as any).selectFrom('sys_depart_role').select('id').where('departId', '=', depId).execute()).map((r: { id: string }) => r.id);
    if (roles.length) await (tx as any).deleteFrom('sys_depart_role_user').where('userId', 'in', userIds).where('droleId', 'in', roles).execute();
    const depart = await tx.selectFrom('sysDepart').select('orgCode').where('id', '=', depId).executeTakeFirst();
    if (depart) {
      for (const userId of userIds) {
        const next = await tx.selectFrom('sysUserDepart').innerJoin('sysDepart', 'sysDepart.id', 'sysUserDepart.depId')
          .select('sysDepart.orgCode').where('sysUserDepart.userId', '=', userId).orderBy('sysDepart.orgCode').executeTakeFirst();
        await tx.updateTable('sysUser').set({ orgCode: next?.orgCode ?? null }).where('id', '=', userId).where('orgCode', '=', depart.orgCode).execute();
      }
    }
    return Number(res.numDeletedRows);
  });

  app.delete<{ Querystring: { depId?: string; userId?: string } }>('/sys/user/deleteUserInDepart', {
    config: { access: { permission: EDIT_USERS } },
    schema: { querystring: { type: 'object', properties: { depId: id32, userId: id32 } } },
  }, async (req) => {
    await requireAction(db, req, EDIT_USERS);
    const { depId, userId } = req.query;
    if (!depId || !userId) throw badRequest('缺少参数 depId 或 userId');
    return (await leave(depId, [userId])) ? okMessage('删除成功!') : fail('当前选中部门与用户无关联关系!');
  });

  app.delete<{ Querystring: { depId?: string; userIds?: string } }>('/sys/user/deleteUserInDepartBatch', {
    config: { access: { permission: EDIT_USERS } },
    schema: { querystring: { type: 'object', properties: { depId: id32, userIds: text(200_000) } } },
  }, async (req) => {
    await requireAction(db, req, EDIT_USERS);
    const depId = req.query.depId;
    const userIds = commaIds(req.query.userIds, '用户');
    if (!depId || !userIds.length) throw badRequest('缺少参数 depId 或 userIds');
    return (await leave(depId, userIds)) ? okMessage('删除成功!') : fail('当前选中部门与用户无关联关系!');
  });

  // The announcement form echoes its chosen users by id: who they are (the directory's columns), for readers of users or announcements.
  app.get<{ Querystring: { userIds?: string } }>('/sys/user/queryByIds', {
    config: { access: { page: [USER_PAGE, 'sys_announcement'] } },
    schema: { querystring: { type: 'object', properties: { userIds: text(200_000) } } },
  }, async (req) => {
    await requireAnyPage(ctx, req, [USER_PAGE, 'sys_announcement']);
    const ids = commaIds(req.query.userIds, '用户');
    if (!ids.length) return ok([]);
    const columns = await userColumns(ctx, req);
    return ok(await inChunks(ids, (s) => db.selectFrom('sysUser').select(columns).where('id', 'in', s).where('delFlag', '=', 0).execute()));
  });

  // 通讯录: a department's people (its subtree's; everyone's without orgCode), one row per person and department.
  app.get<{ Querystring: Paging & { orgCode?: string; realname?: string; workNo?: string } }>('/sys/user/queryByOrgCodeForAddressList', {
    config: { access: { page: USER_PAGE } },
    schema: { querystring: { type: 'object', properties: { ...pagingProps, orgCode: text(64), realname: text(100), workNo: text(100) } } },
  }, async (req) => {
    await readUsers(req);
    const { orgCode, realname, workNo } = req.query;
    const rows = db.selectFrom('sysUserDepart as ud').innerJoin('sysUser as u', 'u.id', 'ud.userId').innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .where('u.delFlag', '=', 0).where('u.username', '<>', GUEST_USERNAME)
      .$if(!!orgCode, (q) => q.where(like('d.orgCode', `${escapeLike(orgCode!)}%`, dialect)))
      .$if(!!realname?.trim(), (q) => q.where(like('u.realname', `%${escapeLike(realname!.trim())}%`, dialect)))
      .$if(!!workNo?.trim(), (q) => q.where(like('u.workNo', `%${escapeLike(workNo!.trim())}%`, dialect)));
    const { total } = await rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const columns = (await userColumns(ctx, req)).filter((c) => c !== 'id');
    const found = await rows.select([...columns.map((c) => `u.${c}` as const), 'u.id as userId', 'u.post', 'd.id as departId', 'd.departName'])
      .orderBy('d.orgCode').orderBy('u.realname').orderBy('u.id').limit(req.query.pageSize ?? 10).offset(offsetOf(req.query)).execute();
    return ok(page(found.map((r, i) => ({ ...r, id: `${r.userId}_${r.departId}_${i}` })), Number(total), req.query));
  });
}
