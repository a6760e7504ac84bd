import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { grantsOf } from '../../auth/grants.js';
import type { HookContext, Row, RowScope, SchemaModule } from '../../crud/hooks.js';
import { requestActions, requireAction } from '../../crud/permission.js';
import { requireRead } from '../../crud/read-access.js';
import { badRequest, ClientError, notFound, ok } from '../../http/result.js';
import { headedDeparts } from './people.js';
import { CLOSED_PLAN, PLAN, planOf, RESULT } from './plan-data.js';
import { resultCard } from './results.js';
import { documentedOnly, fields } from '../../openapi/request-docs.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Who reads which result (考核实例): the administrator and the holders of 考核结果 every one (they
 * manage the plans, and see a result while its plan runs); an assessee their own only once the plan
 * has ended; a department head (JeecgBoot's 上级 identity with 负责部门) the others' of the
 * departments they head and below — never their own through that reach, so a head who is assessed
 * waits for the end like any assessee. All of them hold the page (its menu or a button). Everyone
 * else none.
 */
async function resultScope(h: HookContext): Promise<RowScope | null> {
  const { admin } = await grantsOf(h.ctx.db, h.req);
  if (admin || (await requestActions(h.ctx.db, h.req)).has('assess:plan:results')) return null;
  await requireRead(h.ctx.db, h.ctx.schemas, h.req, h.ctx.schemas.get(RESULT)!);
  const me = h.user.username;
  const headed = await headedDeparts(h.db, me);
  return (eb) => eb.or([
    eb.and([eb('assessee', '=', me), eb('planId', 'in', eb.selectFrom(PLAN).select('id').where('state', 'in', CLOSED_PLAN))]),
    ...(headed.length ? [eb.and([eb('departId', 'in', headed), eb('assessee', '<>', me)])] : []),
  ]);
}

/** 考核实例 (schemas/assess/assess_result.json): one row per assessee of a started plan, written by the plan; its result card. */
export const resultModule: SchemaModule = {
  schema: RESULT,
  hooks: { scope: resultScope },
  routes: async (app: FastifyInstance) => {
    const db = app.ctx.db as unknown as Kysely<any>;
    app.get<{ Querystring: { id?: string } }>('/assess/result/card', { config: { access: { permission: 'assess:result:card' } }, ...documentedOnly({ querystring: fields({ id: ['string', '考核结果id'] }) }) }, async (req) => {
      await requireAction(app.ctx.db, req, 'assess:result:card');
      const id = req.query.id;
      if (typeof id !== 'string' || !id) throw badRequest('缺少参数 id');
      let q = db.selectFrom(RESULT).selectAll().where('id', '=', id);
      const scope = await resultScope({ db, user: req.user!, req, ctx: app.ctx });
      if (scope) q = q.where(scope);
      const row = await q.executeTakeFirst() as Row | undefined;
      if (!row) {
        // One's own card outside the scope: its plan has not ended yet. Say so rather than "not found";
        // 409, as the plan's state (not the user's permission) refuses it for now.
        const own = scope && await db.selectFrom(RESULT).select('id').where('id', '=', id).where('assessee', '=', req.user!.username).executeTakeFirst();
        if (own) throw new ClientError(409, '考核尚未结束，结果暂不可查看');
        throw notFound('未找到对应数据');
      }
      const plan = await planOf(db, String(row.planId));
      const person = await db.selectFrom('sys_user').select('realname').where('username', '=', String(row.assessee)).executeTakeFirst() as Row | undefined;
      const depart = row.departId ? await db.selectFrom('sys_depart').select('departName').where('id', '=', String(row.departId)).executeTakeFirst() as Row | undefined : undefined;
      return ok({
        id: row.id, assessee: row.assessee, realname: person?.realname ?? row.assessee, departName: depart?.departName ?? '',
        planName: plan.name, planState: plan.state, period: `${String(plan.periodStart ?? '').slice(0, 10)} 至 ${String(plan.periodEnd ?? '').slice(0, 10)}`,
        deptRank: row.deptRank ?? null, ...(await resultCard(db, plan, row)),
      });
    });
  },
};
