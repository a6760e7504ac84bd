import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/tables.js';
import type { SessionCache } from './session-cache.js';

/** What a user holds through their roles and department roles; read at most once per request, whoever asks. */
export interface Grants {
  /** Role codes. */
  roles: string[];
  /** Holds the administrator role. */
  admin: boolean;
  /** Components of the menu entries held. */
  menus: Set<string>;
  /** Active button codes held. */
  buttons: Set<string>;
  /** Grants of a menu that select data rules: the menu, its component and the selected rule ids. */
  ruleGrants: { permissionId: string; component: string | null; ruleIds: string[] }[];
}

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * The department roles (部门角色, sys_depart_role) a user holds that take effect: those of a
 * department the user still belongs to (JeecgBoot drops a member's roles of a department they leave).
 * Aliases: `du` the holding, `dr` the role.
 */
export function heldDepartRoles(db: AnyDb, userId: unknown) {
  return db.selectFrom('sys_depart_role_user as du')
    .innerJoin('sys_depart_role as dr', 'dr.id', 'du.droleId')
    .innerJoin('sys_user_depart as ud', (j) => j.onRef('ud.depId', '=', 'dr.departId').onRef('ud.userId', '=', 'du.userId'))
    .where('du.userId', '=', userId as string);
}

/**
 * What a user's department roles grant (部门角色授权, sys_depart_role_permission), never more than
 * their department may hand out (部门权限, sys_depart_permission): aliases of heldDepartRoles, and
 * `drp` the role's grant of the menu or button `drp.permissionId`.
 */
export function departRoleGrants(db: AnyDb, userId: unknown) {
  return heldDepartRoles(db, userId)
    .innerJoin('sys_depart_role_permission as drp', 'drp.roleId', 'dr.id')
    .innerJoin('sys_depart_permission as dp', (j) => j.onRef('dp.departId', '=', 'dr.departId').onRef('dp.permissionId', '=', 'drp.permissionId'));
}

/**
 * The ids of the menus and buttons a user is granted, through their roles and their department
 * roles (JeecgBoot's SysPermissionMapper.queryByUser): a subquery for `permission.id in (...)`.
 */
export function grantedPermissionIds(db: AnyDb, userId: unknown) {
  return db.selectFrom('sys_user_role as ur').innerJoin('sys_role_permission as rp', 'rp.roleId', 'ur.roleId')
    .select('rp.permissionId').where('ur.userId', '=', userId as string)
    .union(departRoleGrants(db, userId).select('drp.permissionId'));
}

/**
 * The roles, menus, buttons and data-rule selections of a user, in one query: through their roles
 * and their department roles (whose codes are no role codes: a department role coded `admin` is no
 * administrator).
 */
export async function userGrants(db: Db, userId: string): Promise<Grants> {
  const any = db as unknown as AnyDb;
  const permission = ['p.id as permissionId', 'p.menuType', 'p.component', 'p.perms', 'p.status'] as const;
  const rows: { roleCode: string | null; permissionId: string | null; menuType: number | string | null; component: string | null; perms: string | null; status: string | null; dataRuleIds: string | null }[] = await any
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.roleId')
    .leftJoin('sys_role_permission as rp', 'rp.roleId', 'ur.roleId')
    .leftJoin('sys_permission as p', (j) => j.onRef('p.id', '=', 'rp.permissionId').on('p.delFlag', '=', 0))
    .select(['r.roleCode', ...permission, 'rp.dataRuleIds'])
    .where('ur.userId', '=', userId)
    .unionAll(departRoleGrants(any, userId)
      .innerJoin('sys_permission as p', (j) => j.onRef('p.id', '=', 'drp.permissionId').on('p.delFlag', '=', 0))
      .select([sql<string | null>`null`.as('roleCode'), ...permission, 'drp.dataRuleIds']))
    .execute();
  const roles = new Set<string>();
  const grants: Grants = { roles: [], admin: false, menus: new Set(), buttons: new Set(), ruleGrants: [] };
  for (const r of rows) {
    if (r.roleCode !== null) roles.add(r.roleCode);
    if (!r.permissionId) continue;
    if (Number(r.menuType) === 2) {
      if (r.status === '1') for (const code of (r.perms ?? '').split(',')) if (code.trim()) grants.buttons.add(code.trim());
    } else if (r.component) grants.menus.add(r.component);
    const ruleIds = (r.dataRuleIds ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (ruleIds.length) grants.ruleGrants.push({ permissionId: r.permissionId, component: r.component, ruleIds });
  }
  grants.roles = [...roles];
  grants.admin = roles.has('admin');
  return grants;
}

const cache = new WeakMap<FastifyRequest, Promise<Grants>>();

/**
 * The request's user's grants (userGrants), read once per request, and kept a few seconds across
 * requests in the token cache (session-cache.ts), which any write to users, roles or permissions
 * empties: a list request's biggest statement after the page itself (an administrator holds every menu).
 */
export function grantsOf(db: Db, req: FastifyRequest): Promise<Grants> {
  let grants = cache.get(req);
  if (!grants) {
    const sessions = (req.server as { ctx?: { sessions?: SessionCache } } | undefined)?.ctx?.sessions;
    const userId = req.user!.id;
    const kept = sessions?.grantsOf(userId);
    if (kept) grants = Promise.resolve(kept);
    else {
      const generation = sessions?.generation ?? 0;
      grants = userGrants(db, userId).then((g) => { sessions?.setGrants(userId, g, generation); return g; });
    }
    cache.set(req, grants);
  }
  return grants;
}
