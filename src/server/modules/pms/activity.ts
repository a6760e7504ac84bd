import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { HookContext, Row, SchemaModule } from '../../crud/hooks.js';
import { requireAction } from '../../crud/permission.js';
import { rowRuleScope } from '../../crud/row-rules.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, ClientError, notFound, okMessage } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { bodyId, merged, requireOrder } from './common.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const ACTIVITY = 'pms_activity';
export const SIGNUP = 'pms_activity_signup';
const SIGNUP_BUTTON = 'pms:activity:signup';
const PUBLISHED = '1';
const REMARK_MAX = 200;

const conflict = (message: string) => new ClientError(409, message);

const isUniqueViolation = (e: unknown) => ['23505', 'SQLITE_CONSTRAINT_UNIQUE'].includes(String((e as { code?: unknown })?.code));

/** The times of an activity make sense: it ends after it starts, sign-up closes by its end. */
function requireSensibleTimes(row: (f: string) => unknown): void {
  requireOrder(row('startTime'), row('endTime'), '结束时间不能早于开始时间');
  requireOrder(row('signupDeadline'), row('endTime'), '报名截止时间不能晚于活动结束时间');
}

/** Sets each activity's count to its sign-up rows (after an administrator deletes some). */
export async function recount(db: Kysely<any>, activityIds: string[]): Promise<void> {
  if (!activityIds.length) return;
  await db.updateTable(ACTIVITY)
    .set((eb) => ({ signupCount: eb.selectFrom(SIGNUP).select((s) => s.fn.countAll().as('n')).whereRef(`${SIGNUP}.activityId`, '=', `${ACTIVITY}.id`) }))
    .where('id', 'in', activityIds).execute();
}

/** The activity a user asks about, as their row rules let them see it, or 404. */
async function visibleActivity(app: FastifyInstance, tx: Kysely<any>, req: FastifyRequest, id: string): Promise<Row> {
  const scope = await rowRuleScope(app.ctx.db, req, app.ctx.schemas.get(ACTIVITY)!, app.ctx.schemas.schemas);
  let q = tx.selectFrom(ACTIVITY).select(['id', 'title', 'publishStatus', 'startTime', 'endTime', 'signupDeadline', 'capacity']).where('id', '=', id);
  if (scope) q = q.where(scope);
  const row = await q.executeTakeFirst() as Row | undefined;
  if (!row) throw notFound('活动不存在或未发布');
  return row;
}

function remarkOf(req: FastifyRequest): string | null {
  const remark = (req.body as Row | undefined)?.remark;
  if (remark === undefined || remark === null || remark === '') return null;
  if (typeof remark !== 'string') throw badRequest('备注需为文本');
  if (remark.length > REMARK_MAX) throw badRequest(`备注最多${REMARK_MAX}字`);
  return remark;
}

/**
 * 报名 / 取消报名: `POST /pms/activity/signup {id, remark?}` and `/pms/activity/cancelSignup {id}`,
 * for holders of the 报名活动 button on activities their row rules reach (published ones). The
 * count is taken with one conditional UPDATE (`signupCount < capacity`) in the sign-up's
 * transaction, so concurrent sign-ups never pass the capacity; the unique (activity, user) index
 * makes a second sign-up of the same user fail even when both arrive together.
 */
async function signupRoutes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;

  app.post('/pms/activity/signup', { config: { access: { permission: SIGNUP_BUTTON } } }, async (req) => {
    await requireAction(app.ctx.db, req, SIGNUP_BUTTON);
    const id = bodyId(req);
    const remark = remarkOf(req);
    const user = req.user!;
    try {
      await inTransaction(db, async (tx) => {
        const act = await visibleActivity(app, tx, req, id);
        const now = formatDateTime();
        if (act.publishStatus !== PUBLISHED) throw conflict('活动未发布，不能报名');
        if (act.signupDeadline && now > String(act.signupDeadline)) throw conflict(`报名已截止（截止时间 ${String(act.signupDeadline)}）`);
        if (act.endTime && now > String(act.endTime)) throw conflict('活动已结束，不能报名');
        const mine = await tx.selectFrom(SIGNUP).select('id').where('activityId', '=', id).where('createBy', '=', user.username).executeTakeFirst();
        if (mine) throw conflict('您已报名该活动，请勿重复报名');
        const taken = await tx.updateTable(ACTIVITY)
          .set((eb) => ({ signupCount: eb('signupCount', '+', 1) }))
          .where('id', '=', id).where('publishStatus', '=', PUBLISHED)
          .where((eb) => eb('signupCount', '<', eb.ref('capacity')))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw conflict(`报名人数已满（${String(act.capacity)}人）`);
        const person = await tx.selectFrom('sys_user').select(['realname', 'phone']).where('id', '=', user.id).executeTakeFirst() as Row | undefined;
        await tx.insertInto(SIGNUP).values({
          id: newId(), activityId: id, realname: person?.realname ?? user.realname ?? null, phone: person?.phone ?? null, remark,
          createBy: user.username, createTime: now, updateBy: null, updateTime: null, sysOrgCode: user.orgCode ?? null,
        }).execute();
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('您已报名该活动，请勿重复报名');
      throw e;
    }
    return okMessage('报名成功！');
  });

  app.post('/pms/activity/cancelSignup', { config: { access: { permission: SIGNUP_BUTTON } } }, async (req) => {
    await requireAction(app.ctx.db, req, SIGNUP_BUTTON);
    const id = bodyId(req);
    const user = req.user!;
    await inTransaction(db, async (tx) => {
      const act = await visibleActivity(app, tx, req, id);
      if (act.startTime && formatDateTime() >= String(act.startTime)) throw conflict('活动已开始，不能取消报名');
      const gone = await tx.deleteFrom(SIGNUP).where('activityId', '=', id).where('createBy', '=', user.username).executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) throw conflict('您尚未报名该活动');
      await tx.updateTable(ACTIVITY).set((eb) => ({ signupCount: eb('signupCount', '-', 1) })).where('id', '=', id).where('signupCount', '>', 0).execute();
    });
    return okMessage('已取消报名');
  });
}

/** 活动管理 (schemas/pms/pms_activity.json): the count is the server's, the times are coherent, sign-ups go with their activity. */
export const activityModule: SchemaModule = {
  schema: ACTIVITY,
  hooks: {
    beforeAdd(_h, values) {
      values.signupCount = 0;
      requireSensibleTimes((f) => values[f]);
    },
    beforeEdit(_h, changes, _body, current) {
      delete changes.signupCount;
      requireSensibleTimes((f) => merged(changes, current, f));
      const capacity = merged(changes, current, 'capacity');
      const count = Number(current.signupCount ?? 0);
      if (capacity !== null && capacity !== undefined && Number(capacity) < count) throw badRequest(`人数上限不能少于已报名人数（${count}人）`);
    },
    async beforeDelete(h: HookContext, ids) {
      await h.db.deleteFrom(SIGNUP).where('activityId', 'in', ids).execute();
    },
  },
  routes: signupRoutes,
};

const deletedFrom = new WeakMap<FastifyRequest, string[]>();

/**
 * 活动报名 (schemas/pms/pms_activity_signup.json): the sign-up list, per activity by its query bar.
 * Rows come only from 报名; an administrator may delete one (the activity's count follows).
 */
export const activitySignupModule: SchemaModule = {
  schema: SIGNUP,
  hooks: {
    beforeAdd() {
      throw badRequest('报名请在「活动管理」中点击「报名」');
    },
    beforeEdit(_h, changes, _body, current) {
      if ('activityId' in changes && changes.activityId !== current.activityId) throw badRequest('不能修改报名的活动');
    },
    async beforeDelete(h, ids) {
      const rows = await h.db.selectFrom(SIGNUP).select('activityId').where('id', 'in', ids).execute() as Row[];
      deletedFrom.set(h.req, [...new Set(rows.map((r) => String(r.activityId)))]);
    },
    async afterDelete(h) {
      await recount(h.db, deletedFrom.get(h.req) ?? []);
      deletedFrom.delete(h.req);
    },
  },
};
