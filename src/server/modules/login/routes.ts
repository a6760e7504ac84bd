import type { FastifyInstance } from 'fastify';
import { consumeCaptcha, issueCaptcha } from '../../auth/captcha.js';
import { readToken } from '../../auth/guard.js';
import { GUEST_USERNAME } from '../../auth/guest.js';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { revokeSession } from '../../auth/session.js';
import { fail, ok, okMessage } from '../../http/result.js';
import { writeLoginLog } from './log.js';
import { loginResult } from './result.js';
import { LoginThrottle, waitText } from './throttle.js';
import { LOGIN_RESULT } from '../../openapi/shapes.js';

const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 128 },
    captcha: { type: 'string', maxLength: 16 },
    checkKey: { type: ['string', 'number'], maxLength: 64 },
    remember_me: {},
  },
} as const;

interface LoginBody { username: string; password: string; captcha?: string; checkKey?: string | number }

let dummy: Promise<string> | null = null;
const dummyHash = () => (dummy ??= hashPassword('no-such-user'));

const CAPTCHA_AFTER_FAILURES = '登录失败次数过多，请输入验证码';

export async function loginRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, dicts } = app.ctx;
  const throttle = new LoginThrottle(app.ctx.state);

  app.get<{ Params: { key: string } }>('/sys/randomImage/:key', { config: { public: true } }, async (req) => {
    const key = req.params.key;
    if (key.length > 64) return fail('验证码key过长');
    return ok(await issueCaptcha(db, key));
  });

  app.post<{ Body: { captcha?: string; checkKey?: string | number } }>('/sys/checkCaptcha', {
    config: { public: true },
    schema: { body: { type: 'object', properties: { captcha: { type: 'string', maxLength: 16 }, checkKey: { type: ['string', 'number'] } } } },
  }, async (req) => {
    const { captcha, checkKey } = req.body;
    if (!captcha || checkKey === undefined) return fail('验证码无效');
    return (await consumeCaptcha(db, String(checkKey), captcha)) ? okMessage('验证码正确') : fail('验证码错误', 412);
  });

  app.post<{ Body: LoginBody }>('/sys/login', { config: { public: true }, schema: { body: loginBody, response: { 200: LOGIN_RESULT } } }, async (req, reply) => {
    const { username, password, captcha, checkKey } = req.body;
    const ip = req.ip;
    const tooMany = (waitMs: number) => {
      reply.status(429).header('Retry-After', String(Math.ceil(waitMs / 1000)));
      return fail(`登录失败次数过多，请${waitText(waitMs)}后再试`, 429);
    };
    const gate = await throttle.gate(username, ip);
    if (gate.waitMs > 0) return tooMany(gate.waitMs);

    if (config.loginCaptcha || gate.captchaRequired) {
      if (!captcha || checkKey === undefined || checkKey === '') return config.loginCaptcha ? fail('验证码无效') : fail(CAPTCHA_AFTER_FAILURES, 412);
      if (!(await consumeCaptcha(db, String(checkKey), captcha))) {
        await throttle.addressFailed(ip);
        return fail('验证码错误', 412);
      }
    }

    // Read before the try is counted: a database that cannot answer (503) must not cost the user a try.
    const user = await db.selectFrom('sysUser').selectAll().where('username', '=', username).executeTakeFirst();
    const raced = await throttle.claim(username, ip, gate);
    if (raced > 0) return tooMany(raced);

    const refusal = !user ? '该用户不存在，请注册' : user.delFlag === 1 ? '该用户已注销' : user.status === 2 ? '该用户已冻结' : null;
    // An unknown user still costs one hash, so response times do not tell which accounts exist.
    const passwordOk = await verifyPassword(password, user?.password ?? (await dummyHash()));
    if (refusal || !passwordOk) {
      await throttle.addressFailed(ip);
      await writeLoginLog(db, `用户名: ${username},登录失败`, null, ip);
      // Unknown user and wrong password read the same, so the form cannot be used to list accounts.
      return fail(refusal === '该用户已冻结' || refusal === '该用户已注销' ? refusal : '用户名或密码错误');
    }
    await throttle.succeeded(username, ip);
    return loginResult(db, dicts, req, user!, '登录成功');
  });

  /** SPEC §4/§6: a visitor without a token is logged in as the guest account (home page only). */
  app.post('/sys/guestLogin', { config: { public: true } }, async (req) => {
    const guest = await db.selectFrom('sysUser').selectAll().where('username', '=', GUEST_USERNAME).executeTakeFirst();
    if (!guest || guest.status !== 1 || guest.delFlag !== 0) return fail('访客账号未启用');
    return loginResult(db, dicts, req, guest, '登录成功');
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/sys/logout',
    config: { public: true },
    handler: async (req) => {
      const token = readToken(req);
      if (!token) return fail('退出登录失败！');
      const user = req.user;
      if (!(await revokeSession(db, token))) return fail('Token无效!');
      if (user) await writeLoginLog(db, `用户名: ${user.username},退出成功！`, user, req.ip);
      return okMessage('退出登录成功！');
    },
  });
}
