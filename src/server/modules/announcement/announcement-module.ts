import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { escapeLike } from '../../../schema/query.js';
import { columnFields } from '../../../schema/ddl.js';
import { addDictText } from '../../crud/dict-text.js';
import { compiledOnce } from '../../crud/open-statements.js';
import type { HookContext, Row, SchemaModule } from '../../crud/hooks.js';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { holdsAction, idParam, merged, requireAnyAction, requireDictValue, requireOneOf, requireOrdered } from '../system/checks.js';
import {
  addReceipts, ANNOUNCEMENT, ensureBroadcastReceipts, normalizeRecipients, PUBLISHED, recipientIds, SEND, unreadHolders,
} from './recipients.js';
import { inTransaction } from '../../db/transaction.js';
import { liveNotice, pushToAll, pushToUsers } from '../../live/publisher.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const MANAGE = 'system:announcement:edit';
const DRAFT = '0';
const REVOKED = '2';
/** Set by publishing and revoking only, never by the form. */
const STATE_FIELDS = ['sender', 'sendStatus', 'sendTime', 'cancelTime', 'busType', 'busId'];

const dropStateFields = (values: Row) => { for (const k of STATE_FIELDS) delete values[k]; };

/** `sender_dictText`: the publisher's real name (SPEC §3), one query per page. */
export async function addSenderText(db: Kysely<any>, rows: Row[]): Promise<void> {
  const names = [...new Set(rows.map((r) => r.sender).filter((s): s is string => typeof s === 'string' && !!s))];
  const realname = new Map<string, string>();
  if (names.length) {
    const users = await db.selectFrom('sys_user').select(['username', 'realname']).where('username', 'in', names).execute() as { username: string; realname: string }[];
    for (const u of users) realname.set(u.username, u.realname);
  }
  for (const r of rows) r.sender_dictText = typeof r.sender === 'string' ? realname.get(r.sender) ?? r.sender : null;
}

/** The row an add or edit leaves behind is consistent: known types, ordered times, recipients when targeted. */
async function checkAnnouncement(h: HookContext, row: Row, target: Row): Promise<void> {
  requireOneOf('消息类型', row.msgCategory, ['1', '2']);
  requireOneOf('通告对象类型', row.msgType, ['ALL', 'USER']);
  requireOneOf('打开方式', row.openType, ['component', 'url']);
  await requireDictValue(h.ctx.dicts, 'priority', '优先级', row.priority);
  requireOrdered(row, 'startTime', 'endTime', '结束时间不能早于开始时间');
  if (row.msgType === 'USER') {
    target.userIds = await normalizeRecipients(h.db, row.userIds);
    if (!target.userIds) throw badRequest('通告对象为指定用户时，请选择用户');
  } else {
    target.userIds = null;
  }
}

const hooks: SchemaModule['hooks'] = {
  async beforeAdd(h, values) {
    dropStateFields(values);
    values.sendStatus = DRAFT;
    await checkAnnouncement(h, values, values);
  },
  async beforeEdit(h, changes, _body, current) {
    if (current.sendStatus === PUBLISHED) throw badRequest('已发布的通告不能编辑，请先撤销');
    dropStateFields(changes);
    await checkAnnouncement(h, merged(current, changes), changes);
  },
  async afterDelete(h, ids) {
    // Bells still showing a deleted one drop it.
    pushToUsers(h.db, await unreadHolders(h.db, ids), {});
    await h.db.deleteFrom(SEND).where('anntId', 'in', ids).execute();
  },
  // Drafts and other people's announcements are for the announcement managers only: anyone else
  // reads what was published to everyone or to them (the SQL twin of isRecipient).
  async scope(h) {
    if (await holdsAction(h.req, MANAGE)) return null;
    return (eb) => eb.and([
      eb('sendStatus', '=', PUBLISHED),
      eb.or([eb('msgType', '=', 'ALL'), sql<boolean>`(',' || ${sql.ref('userIds')}) like ${`%,${escapeLike(h.user.id)},%`} escape '\\'`]),
    ]);
  },
  async decorate(h, rows) {
    await addSenderText(h.db, rows);
    // JeecgBoot rows carry their soft-delete flag; a delete here is a real one, so a row read is never deleted.
    for (const r of rows) r.delFlag = '0';
  },
};

async function findAnnouncement(db: Kysely<any>, id: string): Promise<Row | undefined> {
  return db.selectFrom(ANNOUNCEMENT).selectAll().where('id', '=', id).executeTakeFirst() as Promise<Row | undefined>;
}

const pageSizeOf = (raw: unknown, fallback: number, max: number) => {
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw badRequest(`pageSize 需在 1 到 ${max} 之间`);
  return n;
};

async function routes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;
  const schema = app.ctx.schemas.get(ANNOUNCEMENT)!;
  const readable = columnFields(schema).filter((f) => !f.sensitive);

  const stateRoute = (url: string, change: (req: FastifyRequest, row: Row, tx: Kysely<any>) => Promise<string>) =>
    app.get(url, { config: { access: { permission: MANAGE } }, ...documentedOnly({ querystring: fields({ id: ['string', '通告id'] }, ['id']) }) }, async (req) => {
      await requireAnyAction(req, [MANAGE]);
      const id = idParam(req);
      const row = await findAnnouncement(db, id);
      if (!row) return fail('未找到对应数据');
      return okMessage(await inTransaction(db, (tx) => change(req, row, tx)));
    });

  // Publish (contract §8.2): a draft or a revoked announcement goes out; a targeted one gets its receipts.
  stateRoute('/sys/annountCement/doReleaseData', async (req, row, tx) => {
    if (row.sendStatus === PUBLISHED) throw badRequest('该通告已发布');
    const now = formatDateTime();
    await tx.updateTable(ANNOUNCEMENT).set({
      sendStatus: PUBLISHED, sendTime: now, sender: req.user!.username, cancelTime: null, updateBy: req.user!.username, updateTime: now,
    }).where('id', '=', row.id as string).execute();
    if (row.msgType === 'USER') {
      const users = recipientIds(row.userIds);
      await addReceipts(tx, row.id as string, users, req.user!.username);
      // Users taken off the list since an earlier publication no longer receive it.
      let stale = tx.deleteFrom(SEND).where('anntId', '=', row.id as string);
      if (users.length) stale = stale.where('userId', 'not in', users);
      await stale.execute();
      pushToUsers(tx, users, liveNotice(row));
    } else {
      pushToAll(tx, liveNotice(row));
    }
    return '该系统通知发布成功';
  });

  stateRoute('/sys/annountCement/doReovkeData', async (req, row, tx) => {
    if (row.sendStatus !== PUBLISHED) throw badRequest('只有已发布的通告可以撤销');
    const now = formatDateTime();
    await tx.updateTable(ANNOUNCEMENT).set({ sendStatus: REVOKED, cancelTime: now, updateBy: req.user!.username, updateTime: now })
      .where('id', '=', row.id as string).execute();
    // Bells showing it drop it (the bell lists published ones only).
    pushToUsers(tx, await unreadHolders(tx, [row.id as string]), { msgId: row.id as string });
    return '该系统通知撤销成功';
  });

  // The notice bell (SPEC §3 notice list): my unread published announcements, newest first, per category.
  // Every connected bell asks again when one is published to everyone, so its statements are compiled once.
  const unread = (userId: string) => db.selectFrom(`${ANNOUNCEMENT} as a`).innerJoin(`${SEND} as s`, 's.anntId', 'a.id')
    .where('s.userId', '=', userId).where('s.readFlag', '=', '0').where('a.sendStatus', '=', PUBLISHED);
  const unreadPage = compiledOnce(['userId', 'category', 'size'], ({ userId, category, size }) => unread(userId)
    .where('a.msgCategory', '=', category).leftJoin('sys_user as u', 'u.username', 'a.sender')
    .select([...readable.map((f) => `a.${f.name}`), 'u.realname as senderRealname'])
    .orderBy('a.sendTime', 'desc').orderBy('a.id', 'desc').limit(size));
  const unreadTotals = compiledOnce(['userId'], ({ userId }) => unread(userId)
    .select(['a.msgCategory', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('a.msgCategory'));

  app.get<{ Querystring: { pageSize?: string } }>('/sys/annountCement/listByUser', { config: { access: 'login', guest: true }, ...documentedOnly({ querystring: fields({ pageSize: ['integer', '条数（默认5，最多100）'] }) }) }, async (req) => {
    const size = pageSizeOf(req.query.pageSize, 5, 100);
    const user = req.user!;
    await ensureBroadcastReceipts(db, user);
    const page = async (category: string) => (await db.executeQuery<Row>(unreadPage(db, { userId: user.id, category, size }))).rows;
    const [annt, sys, totals] = await Promise.all([page('1'), page('2'), db.executeQuery<{ msgCategory: string; n: number }>(unreadTotals(db, { userId: user.id }))]);
    const rows = [...annt, ...sys];
    await addDictText(db, app.ctx.dicts, readable, rows);
    // The publisher's real name (SPEC §3), as addSenderText gives it.
    for (const r of rows) { r.sender_dictText = typeof r.sender === 'string' ? (r.senderRealname as string | null) ?? r.sender : null; delete r.senderRealname; }
    const total = (category: string) => Number(totals.rows.find((t) => t.msgCategory === category)?.n ?? 0);
    return ok({ anntMsgList: annt, anntMsgTotal: total('1'), sysMsgList: sys, sysMsgTotal: total('2') });
  });
}

export const announcementModule: SchemaModule = { schema: ANNOUNCEMENT, hooks, routes };
