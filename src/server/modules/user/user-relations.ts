import type { Row } from '../../crud/hooks.js';
import type { Db } from '../../db/tables.js';
import { badRequest } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { inChunks } from './id-list.js';

/** Refuses ids that name no row of the table: a user is only linked to roles and departments that exist. */
export async function requireExisting(db: Db, table: 'sysRole' | 'sysDepart', ids: string[], message: string): Promise<void> {
  if (!ids.length) return;
  const found = await inChunks(ids, (slice) => db.selectFrom(table).select('id').where('id', 'in', slice).execute());
  if (found.length !== ids.length) throw badRequest(message);
}

export async function replaceUserRoles(db: Db, userId: string, roleIds: string[]): Promise<void> {
  await requireExisting(db, 'sysRole', roleIds, '所选角色不存在');
  await db.deleteFrom('sysUserRole').where('userId', '=', userId).execute();
  if (roleIds.length) await db.insertInto('sysUserRole').values(roleIds.map((roleId) => ({ id: newId(), userId, roleId }))).execute();
}

/**
 * Replaces a user's departments. The user's current department (orgCode, chosen at login) must stay
 * one of theirs: otherwise it moves to the first new department, or is cleared.
 */
export async function replaceUserDeparts(db: Db, userId: string, departIds: string[]): Promise<void> {
  await requireExisting(db, 'sysDepart', departIds, '所选部门不存在');
  await db.deleteFrom('sysUserDepart').where('userId', '=', userId).execute();
  if (!departIds.length) {
    await db.updateTable('sysUser').set({ orgCode: null }).where('id', '=', userId).execute();
    return;
  }
  await db.insertInto('sysUserDepart').values(departIds.map((depId) => ({ id: newId(), userId, depId }))).execute();
  const user = await db.selectFrom('sysUser').select('orgCode').where('id', '=', userId).executeTakeFirstOrThrow();
  const codes = await db.selectFrom('sysDepart').select(['id', 'orgCode']).where('id', 'in', departIds).execute();
  if (!codes.some((d) => d.orgCode === user.orgCode)) {
    const first = codes.find((d) => d.id === departIds[0])!;
    await db.updateTable('sysUser').set({ orgCode: first.orgCode }).where('id', '=', userId).execute();
  }
}

/** Removes what hangs off deleted users: role, department and department-role links, open sessions. */
export async function unlinkUsers(db: Db, userIds: string[]): Promise<void> {
  for (const table of ['sysUserRole', 'sysUserDepart', 'sysSession'] as const) {
    await db.deleteFrom(table).where('userId', 'in', userIds).execute();
  }
  await (db as any).deleteFrom('sys_depart_role_user').where('userId', 'in', userIds).execute(); // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Department names per user, in org-code order: the readable `orgCodeTxt` of a user row. */
export async function departNamesOf(db: Db, userIds: string[]): Promise<Map<string, { ids: string[]; names: string[] }>> {
  const rows = await inChunks(userIds, (slice) => db.selectFrom('sysUserDepart')
    .innerJoin('sysDepart', 'sysDepart.id', 'sysUserDepart.depId')
    .select(['sysUserDepart.userId', 'sysDepart.id', 'sysDepart.departName', 'sysDepart.orgCode'])
    .where('sysUserDepart.userId', 'in', slice).execute());
  rows.sort((a, b) => a.orgCode.localeCompare(b.orgCode));
  const out = new Map<string, { ids: string[]; names: string[] }>();
  for (const r of rows) {
    const entry = out.get(r.userId) ?? { ids: [], names: [] };
    entry.ids.push(r.id);
    entry.names.push(r.departName);
    out.set(r.userId, entry);
  }
  return out;
}

/**
 * Adds what a user form and list need beyond the columns: `selectedroles` and `selecteddeparts`
 * (comma id lists, contract §13.1) and `orgCodeTxt` (the department names, as JeecgBoot lists them).
 */
export async function decorateUsers(db: Db, rows: Row[]): Promise<void> {
  const ids = rows.map((r) => String(r.id ?? '')).filter(Boolean);
  if (!ids.length) return;
  const roles = await inChunks(ids, (slice) => db.selectFrom('sysUserRole').select(['userId', 'roleId']).where('userId', 'in', slice).execute());
  const rolesOf = new Map<string, string[]>();
  for (const r of roles) rolesOf.set(r.userId, [...(rolesOf.get(r.userId) ?? []), r.roleId]);
  const departs = await departNamesOf(db, ids);
  for (const row of rows) {
    const id = String(row.id);
    row.selectedroles = (rolesOf.get(id) ?? []).join(',');
    row.selecteddeparts = (departs.get(id)?.ids ?? []).join(',');
    row.orgCodeTxt = (departs.get(id)?.names ?? []).join(',');
  }
}
