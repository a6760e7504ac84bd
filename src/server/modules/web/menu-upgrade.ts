import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { newId } from '../../util/ids.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

interface MenuSeed { name: string; url: string; component: string; icon?: string; children?: MenuSeed[]; buttons?: { name: string; perms: string }[] }

/** The menus of the public-site content pages (and site settings) in schemas/seed/menus.json. */
const WEB_MENUS = new Set(['/pms/race', '/pms/banner', '/pms/news', '/pms/organ', '/pms/tradeUnion', '/pms/raceService',
  '/pms/showcase', '/pms/goodExample', '/pms/expert', '/isystem/siteSetting']);

const menuRow = (id: string, parentId: string, m: MenuSeed, sortNo: number, stamp: object) => ({
  id, parentId, name: m.name, url: m.url, component: m.component, componentName: null, redirect: null, menuType: 1, perms: null,
  permsType: null, sortNo, alwaysShow: 0, icon: m.icon ?? null, isRoute: 1, isLeaf: 1, keepAlive: 0, hidden: 0, hideTab: 0,
  description: null, delFlag: 0, ruleFlag: 0, status: null, internalOrExternal: 0, ...stamp,
});
const buttonRow = (id: string, parentId: string, b: { name: string; perms: string }, sortNo: number, stamp: object) => ({
  id, parentId, name: b.name, url: null, component: null, componentName: null, redirect: null, menuType: 2, perms: b.perms,
  permsType: '1', sortNo, alwaysShow: 0, icon: null, isRoute: 0, isLeaf: 1, keepAlive: 0, hidden: 0, hideTab: 0,
  description: null, delFlag: 0, ruleFlag: 0, status: '1', internalOrExternal: 0, ...stamp,
});

/**
 * A database seeded before the public site existed lacks its menus and buttons: add the missing
 * ones under their seeded parents and grant them to the admin role. A fresh database already has
 * them from the first-start seed, so nothing happens there. `urls` names other menus to bring in
 * the same way (the mini-program's).
 */
export async function addMissingWebMenus(tx: Kysely<any>, seedDir: string, stamp: object, urls: Set<string> = WEB_MENUS): Promise<number> {
  const file = path.join(seedDir, 'menus.json');
  if (!fs.existsSync(file)) return 0;
  const added: string[] = [];
  const idOfUrl = async (url: string) => (await tx.selectFrom('sys_permission').select('id').where('url', '=', url).where('delFlag', '=', 0).executeTakeFirst())?.id as string | undefined;
  const visit = async (nodes: MenuSeed[], parentUrl: string | null) => {
    for (const [i, m] of nodes.entries()) {
      if (urls.has(m.url) && parentUrl) {
        let id = await idOfUrl(m.url);
        const parentId = await idOfUrl(parentUrl);
        if (!id && parentId) {
          id = newId();
          await tx.insertInto('sys_permission').values(menuRow(id, parentId, m, i + 1, stamp)).execute();
          await tx.updateTable('sys_permission').set({ isLeaf: 0 }).where('id', '=', parentId).execute();
          added.push(id);
        }
        for (const [j, b] of (id ? m.buttons ?? [] : []).entries()) {
          const has = await tx.selectFrom('sys_permission').select('id').where('parentId', '=', id!).where('perms', '=', b.perms).executeTakeFirst();
          if (has) continue;
          const bid = newId();
          await tx.insertInto('sys_permission').values(buttonRow(bid, id!, b, j + 1, stamp)).execute();
          added.push(bid);
        }
      }
      await visit(m.children ?? [], m.url);
    }
  };
  await visit(JSON.parse(fs.readFileSync(file, 'utf8')) as MenuSeed[], null);
  const admin = await tx.selectFrom('sys_role').select('id').where('roleCode', '=', 'admin').executeTakeFirst();
  if (admin) for (const permissionId of added) await tx.insertInto('sys_role_permission').values({ id: newId(), roleId: admin.id, permissionId }).execute();
  return added.length;
}
