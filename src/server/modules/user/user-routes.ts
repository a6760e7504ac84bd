import type { FastifyInstance } from 'fastify';
import { hashPassword, PASSWORD_RULE, PASSWORD_RULE_MESSAGE } from '../../auth/password.js';
import { revokeUserSessions } from '../../auth/session.js';
import { requireAction } from '../../crud/permission.js';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { requireRoleManager } from './directory.js';
import { commaIds } from './id-list.js';
import { ADMIN_USERNAME } from './user-hooks.js';
import { takenMessage } from './user-unique.js';
import { inTransaction } from '../../db/transaction.js';
import { minutesText, Quota } from '../../state/quota.js';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

/** What the user list does beyond CRUD: freeze, reset a password, uniqueness and relation look-ups. */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  // Bodies are checked for shape only before the token guard runs; what is missing is said after it.
  app.put<{ Body: { ids?: string; status?: string | number } }>('/sys/user/frozenBatch', {
    config: { access: { permission: 'system:user:frozen' } },
    schema: {
      body: {
        type: 'object',
        properties: { ids: text(200_000), status: { type: ['string', 'integer'] } },
      },
    },
  }, async (req) => {
    await requireAction(db, req, 'system:user:frozen');
    const ids = commaIds(req.body.ids);
    if (!ids.length) throw badRequest('请选择用户');
    const status = Number(req.body.status);
    if (status !== 1 && status !== 2) throw badRequest('status 只能是 1（解冻）或 2（冻结）');
    const users = await db.selectFrom('sysUser').select(['id', 'username']).where('id', 'in', ids).execute();
    if (!users.length) return fail('未找到对应数据');
    if (status === 2) {
      if (users.some((u) => u.username === ADMIN_USERNAME)) throw badRequest('admin用户，不允许冻结！');
      if (ids.includes(req.user!.id)) throw badRequest('不能冻结当前登录用户');
    }
    await inTransaction(db, async (tx) => {
      await tx.updateTable('sysUser').set({ status, updateBy: req.user!.username, updateTime: formatDateTime() })
        .where('id', 'in', users.map((u) => u.id)).execute();
      // A frozen account is out at once, on every instance: its sessions end with the freeze.
      if (status === 2) await tx.deleteFrom('sysSession').where('userId', 'in', users.map((u) => u.id)).execute();
    });
    return okMessage('操作成功!');
  });

  app.put<{ Body: { username?: string; password?: string; confirmpassword?: string } }>('/sys/user/changePassword', {
    config: { access: { permission: 'system:user:password' } },
    schema: {
      body: {
        type: 'object',
        properties: { username: text(100), password: text(128), confirmpassword: text(128) },
      },
    },
  }, async (req) => {
    await requireAction(db, req, 'system:user:password');
    const { username, password = '', confirmpassword } = req.body;
    if (!username) throw badRequest('缺少参数 username');
    if (!PASSWORD_RULE.test(password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    if (confirmpassword !== undefined && confirmpassword !== password) throw badRequest('两次输入密码不一致!');
    const user = await db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirst();
    if (!user) return fail('用户不存在！');
    await db.updateTable('sysUser')
      .set({ password: await hashPassword(password), salt: null, updateBy: req.user!.username, updateTime: formatDateTime() })
      .where('id', '=', user.id).execute();
    // Everyone signed in with the old password is out; an administrator resetting their own keeps this session.
    await revokeUserSessions(db, user.id, user.id === req.user!.id ? req.token ?? undefined : undefined);
    return okMessage('密码修改成功!');
  });

  // Anonymous in the contract (§2.3): the registration form asks it too. It tells whether a phone or
  // e-mail is registered, so an address without a session may ask it 60 times in 15 minutes.
  const anonymousChecks = new Quota(app.ctx.state, 'user:check-only', 60, 15 * 60_000);
  app.get<{ Querystring: { username?: string; phone?: string; email?: string; workNo?: string; id?: string } }>('/sys/user/checkOnlyUser', {
    config: { public: true },
    schema: { querystring: { type: 'object', properties: { username: text(100), phone: text(45), email: text(45), workNo: text(100), id: text(32) } } },
  }, async (req) => {
    const { id, ...values } = req.query;
    if (!Object.values(values).some((v) => v)) throw badRequest('缺少参数 username、phone、email 或 workNo');
    if (!req.user) {
      const wait = await anonymousChecks.use(req.ip);
      if (wait > 0) return fail(`操作过于频繁，请${minutesText(wait)}后再试`, 429);
    }
    const taken = await takenMessage(db, values, id || undefined);
    return taken ? fail(taken, 500, true) : ok(true);
  });

  // Which roles a user holds: for the role page, and for the user page's form that assigns them.
  app.get<{ Querystring: { userid?: string } }>('/sys/user/queryUserRole', {
    config: { access: { page: ['sys_role', 'sys_user'] } },
    schema: { querystring: { type: 'object', properties: { userid: text(32) } } },
  }, async (req) => {
    await requireRoleManager(app.ctx, req, true);
    if (!req.query.userid) throw badRequest('缺少参数 userid');
    const rows = await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', req.query.userid).execute();
    return rows.length ? ok(rows.map((r) => r.roleId)) : fail('未找到用户相关角色信息');
  });

  // A user's departments are what any picker shows of them (orgCodeTxt): open to every signed-in user.
  app.get<{ Querystring: { userId?: string } }>('/sys/user/userDepartList', {
    config: { access: 'login' },
    schema: { querystring: { type: 'object', properties: { userId: text(32) } } },
  }, async (req) => {
    if (!req.query.userId) throw badRequest('缺少参数 userId');
    const rows = await db.selectFrom('sysUserDepart').innerJoin('sysDepart', 'sysDepart.id', 'sysUserDepart.depId')
      .select(['sysDepart.id', 'sysDepart.departName']).where('sysUserDepart.userId', '=', req.query.userId)
      .orderBy('sysDepart.orgCode').execute();
    if (!rows.length) return fail('查找失败');
    return ok(rows.map((d) => ({ key: d.id, value: d.id, title: d.departName })), '查找成功');
  });
}
