import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/context.js';
import type { SysUser } from '../../db/tables.js';
import { readablePersonal, requireAnyPage } from '../dict/page-readers.js';

type UserColumn = keyof SysUser & string;

/**
 * What every signed-in user may see of another: who they are and where they work (SPEC §3 "User
 * in picker" without the phone), enough to choose a person. Registration is open, so "signed in"
 * is anyone with a phone.
 */
const DIRECTORY_COLUMNS: UserColumn[] = ['id', 'username', 'realname', 'sex', 'orgCode', 'workNo', 'avatar', 'status', 'createTime'];

/** Tables of the user and role pages, whose readers manage users and roles. */
export const USER_PAGE = 'sys_user';
export const ROLE_PAGE = 'sys_role';

/**
 * The user columns a list of people shows this reader: the directory columns, plus the personal
 * ones of sys_user.json (phone, e-mail…) for those who may read the user page.
 */
export async function userColumns(ctx: Pick<AppContext, 'db' | 'schemas'>, req: FastifyRequest): Promise<UserColumn[]> {
  const users = ctx.schemas.table(USER_PAGE);
  const personal = users ? await readablePersonal(ctx, req, users) : [];
  return [...DIRECTORY_COLUMNS, ...(personal as UserColumn[])];
}

/**
 * Role internals (a user's roles, a role's users and permissions, the list of roles) are for those
 * who manage roles; `alsoUserPage` when the user form needs them too (its role assignment).
 */
export function requireRoleManager(ctx: Pick<AppContext, 'db' | 'schemas'>, req: FastifyRequest, alsoUserPage = false): Promise<void> {
  return requireAnyPage(ctx, req, alsoUserPage ? [ROLE_PAGE, USER_PAGE] : [ROLE_PAGE]);
}
