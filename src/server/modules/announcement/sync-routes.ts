import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Row } from '../../crud/hooks.js';
import { fail, forbidden, ok } from '../../http/result.js';
import { liveNotice, pushToAll, pushToUsers } from '../../live/publisher.js';
import { holdsAction } from '../system/checks.js';
import { addReceipts, ANNOUNCEMENT, ensureBroadcastReceipts, isRecipient, PUBLISHED, recipientIds, SEND } from './recipients.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * `GET /sys/annountCement/syncNotic?anntId=` — pushes the notice to its recipients' open pages
 * again, as JeecgBoot does. The bell reads the receipts (`listByUser`): syncing makes sure every
 * recipient of a published announcement holds one (a USER announcement's listed users; for one to
 * everyone, the caller — the others get theirs when their bell reloads), then tells their pages
 * (a draft or revoked one gets none and tells nobody). Without `anntId` the caller's own broadcast receipts are brought up to date.
 * Answers how many receipts the announcement has. For its managers and its recipients.
 */
export async function announcementSyncRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  app.get<{ Querystring: { anntId?: string } }>('/sys/annountCement/syncNotic', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { anntId: { type: 'string', maxLength: 64 } } } },
  }, async (req) => {
    const user = req.user!;
    const anntId = req.query.anntId?.trim();
    if (!anntId) {
      await ensureBroadcastReceipts(db, user);
      return ok({ receipts: null });
    }
    const annt = (await db.selectFrom(ANNOUNCEMENT).select(['id', 'titile', 'msgType', 'msgCategory', 'userIds', 'sendStatus']).where('id', '=', anntId).executeTakeFirst()) as Row | undefined;
    if (!annt) return fail('未找到对应实体');
    if (!(await holdsAction(req, 'system:announcement:edit')) && !isRecipient(annt, user)) throw forbidden();
    // A draft or a revoked one (the list syncs after 撤销 too) has nothing to show: the bell reads published ones only.
    if (annt.sendStatus === PUBLISHED) {
      const message = liveNotice(annt);
      if (annt.msgType === 'USER') {
        await addReceipts(db, anntId, recipientIds(annt.userIds), user.username);
        pushToUsers(db, recipientIds(annt.userIds), message);
      } else {
        await ensureBroadcastReceipts(db, user);
        pushToAll(db, message);
      }
    }
    const { n } = await db.selectFrom(SEND).where('anntId', '=', anntId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return ok({ receipts: Number(n) });
  });
}
