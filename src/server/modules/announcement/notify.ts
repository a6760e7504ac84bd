import type { Kysely } from 'kysely';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { pushToUsers } from '../../live/publisher.js';
import { addReceipts, ANNOUNCEMENT, PUBLISHED } from './recipients.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export interface Notice {
  /** Accounts told; unknown or frozen ones are skipped. */
  usernames: string[];
  title: string;
  content: string;
  sender: string;
  /** What the notice is about (a table and its row ids), for the reader to open it. */
  busType?: string;
  busId?: string;
  /** A page of the app the notice's 去处理 opens (the row it is about: `/pms/myProject?id=…`). */
  openPage?: string | null;
}

/**
 * A system message to some users (msgCategory 2), published at once: it reaches their bell and
 * 我的消息 as any announcement to chosen users does, and their open pages are told at once. Written
 * with the caller's transaction, so a refused write tells nobody.
 */
export async function notifyUsers(db: Kysely<any>, n: Notice): Promise<void> {
  const users = await db.selectFrom('sys_user').select('id').where('username', 'in', n.usernames).where('delFlag', '=', 0).execute() as { id: string }[];
  if (!users.length) return;
  const now = formatDateTime();
  const id = newId();
  await db.insertInto(ANNOUNCEMENT).values({
    id, titile: n.title.slice(0, 100), msgContent: n.content, msgAbstract: n.content.slice(0, 500), msgCategory: '2', priority: 'M',
    msgType: 'USER', userIds: `${users.map((u) => u.id).join(',')},`, sender: n.sender, sendStatus: PUBLISHED, sendTime: now,
    startTime: now, busType: n.busType?.slice(0, 20) ?? null, busId: n.busId && n.busId.length <= 50 ? n.busId : null,
    ...(n.openPage && n.openPage.length <= 255 ? { openType: 'url', openPage: n.openPage } : {}),
    createBy: n.sender, createTime: now, updateBy: null, updateTime: null, sysOrgCode: null,
  }).execute();
  await addReceipts(db, id, users.map((u) => u.id), n.sender);
  const about = n.busType && n.busId ? { busType: n.busType, busIds: n.busId.split(',').slice(0, 200) } : {};
  pushToUsers(db, users.map((u) => u.id), { msgId: id, msgTxt: n.title.slice(0, 100), msgCategory: '2', ...about });
}
