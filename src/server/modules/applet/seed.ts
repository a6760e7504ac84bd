import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { inTransaction } from '../../db/transaction.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { DRAFT, PUBLISHED } from '../web/kinds.js';
import { addMissingWebMenus } from '../web/menu-upgrade.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

interface AppletSeed {
  banners: { title: string; image: string; link: string; sortNo: number; draft?: boolean }[];
  articles: { title: string; author: string; summary: string; cover: string | null; days: number; sortNo: number; content: string; draft?: boolean }[];
}

/** Set once the demo content is in: deleting every article later does not bring the demo back. */
const MARKER = 'seed:applet-content';
const APPLET_MENUS = new Set(['/applet/banner', '/applet/article']);

/**
 * The mini-program's demo banners and articles (schemas/seed/applet-content.json), a draft of each;
 * the images are the public site's seed images. Once per database; an older database also gets the
 * pages' buttons (granted to the administrator). Notices come with the contest pages' seed.
 */
export async function seedAppletContent(db: Kysely<any>, opts: { seedDir: string }): Promise<boolean> {
  const file = path.join(opts.seedDir, 'applet-content.json');
  if (!fs.existsSync(file)) return false;
  if (await db.selectFrom('sys_setting').select('key').where('key', '=', MARKER).executeTakeFirst()) return false;
  const seed = JSON.parse(fs.readFileSync(file, 'utf8')) as AppletSeed;
  const now = formatDateTime();
  const stamp = { createBy: 'system', createTime: now, updateBy: null, updateTime: null };
  const state = (draft: boolean | undefined, days: number) => ({
    publishStatus: draft ? DRAFT : PUBLISHED, publishTime: draft ? null : formatDateTime(new Date(Date.now() - days * 86_400_000)),
  });
  await inTransaction(db, async (tx) => {
    for (const { draft, ...b } of seed.banners) {
      await tx.insertInto('pms_applet_banner').values({ id: newId(), ...b, ...state(draft, 1), ...stamp, sysOrgCode: null }).execute();
    }
    for (const { draft, cover, days, ...a } of seed.articles) {
      await tx.insertInto('pms_applet_article').values({ id: newId(), ...a, coverImage: cover, ...state(draft, days), ...stamp, sysOrgCode: null }).execute();
    }
    await addMissingWebMenus(tx, opts.seedDir, stamp, APPLET_MENUS);
    await tx.insertInto('sys_setting').values({ key: MARKER, value: now }).execute();
  });
  return true;
}
