import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/tables.js';
import type { SessionCache } from './session-cache.js';

/** What a user holds through their roles; read at most once per request, whoever asks. */
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

/** The roles, menus, buttons and data-rule selections of a user, in one query. */
export async function userGrants(db: Db, userId: string): Promise<Grants> {
  const rows = await db.selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .leftJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
    .leftJoin('sysPermission as p', (j) => j.onRef('p.id', '=', 'rp.permissionId').on('p.delFlag', '=', 0))
    .select(['r.roleCode', 'p.id as permissionId', 'p.menuType', 'p.component', 'p.perms', 'p.status', 'rp.dataRuleIds'])
    .where('ur.userId', '=', userId)
    .execute();
  const roles = new Set<string>();
  const grants: Grants = { roles: [], admin: false, menus: new Set(), buttons: new Set(), ruleGrants: [] };
  for (const r of rows) {
    roles.add(r.roleCode);
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
