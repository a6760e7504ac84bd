import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { kindLabel } from '../../../schema/assessment.js';
import { sheetProblem, sheetTotal } from '../../../schema/scoring.js';
import type { HookContext, Row, SchemaModule } from '../../crud/hooks.js';
import { requireAction } from '../../crud/permission.js';
import { rowRuleScope } from '../../crud/row-rules.js';
import { badRequest, ClientError, notFound, ok } from '../../http/result.js';
import { indicatorsOf, OPEN_STATES, parseScores, planOf, refreshProgress, TASK } from './plan-data.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The tasks a delete request removes, from before the delete to after it. */
const removed = new WeakMap<FastifyRequest, Row[]>();

/** Scoring is open while the plan runs, and only then. */
async function runningPlan(db: Kysely<any>, planId: string): Promise<Row> {
  const plan = await planOf(db, planId);
  if (plan.state !== 'running') throw new ClientError(409, plan.state === 'draft' ? '考核尚未开始，不能评分' : '考核已结束，不能再评分');
  return plan;
}

const commentBelow = (plan: Row) => (plan.gradePass === null || plan.gradePass === undefined ? null : Number(plan.gradePass));

/** What the sheet of one task needs: whom it assesses, as what, the plan's indicators, the scores so far. */
async function sheetOf(db: Kysely<any>, task: Row) {
  const plan = await planOf(db, String(task.planId));
  const person = await db.selectFrom('sys_user').select('realname').where('username', '=', String(task.assessee)).executeTakeFirst() as Row | undefined;
  return {
    id: task.id, state: task.state, planName: plan.name, planState: plan.state, period: `${String(plan.periodStart ?? '').slice(0, 10)} 至 ${String(plan.periodEnd ?? '').slice(0, 10)}`,
    assessee: task.assessee, assesseeName: person?.realname ?? task.assessee, kind: task.kind, kindText: kindLabel(String(task.kind)),
    indicators: await indicatorsOf(db, String(task.planId)), scores: parseScores(task.scores), comment: task.comment ?? '', commentBelow: commentBelow(plan),
  };
}

/**
 * 考核任务 (schemas/assess/assess_task.json): one assessor's sheet for one assessee. Saves are
 * checked against the plan's indicators and totalled by the server; scoring only while the plan
 * runs; 提交评分 needs every indicator and, below the plan's 合格 line, a comment; submitted is locked.
 */
export const taskModule: SchemaModule = {
  schema: TASK,
  hooks: {
    async beforeEdit(h: HookContext, changes, _body, current) {
      for (const f of ['planId', 'assessee', 'assessor', 'kind', 'departId', 'total']) delete changes[f];
      await runningPlan(h.db, String(current.planId));
      if ('scores' in changes) {
        const scores = parseScores(changes.scores);
        const indicators = await indicatorsOf(h.db, String(current.planId));
        const problem = sheetProblem(indicators, scores, { complete: false });
        if (problem) throw badRequest(problem);
        changes.scores = JSON.stringify(scores);
        changes.total = sheetTotal(indicators, scores);
      }
      // 保存 moves 待评 to 已保存 by a compare-and-set in the save's transaction: a sheet submitted meanwhile is not overwritten.
      const moved = await h.db.updateTable(TASK).set({ state: 'draft' }).where('id', '=', String(current.id)).where('state', 'in', OPEN_STATES).executeTakeFirst();
      if (!Number(moved.numUpdatedRows)) throw new ClientError(409, '评分已提交，不能修改');
    },
    async afterEdit(h: HookContext, id) {
      const row = await h.db.selectFrom(TASK).select(['planId', 'assessee']).where('id', '=', id).executeTakeFirstOrThrow() as Row;
      await refreshProgress(h.db, String(row.planId), [String(row.assessee)]);
    },
    async beforeTransition(h: HookContext, t, id) {
      if (t.name !== 'submit') return;
      const task = await h.db.selectFrom(TASK).selectAll().where('id', '=', id).executeTakeFirstOrThrow() as Row;
      const plan = await runningPlan(h.db, String(task.planId));
      const indicators = await indicatorsOf(h.db, String(task.planId));
      const problem = sheetProblem(indicators, parseScores(task.scores), { complete: true, comment: String(task.comment ?? ''), commentBelow: commentBelow(plan) });
      if (problem) throw badRequest(problem);
    },
    async afterTransition(h: HookContext, _t, id) {
      const row = await h.db.selectFrom(TASK).select(['planId', 'assessee']).where('id', '=', id).executeTakeFirstOrThrow() as Row;
      await refreshProgress(h.db, String(row.planId), [String(row.assessee)]);
    },
    async beforeDelete(h: HookContext, ids) {
      removed.set(h.req, await h.db.selectFrom(TASK).select(['planId', 'assessee']).where('id', 'in', ids).execute() as Row[]);
    },
    async afterDelete(h: HookContext) {
      const rows = removed.get(h.req) ?? [];
      for (const planId of new Set(rows.map((r) => String(r.planId)))) {
        await refreshProgress(h.db, planId, rows.filter((r) => r.planId === planId).map((r) => String(r.assessee)));
      }
    },
  },
  routes: async (app: FastifyInstance) => {
    const db = app.ctx.db as unknown as Kysely<any>;
    app.get<{ Querystring: { id?: string } }>('/assess/task/sheet', { config: { access: { permission: 'assess:task:edit' } }, ...documentedOnly({ querystring: fields({ id: ['string', '考核任务id'] }) }) }, async (req) => {
      await requireAction(app.ctx.db, req, 'assess:task:edit');
      const id = req.query.id;
      if (typeof id !== 'string' || !id) throw badRequest('缺少参数 id');
      let q = db.selectFrom(TASK).selectAll().where('id', '=', id);
      const scope = await rowRuleScope(app.ctx.db, req, app.ctx.schemas.get(TASK)!, app.ctx.schemas.schemas);
      if (scope) q = q.where(scope);
      const task = await q.executeTakeFirst() as Row | undefined;
      if (!task) throw notFound('未找到对应数据');
      return ok(await sheetOf(db, task));
    });
  },
};
