import type { FastifyRequest } from 'fastify';
import { mainsOf, pageComponents } from '../../schema/permission.js';
import type { PageSchema } from '../../schema/types.js';
import { grantsOf } from '../auth/grants.js';
import type { Db } from '../db/tables.js';
import { forbidden } from '../http/result.js';
import type { SchemaRegistry } from '../schema/registry.js';

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
  const { admin, menus, buttons } = await grantsOf(db, req);
  if (admin) return true;
  const held = [...buttons];
  return relatedPages(schema, registry).some((p) => pageComponents(p).some((c) => menus.has(c))
    || (p.permission && held.some((b) => b.startsWith(`${p.permission}:`))));
}

/** Refuses with 403 unless the user may read the page's rows (mayRead). */
export async function requireRead(db: Db, registry: SchemaRegistry, req: FastifyRequest, schema: PageSchema): Promise<void> {
  if (!(await mayRead(db, registry, req, schema))) throw forbidden();
}
