import type { FastifyInstance } from 'fastify';
import { hashPassword, PASSWORD_RULE, PASSWORD_RULE_MESSAGE, verifyPassword } from '../../auth/password.js';
import { revokeUserSessions } from '../../auth/session.js';
import { fail, ok, okMessage } from '../../http/result.js';
import { formatDateTime } from '../../util/time.js';
import { userDeparts } from './departs.js';
import { publicUser } from './public-user.js';
import { USER_INFO_RESULT } from '../../openapi/shapes.js';

const str = (max: number) => ({ type: 'string', maxLength: max }) as const;

/** What a logged-in user does to their own account: departments, current department, password. */
export async function selfRoutes(app: FastifyInstance): Promise<void> {
  const { db, dicts } = app.ctx;

  app.get('/sys/user/getCurrentUserDeparts', { config: { access: 'login', guest: true } }, async (req) => {
    const list = await userDeparts(db, req.user!.id);
    return ok({ list, orgCode: req.user!.orgCode });
  });

  app.get('/sys/user/getUserInfo', { config: { access: 'login', guest: true }, schema: { response: { 200: USER_INFO_RESULT } } }, async (req) => ok({ userInfo: publicUser(req.user!), sysAllDictItems: await dicts.allEnabled() }));

  app.route<{ Body: { orgCode?: string; username?: string } }>({
    method: ['PUT', 'POST'],
    url: '/sys/selectDepart',
    config: { access: 'login' },
    schema: { body: { type: 'object', properties: { orgCode: str(64), username: str(100) } } },
    handler: async (req) => {
      const orgCode = req.body?.orgCode;
      if (!orgCode) return fail('请选择部门');
      const user = req.user!;
      const departs = await userDeparts(db, user.id);
      if (!departs.some((d) => d.orgCode === orgCode)) return fail('您不属于该部门');
      await db.updateTable('sysUser').set({ orgCode }).where('id', '=', user.id).execute();
      return ok({ userInfo: publicUser({ ...user, orgCode }) });
    },
  });

  app.route<{ Body: { username?: string; oldpassword?: string; password?: string; confirmpassword?: string } }>({
    method: ['PUT', 'POST'],
    url: '/sys/user/updatePassword',
    config: { access: 'login' },
    schema: { body: { type: 'object', properties: { username: str(100), oldpassword: str(128), password: str(128), confirmpassword: str(128) } } },
    handler: async (req) => {
      const { username, oldpassword, password, confirmpassword } = req.body ?? {};
      const user = req.user!;
      if (username && username !== user.username) return fail('只允许修改自己的密码！');
      if (!oldpassword) return fail('请输入旧密码!');
      if (!password) return fail('新密码不允许为空!');
      if (!PASSWORD_RULE.test(password)) return fail(PASSWORD_RULE_MESSAGE);
      if (password !== confirmpassword) return fail('两次输入密码不一致!');
      if (!(await verifyPassword(oldpassword, user.password))) return fail('旧密码输入错误!');
      await db.updateTable('sysUser')
        .set({ password: await hashPassword(password), updateBy: user.username, updateTime: formatDateTime() })
        .where('id', '=', user.id).execute();
      await revokeUserSessions(db, user.id, req.token ?? undefined);
      return okMessage('密码重置成功!');
    },
  });
}
