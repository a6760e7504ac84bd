import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FailureLimiter } from '../../auth/rate-limit.js';
import { fail, okMessage } from '../../http/result.js';
import { loginResult } from './result.js';

/** Delivers a login code to a mobile phone. */
export interface SmsSender {
  send(mobile: string, code: string): Promise<void>;
}

/**
 * There is no SMS gateway on this machine: the default sender writes the code to the server log
 * (app.log.info), where an operator or a test reads it. A deployment with a gateway passes its own
 * sender as the `smsSender` plugin option.
 */
function logSmsSender(app: FastifyInstance): SmsSender {
  return {
    async send(mobile, code) {
      app.log.info({ mobile }, `SMS login code for ${mobile}: ${code}`);
    },
  };
}

const CODE_TTL_MS = 600_000;
const SMS_PER_HOUR = 5;
// Five wrong guesses burn the code: with five codes an hour, guessing six digits is hopeless.
const WRONG_CODES_PER_CODE = 5;

const mobileNumber = { type: 'string', pattern: '^1\\d{10}$' } as const;
const smsBody = {
  type: 'object',
  required: ['mobile', 'smsmode'],
  // smsmode (contract §2.5): 0 login, 1 register, 2 forgotten password; all share one code per mobile.
  properties: { mobile: mobileNumber, smsmode: { type: 'string', enum: ['0', '1', '2'] } },
} as const;
const phoneLoginBody = {
  type: 'object',
  required: ['mobile', 'captcha'],
  properties: { mobile: mobileNumber, captcha: { type: 'string', minLength: 1, maxLength: 8 } },
} as const;

/** Contract §2.5: log in with a six-digit code sent by SMS. */
export async function phoneLoginRoutes(app: FastifyInstance, opts: { smsSender?: SmsSender } = {}): Promise<void> {
  const { db, dicts } = app.ctx;
  const sender = opts.smsSender ?? logSmsSender(app);
  const sentPerMobile = new FailureLimiter(SMS_PER_HOUR, 3_600_000);
  const wrongPerMobile = new FailureLimiter(WRONG_CODES_PER_CODE, CODE_TTL_MS);

  const liveCode = async (mobile: string) => {
    const row = await db.selectFrom('sysSmsCode').select(['code', 'expiresAt']).where('mobile', '=', mobile).executeTakeFirst();
    return row && row.expiresAt > Date.now() ? row.code : undefined;
  };
  const burnCode = async (mobile: string) => {
    await db.deleteFrom('sysSmsCode').where('mobile', '=', mobile).execute();
    wrongPerMobile.reset(mobile);
  };

  // Sent whether or not the number belongs to a user, so this form cannot list registered phones.
  app.post<{ Body: { mobile: string; smsmode: string } }>('/sys/sms', { config: { public: true }, schema: { body: smsBody } }, async (req) => {
    const { mobile } = req.body;
    if (await liveCode(mobile)) return fail('验证码10分钟内，仍然有效！');
    const wait = sentPerMobile.retryAfter(mobile);
    if (wait > 0) return fail(`短信发送过于频繁，请${Math.ceil(wait / 60_000)}分钟后再试`);

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const row = { mobile, code, expiresAt: Date.now() + CODE_TTL_MS };
    await db.insertInto('sysSmsCode').values(row)
      .onConflict((oc) => oc.column('mobile').doUpdateSet({ code: row.code, expiresAt: row.expiresAt })).execute();
    wrongPerMobile.reset(mobile);
    sentPerMobile.fail(mobile);
    await sender.send(mobile, code);
    return okMessage('验证码已发送，10分钟内有效');
  });

  app.post<{ Body: { mobile: string; captcha: string } }>('/sys/phoneLogin', { config: { public: true }, schema: { body: phoneLoginBody } }, async (req) => {
    const { mobile, captcha } = req.body;
    const code = await liveCode(mobile);
    if (!code) return fail('手机验证码错误');
    if (code !== captcha.trim()) {
      wrongPerMobile.fail(mobile);
      if (wrongPerMobile.retryAfter(mobile) > 0) await burnCode(mobile);
      return fail('手机验证码错误');
    }
    await burnCode(mobile);

    // Checked after the code, so only the owner of the phone learns whether it has an account.
    const user = await db.selectFrom('sysUser').selectAll().where('phone', '=', mobile).orderBy('delFlag').executeTakeFirst();
    if (!user) return fail('该用户不存在，请注册');
    if (user.delFlag === 1) return fail('该用户已注销');
    if (user.status === 2) return fail('该用户已冻结');
    return loginResult(db, dicts, req, user, '登录成功');
  });
}
