import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { SchemaModule } from '../../crud/hooks.js';
import { badRequest, notFound, ok } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import type { Row } from '../web/kinds.js';
import { page, paging, type Query } from '../web/paging.js';
import { plainText, sanitizeHtml } from '../web/sanitize.js';
import { merged, requireOrder } from './common.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const TABLE = 'pms_applet_notice';
const PUBLISHED = '1';

/** The mini-program's open API: no token, like the public site's content routes. */
export const APPLET_NOTICE_API = { list: '/web/appletNotice/list', byId: '/web/appletNotice/queryById' } as const;

/** The only columns that leave the server; the body is added (cleaned) by queryById. */
const COLUMNS = ['id', 'title', 'summary', 'coverImage', 'startTime', 'endTime', 'publishTime', 'sortNo'];

const open = { config: { public: true } };

/** Published, and inside its display period (an empty end means no end, an empty start shows at once). */
function showingNow(now: string) {
  return (eb: ExpressionBuilder<any, any>) => eb.and([
    eb('publishStatus', '=', PUBLISHED),
    eb.or([eb('startTime', 'is', null), eb('startTime', '<=', now)]),
    eb.or([eb('endTime', 'is', null), eb('endTime', '>=', now)]),
  ]);
}

const shaped = (r: Row): Row => ({ ...r, summary: plainText(r.summary), sortNo: Number(r.sortNo ?? 0) });

function idOf(req: FastifyRequest): string {
  const id = (req.query as Query).id;
  if (typeof id !== 'string' || !id.trim()) throw badRequest('缺少参数 id');
  return id.trim();
}

async function publicRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  app.get(APPLET_NOTICE_API.list, open, async (req) => {
    const p = paging(req.query as Query);
    const where = showingNow(formatDateTime());
    const counted = await db.selectFrom(TABLE).select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    const rows = total > (p.pageNo - 1) * p.pageSize
      ? await db.selectFrom(TABLE).select(COLUMNS).where(where)
        .orderBy('sortNo', 'desc').orderBy('publishTime', 'desc').orderBy('id', 'desc')
        .limit(p.pageSize).offset((p.pageNo - 1) * p.pageSize).execute() as Row[]
      : [];
    return ok(page(rows.map(shaped), total, p));
  });

  app.get(APPLET_NOTICE_API.byId, open, async (req) => {
    const row = await db.selectFrom(TABLE).select([...COLUMNS, 'content']).where('id', '=', idOf(req)).where(showingNow(formatDateTime())).executeTakeFirst() as Row | undefined;
    if (!row) throw notFound('通知不存在、未发布或不在展示期内');
    return ok({ ...shaped(row), content: sanitizeHtml(row.content) });
  });
}

/** 小程序通知 (schemas/pms/pms_applet_notice.json): 发布/取消发布 are its workflow; this module keeps the period sane and serves the open API. */
export const appletNoticeModule: SchemaModule = {
  schema: TABLE,
  hooks: {
    beforeAdd(_h, values) {
      requireOrder(values.startTime, values.endTime, '展示结束时间不能早于开始时间');
    },
    beforeEdit(_h, changes, _body, current) {
      requireOrder(merged(changes, current, 'startTime'), merged(changes, current, 'endTime'), '展示结束时间不能早于开始时间');
    },
  },
  routes: publicRoutes,
};
