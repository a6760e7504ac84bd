import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SchemaModule } from '../../crud/hooks.js';
import { compileValidators } from '../../../schema/validator.js';
import { requireAction } from '../../crud/permission.js';
import { workflowGuard } from '../../crud/workflow.js';
import { badRequest, ClientError, okMessage } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { waitText } from '../login/throttle.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';
import { routeOf } from '../../http/request-log.js';
import type { StateStore } from '../../state/store.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const SCHEMA = 'pms_feedback';
/** What the mini-program's form sends; state, reply and attachments are not its to set. */
const FIELDS = ['type', 'title', 'content', 'contact'];
/** Accepted feedback per user: at most this many, each restarting the window. */
export const FEEDBACK_LIMIT = { max: 5, windowMs: 10 * 60_000 };

/**
 * Counts one feedback of the user and refuses (429) the one over FEEDBACK_LIMIT: the one limit of
 * both ways in, the mini-program's `/applet/feedback/add` and the page's `/pms/feedback/add`, in one
 * counter of the shared store. Called just before the row is written, after its checks passed.
 */
export async function countFeedback(state: StateStore, userId: string): Promise<void> {
  const counter = await state.increment(`applet:feedback:${userId}`, FEEDBACK_LIMIT.windowMs);
  if (counter.count > FEEDBACK_LIMIT.max) throw new ClientError(429, `反馈提交过于频繁，请${waitText(FEEDBACK_LIMIT.windowMs)}后再试`);
}

/**
 * 意见反馈's page (schemas/pms/pms_feedback.json): its generic add counts against the same limit as the
 * mini-program's. An Excel import (the page's 导入, no role's but the administrator's) is a bulk load
 * of feedback collected elsewhere, not a sender's, and is not counted.
 */
export const feedbackModule: SchemaModule = {
  schema: SCHEMA,
  hooks: {
    async beforeAdd(h) {
      if (routeOf(h.req).endsWith('/importExcel')) return;
      await countFeedback(h.ctx.state, h.user.id);
    },
  },
};

/**
 * `POST /applet/feedback/add`: 意见反馈 from the mini-program, by a signed-in user holding
 * 提交反馈 (`pms:feedback:add`, as on the back-office page). The row is the page's own (its
 * validation, its workflow's initial state 待处理), so it is answered in 意见反馈 like any other.
 * Rate-limited per user in the shared counter store.
 */
export function feedbackRoutes() {
  return async (app: FastifyInstance): Promise<void> => {
    const db = app.ctx.db as unknown as Kysely<any>;
    const schema = app.ctx.schemas.get(SCHEMA)!;
    const validate = compileValidators(schema).add;
    const flow = workflowGuard(schema);

    app.post('/applet/feedback/add', { config: { access: { permission: 'pms:feedback:add' } }, ...documentedOnly({ body: fields({ type: ['string', '反馈类型（字典 feedback_type）'], content: ['string', '反馈内容'], contact: ['string', '联系方式'] }) }) }, async (req) => {
      await requireAction(app.ctx.db, req, 'pms:feedback:add');
      const sent = req.body;
      const picked = sent && typeof sent === 'object' && !Array.isArray(sent)
        ? Object.fromEntries(Object.entries(sent).filter(([k]) => FIELDS.includes(k))) : sent;
      const { problem, body } = validate(picked);
      if (problem !== null) throw badRequest(problem);
      const types = (await app.ctx.dicts.items('feedback_type')) ?? [];
      if (body.type !== undefined && body.type !== null && !types.some((t) => t.value === body.type)) throw badRequest('反馈类型不正确');

      const user = req.user!;
      await countFeedback(app.ctx.state, user.id);

      const values: Record<string, unknown> = {
        ...body, id: newId(), createBy: user.username, createTime: formatDateTime(), updateBy: null, updateTime: null, sysOrgCode: user.orgCode,
      };
      flow?.onAdd(values);
      await db.insertInto(schema.table).values(values).execute();
      return okMessage('提交成功，感谢您的反馈！');
    });
  };
}
