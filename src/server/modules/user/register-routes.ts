import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashPassword, PASSWORD_RULE, PASSWORD_RULE_MESSAGE } from '../../auth/password.js';
import { revokeUserSessions, sha256 } from '../../auth/session.js';
import { badRequest, fail, ok, okMessage } from '../../http/result.js';
import { newId } from '../../util/ids.js';
import { formatDateTime } from '../../util/time.js';
import { readSiteSettings } from '../site/settings.js';
import { takenMessage } from './user-unique.js';
import { inTransaction } from '../../db/transaction.js';
import { SmsCodes } from '../login/sms-codes.js';
import { minutesText, Quota } from '../../state/quota.js';

/** Dictionary whose items a campus registration chooses from (seeded in schemas/seed/dicts.json). */
export const CAMPUS_DICT = 'campus';
const REGISTERED_ROLE = 'applicant';
const RESET_TTL_MS = 600_000;
const WINDOW_MS = 15 * 60_000;

const USERNAME_RULE = /^\w{4,20}$/;
const PHONE_RULE = /^1\d{10}$/;
const EMAIL_RULE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const str = (max: number) => ({ type: 'string', maxLength: max }) as const;
const registerBody = {
  type: 'object',
  properties: {
    username: str(100), password: str(128), confirmPassword: str(128), phone: str(20), smsCode: str(16), smscode: str(16),
    realname: str(100), email: str(45), type: str(16), campus: str(64),
  },
} as const;
const verifyBody = { type: 'object', properties: { phone: str(20), smsCode: str(16), smscode: str(16) } } as const;
const changeBody = {
  type: 'object',
  properties: { username: str(100), password: str(128), confirmPassword: str(128), resetToken: str(100), smscode: str(100), phone: str(20) },
} as const;

interface RegisterBody {
  username?: string; password?: string; confirmPassword?: string; phone?: string; smsCode?: string; smscode?: string;
  realname?: string; email?: string; type?: string; campus?: string;
}

const trimmed = (v: string | undefined) => (v ?? '').trim();

/**
 * Self-service accounts (contract §2.3 anonymous paths): registration with an SMS code, and the
 * forgotten-password reset in two steps (phone + code → reset token → new password).
 */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  const { db, dicts } = app.ctx;
  // Refusals per address (taken names, wrong codes), counted across the instances.
  const refusals = new Quota(app.ctx.state, 'register:refused', 30, WINDOW_MS);
  const codes = new SmsCodes(db, app.ctx.state);

  const tooMany = async (req: FastifyRequest) => {
    const wait = await refusals.waitMs(req.ip);
    return wait > 0 ? fail(`操作过于频繁，请${minutesText(wait)}后再试`, 429) : null;
  };
  const refuse = async (req: FastifyRequest, message: string) => {
    await refusals.use(req.ip);
    return fail(message);
  };

  // Enabled items only: disabling a campus in the dictionary closes it to new registrations.
  const campusList = async () => (await dicts.allEnabled())[CAMPUS_DICT] ?? [];

  app.get('/sys/user/getCampus', { config: { public: true } }, async () => ok(await campusList()));

  app.post<{ Body: RegisterBody }>('/sys/user/register', { config: { public: true }, schema: { body: registerBody } }, async (req) => {
    const limited = await tooMany(req);
    if (limited) return limited;
    if (!(await readSiteSettings(db)).allowRegister) return fail('系统已关闭注册');
    const b = req.body ?? {};
    const username = trimmed(b.username);
    const phone = trimmed(b.phone);
    const code = trimmed(b.smsCode ?? b.smscode);
    const email = trimmed(b.email);
    const type = b.type ?? 'user';
    if (!username) throw badRequest('请输入用户名');
    if (!USERNAME_RULE.test(username)) throw badRequest('用户名为4-20位字母、数字或下划线');
    if (!b.password) throw badRequest('请输入密码');
    if (!PASSWORD_RULE.test(b.password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    if (b.confirmPassword !== undefined && b.confirmPassword !== b.password) throw badRequest('两次输入的密码不一样！');
    if (!phone) throw badRequest('请输入手机号');
    if (!PHONE_RULE.test(phone)) throw badRequest('请输入正确的手机号');
    if (!code) throw badRequest('请输入验证码');
    if (email && !EMAIL_RULE.test(email)) throw badRequest('请输入正确格式的电子邮件!');
    if (type !== 'user' && type !== 'campus') throw badRequest('注册类型无效');
    let campus: string | null = null;
    if (type === 'campus') {
      campus = trimmed(b.campus);
      if (!campus) throw badRequest('请选择院校');
      if (!(await campusList()).some((c) => c.value === campus)) throw badRequest('所选院校不存在');
    }

    const taken = await takenMessage(db, { username, email: email || undefined });
    if (taken) return refuse(req, taken === '用户账号已存在' ? '用户名已注册' : taken);
    // Whether the phone has an account is told only to whoever holds its code.
    if (!(await codes.consume(phone, code))) return refuse(req, '手机验证码错误');
    if (await takenMessage(db, { phone })) return refuse(req, '该手机号已注册');

    const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', REGISTERED_ROLE).executeTakeFirst();
    if (!role) return fail('注册角色未配置，请联系管理员');
    const id = newId();
    const password = await hashPassword(b.password);
    try {
      await inTransaction(db, async (tx) => {
        await tx.insertInto('sysUser').values({
          id, username, realname: trimmed(b.realname) || username, password, salt: null, avatar: null, birthday: null, sex: null,
          email: email || null, phone, orgCode: null, status: 1, delFlag: 0, workNo: null, post: null, telephone: null,
          userIdentity: 1, departIds: null, relTenantIds: null, campus,
          createBy: username, createTime: formatDateTime(), updateBy: null, updateTime: null,
        }).execute();
        await tx.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: role.id }).execute();
      });
    } catch (err) {
      // Two registrations raced for the same name or phone: the unique index refused the second.
      if (await takenMessage(db, { username, phone })) return fail('用户名或手机号已注册');
      throw err;
    }
    return ok({ username }, '注册成功');
  });

  app.post<{ Body: { phone?: string; smsCode?: string; smscode?: string } }>('/sys/user/phoneVerification', {
    config: { public: true }, schema: { body: verifyBody },
  }, async (req) => {
    const limited = await tooMany(req);
    if (limited) return limited;
    const phone = trimmed(req.body?.phone);
    const code = trimmed(req.body?.smsCode ?? req.body?.smscode);
    if (!phone) throw badRequest('请输入手机号');
    if (!PHONE_RULE.test(phone)) throw badRequest('请输入正确的手机号');
    if (!code) throw badRequest('请输入验证码');
    // The code first: only the owner of the phone learns whether it belongs to an account.
    if (!(await codes.consume(phone, code))) return refuse(req, '手机验证码错误');
    const user = await db.selectFrom('sysUser').select(['id', 'username', 'status', 'delFlag'])
      .where('phone', '=', phone).orderBy('delFlag').executeTakeFirst();
    if (!user) return fail('该手机号未注册');
    if (user.delFlag === 1) return fail('该用户已注销');
    if (user.status === 2) return fail('该用户已冻结');
    const resetToken = randomBytes(32).toString('base64url');
    await db.deleteFrom('sysPasswordReset').where((eb) => eb.or([eb('userId', '=', user.id), eb('expiresAt', '<', Date.now())])).execute();
    await db.insertInto('sysPasswordReset').values({ tokenHash: sha256(resetToken), userId: user.id, expiresAt: Date.now() + RESET_TTL_MS }).execute();
    return ok({ username: user.username, resetToken }, '验证成功');
  });

  app.post<{ Body: { username?: string; password?: string; confirmPassword?: string; resetToken?: string; smscode?: string } }>('/sys/user/passwordChange', {
    config: { public: true }, schema: { body: changeBody },
  }, async (req) => {
    const limited = await tooMany(req);
    if (limited) return limited;
    const b = req.body ?? {};
    const username = trimmed(b.username);
    const token = trimmed(b.resetToken ?? b.smscode);
    if (!username) throw badRequest('请输入用户名');
    if (!token) throw badRequest('缺少重置凭证，请重新验证手机号');
    if (!b.password) throw badRequest('请输入新密码!');
    if (!PASSWORD_RULE.test(b.password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    if (b.confirmPassword !== undefined && b.confirmPassword !== b.password) throw badRequest('两次输入的密码不一样！');

    const reset = await db.selectFrom('sysPasswordReset').innerJoin('sysUser', 'sysUser.id', 'sysPasswordReset.userId')
      .select(['sysPasswordReset.userId', 'sysPasswordReset.expiresAt', 'sysUser.username', 'sysUser.status', 'sysUser.delFlag'])
      .where('sysPasswordReset.tokenHash', '=', sha256(token)).executeTakeFirst();
    if (!reset || reset.expiresAt <= Date.now() || reset.username !== username) return refuse(req, '重置凭证无效或已过期，请重新验证手机号');
    if (reset.delFlag === 1) return fail('该用户已注销');
    if (reset.status === 2) return fail('该用户已冻结');
    // Consumed before the write: of two requests with one token, only the one that deletes it proceeds.
    const used = await db.deleteFrom('sysPasswordReset').where('tokenHash', '=', sha256(token)).executeTakeFirst();
    if (Number(used.numDeletedRows) === 0) return refuse(req, '重置凭证无效或已过期，请重新验证手机号');
    await db.updateTable('sysUser')
      .set({ password: await hashPassword(b.password), updateBy: username, updateTime: formatDateTime() })
      .where('id', '=', reset.userId).execute();
    await revokeUserSessions(db, reset.userId);
    return okMessage('密码修改成功');
  });
}
