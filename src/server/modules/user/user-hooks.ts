import { hashPassword, PASSWORD_RULE, PASSWORD_RULE_MESSAGE } from '../../auth/password.js';
import type { CrudHooks, HookContext, Row } from '../../crud/hooks.js';
import type { Db } from '../../db/tables.js';
import { badRequest } from '../../http/result.js';
import { commaIds } from './id-list.js';
import { decorateUsers, replaceUserDeparts, replaceUserRoles, unlinkUsers } from './user-relations.js';
import { keepDeletedUsers } from '../system/recycle-bin.js';
import { blankToNull, takenMessage } from './user-unique.js';

/** The built-in administrator account: never deleted or frozen. */
export const ADMIN_USERNAME = 'admin';

/** Set by the server or through their own routes (changePassword, frozenBatch, selectDepart), never by add/edit. */
const SERVER_OWNED = ['password', 'salt', 'status', 'orgCode'];

const dbOf = (h: HookContext) => h.db as unknown as Db;

async function refuseTaken(db: Db, values: Row, exceptId?: string): Promise<void> {
  blankToNull(values);
  const taken = await takenMessage(db, values, exceptId);
  if (taken) throw badRequest(taken);
}

/** Applies `selectedroles` / `selecteddeparts` when the body names them (an empty string clears). */
async function applyRelations(db: Db, userId: string, body: Row): Promise<void> {
  if (typeof body.selectedroles === 'string') await replaceUserRoles(db, userId, commaIds(body.selectedroles, '角色'));
  if (typeof body.selecteddeparts === 'string') await replaceUserDeparts(db, userId, commaIds(body.selecteddeparts, '部门'));
}

/** Users (contract §13.1): hashed passwords, unique accounts, roles and departments as relations. */
export const userHooks: CrudHooks = {
  async beforeAdd(h, values, body) {
    const password = String(body.password ?? '');
    if (!PASSWORD_RULE.test(password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    if (body.confirmpassword !== undefined && body.confirmpassword !== null && body.confirmpassword !== password) throw badRequest('两次输入密码不一致!');
    await refuseTaken(dbOf(h), values);
    Object.assign(values, { password: await hashPassword(password), salt: null, status: 1, delFlag: 0, orgCode: null });
  },
  async afterAdd(h, values, body) {
    await applyRelations(dbOf(h), String(values.id), body);
  },
  async beforeEdit(h, changes, _body, current) {
    for (const key of SERVER_OWNED) delete changes[key];
    if (changes.username !== undefined && changes.username !== current.username) throw badRequest('用户账号不允许修改');
    await refuseTaken(dbOf(h), changes, String(current.id));
  },
  async afterEdit(h, id, _changes, body) {
    await applyRelations(dbOf(h), id, body);
  },
  async beforeDelete(h, ids) {
    const admin = await dbOf(h).selectFrom('sysUser').select('id').where('id', 'in', ids).where('username', '=', ADMIN_USERNAME).executeTakeFirst();
    if (admin) throw badRequest('admin用户，不允许删除！');
    if (ids.includes(h.user.id)) throw badRequest('不能删除当前登录用户');
    // JeecgBoot's logic delete: the user goes to the recycle bin (用户回收站) with their roles and departments.
    await keepDeletedUsers(h, ids);
  },
  async afterDelete(h, ids) {
    await unlinkUsers(dbOf(h), ids);
  },
  async decorate(h, rows) {
    await decorateUsers(dbOf(h), rows);
  },
};
