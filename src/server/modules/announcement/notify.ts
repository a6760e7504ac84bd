import type { Kysely } from 'kysely';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { pushToUsers } from '../../live/publisher.js';
import { addReceiptsOf, ANNOUNCEMENT, PUBLISHED } from './recipients.js';

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
export const notifyUsers = (db: Kysely<any>, n: Notice): Promise<void> => notifyEach(db, [n]);

/**
 * Several notices at once, each as notifyUsers writes it (公示结果 tells every applicant their own
 * score): their users read in one statement per 500 names, announcements inserted 50 and receipts
 * 200 at a time, rather than four statements a notice.
 */
export async function notifyEach(db: Kysely<any>, notices: Notice[]): Promise<void> {
  const names = [...new Set(notices.flatMap((n) => n.usernames))];
  const idOf = new Map<string, string>();
  for (let i = 0; i < names.length; i += 500) {
    const users = await db.selectFrom('sys_user').select(['id', 'username']).where('username', 'in', names.slice(i, i + 500)).where('delFlag', '=', 0).execute() as { id: string; username: string }[];
    for (const u of users) idOf.set(u.username, u.id);
  }
  const now = formatDateTime();
  const told = notices
    .map((n) => ({ n, id: newId(), userIds: [...new Set(n.usernames.map((u) => idOf.get(u)).filter((id): id is string => !!id))] }))
    .filter((t) => t.userIds.length);
  for (let i = 0; i < told.length; i += 50) {
    await db.insertInto(ANNOUNCEMENT).values(told.slice(i, i + 50).map(({ n, id, userIds }) => ({
      id, titile: n.title.slice(0, 100), msgContent: n.content, msgAbstract: n.content.slice(0, 500), msgCategory: '2', priority: 'M',
      msgType: 'USER', userIds: `${userIds.join(',')},`, sender: n.sender, sendStatus: PUBLISHED, sendTime: now,
      startTime: now, busType: n.busType?.slice(0, 20) ?? null, busId: n.busId && n.busId.length <= 50 ? n.busId : null,
      ...(n.openPage && n.openPage.length <= 255 ? { openType: 'url', openPage: n.openPage } : { openType: null, openPage: null }),
      createBy: n.sender, createTime: now, updateBy: null, updateTime: null, sysOrgCode: null,
    }))).execute();
  }
  await addReceiptsOf(db, told.map(({ n, id, userIds }) => ({ anntId: id, userIds, by: n.sender })));
  for (const { n, id, userIds } of told) {
    const about = n.busType && n.busId ? { busType: n.busType, busIds: n.busId.split(',').slice(0, 200) } : {};
    pushToUsers(db, userIds, { msgId: id, msgTxt: n.title.slice(0, 100), msgCategory: '2', ...about });
  }
}
