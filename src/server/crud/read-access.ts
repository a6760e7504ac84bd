import type { FastifyRequest } from 'fastify';
import { mainsOf, pageComponents } from '../../schema/permission.js';
import type { PageSchema } from '../../schema/types.js';
import type { Db } from '../db/tables.js';
import { forbidden } from '../http/result.js';
import type { SchemaRegistry } from '../schema/registry.js';

interface Grants {
  /** Holds the administrator role: reads every page, a schema file without a menu row too. */
  admin: boolean;
  /** Components of the menu entries the user's roles hold. */
  menus: Set<string>;
  /** Active button codes the user's roles hold. */
  buttons: string[];
}

/** The menus and buttons a user holds through their roles; an administrator's are not read (one small query). */
async function userGrants(db: Db, userId: string): Promise<Grants> {
  const admin = !!(await db.selectFrom('sysRole').innerJoin('sysUserRole', 'sysUserRole.roleId', 'sysRole.id')
    .select('sysRole.id').where('sysUserRole.userId', '=', userId).where('sysRole.roleCode', '=', 'admin').executeTakeFirst());
  if (admin) return { admin, menus: new Set(), buttons: [] };
  const rows = await db.selectFrom('sysPermission')
    .innerJoin('sysRolePermission', 'sysRolePermission.permissionId', 'sysPermission.id')
    .innerJoin('sysUserRole', 'sysUserRole.roleId', 'sysRolePermission.roleId')
    .select(['sysPermission.menuType', 'sysPermission.component', 'sysPermission.perms', 'sysPermission.status'])
    .where('sysUserRole.userId', '=', userId).where('sysPermission.delFlag', '=', 0)
    .execute();
  const menus = new Set<string>();
  const buttons: string[] = [];
  for (const r of rows) {
    if (Number(r.menuType) === 2) {
      if (r.status === '1') buttons.push(...(r.perms ?? '').split(',').map((s) => s.trim()).filter(Boolean));
    } else if (r.component) menus.add(r.component);
  }
  return { admin, menus, buttons };
}

const cache = new WeakMap<FastifyRequest, Promise<Grants>>();

/** The pages whose holders may read `schema`: itself, the pages sharing its permission prefix, the main pages listing it. */
function relatedPages(schema: PageSchema, registry: SchemaRegistry): PageSchema[] {
  return [
    schema,
    ...registry.schemas.filter((s) => s !== schema && schema.permission && s.permission === schema.permission),
    ...mainsOf(schema, registry.schemas),
  ];
}

/**
 * Who may read a page's rows through the engine's generic paths (list, childList, queryById,
 * subList, export): the holders of its menu entry or of any of its buttons — of the page itself, of
 * a page sharing its permission prefix (the designer's version rows), or of the main page a sub
 * page belongs to. A page whose module declares a read scope (announcements: their recipients) is
 * governed by that scope instead; the administrator role reads every page. Checked on the server,
 * whatever the menu shows.
 */
export async function mayRead(db: Db, registry: SchemaRegistry, req: FastifyRequest, schema: PageSchema): Promise<boolean> {
  let grants = cache.get(req);
  if (!grants) {
    grants = userGrants(db, req.user!.id);
    cache.set(req, grants);
  }
  const { admin, menus, buttons } = await grants;
  if (admin) return true;
  return relatedPages(schema, registry).some((p) => pageComponents(p).some((c) => menus.has(c))
    || (p.permission && buttons.some((b) => b.startsWith(`${p.permission}:`))));
}

/** Refuses with 403 unless the user may read the page's rows (mayRead). */
export async function requireRead(db: Db, registry: SchemaRegistry, req: FastifyRequest, schema: PageSchema): Promise<void> {
  if (!(await mayRead(db, registry, req, schema))) throw forbidden();
}
