import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Row } from '../../crud/hooks.js';
import type { SysUser } from '../../db/tables.js';
import { badRequest } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { compiledOnce } from '../../crud/open-statements.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const ANNOUNCEMENT = 'sys_announcement';
export const SEND = 'sys_announcement_send';
export const PUBLISHED = '1';

/**
 * One receipt per announcement and user: the id is derived from the pair, so concurrent
 * "create if missing" calls collide on the primary key instead of writing duplicates.
 */
export const receiptId = (anntId: string, userId: string) => createHash('sha256').update(`${anntId}\u0000${userId}`).digest('hex').slice(0, 32);

/** The user ids of a USER announcement (stored comma-separated with a trailing comma, contract §8.1). */
export const recipientIds = (userIds: unknown): string[] => String(userIds ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** Whether a user may read an announcement as a recipient: published, to everyone or to them. */
export const isRecipient = (annt: Row, user: SysUser) =>
  annt.sendStatus === PUBLISHED && (annt.msgType === 'ALL' || recipientIds(annt.userIds).includes(user.id));

/**
 * The picked users as stored ids with the contract's trailing comma. The picker may send ids or
 * usernames; an unknown one is the client's mistake.
 */
export async function normalizeRecipients(db: Kysely<any>, raw: unknown): Promise<string | null> {
  const wanted = [...new Set(recipientIds(raw))];
  if (!wanted.length) return null;
  if (wanted.length > 3000) throw badRequest('指定用户一次最多3000个');
  const idOf = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += 500) {
    const chunk = wanted.slice(i, i + 500);
    const users = await db.selectFrom('sys_user').select(['id', 'username'])
      .where((eb) => eb.or([eb('id', 'in', chunk), eb('username', 'in', chunk)])).execute() as { id: string; username: string }[];
    for (const u of users) { idOf.set(u.id, u.id); idOf.set(u.username, u.id); }
  }
  const missing = wanted.find((w) => !idOf.has(w));
  if (missing) throw badRequest(`指定用户不存在: ${missing.slice(0, 64)}`);
  return `${[...new Set(wanted.map((w) => idOf.get(w)!))].join(',')},`;
}

const receipt = (anntId: string, userId: string, by: string) => ({
  id: receiptId(anntId, userId), anntId, userId, readFlag: '0', readTime: null,
  createBy: by, createTime: formatDateTime(), updateBy: null, updateTime: null, sysOrgCode: null,
});

/** The users whose bell may show one of these announcements (they hold an unread receipt). */
export async function unreadHolders(db: Kysely<any>, anntIds: string[]): Promise<string[]> {
  if (!anntIds.length) return [];
  const rows = await db.selectFrom(SEND).select('userId').distinct().where('anntId', 'in', anntIds).where('readFlag', '=', '0').execute() as { userId: string }[];
  return rows.map((r) => r.userId);
}

/** Unread receipts for the given users; existing ones (and their read state) are kept. */
export const addReceipts = (db: Kysely<any>, anntId: string, userIds: string[], by: string) => addReceiptsOf(db, [{ anntId, userIds, by }]);

/** The receipts of several announcements, inserted 200 at a time whatever announcement each is of. */
export async function addReceiptsOf(db: Kysely<any>, of: { anntId: string; userIds: string[]; by: string }[]): Promise<void> {
  const rows = of.flatMap(({ anntId, userIds, by }) => userIds.map((u) => receipt(anntId, u, by)));
  for (let i = 0; i < rows.length; i += 200) await db.insertInto(SEND).values(rows.slice(i, i + 200)).onConflict((oc) => oc.column('id').doNothing()).execute();
}

/** The published announcements to everyone that a user holds no receipt of, but those ended before `since` (the account's creation). */
const missingBroadcasts = (ended: boolean) => compiledOnce(['userId', 'since'], ({ userId, since }, db: Kysely<any>) => {
  const q = db.selectFrom(`${ANNOUNCEMENT} as a`).select('a.id')
    .where('a.sendStatus', '=', PUBLISHED).where('a.msgType', '=', 'ALL')
    .where(({ not, exists, selectFrom }) => not(exists(
      selectFrom(`${SEND} as s`).select('s.id').whereRef('s.anntId', '=', 'a.id').where('s.userId', '=', userId),
    )));
  return ended ? q.where((eb) => eb.or([eb('a.endTime', 'is', null), eb('a.endTime', '>=', since)])) : q;
});
const missingSince = missingBroadcasts(true), missingEver = missingBroadcasts(false);

/**
 * Receipts of the published announcements to everyone that this user has none for yet (contract
 * §8.2: made when the user first asks), skipping those that ended before the account existed.
 * Asked by every bell: the read is compiled once, and writes only when something is missing.
 */
export async function ensureBroadcastReceipts(db: Kysely<any>, user: SysUser): Promise<void> {
  const values = { userId: user.id, since: user.createTime ? String(user.createTime) : null };
  const missing = (await db.executeQuery<{ id: string }>((user.createTime ? missingSince : missingEver)(db, values))).rows;
  for (const m of missing) await addReceipts(db, m.id, [user.id], user.username);
}
