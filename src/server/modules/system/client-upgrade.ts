import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../db/transaction.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { addMissingWebMenus } from '../web/menu-upgrade.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

interface DictSeed { dictCode: string; dictName: string; type?: number; items: [string, string][] }

/** Set once the upgrade ran: a dictionary an administrator deletes later does not come back. */
const MARKER = 'upgrade:jeecg-client-41';

/** Menus (我的部门) and menus' buttons (部门权限, 部门角色, 用户代理人) a database seeded before issue 41 lacks. */
const CLIENT_MENUS = new Set(['/isystem/user', '/isystem/depart', '/isystem/departUser']);

/** Dictionaries the JeecgBoot Vue 2 client's system forms read that the first seed lacked (issue 41). */
export const CLIENT_DICTS = ['activiti_sync', 'global_perms_type'];

/**
 * A database seeded before issue 41 lacks what the stock JeecgBoot client's system screens need:
 * its dictionaries (schemas/seed/dicts.json, by code) and the buttons of 用户管理 and 部门管理
 * (schemas/seed/menus.json, granted to the administrator role). Added once, where missing; a fresh
 * database has them from the first-start seed, so there only the marker is written.
 */
export async function upgradeForJeecgClient(db: Kysely<any>, opts: { seedDir: string }): Promise<boolean> {
  if (await db.selectFrom('sys_setting').select('key').where('key', '=', MARKER).executeTakeFirst()) return false;
  const file = path.join(opts.seedDir, 'dicts.json');
  const seeds = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as DictSeed[]).filter((d) => CLIENT_DICTS.includes(d.dictCode)) : [];
  const now = formatDateTime();
  const stamp = { createBy: 'system', createTime: now, updateBy: null, updateTime: null };
  await inTransaction(db, async (tx) => {
    for (const d of seeds) {
      if (await tx.selectFrom('sys_dict').select('id').where('dictCode', '=', d.dictCode).executeTakeFirst()) continue;
      const dictId = newId();
      await tx.insertInto('sys_dict').values({ id: dictId, dictCode: d.dictCode, dictName: d.dictName, description: null, delFlag: 0, type: d.type ?? 0, ...stamp }).execute();
      for (const [i, [text, value]] of d.items.entries()) {
        await tx.insertInto('sys_dict_item').values({ id: newId(), dictId, itemText: text, itemValue: value, description: null, sortOrder: i + 1, status: 1, ...stamp }).execute();
      }
    }
    await addMissingWebMenus(tx, opts.seedDir, stamp, CLIENT_MENUS);
    await tx.insertInto('sys_setting').values({ key: MARKER, value: now }).execute();
  });
  return true;
}
