import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { addDictText } from '../../crud/dict-text.js';
import type { Row, SchemaModule } from '../../crud/hooks.js';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { escapeLike } from '../../../schema/query.js';
import { formatDateTime } from '../../util/time.js';
import { holdsAction } from '../system/checks.js';
import { addSenderText } from './announcement-module.js';
import { pushToUsers } from '../../live/publisher.js';
import { addReceipts, ANNOUNCEMENT, ensureBroadcastReceipts, isRecipient, PUBLISHED, SEND } from './recipients.js';
import { documentedOnly, fields, PAGING } from '../../openapi/request-docs.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** Announcement columns shown with each of my receipts (contract AnnouncementSendModel). */
const ANNT_COLUMNS = ['titile', 'msgContent', 'msgAbstract', 'sender', 'priority', 'msgCategory', 'sendTime', 'busType', 'busId', 'openType', 'openPage'];

const intParam = (raw: unknown, fallback: number, name: string, max: number) => {
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw badRequest(`${name} 需在 1 到 ${max} 之间`);
  return n;
};

async function routes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;
  const { dicts, dialect } = app.ctx;
  const annt = app.ctx.schemas.get(ANNOUNCEMENT)!;
  const dictFields = [
    ...annt.fields.filter((f) => f.name === 'priority' || f.name === 'msgCategory'),
    ...app.ctx.schemas.get(SEND)!.fields.filter((f) => f.name === 'readFlag'),
  ];

  // Marks one announcement read for me (contract §8.2).
  app.put<{ Body: { anntId?: unknown } }>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { config: { access: 'login' }, ...documentedOnly({ body: fields({ anntId: ['string', '通告id'] }, ['anntId']) }) }, async (req) => {
    const anntId = req.body?.anntId;
    if (typeof anntId !== 'string' || !anntId || anntId.length > 64) throw badRequest('缺少参数 anntId');
    const user = req.user!;
    const row = await db.selectFrom(ANNOUNCEMENT).select(['id', 'sendStatus', 'msgType', 'userIds']).where('id', '=', anntId).executeTakeFirst() as Row | undefined;
    if (!row || !isRecipient(row, user)) return fail('未找到对应数据');
    const now = formatDateTime();
    await addReceipts(db, anntId, [user.id], user.username);
    await db.updateTable(SEND).set({ readFlag: '1', readTime: now, updateBy: user.username, updateTime: now })
      .where('anntId', '=', anntId).where('userId', '=', user.id).where('readFlag', '=', '0').execute();
    pushToUsers(db, [user.id], { msgId: anntId }); // the user's other open pages
    return ok(null);
  });

  app.put('/sys/sysAnnouncementSend/readAll', { config: { access: 'login' } }, async (req) => {
    const user = req.user!;
    await ensureBroadcastReceipts(db, user);
    const now = formatDateTime();
    await db.updateTable(SEND).set({ readFlag: '1', readTime: now, updateBy: user.username, updateTime: now })
      .where('userId', '=', user.id).where('readFlag', '=', '0').execute();
    // The user's other open pages empty their bells too (JeecgBoot tells every page, theirs or not).
    pushToUsers(db, [user.id], {});
    return okMessage('全部已读');
  });

  // My announcements with their read state, unread first (/isps/userAnnouncement).
  app.get<{ Querystring: Record<string, string | undefined> }>('/sys/sysAnnouncementSend/getMyAnnouncementSend', { config: { access: 'login' }, ...documentedOnly({ querystring: fields({ ...PAGING, readFlag: ['string', '0 未读，1 已读'], msgCategory: ['string', '1 通知公告，2 系统消息'], titile: ['string', '标题'] }) }) }, async (req) => {
    const q = req.query;
    const pageNo = intParam(q.pageNo, 1, 'pageNo', 100000);
    const pageSize = intParam(q.pageSize, 10, 'pageSize', 200);
    if (q.readFlag && !['0', '1'].includes(q.readFlag)) throw badRequest('readFlag 只能为 0 或 1');
    if (q.msgCategory && !['1', '2'].includes(q.msgCategory)) throw badRequest('msgCategory 只能为 1 或 2');
    const title = (q.titile ?? '').replace(/^\*+|\*+$/g, '').trim();
    if (title.length > 100) throw badRequest('标题查询条件过长');
    const user = req.user!;
    await ensureBroadcastReceipts(db, user);
    let mine = db.selectFrom(`${SEND} as s`).innerJoin(`${ANNOUNCEMENT} as a`, 'a.id', 's.anntId')
      .where('s.userId', '=', user.id).where('a.sendStatus', '=', PUBLISHED);
    if (q.readFlag) mine = mine.where('s.readFlag', '=', q.readFlag);
    if (q.msgCategory) mine = mine.where('a.msgCategory', '=', q.msgCategory);
    if (title) {
      const pattern = `%${escapeLike(title)}%`;
      const col = sql.ref('a.titile');
      mine = mine.where(dialect === 'postgres' ? sql<SqlBool>`${col} ilike ${pattern} escape '\\'` : sql<SqlBool>`${col} like ${pattern} escape '\\'`);
    }
    const { n } = await mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const total = Number(n);
    const records = await mine.select(['s.id', 's.anntId', 's.userId', 's.readFlag', 's.readTime', ...ANNT_COLUMNS.map((c) => `a.${c}`)])
      .orderBy('s.readFlag', 'asc').orderBy('a.sendTime', 'desc').orderBy('s.id', 'desc')
      .limit(pageSize).offset((pageNo - 1) * pageSize).execute() as Row[];
    await addDictText(db, dicts, dictFields, records);
    await addSenderText(db, records);
    return ok({ records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
  });
}

export const announcementSendModule: SchemaModule = {
  schema: SEND,
  hooks: {
    // The generic list of receipts shows other people's reading only to announcement managers.
    async scope(h) {
      return (await holdsAction(h.req, 'system:announcement:edit')) ? null : (eb) => eb('userId', '=', h.user.id);
    },
  },
  routes,
};
