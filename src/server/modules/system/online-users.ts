import type { FastifyInstance, FastifyRequest } from 'fastify';
import { grantsOf } from '../../auth/grants.js';
import { GUEST_USERNAME } from '../../auth/guest.js';
import { sha256 } from '../../auth/session.js';
import { conditionSql } from '../../crud/where.js';
import { escapeLike } from '../../../schema/query.js';
import { badRequest, fail, forbidden, ok, okMessage } from '../../http/result.js';
import { writeLoginLog } from '../login/log.js';
import { userColumns } from '../user/directory.js';
import { offsetOf, page, pagingProps, type Paging } from '../user/paging.js';

/** The 在线用户 menu entry (JeecgBoot SysUserOnlineList): who holds it sees and ends sessions. */
export const ONLINE_COMPONENT = 'system/SysUserOnlineList';

async function requireOnlinePage(req: FastifyRequest): Promise<void> {
  const { admin, menus } = await grantsOf(req.server.ctx.db, req);
  if (!admin && !menus.has(ONLINE_COMPONENT)) throw forbidden('没有权限：需要“在线用户”的查看权限');
}

/**
 * 在线用户 (JeecgBoot SysUserOnlineController), from the session store: one row per live session,
 * newest first. Tokens are kept hashed, so a row's `token` is the session's handle (its hash),
 * except the caller's own session, which carries the caller's token (the client marks it 我).
 * `forceLogout {token}` takes either and ends that session at once: its next request is a 401.
 */
export async function onlineUserRoutes(app: FastifyInstance): Promise<void> {
  const { db, dialect } = app.ctx;

  app.get<{ Querystring: Paging & { username?: string } }>('/sys/online/list', {
    config: { access: { menu: ONLINE_COMPONENT } },
    schema: { querystring: { type: 'object', properties: { ...pagingProps, username: { type: 'string', maxLength: 100 } } } },
  }, async (req) => {
    await requireOnlinePage(req);
    const kw = req.query.username?.trim();
    const sessions = db.selectFrom('sysSession as s').innerJoin('sysUser as u', 'u.id', 's.userId')
      .where('s.expiresAt', '>', Date.now()).where('u.username', '<>', GUEST_USERNAME).where('u.delFlag', '=', 0)
      .$if(!!kw, (q) => q.where((eb) => conditionSql(eb, { field: 'u.username', op: 'like', value: `%${escapeLike(kw!)}%` }, dialect)));
    const { total } = await sessions.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const columns = (await userColumns(app.ctx, req)).filter((c) => ['id', 'username', 'realname', 'avatar', 'sex', 'birthday', 'phone', 'orgCode'].includes(c));
    const rows = await sessions.select([...columns.map((c) => `u.${c}` as const), 's.tokenHash', 's.createdAt', 's.ip'])
      .orderBy('s.createdAt', 'desc').orderBy('s.tokenHash').limit(req.query.pageSize ?? 10).offset(offsetOf(req.query)).execute();
    const own = req.tokenHash ?? '';
    const sexText = (await app.ctx.dicts.texts('sex')) ?? new Map<string, string>();
    const records = rows.map(({ tokenHash, createdAt, ip, ...user }) => {
      const u = user as Record<string, unknown>;
      return {
        ...u, token: tokenHash === own ? req.token : tokenHash, loginTime: new Date(Number(createdAt)).toISOString(), ip,
        sex_dictText: u.sex == null ? null : sexText.get(String(u.sex)) ?? null,
      };
    });
    return ok(page(records, Number(total), req.query));
  });

  app.post<{ Body: { token?: string } }>('/sys/online/forceLogout', {
    config: { access: { menu: ONLINE_COMPONENT } },
    schema: { body: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } } },
  }, async (req) => {
    await requireOnlinePage(req);
    const given = req.body?.token?.trim();
    if (!given) throw badRequest('缺少参数 token');
    const session = await db.selectFrom('sysSession as s').innerJoin('sysUser as u', 'u.id', 's.userId')
      .select(['s.tokenHash', 'u.id', 'u.username', 'u.realname'])
      .where('s.tokenHash', 'in', [...new Set([sha256(given), given])]).executeTakeFirst();
    if (!session) return fail('Token无效!');
    await db.deleteFrom('sysSession').where('tokenHash', '=', session.tokenHash).execute();
    await writeLoginLog(db, `强制: ${session.realname || session.username}退出成功！`, { id: session.id, username: session.username }, req.ip);
    return okMessage('退出登录成功！');
  });
}
