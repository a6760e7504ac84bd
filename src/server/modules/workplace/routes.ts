import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ok } from '../../http/result.js';
import { ANNOUNCEMENT, ensureBroadcastReceipts, PUBLISHED, SEND } from '../announcement/recipients.js';
import { workOf, type Work } from './work.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * `GET /sys/workplace/todo`: the signed-in user's work across pages, as the schemas declare it
 * (work.ts), then their unread notices; each entry with the page to open.
 */
export async function workplaceRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const db = ctx.db as unknown as Kysely<any>;

  app.get('/sys/workplace/todo', { config: { access: 'login' } }, async (req: FastifyRequest) => {
    const user = req.user!;
    const work = await workOf(ctx, req);
    await ensureBroadcastReceipts(db, user);
    const unread = await db.selectFrom(`${SEND} as s`).innerJoin(`${ANNOUNCEMENT} as a`, 'a.id', 's.anntId')
      .select((eb: any) => eb.fn.countAll().as('n'))
      .where('s.userId', '=', user.id).where('s.readFlag', '=', '0').where('a.sendStatus', '=', PUBLISHED).executeTakeFirstOrThrow() as { n: unknown };
    const notices: Work = { key: 'unreadNotices', label: '未读消息', count: Number(unread.n), path: '/isps/userAnnouncement', noun: '消息', byState: [], items: [] };
    return ok([...work, notices]);
  });
}
