import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SchemaModule } from '../../crud/hooks.js';
import { badRequest, ok } from '../../http/result.js';
import { applyDefaults, keepStoredWhenNull, merged, requireOneOf, requireOrdered } from './checks.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const TABLE = 'sys_tenant';
const ACTIVE = 1;

/** Tenant numbers of a user's `rel_tenant_ids` (comma list). */
const tenantNumbers = (raw: unknown): number[] => String(raw ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);

/** Users whose comma list of tenant numbers holds this one. */
async function usersOfTenant(db: Kysely<any>, code: number): Promise<number> {
  const c = String(code);
  const { n } = await db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('relTenantIds', '=', c), eb('relTenantIds', 'like', `${c},%`), eb('relTenantIds', 'like', `%,${c}`), eb('relTenantIds', 'like', `%,${c},%`)]))
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function routes(app: FastifyInstance): Promise<void> {
  const db = app.ctx.db as unknown as Kysely<any>;
  const active = (codes: number[]) => db.selectFrom(TABLE).select(['id', 'code', 'name', 'beginDate', 'endDate', 'status', 'createTime', 'createBy'])
    .where('status', '=', ACTIVE).where('code', 'in', codes).orderBy('code').execute();

  // Effective tenants by number (contract §13.2 queryList?ids: tenant ids are the numbers users carry).
  app.get<{ Querystring: { ids?: string } }>('/sys/tenant/queryList', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { ids: { type: 'string', maxLength: 2000 } } } },
  }, async (req) => {
    const raw = (req.query.ids ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (raw.some((s) => !/^\d{1,9}$/.test(s))) throw badRequest('ids 需为逗号分隔的租户编号');
    if (!raw.length) return ok([]);
    return ok(await active(raw.map(Number)));
  });

  app.get('/sys/tenant/getCurrentUserTenant', { config: { access: 'login' } }, async (req) => {
    const codes = tenantNumbers(req.user!.relTenantIds);
    return ok({ list: codes.length ? await active(codes) : [] });
  });
}

export const tenantModule: SchemaModule = {
  schema: TABLE,
  hooks: {
    beforeAdd(_h, values) {
      applyDefaults(values, { status: ACTIVE });
      requireOneOf('状态', values.status, [0, 1]);
      requireOrdered(values, 'beginDate', 'endDate', '结束时间不能早于开始时间');
    },
    beforeEdit(_h, changes, _body, current) {
      keepStoredWhenNull(changes, ['status']);
      requireOneOf('状态', changes.status, [0, 1]);
      requireOrdered(merged(current, changes), 'beginDate', 'endDate', '结束时间不能早于开始时间');
      if (changes.code !== undefined && changes.code !== current.code) throw badRequest('租户编号创建后不能修改');
    },
    // Users name tenants by number: a tenant still in use stays.
    async beforeDelete(h, ids) {
      const rows = await h.db.selectFrom(TABLE).select(['code', 'name']).where('id', 'in', ids).execute() as { code: number; name: string }[];
      for (const t of rows) {
        const users = await usersOfTenant(h.db, t.code);
        if (users) throw badRequest(`租户「${t.name}」仍有${users}个用户关联，不能删除`);
      }
    },
  },
  routes,
};
