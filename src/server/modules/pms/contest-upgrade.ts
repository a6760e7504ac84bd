import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../db/transaction.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Set once the upgrade ran: a menu an administrator moves back afterwards stays where they put it. */
const MARKER = 'upgrade:contest-groups-37';

/** Where the first seed put all twenty contest entries, and the folder's name then. */
const OLD_FOLDER = { url: '/pms', name: '项目申报' };
/** The current contest's dates as web-content.json seeded them before they followed the first start. */
const OLD_RACE_DATES = { startDate: '2025-03-01', endDate: '2025-11-30' };

interface MenuSeed { name: string; url: string; component: string; icon?: string; children?: MenuSeed[] }

/**
 * A database seeded before issue 37 lists the contest's twenty entries under one 项目申报 folder,
 * and its current contest's dates (2025) miss its declaration window. Once, where still as seeded:
 * the entries move into the folders schemas/seed/menus.json groups them in (赛事与评审, 门户内容,
 * 活动与服务, 日常办公, 小程序管理), each folder made when missing and granted to every role holding
 * an entry in it, so each role still sees what it saw; the top-level order follows the seed; and
 * the contest's dates are widened to hold its declaration and review windows. An entry moved
 * elsewhere by an administrator, or a renamed folder, is left alone. Runs before the content seeds,
 * which then add what a database lacks under the new folders.
 */
export async function upgradeContestSeed(db: Kysely<any>, opts: { seedDir: string }): Promise<boolean> {
  if (await db.selectFrom('sys_setting').select('key').where('key', '=', MARKER).executeTakeFirst()) return false;
  const file = path.join(opts.seedDir, 'menus.json');
  const seed = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) as MenuSeed[] : [];
  const now = formatDateTime();
  await inTransaction(db, async (tx) => {
    await regroupMenus(tx, seed, now);
    await fitRaceDates(tx);
    await tx.insertInto('sys_setting').values({ key: MARKER, value: now }).execute();
  });
  return true;
}

async function regroupMenus(tx: Kysely<any>, seed: MenuSeed[], now: string): Promise<void> {
  const rowOf = (url: string) => tx.selectFrom('sys_permission').select(['id', 'parentId', 'name'])
    .where('url', '=', url).where('delFlag', '=', 0).where('menuType', '!=', 2).executeTakeFirst() as Promise<{ id: string; parentId: string | null; name: string } | undefined>;
  const old = await rowOf(OLD_FOLDER.url);
  if (!old) return; // a database whose contest menus were never seeded, or were removed
  const stamp = { createBy: 'system', createTime: now, updateBy: null, updateTime: null };
  for (const [i, folder] of seed.entries()) {
    // Top-level order as seeded; a folder holding former 项目申报 entries is (re)filled.
    await tx.updateTable('sys_permission').set({ sortNo: i }).where('url', '=', folder.url).where('parentId', 'is', null).where('delFlag', '=', 0).execute();
    const moving = (folder.children ?? []).filter((c) => c.url.startsWith(`${OLD_FOLDER.url}/`));
    if (!moving.length) continue;
    let target = await rowOf(folder.url);
    if (!target) {
      target = { id: newId(), parentId: null, name: folder.name };
      await tx.insertInto('sys_permission').values({
        id: target.id, parentId: null, name: folder.name, url: folder.url, component: folder.component, componentName: null, redirect: null,
        menuType: 0, perms: null, permsType: null, sortNo: i, alwaysShow: 0, icon: folder.icon ?? null, isRoute: 1, isLeaf: 0, keepAlive: 0,
        hidden: 0, hideTab: 0, description: null, delFlag: 0, ruleFlag: 0, status: null, internalOrExternal: 0, ...stamp,
      }).execute();
      // The administrator holds every menu; the content seeds add an entry it lacks under this folder.
      const admin = await tx.selectFrom('sys_role').select('id').where('roleCode', '=', 'admin').executeTakeFirst() as { id: string } | undefined;
      if (admin) await tx.insertInto('sys_role_permission').values({ id: newId(), roleId: admin.id, permissionId: target.id }).execute();
    } else if (folder.url === OLD_FOLDER.url && old.name === OLD_FOLDER.name) {
      await tx.updateTable('sys_permission').set({ name: folder.name, icon: folder.icon ?? null, updateBy: 'system', updateTime: now }).where('id', '=', old.id).execute();
    }
    const entries: string[] = [];
    for (const [j, entry] of (folder.children ?? []).entries()) {
      const row = await rowOf(entry.url);
      if (!row || (row.parentId !== old.id && row.parentId !== target.id)) continue;
      await tx.updateTable('sys_permission').set({ parentId: target.id, sortNo: j + 1 }).where('id', '=', row.id).execute();
      entries.push(row.id);
    }
    if (!entries.length) continue;
    await tx.updateTable('sys_permission').set({ isLeaf: 0 }).where('id', '=', target.id).execute();
    // Whoever holds an entry of the folder holds the folder: a menu under an ungranted folder is unreachable.
    const holders = await tx.selectFrom('sys_role_permission').select('roleId').distinct().where('permissionId', 'in', entries).execute() as { roleId: string }[];
    const having = new Set((await tx.selectFrom('sys_role_permission').select('roleId').where('permissionId', '=', target.id).execute() as { roleId: string }[]).map((r) => r.roleId));
    const missing = holders.filter((h) => !having.has(h.roleId));
    if (missing.length) await tx.insertInto('sys_role_permission').values(missing.map((h) => ({ id: newId(), roleId: h.roleId, permissionId: target!.id }))).execute();
  }
}

const DAY = 86_400_000;
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The current contest, dated as first seeded: its dates widened to hold its declaration and review windows. */
async function fitRaceDates(tx: Kysely<any>): Promise<void> {
  const race = await tx.selectFrom('pms_race').select(['id', 'startDate', 'endDate', 'declareStart', 'declareEnd', 'reviewStart', 'reviewEnd'])
    .where('isCurrent', '=', 1).where('startDate', '=', OLD_RACE_DATES.startDate).where('endDate', '=', OLD_RACE_DATES.endDate).executeTakeFirst() as Record<string, string | null> | undefined;
  if (!race) return;
  const days = [race.declareStart, race.declareEnd, race.reviewStart, race.reviewEnd].filter((d): d is string => !!d).map((d) => d.slice(0, 10)).sort();
  if (!days.length || (days[0] >= race.startDate! && days[days.length - 1] <= race.endDate!)) return;
  const startDate = days[0] < race.startDate! ? shift(days[0], -15) : race.startDate!;
  const endDate = days[days.length - 1] > race.endDate! ? shift(days[days.length - 1], 45) : race.endDate!;
  await tx.updateTable('pms_race').set({ startDate, endDate, year: Number(startDate.slice(0, 4)), updateBy: 'system', updateTime: formatDateTime() }).where('id', '=', race.id).execute();
}
