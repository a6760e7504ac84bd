import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { periodOf, planSettingsProblem } from '../../../schema/assessment.js';
import type { PageSchema } from '../../../schema/types.js';
import { writeWorkbook } from '../../crud/excel-write.js';
import type { HookContext, Row, SchemaModule } from '../../crud/hooks.js';
import { requireAction } from '../../crud/permission.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, ok } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { GRADE_TEXT, INDICATOR, PLAN, planOf, RESULT } from './plan-data.js';
import { computeResults } from './results.js';
import { endPlan } from './end.js';
import { startPlan } from './start.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** A plan's own settings as they would be stored: the period made whole, the weights and grade lines checked. */
function checkSettings(values: Row): void {
  const period = periodOf(values.periodType, values.periodStart, values.periodEnd);
  if (typeof period === 'string') throw badRequest(period);
  values.periodStart = period.start;
  values.periodEnd = period.end;
  const problem = planSettingsProblem(values);
  if (problem) throw badRequest(problem);
}

const RESULT_SHEET = {
  code: 'assess_plan_results', title: '考核结果', table: 'assess_plan_results', api: '/assess/plan/results',
  fields: [
    { name: 'departName', label: '部门', type: 'string' }, { name: 'rank', label: '部门排名', type: 'int' },
    { name: 'realname', label: '姓名', type: 'string' }, { name: 'assessee', label: '账号', type: 'string' },
    { name: 'total', label: '综合得分', type: 'decimal' }, { name: 'gradeText', label: '等级', type: 'string' },
    { name: 'sheets', label: '已提交评分', type: 'int' }, { name: 'weightNote', label: '权重说明', type: 'string' },
  ],
} as unknown as PageSchema;

/** The plan's results as the submitted sheets stand, ranked per department, with names for people and departments. */
async function resultRows(db: Kysely<any>, planId: string) {
  const plan = await planOf(db, planId);
  const scored = new Map((await computeResults(db, plan)).map((r) => [r.assessee, r]));
  const people = await db.selectFrom(RESULT).select(['assessee', 'departId']).where('planId', '=', planId).execute() as Row[];
  const results = people.map((p) => scored.get(String(p.assessee)) ?? {
    assessee: String(p.assessee), departId: (p.departId as string | null) ?? null, totals: [], result: { total: null }, grade: null, rank: null, weightNote: null,
  });
  const names = new Map<string, string>();
  const users = [...new Set(results.map((r) => r.assessee))];
  for (let i = 0; i < users.length; i += 500) {
    for (const u of await db.selectFrom('sys_user').select(['username', 'realname']).where('username', 'in', users.slice(i, i + 500)).execute() as Row[]) names.set(String(u.username), String(u.realname ?? u.username));
  }
  const departs = new Map((await db.selectFrom('sys_depart').select(['id', 'departName']).execute() as Row[]).map((d) => [String(d.id), String(d.departName)]));
  const rows = results.map((r) => ({
    assessee: r.assessee, realname: names.get(r.assessee) ?? r.assessee, departId: r.departId, departName: r.departId ? departs.get(r.departId) ?? '' : '',
    total: r.result.total, grade: r.grade, gradeText: r.grade ? GRADE_TEXT[r.grade] : '', rank: r.rank, sheets: r.totals.length, weightNote: r.weightNote,
  }));
  rows.sort((a, b) => a.departName.localeCompare(b.departName, 'zh-CN') || (a.rank ?? 1e9) - (b.rank ?? 1e9) || a.assessee.localeCompare(b.assessee));
  return { plan, rows };
}

/**
 * 考核计划 (schemas/assess/assess_plan.json): what the schema cannot say — the period made whole
 * and the weights checked on save; 开始考核 creates the tasks, 结束考核 closes them and writes the
 * results; 复制 copies a plan with its indicator template as a new draft; 考核结果 for its managers.
 */
export const planModule: SchemaModule = {
  schema: PLAN,
  hooks: {
    beforeAdd(_h, values) { checkSettings(values); },
    beforeEdit(_h, changes, _body, current) {
      const merged = { ...current, ...changes };
      checkSettings(merged);
      changes.periodStart = merged.periodStart;
      changes.periodEnd = merged.periodEnd;
    },
    async beforeTransition(h: HookContext, t, id) {
      if (t.name === 'start') await startPlan(h.db, id, h.user.username);
    },
    async afterTransition(h: HookContext, t, id) {
      if (t.name === 'end') await endPlan(h.db, h.ctx.schemas, id, h.user.username);
    },
  },
  routes: async (app: FastifyInstance) => {
    const db = app.ctx.db as unknown as Kysely<any>;
    const idOf = (v: unknown) => { if (typeof v !== 'string' || !v) throw badRequest('缺少参数 id'); return v; };

    app.post<{ Body: { id?: unknown } }>('/assess/plan/copy', { config: { access: { permission: 'assess:plan:copy' } }, ...documentedOnly({ body: fields({ id: ['string', '考核方案id'] }, ['id']) }) }, async (req) => {
      await requireAction(app.ctx.db, req, 'assess:plan:copy');
      const plan = await planOf(db, idOf(req.body?.id));
      const schema = app.ctx.schemas.get(PLAN)!;
      const own = schema.fields.filter((f) => f.form !== false && !f.virtual).map((f) => f.name);
      const stamp = { createBy: req.user!.username, createTime: formatDateTime(), updateBy: null, updateTime: null, sysOrgCode: req.user!.orgCode ?? null };
      const id = newId();
      const name = `${String(plan.name)}（复制）`.slice(0, 100);
      await inTransaction(db, async (tx) => {
        await tx.insertInto(PLAN).values({ ...Object.fromEntries(own.map((f) => [f, plan[f] ?? null])), name, id, state: 'draft', ...stamp }).execute();
        const indicators = await tx.selectFrom(INDICATOR).selectAll().where('planId', '=', String(plan.id)).execute() as Row[];
        for (const i of indicators) await tx.insertInto(INDICATOR).values({ ...i, id: newId(), planId: id, ...stamp }).execute();
      });
      return ok({ id }, `已复制为「${name}」`);
    });

    const results = async (req: FastifyRequest<{ Querystring: { id?: string } }>) => {
      await requireAction(app.ctx.db, req, 'assess:plan:results');
      return resultRows(db, idOf(req.query.id));
    };
    app.get<{ Querystring: { id?: string } }>('/assess/plan/results', { config: { access: { permission: 'assess:plan:results' } }, ...documentedOnly({ querystring: fields({ id: ['string', '考核方案id'] }) }) }, async (req) => {
      const { plan, rows } = await results(req);
      return ok({ state: plan.state, taskProgress: plan.taskProgress, rows });
    });
    app.get<{ Querystring: { id?: string } }>('/assess/plan/exportResults', { config: { access: { permission: 'assess:plan:results' } }, ...documentedOnly({ querystring: fields({ id: ['string', '考核方案id'] }) }) }, async (req, reply) => {
      const { plan, rows } = await results(req);
      const file = await writeWorkbook(RESULT_SHEET, rows, req.user!.realname || req.user!.username);
      const name = `${String(plan.name)}考核结果.xlsx`;
      return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="results.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(file);
    });
  },
};
