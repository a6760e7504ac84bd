import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CrudHooks, HookContext, Row } from '../../crud/hooks.js';
import type { Db } from '../../db/tables.js';
import { badRequest } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { ruleDb } from '../../crud/data-rules.js';
import { deleteMenuRules } from './data-rule-routes.js';
import { ADMIN_ROLE_CODE } from '../role/role-module.js';
import { MENU_DEFAULTS, MENU_TYPE, tidyMenu } from './menu-data.js';

const dbOf = (h: HookContext) => h.db as unknown as Db;

/** Parents whose is_leaf must be recomputed once the write is done, per request. */
const touchedParents = new WeakMap<FastifyRequest, Set<string>>();
const touch = (req: FastifyRequest, ...ids: unknown[]) => {
  const set = touchedParents.get(req) ?? new Set<string>();
  for (const id of ids) if (id) set.add(String(id));
  touchedParents.set(req, set);
};

async function refreshLeaf(db: Db, ids: Iterable<string>): Promise<void> {
  for (const id of ids) {
    const child = await db.selectFrom('sysPermission').select('id').where('parentId', '=', id).limit(1).executeTakeFirst();
    await db.updateTable('sysPermission').set({ isLeaf: child ? 0 : 1 }).where('id', '=', id).execute();
  }
}

/** Every id below the given ones (children, their buttons, and so on down). */
async function descendants(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db.selectFrom('sysPermission').select(['id', 'parentId']).execute();
  const out: string[] = [];
  const seen = new Set(ids);
  for (let level = ids; level.length;) {
    const next = rows.filter((r) => r.parentId && level.includes(r.parentId) && !seen.has(r.id)).map((r) => r.id);
    next.forEach((id) => seen.add(id));
    out.push(...next);
    level = next;
  }
  return out;
}

/** The parent rules of a menu row: a top menu has none, the others need an existing non-button parent. */
async function checkParent(db: Db, row: Row, selfId?: string): Promise<void> {
  if (row.menuType === MENU_TYPE.top) {
    row.parentId = null;
    return;
  }
  if (typeof row.parentId !== 'string' || !row.parentId) throw badRequest('请选择上级菜单');
  const parent = await db.selectFrom('sysPermission').select(['id', 'menuType']).where('id', '=', row.parentId).executeTakeFirst();
  if (!parent) throw badRequest('上级菜单不存在');
  if (parent.menuType === MENU_TYPE.button) throw badRequest('按钮下不能再添加菜单或按钮');
  if (selfId && (row.parentId === selfId || (await descendants(db, [selfId])).includes(row.parentId))) throw badRequest('上级菜单不能是当前菜单或其下级');
}

async function checkRow(db: Db, row: Row, selfId?: string): Promise<void> {
  tidyMenu(row);
  await checkParent(db, row, selfId);
  if (row.menuType === MENU_TYPE.button) {
    if (typeof row.perms !== 'string' || !row.perms.trim()) throw badRequest('按钮的授权标识不能为空');
    return;
  }
  if (typeof row.url === 'string' && row.url) {
    let q = db.selectFrom('sysPermission').select('id').where('url', '=', row.url).where('menuType', '<>', MENU_TYPE.button);
    if (selfId) q = q.where('id', '<>', selfId);
    if (await q.executeTakeFirst()) throw badRequest('访问路径不能重复，请重新输入！');
  }
}

/**
 * Menus and buttons (contract §3.2): parents and leaf flags stay right, deleting a menu takes its
 * sub-menus, buttons and role grants with it, a new one is granted to the administrator role. Users'
 * menus are read per request (no cache), so every change shows at once.
 */
export const menuHooks: CrudHooks = {
  async beforeAdd(h, values) {
    for (const [key, value] of Object.entries(MENU_DEFAULTS)) values[key] ??= value;
    if (values.menuType === MENU_TYPE.button) {
      values.status ??= '1';
      values.permsType ??= '1';
      values.isRoute = 0;
    }
    await checkRow(dbOf(h), values);
    Object.assign(values, { isLeaf: 1, delFlag: 0, ruleFlag: 0 });
  },
  async afterAdd(h, values) {
    const db = dbOf(h);
    if (values.parentId) await refreshLeaf(db, [String(values.parentId)]);
    // The administrator role holds every menu and button (seed '*'); a new one joins it at once.
    const admin = await db.selectFrom('sysRole').select('id').where('roleCode', '=', ADMIN_ROLE_CODE).executeTakeFirst();
    if (admin) await db.insertInto('sysRolePermission').values({ id: newId(), roleId: admin.id, permissionId: String(values.id) }).execute();
  },
  async beforeEdit(h, changes, _body, current) {
    delete changes.isLeaf;
    for (const [key, value] of Object.entries(MENU_DEFAULTS)) if (key in changes && changes[key] === null) changes[key] = value;
    const merged: Row = { ...current, ...changes };
    if (merged.menuType === MENU_TYPE.button && current.isLeaf === 0) throw badRequest('该菜单下有子菜单或按钮，不能改为按钮');
    await checkRow(dbOf(h), merged, String(current.id));
    for (const key of ['component', 'url', 'parentId'] as const) if (merged[key] !== current[key]) changes[key] = merged[key];
    if (merged.parentId !== current.parentId) touch(h.req, current.parentId, merged.parentId);
  },
  async afterEdit(h) {
    await refreshLeaf(dbOf(h), touchedParents.get(h.req) ?? []);
  },
  async beforeDelete(h, ids) {
    const db = dbOf(h);
    const below = await descendants(db, ids);
    const all = [...ids, ...below];
    const parents = await db.selectFrom('sysPermission').select('parentId').where('id', 'in', ids).execute();
    touch(h.req, ...parents.map((p) => p.parentId).filter((p) => p && !all.includes(p)));
    await db.deleteFrom('sysRolePermission').where('permissionId', 'in', all).execute();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    for (const table of ['sys_depart_permission', 'sys_depart_role_permission']) await (db as unknown as Kysely<any>).deleteFrom(table).where('permissionId', 'in', all).execute();
    await deleteMenuRules(ruleDb(db), all);
    if (below.length) await db.deleteFrom('sysPermission').where('id', 'in', below).execute();
  },
  async afterDelete(h) {
    await refreshLeaf(dbOf(h), touchedParents.get(h.req) ?? []);
  },
};
