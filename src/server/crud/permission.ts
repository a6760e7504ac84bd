import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/tables.js';
import { forbidden } from '../http/result.js';

/** The button codes a user holds through their roles (active buttons only). */
export async function userActions(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('sysPermission')
    .innerJoin('sysRolePermission', 'sysRolePermission.permissionId', 'sysPermission.id')
    .innerJoin('sysUserRole', 'sysUserRole.roleId', 'sysRolePermission.roleId')
    .select('sysPermission.perms')
    .where('sysUserRole.userId', '=', userId).where('sysPermission.menuType', '=', 2)
    .where('sysPermission.status', '=', '1').where('sysPermission.delFlag', '=', 0)
    .execute();
  return new Set(rows.flatMap((r) => (r.perms ?? '').split(',').map((s) => s.trim()).filter(Boolean)));
}

const cache = new WeakMap<FastifyRequest, Promise<Set<string>>>();

/** Refuses the request with 403 unless the user holds the code; checked on the server, whatever the UI shows. */
export async function requireAction(db: Db, req: FastifyRequest, code: string | undefined): Promise<void> {
  if (!code) return;
  let actions = cache.get(req);
  if (!actions) {
    actions = userActions(db, req.user!.id);
    cache.set(req, actions);
  }
  if (!(await actions).has(code)) throw forbidden();
}
