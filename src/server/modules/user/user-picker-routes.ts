import type { FastifyInstance } from 'fastify';
import type { Expression, SqlBool } from 'kysely';
import { GUEST_USERNAME } from '../../auth/guest.js';
import { conditionSql } from '../../crud/where.js';
import { escapeLike } from '../../../schema/query.js';
import { badRequest, ok } from '../../http/result.js';
import { departWithDescendants } from '../depart/depart-scope.js';
import { userColumns } from './directory.js';
import { commaIds } from './id-list.js';
import { offsetOf, page, pagingProps, type Paging } from './paging.js';
import { departNamesOf } from './user-relations.js';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

interface PickerQuery extends Paging { departId?: string; realname?: string; username?: string; id?: string }

/**
 * Users by department for the user pickers (JSelectUserByDep): a department includes the ones below
 * it. Open to every signed-in user, so a row carries contacts only for readers of the user page.
 */
export async function userPickerRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect, dicts } = app.ctx;

  const usersIn = async (departId: string | undefined) => {
    if (!departId) return null;
    const scope = await departWithDescendants(db, departId);
    if (!scope) throw badRequest('部门不存在');
    return scope;
  };

  const filtered = (scope: string[] | null, q: { realname?: string; username?: string; ids?: string[] }) => db.selectFrom('sysUser').where((eb) => {
    // The guest account is how visitors are signed in, not a person anyone would pick.
    const parts: Expression<SqlBool>[] = [eb('delFlag', '=', 0), eb('username', '!=', GUEST_USERNAME)];
    if (scope) parts.push(eb('id', 'in', eb.selectFrom('sysUserDepart').select('userId').where('depId', 'in', scope)));
    for (const field of ['realname', 'username'] as const) {
      const kw = q[field]?.trim();
      if (kw) parts.push(conditionSql(eb, { field, op: 'like', value: `%${escapeLike(kw)}%` }, dialect));
    }
    if (q.ids?.length) parts.push(eb('id', 'in', q.ids));
    return eb.and(parts);
  });

  /** Rows as the picker reads them: sex translated, department names joined. */
  const readable = async <T extends { id: string; sex: number | null }>(rows: T[]) => {
    const sexes = (await dicts.texts('sex')) ?? new Map<string, string>();
    const departs = await departNamesOf(db, rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, sex_dictText: r.sex === null ? null : sexes.get(String(r.sex)) ?? String(r.sex), orgCodeTxt: (departs.get(r.id)?.names ?? []).join(',') }));
  };

  app.get<{ Querystring: PickerQuery }>('/sys/user/queryUserComponentData', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { ...pagingProps, departId: text(32), realname: text(100), username: text(100), id: text(20_000) } } },
  }, async (req) => {
    const q = req.query;
    const rows = filtered(await usersIn(q.departId), { realname: q.realname, username: q.username, ids: commaIds(q.id) });
    const { total } = await rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const records = await rows.select(await userColumns(app.ctx, req)).orderBy('createTime', 'desc').orderBy('id', 'desc')
      .limit(q.pageSize ?? 10).offset(offsetOf(q)).execute();
    return ok(page(await readable(records), Number(total), q));
  });

  app.get<{ Querystring: { id?: string; realname?: string } }>('/sys/user/queryUserByDepId', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { id: text(32), realname: text(100) } } },
  }, async (req) => {
    if (!req.query.id) throw badRequest('缺少参数 id');
    const rows = await filtered(await usersIn(req.query.id), { realname: req.query.realname })
      .select(await userColumns(app.ctx, req)).orderBy('createTime', 'desc').orderBy('id', 'desc').execute();
    return ok(await readable(rows));
  });
}
